import type { Selectable } from 'kysely';
import type { Db, Schema } from '../db.ts';

/** A ZIP link with its media ids parsed from the stored JSON. */
export type ZipDownloadRow = Pick<Selectable<Schema['zip_downloads']>, 'token' | 'organization_id' | 'expires_at'> & {
  /** Media ids in request order. */
  media_ids: string[];
};

export async function insertZipDownload(db: Db, row: ZipDownloadRow): Promise<void> {
  await db
    .insertInto('zip_downloads')
    .values({ ...row, media_ids: JSON.stringify(row.media_ids) })
    .execute();
}

/** The link when it exists and has not expired at `now` (ISO time). */
export async function findLiveZipDownload(db: Db, token: string, now: string): Promise<ZipDownloadRow | undefined> {
  const row = await db
    .selectFrom('zip_downloads')
    .select(['token', 'organization_id', 'media_ids', 'expires_at'])
    .where('token', '=', token)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row && { ...row, media_ids: JSON.parse(row.media_ids) as string[] };
}

export async function deleteExpiredZipDownloads(db: Db, now: string): Promise<void> {
  await db.deleteFrom('zip_downloads').where('expires_at', '<=', now).execute();
}
