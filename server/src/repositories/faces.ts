import type { DatabaseSync } from 'node:sqlite';
import type { CardMediaRow } from './media.ts';

/** The organization's photos captured in [from, to): what a facial search looks through. */
export function listPhotosCapturedBetween(db: DatabaseSync, organizationId: number, from: string, to: string): CardMediaRow[] {
  return db
    .prepare(
      `SELECT m.*, c.code AS card_code FROM media m JOIN cards c ON c.id = m.card_id
       WHERE m.organization_id = ? AND m.kind = 'photo' AND m.captured_at >= ? AND m.captured_at < ?
       ORDER BY m.captured_at, m.id`,
    )
    .all(organizationId, from, to) as unknown as CardMediaRow[];
}

/** Which of these media were already indexed. */
export function indexedMediaIds(db: DatabaseSync, mediaIds: readonly string[]): Set<string> {
  const indexed = new Set<string>();
  const query = db.prepare('SELECT 1 FROM media_face_index WHERE media_id = ?');
  for (const id of mediaIds) if (query.get(id)) indexed.add(id);
  return indexed;
}

/** Records a photo's faces (possibly none); the caller runs it in a transaction. */
export function insertFaces(db: DatabaseSync, mediaId: string, descriptors: readonly Float32Array[]): void {
  db.prepare('INSERT OR REPLACE INTO media_face_index (media_id, faces) VALUES (?, ?)').run(mediaId, descriptors.length);
  db.prepare('DELETE FROM media_faces WHERE media_id = ?').run(mediaId);
  const insert = db.prepare('INSERT INTO media_faces (media_id, descriptor) VALUES (?, ?)');
  for (const descriptor of descriptors) {
    insert.run(mediaId, new Uint8Array(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength));
  }
}

/** Every face of these media, as (media id, descriptor). */
export function listFaces(db: DatabaseSync, mediaIds: readonly string[]): Array<{ mediaId: string; descriptor: Float32Array }> {
  const query = db.prepare('SELECT descriptor FROM media_faces WHERE media_id = ?');
  return mediaIds.flatMap((mediaId) =>
    query.all(mediaId).map((row) => {
      const blob = row['descriptor'] as Uint8Array;
      // A copy: the BLOB's bytes need not be aligned for a Float32Array view.
      return { mediaId, descriptor: new Float32Array(blob.slice().buffer) };
    }),
  );
}
