import type { DatabaseSync } from 'node:sqlite';

export interface ZipDownloadRow {
  token: string;
  organization_id: number;
  /** Media ids in request order. */
  media_ids: string[];
  expires_at: string;
}

export function insertZipDownload(db: DatabaseSync, row: ZipDownloadRow): void {
  db.prepare('INSERT INTO zip_downloads (token, organization_id, media_ids, expires_at) VALUES (?, ?, ?, ?)').run(
    row.token,
    row.organization_id,
    JSON.stringify(row.media_ids),
    row.expires_at,
  );
}

/** The link when it exists and has not expired at `now` (ISO time). */
export function findLiveZipDownload(db: DatabaseSync, token: string, now: string): ZipDownloadRow | undefined {
  const row = db
    .prepare('SELECT token, organization_id, media_ids, expires_at FROM zip_downloads WHERE token = ? AND expires_at > ?')
    .get(token, now) as (Omit<ZipDownloadRow, 'media_ids'> & { media_ids: string }) | undefined;
  return row && { ...row, media_ids: JSON.parse(row.media_ids) as string[] };
}

export function deleteExpiredZipDownloads(db: DatabaseSync, now: string): void {
  db.prepare('DELETE FROM zip_downloads WHERE expires_at <= ?').run(now);
}

export function countZipDownloads(db: DatabaseSync): number {
  return (db.prepare('SELECT count(*) AS n FROM zip_downloads').get() as { n: number }).n;
}
