import type { WireOrganizationList } from '@gallery/contract/organization';
import { transaction, type Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { listOrganizations, markOrganizationChanged } from '../repositories/organizations.ts';
import { forgetSignaturesBefore, rememberSignature } from '../repositories/webhook-signatures.ts';
import type { Signed } from '@gallery/contract/signature';

/**
 * Records a change of `webName` that a signed webhook announced, once per signature: a replay
 * is refused whichever instance took the first (the signatures live in the database until they
 * go stale). An unknown organization records nothing, its signature included.
 */
export async function recordAnnouncedChange(db: Db, webName: string, signed: Signed, nowMs = Date.now()): Promise<WireOrganizationList> {
  // Apart from the transaction: instances forgetting the same stale rows never hold each other up.
  await forgetSignaturesBefore(db, nowMs);
  await transaction(db, async (db) => {
    if (!(await rememberSignature(db, signed.signature, signed.expiresAtMs))) {
      throw new ApiError(401, 'INVALID_SIGNATURE', 'the signature was used already');
    }
    if (!(await markOrganizationChanged(db, webName))) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  });
  return { error: false, organizations: (await listOrganizations(db)).filter((o) => o.web_name === webName) };
}
