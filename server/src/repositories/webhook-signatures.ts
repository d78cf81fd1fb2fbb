import type { Db } from '../db.ts';

/**
 * Records a signature taken until `expiresAtMs`; false when it was taken already (a replay). One
 * statement on the unique key, so two instances receiving the same request never both take it.
 */
export async function rememberSignature(db: Db, signature: string, expiresAtMs: number): Promise<boolean> {
  const inserted = await db
    .insertInto('webhook_signatures')
    .values({ signature, expires_at_ms: expiresAtMs })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Drops the signatures gone stale before `nowMs`: a replay of those is refused by its timestamp. */
export async function forgetSignaturesBefore(db: Db, nowMs: number): Promise<void> {
  await db.deleteFrom('webhook_signatures').where('expires_at_ms', '<', nowMs).execute();
}
