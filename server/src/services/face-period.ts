import type { Db } from '../db.ts';
import { DEFAULT_TIME_ZONE, type WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { requiresAccessCode } from './card-access.ts';
import { nextDay, startOfDay } from './time-zone.ts';

// Where and over which instants a facial search runs: shared by the search (face-search.ts) and
// the notice of its pending photos (notify.ts), which the indexer calls, so kept apart from both.

/**
 * The organization a face search runs in, checked before the visitor's photos are read. Under
 * two-factor it is refused (403 TWO_FACTOR_REQUIRED): a search carries no access codes, so by
 * the card rule it could open none of the cards it finds, nor hand out their media; the visitor
 * opens a card with its code and access code instead.
 */
export async function faceSearchOrganization(db: Db, organizationId: number): Promise<WireOrganization> {
  const organization = await findOrganizationById(db, organizationId);
  if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
  if (!organization.has_facial_recognition) throw new ApiError(403, 'FORBIDDEN', 'this organization has no facial search');
  if (requiresAccessCode(organization)) {
    throw new ApiError(403, 'TWO_FACTOR_REQUIRED', 'cards of this organization open with their code and access code');
  }
  return organization;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The instants (ms) a search's days (inclusive, YYYY-MM-DD, the organization's) begin and end:
 * 22:00 in Sao Paulo is 01:00 UTC of the next day. What the search looks at, and what a
 * notice of its pending photos waits for (notify.ts).
 */
export function facePeriod(organization: WireOrganization, fromDate: string, toDate: string): { from: number; to: number } {
  const from = fromDate.slice(0, 10);
  const to = toDate.slice(0, 10);
  if (!DAY.test(from) || !DAY.test(to) || Number.isNaN(Date.parse(from)) || Number.isNaN(Date.parse(to)) || from > to) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'from_date and to_date must be dates (YYYY-MM-DD), from_date first');
  }
  const timeZone = organization.timezone ?? DEFAULT_TIME_ZONE;
  return { from: startOfDay(from, timeZone), to: startOfDay(nextDay(to), timeZone) };
}
