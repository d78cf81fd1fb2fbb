import type { Selectable } from 'kysely';
import { cachedRead, locksRows, now, type Db, type Schema } from '../db.ts';
import { DEFAULT_TIME_ZONE, type NewOrganization, type WireOrganization } from '@gallery/contract/organization';

/** An organization as stored; `profile` holds every WireOrganization field but id, web_name and name. */
export type OrganizationRow = Pick<Selectable<Schema['organizations']>, 'id' | 'web_name' | 'name' | 'profile'>;

export type { NewOrganization };
type Profile = Omit<WireOrganization, 'id' | 'web_name' | 'name'>;

/** The columns an organization is read from; joined look-ups select them too (see toOrganization). */
export const ORGANIZATION_COLUMNS = ['organizations.id', 'organizations.web_name', 'organizations.name', 'organizations.profile'] as const;

/** The last organization read from each row, per database handle: see toOrganization. */
const parsed = new WeakMap<Db, Map<number, { row: OrganizationRow; organization: WireOrganization }>>();

/** Freezes an object and everything in it, so one shared copy cannot be changed by a caller. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The organization of a row just read. Every look-up parses the profile JSON otherwise, so the
 * answer is kept per handle and organization id and reused while the row reads the same: the
 * stored text itself is the change marker, exact even when the admin CLI or another API
 * instance rewrites it (updated_at, in milliseconds, can stay equal over two quick changes).
 * Kept answers are frozen, as every caller shares them. A transaction's handle is a new one
 * each time, so it simply parses.
 *
 * Profiles are validated before they are written, so reading them back trusts the JSON. Those
 * stored before organizations had a time zone read as the default one.
 */
export function toOrganization(db: Db, row: OrganizationRow): WireOrganization {
  let cache = parsed.get(db);
  const kept = cache?.get(row.id);
  if (kept && kept.row.profile === row.profile && kept.row.name === row.name && kept.row.web_name === row.web_name) {
    return kept.organization;
  }
  const profile = JSON.parse(row.profile) as Profile;
  const organization = deepFreeze({ id: row.id, name: row.name, web_name: row.web_name, timezone: DEFAULT_TIME_ZONE, ...profile });
  if (!cache) parsed.set(db, (cache = new Map()));
  cache.set(row.id, { row, organization });
  return organization;
}

export async function findOrganizationByWebName(db: Db, webName: string): Promise<WireOrganization | undefined> {
  const row = await db
    .selectFrom('organizations')
    .select(ORGANIZATION_COLUMNS)
    .where('web_name', '=', webName.toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row && toOrganization(db, row);
}

/** The id of the organization of a web name, removed or not (removed ones can be brought back). */
export async function findOrganizationIdByWebName(db: Db, webName: string): Promise<number | undefined> {
  const row = await db.selectFrom('organizations').select('id').where('web_name', '=', webName.toLowerCase()).executeTakeFirst();
  return row?.id;
}

export async function findOrganizationById(db: Db, id: number): Promise<WireOrganization | undefined> {
  const row = await db.selectFrom('organizations').select(ORGANIZATION_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toOrganization(db, row);
}

/**
 * findOrganizationById through the read cache (read-cache.ts), for what every visitor's call
 * reads: order creation and order answers. Another instance's change is seen once its notice
 * arrives (PostgreSQL), a few milliseconds after it commits.
 */
export function findOrganizationCached(db: Db, id: number): Promise<WireOrganization | undefined> {
  return cachedRead(db, `organization:${id}`, ['organizations'], () => findOrganizationById(db, id));
}

export interface OrganizationChange {
  id: number;
  web_name: string;
  name: string;
  updated_at: string;
}

/** The organizations by web name, each with when it last changed; only those changed after `since` when given. */
export function listOrganizations(db: Db, since?: string): Promise<OrganizationChange[]> {
  return listChanges(db, 'is', since);
}

/** The organizations removed (after `since` when given), with when. */
export function listRemovedOrganizations(db: Db, since?: string): Promise<OrganizationChange[]> {
  return listChanges(db, 'is not', since);
}

function listChanges(db: Db, removed: 'is' | 'is not', since: string | undefined): Promise<OrganizationChange[]> {
  return db
    .selectFrom('organizations')
    .select(['id', 'web_name', 'name', 'updated_at'])
    .where('removed_at', removed, null)
    .$if(since !== undefined, (query) => query.where('updated_at', '>', since as string))
    .orderBy('web_name')
    .execute();
}

/** Records that something a site shows changed (branding, a webhook's word); false for an unknown web name. */
/**
 * Locks the organization's row until the transaction ends (PostgreSQL), so changes that replace
 * a whole set of its rows (products, branding) run one at a time per organization. Rows that
 * merely refer to it (orders, media) are not held up.
 */
export async function lockOrganization(db: Db, id: number): Promise<void> {
  if (locksRows(db)) await db.selectFrom('organizations').select('id').where('id', '=', id).forNoKeyUpdate().execute();
}

export async function markOrganizationChanged(db: Db, webName: string): Promise<boolean> {
  const result = await db
    .updateTable('organizations')
    .set({ updated_at: now() })
    .where('web_name', '=', webName.toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes an organization from the sites (see migration 008); false when there is none to remove. */
export async function removeOrganization(db: Db, webName: string): Promise<boolean> {
  const at = now();
  const result = await db
    .updateTable('organizations')
    .set({ removed_at: at, updated_at: at })
    .where('web_name', '=', webName.toLowerCase())
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countOrganizations(db: Db): Promise<number> {
  const row = await db
    .selectFrom('organizations')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Inserts or updates by web_name; answers the organization id. */
export async function upsertOrganization(db: Db, organization: NewOrganization): Promise<number> {
  const { web_name, name, ...profile } = organization;
  const at = now();
  const row = await db
    .insertInto('organizations')
    .values({ web_name: web_name.toLowerCase(), name, profile: JSON.stringify(profile), created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('web_name').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        profile: eb.ref('excluded.profile'),
        removed_at: null,
        updated_at: at,
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
