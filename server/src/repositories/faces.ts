import type { DatabaseSync } from 'node:sqlite';
import type { CardMediaRow, MediaRow } from './media.ts';

/** A queued photo a worker took: enough to find its original. */
export type FaceJob = Pick<MediaRow, 'id' | 'organization_id' | 'mime'>;

/** Queues these photos (already queued ones stay as they are). */
export function insertFaceJobs(db: DatabaseSync, organizationId: number, mediaIds: readonly string[]): void {
  db.prepare(
    `INSERT OR IGNORE INTO face_jobs (media_id, organization_id) SELECT value, ? FROM json_each(?)`,
  ).run(organizationId, JSON.stringify(mediaIds));
}

/** Queues every photo of the organization neither described nor queued yet; answers how many. */
export function queueUnindexedPhotos(db: DatabaseSync, organizationId: number): number {
  const result = db
    .prepare(
      `INSERT OR IGNORE INTO face_jobs (media_id, organization_id)
       SELECT m.id, m.organization_id FROM media m
       WHERE m.organization_id = ? AND m.kind = 'photo'
         AND NOT EXISTS (SELECT 1 FROM media_face_index i WHERE i.media_id = m.id)`,
    )
    .run(organizationId);
  return Number(result.changes);
}

/** Drops the organization's queued jobs, claimed or not. */
export function deleteFaceJobs(db: DatabaseSync, organizationId: number): void {
  db.prepare('DELETE FROM face_jobs WHERE organization_id = ?').run(organizationId);
}

/**
 * Claims up to `limit` jobs, oldest first: waiting ones and those claimed before `expiredBefore`.
 * One statement, so two processes never claim the same job.
 */
export function claimFaceJobs(db: DatabaseSync, options: { now: string; expiredBefore: string; limit: number; organizationId?: number }): FaceJob[] {
  const scope = options.organizationId === undefined ? '' : 'AND organization_id = :organization';
  return db
    .prepare(
      `UPDATE face_jobs SET claimed_at = :now
       WHERE media_id IN (
         SELECT media_id FROM face_jobs
         WHERE (claimed_at IS NULL OR claimed_at < :expired) ${scope}
         ORDER BY queued_at, media_id LIMIT :limit)
       RETURNING media_id, organization_id, (SELECT mime FROM media WHERE id = media_id) AS mime`,
    )
    .all({ now: options.now, expired: options.expiredBefore, limit: options.limit, ...(options.organizationId === undefined ? {} : { organization: options.organizationId }) })
    .map((row) => ({ id: String(row['media_id']), organization_id: Number(row['organization_id']), mime: String(row['mime']) }));
}

/** Makes every claimed job waiting again: at the API's start, no worker of a previous run lives. */
export function releaseFaceClaims(db: DatabaseSync): void {
  db.prepare('UPDATE face_jobs SET claimed_at = NULL WHERE claimed_at IS NOT NULL').run();
}

/** How many jobs the organization has queued, claimed or not. */
export function countFaceJobs(db: DatabaseSync, organizationId: number): number {
  const row = db.prepare('SELECT count(*) AS n FROM face_jobs WHERE organization_id = ?').get(organizationId) as { n: number };
  return row.n;
}

/** The organization's photos captured in [from, to) still queued for description. */
export function countQueuedPhotosCapturedBetween(db: DatabaseSync, organizationId: number, from: string, to: string): number {
  const row = db
    .prepare(
      `SELECT count(*) AS n FROM face_jobs j JOIN media m ON m.id = j.media_id
       WHERE j.organization_id = ? AND m.captured_at >= ? AND m.captured_at < ?`,
    )
    .get(organizationId, from, to) as { n: number };
  return row.n;
}

/**
 * Records photos' faces (possibly none) and removes their jobs; the caller runs it in a
 * transaction. Writing a photo again replaces its faces.
 */
