import type { Db } from '../db.ts';

// Organizations' branding files (migration 012/004): one row per file, its bytes included.

export interface BrandingFile {
  name: string;
  bytes: Uint8Array;
}

/** The names of an organization's stored files, sorted. */
export async function listBrandingNames(db: Db, organizationId: number): Promise<string[]> {
  const rows = await db.selectFrom('branding_files').select('name').where('organization_id', '=', organizationId).orderBy('name').execute();
  return rows.map((row) => row.name);
}

/** The bytes of one stored file, or undefined. */
export async function findBrandingFile(db: Db, organizationId: number, name: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('branding_files').select('bytes').where('organization_id', '=', organizationId).where('name', '=', name).executeTakeFirst();
  return row?.bytes;
}

/** Whether the organization has any branding stored. */
export async function hasBranding(db: Db, organizationId: number): Promise<boolean> {
  const row = await db.selectFrom('branding_files').select('name').where('organization_id', '=', organizationId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Replaces an organization's files with `files`; run it inside a transaction so readers see the old set or the new one. */
export async function replaceBranding(db: Db, organizationId: number, files: readonly BrandingFile[]): Promise<void> {
  await db.deleteFrom('branding_files').where('organization_id', '=', organizationId).execute();
  // One file per statement: a few MiB in one statement gains nothing.
  for (const { name, bytes } of files) {
    await db.insertInto('branding_files').values({ organization_id: organizationId, name, bytes }).execute();
  }
}
