import type { DatabaseSync } from 'node:sqlite';
import { DEFAULT_TIME_ZONE, type NewOrganization, type WireOrganization } from '../../../contract/organization.ts';

/** An organization as stored; `profile` holds every WireOrganization field but id, web_name and name. */
interface OrganizationRow {
  id: number;
  web_name: string;
  name: string;
  profile: string;
}

export type { NewOrganization };
type Profile = Omit<WireOrganization, 'id' | 'web_name' | 'name'>;

// Profiles are validated before they are written, so reading them back trusts the JSON. Those
// stored before organizations had a time zone read as the default one.
function toOrganization(row: OrganizationRow): WireOrganization {
  const profile = JSON.parse(row.profile) as Profile;
  return { id: row.id, name: row.name, web_name: row.web_name, timezone: DEFAULT_TIME_ZONE, ...profile };
}

export function findOrganizationByWebName(db: DatabaseSync, webName: string): WireOrganization | undefined {
  const row = db
    .prepare('SELECT id, web_name, name, profile FROM organizations WHERE web_name = ? AND removed_at IS NULL')
    .get(webName.toLowerCase()) as OrganizationRow | undefined;
  return row && toOrganization(row);
}

export function findOrganizationById(db: DatabaseSync, id: number): WireOrganization | undefined {
  const row = db
    .prepare('SELECT id, web_name, name, profile FROM organizations WHERE id = ?')
    .get(id) as OrganizationRow | undefined;
  return row && toOrganization(row);
}

const NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;

export interface OrganizationChange {
  id: number;
  web_name: string;
  name: string;
  updated_at: string;
}

/** The organizations by web name, each with when it last changed; only those changed after `since` when given. */
export function listOrganizations(db: DatabaseSync, since?: string): OrganizationChange[] {
  return listChanges(db, 'removed_at IS NULL', since);
}

/** The organizations removed (after `since` when given), with when. */
export function listRemovedOrganizations(db: DatabaseSync, since?: string): OrganizationChange[] {
  return listChanges(db, 'removed_at IS NOT NULL', since);
}

function listChanges(db: DatabaseSync, which: string, since: string | undefined): OrganizationChange[] {
  const columns = `SELECT id, web_name, name, updated_at FROM organizations WHERE ${which}`;
  const rows = since === undefined
    ? db.prepare(`${columns} ORDER BY web_name`).all()
    : db.prepare(`${columns} AND updated_at > ? ORDER BY web_name`).all(since);
  return rows as unknown as OrganizationChange[];
}

/** Records that something a site shows changed (branding, a webhook's word); false for an unknown web name. */
export function markOrganizationChanged(db: DatabaseSync, webName: string): boolean {
  const result = db
    .prepare(`UPDATE organizations SET updated_at = ${NOW} WHERE web_name = ? AND removed_at IS NULL`)
    .run(webName.toLowerCase());
  return result.changes > 0;
}

/** Removes an organization from the sites (see migration 008); false when there is none to remove. */
export function removeOrganization(db: DatabaseSync, webName: string): boolean {
  const result = db
    .prepare(`UPDATE organizations SET removed_at = ${NOW}, updated_at = ${NOW} WHERE web_name = ? AND removed_at IS NULL`)
    .run(webName.toLowerCase());
  return result.changes > 0;
}

export function countOrganizations(db: DatabaseSync): number {
  const row = db.prepare('SELECT count(*) AS n FROM organizations').get() as { n: number };
  return row.n;
}

/** Inserts or updates by web_name; answers the organization id. */
export function upsertOrganization(db: DatabaseSync, organization: NewOrganization): number {
  const { web_name, name, ...profile } = organization;
  const row = db
    .prepare(
      `INSERT INTO organizations (web_name, name, profile) VALUES (?, ?, ?)
       ON CONFLICT (web_name) DO UPDATE SET
         name = excluded.name,
         profile = excluded.profile,
         removed_at = NULL,
         updated_at = ${NOW}
       RETURNING id`,
    )
    .get(web_name.toLowerCase(), name, JSON.stringify(profile)) as { id: number };
  return row.id;
}