export function insertFaces(db: DatabaseSync, photos: ReadonlyArray<{ mediaId: string; descriptors: readonly Float32Array[] }>): void {
  const media = db.prepare('SELECT organization_id FROM media WHERE id = ?');
  const index = db.prepare('INSERT OR REPLACE INTO media_face_index (media_id, faces) VALUES (?, ?)');
  const replace = db.prepare('DELETE FROM media_faces WHERE media_id = ?');
  const insert = db.prepare('INSERT INTO media_faces (organization_id, media_id, descriptor) VALUES (?, ?, ?)');
  const done = db.prepare('DELETE FROM face_jobs WHERE media_id = ?');
  for (const { mediaId, descriptors } of photos) {
    done.run(mediaId);
    // A photo deleted while it was being described has no row left to describe.
    const photo = media.get(mediaId) as { organization_id: number } | undefined;
    if (!photo) continue;
    index.run(mediaId, descriptors.length);
    replace.run(mediaId);
    for (const descriptor of descriptors) {
      insert.run(photo.organization_id, mediaId, new Uint8Array(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength));
    }
  }
}

/** Where an organization's face data stands: its purge generation and its newest descriptor's id. */
export function faceDataVersion(db: DatabaseSync, organizationId: number): { generation: number; lastId: number } {
  const row = db
    .prepare(
      `SELECT faces_generation AS generation,
         (SELECT coalesce(max(id), 0) FROM media_faces WHERE organization_id = o.id) AS lastId
       FROM organizations o WHERE id = ?`,
    )
    .get(organizationId) as { generation: number; lastId: number } | undefined;
  return row ?? { generation: 0, lastId: 0 };
}

export interface StoredFace {
  id: number;
  mediaId: string;
  capturedAt: string;
  /** The BLOB's bytes (128 float32, not necessarily aligned). */
  descriptor: Uint8Array;
}

/**
 * Up to `limit` of the organization's faces with ids after `afterId`, in id order: one slice of a
 * load (there may be millions), each read by the (organization_id, id) index from where the last ended.
 */
export function listFacesAfter(db: DatabaseSync, organizationId: number, afterId: number, limit: number): StoredFace[] {
  return db
    .prepare(
      `SELECT f.id, f.media_id, m.captured_at, f.descriptor FROM media_faces f JOIN media m ON m.id = f.media_id
       WHERE f.organization_id = ? AND f.id > ? ORDER BY f.id LIMIT ?`,
    )
    .all(organizationId, afterId, limit)
    .map((row) => ({ id: Number(row['id']), mediaId: String(row['media_id']), capturedAt: String(row['captured_at']), descriptor: row['descriptor'] as Uint8Array }));
}

/** The organizations with facial search on (their indexes are loaded ahead of the first search). */
export function listFacialSearchOrganizationIds(db: DatabaseSync): number[] {
  return db
    .prepare("SELECT id FROM organizations WHERE removed_at IS NULL AND json_extract(profile, '$.has_facial_recognition') = 1 ORDER BY id")
    .all()
    .map((row) => Number(row['id']));
}

/** These descriptors (by row id) that still exist, each with its photo. */
export function listFaceDescriptors(db: DatabaseSync, ids: readonly number[]): Array<{ mediaId: string; descriptor: Float32Array }> {
  return db
    .prepare('SELECT media_id, descriptor FROM media_faces WHERE id IN (SELECT value FROM json_each(?))')
    .all(JSON.stringify(ids))
    .map((row) => ({
      mediaId: String(row['media_id']),
      // A copy: the BLOB's bytes need not be aligned for a Float32Array view.
      descriptor: new Float32Array((row['descriptor'] as Uint8Array).slice().buffer),
    }));
}

/** Removes the organization's face data (descriptors, index rows, queued jobs) and bumps its generation. */
export function purgeFaces(db: DatabaseSync, organizationId: number): number {
  deleteFaceJobs(db, organizationId);
  const result = db
    .prepare('DELETE FROM media_face_index WHERE media_id IN (SELECT id FROM media WHERE organization_id = ?)')
    .run(organizationId);
  // media_faces follow their index rows (ON DELETE CASCADE).
  db.prepare('UPDATE organizations SET faces_generation = faces_generation + 1 WHERE id = ?').run(organizationId);
  return Number(result.changes);
}

/** The photos (with their card's code) of these ids that still exist. */
export function listPhotosByIds(db: DatabaseSync, mediaIds: readonly string[]): CardMediaRow[] {
  return db
    .prepare(
      `SELECT m.*, c.code AS card_code FROM media m JOIN cards c ON c.id = m.card_id
       WHERE m.id IN (SELECT value FROM json_each(?))`,
    )
    .all(JSON.stringify(mediaIds)) as unknown as CardMediaRow[];
}
