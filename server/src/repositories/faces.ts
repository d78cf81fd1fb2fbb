import { chunks, now, type Db } from '../db.ts';
import type { Claim } from '../services/job-runner.ts';
import { claimJobs } from './job-claims.ts';
import type { MediaRow } from './media.ts';

/** A queued photo a worker took: enough to find its original, and the claim's token. */
export type FaceJob = Pick<MediaRow, 'id' | 'organization_id' | 'mime'> & { token: string };

/** Queues these photos (already queued ones stay as they are). */
export async function insertFaceJobs(db: Db, organizationId: number, mediaIds: readonly string[]): Promise<void> {
  for (const batch of chunks(mediaIds)) {
    await db
      .insertInto('face_jobs')
      .values(batch.map((mediaId) => ({ media_id: mediaId, organization_id: organizationId, queued_at: now() })))
      .onConflict((conflict) => conflict.column('media_id').doNothing())
      .execute();
  }
}

/** Queues every photo of the organization neither described nor queued yet; answers how many. */
export async function queueUnindexedPhotos(db: Db, organizationId: number): Promise<number> {
  const result = await db
    .insertInto('face_jobs')
    .columns(['media_id', 'organization_id', 'queued_at'])
    .expression((eb) =>
      eb
        .selectFrom('media as m')
        .select(['m.id', 'm.organization_id', eb.val(now()).as('queued_at')])
        .where('m.organization_id', '=', organizationId)
        .where('m.kind', '=', 'photo')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('media_face_index as i').select('i.media_id').whereRef('i.media_id', '=', 'm.id')))),
    )
    .onConflict((conflict) => conflict.column('media_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** Drops the organization's queued jobs, claimed or not. */
export async function deleteFaceJobs(db: Db, organizationId: number): Promise<void> {
  await db.deleteFrom('face_jobs').where('organization_id', '=', organizationId).execute();
}

/** Claims up to `limit` jobs, oldest first (see claimJobs), of one organization when it is given. */
export async function claimFaceJobs(db: Db, claim: Claim, options: { nowMs: number; limit: number; organizationId?: number }): Promise<FaceJob[]> {
  const rows = await claimJobs(db, 'face_jobs', claim, { key: 'media_id', firstBy: 'queued_at', ...options })
    .returning((eb) => [
      'face_jobs.media_id',
      'face_jobs.organization_id',
      eb.selectFrom('media').select('media.mime').whereRef('media.id', '=', 'face_jobs.media_id').as('mime'),
    ])
    .execute();
  return rows.map((row) => ({ id: row.media_id, organization_id: row.organization_id, mime: String(row.mime), token: claim.token }));
}

/** Extends the lease of a claim (its holder is still working). */
export async function renewFaceClaim(db: Db, token: string, leaseExpiresAtMs: number): Promise<void> {
  await db.updateTable('face_jobs').set({ lease_expires_at_ms: leaseExpiresAtMs }).where('claim_token', '=', token).execute();
}

/** Gives a claimed job back (its worker is stopping): free for any worker at once. */
export async function releaseFaceClaim(db: Db, mediaId: string, token: string): Promise<void> {
  await db
    .updateTable('face_jobs')
    .set({ claim_token: null, lease_expires_at_ms: null })
    .where('media_id', '=', mediaId)
    .where('claim_token', '=', token)
    .execute();
}

/** How many jobs the organization has queued, claimed or not. */
export async function countFaceJobs(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('face_jobs')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('organization_id', '=', organizationId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** The organization's photos captured in [from, to) still queued for description. */
export async function countQueuedPhotosCapturedBetween(db: Db, organizationId: number, from: string, to: string): Promise<number> {
  const row = await db
    .selectFrom('face_jobs as j')
    .innerJoin('media as m', 'm.id', 'j.media_id')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('j.organization_id', '=', organizationId)
    .where('m.captured_at', '>=', from)
    .where('m.captured_at', '<', to)
    .executeTakeFirstOrThrow();
  return row.n;
}

/**
 * Records photos' faces (possibly none) and removes their jobs; the caller runs it in a
 * transaction. Writing a photo again replaces its faces.
 */
export async function insertFaces(db: Db, photos: ReadonlyArray<{ mediaId: string; descriptors: readonly Float32Array[] }>): Promise<void> {
  for (const { mediaId, descriptors } of photos) {
    await db.deleteFrom('face_jobs').where('media_id', '=', mediaId).execute();
    // A photo deleted while it was being described has no row left to describe.
    const photo = await db.selectFrom('media').select('organization_id').where('id', '=', mediaId).executeTakeFirst();
    if (!photo) continue;
    await db
      .insertInto('media_face_index')
      .values({ media_id: mediaId, faces: descriptors.length, indexed_at: now() })
      .onConflict((conflict) =>
        conflict.column('media_id').doUpdateSet((eb) => ({ faces: eb.ref('excluded.faces'), indexed_at: eb.ref('excluded.indexed_at') })),
      )
      .execute();
    await db.deleteFrom('media_faces').where('media_id', '=', mediaId).execute();
    if (!descriptors.length) continue;
    await db
      .insertInto('media_faces')
      .values(
        descriptors.map((descriptor) => ({
          organization_id: photo.organization_id,
          media_id: mediaId,
          descriptor: new Uint8Array(descriptor.buffer, descriptor.byteOffset, descriptor.byteLength),
        })),
      )
      .execute();
  }
}

/** Where an organization's face data stands: its purge generation and its newest descriptor's id. */
export async function faceDataVersion(db: Db, organizationId: number): Promise<{ generation: number; lastId: number }> {
  const row = await db
    .selectFrom('organizations as o')
    .select((eb) => [
      'o.faces_generation as generation',
      eb
        .selectFrom('media_faces as f')
        .select((sub) => sub.fn.coalesce(sub.fn.max('f.id'), sub.val(0)).as('last'))
        .whereRef('f.organization_id', '=', 'o.id')
        .$castTo<number>()
        .as('lastId'),
    ])
    .where('o.id', '=', organizationId)
    .executeTakeFirst();
  return row ? { generation: row.generation, lastId: Number(row.lastId) } : { generation: 0, lastId: 0 };
}

export interface StoredFace {
  id: number;
  mediaId: string;
  capturedAt: string;
  /** The descriptor's bytes (128 float32, not necessarily aligned). */
  descriptor: Uint8Array;
}

/**
 * Up to `limit` of the organization's faces with ids after `afterId`, in id order: one slice of a
 * load (there may be millions), each read by the (organization_id, id) index from where the last ended.
 */
export function listFacesAfter(db: Db, organizationId: number, afterId: number, limit: number): Promise<StoredFace[]> {
  return db
    .selectFrom('media_faces as f')
    .innerJoin('media as m', 'm.id', 'f.media_id')
    .select(['f.id', 'f.media_id as mediaId', 'm.captured_at as capturedAt', 'f.descriptor'])
    .where('f.organization_id', '=', organizationId)
    .where('f.id', '>', afterId)
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

/** The organizations with facial search on (their indexes are loaded ahead of the first search). */
export async function listFacialSearchOrganizationIds(db: Db): Promise<number[]> {
  // The flag lives in the profile's JSON: read in JS, the same on both databases (organizations are few).
  const rows = await db.selectFrom('organizations').select(['id', 'profile']).where('removed_at', 'is', null).orderBy('id').execute();
  return rows.filter((row) => (JSON.parse(row.profile) as { has_facial_recognition?: boolean }).has_facial_recognition === true).map((row) => row.id);
}

/** These descriptors (by row id) that still exist, each with its photo. */
export async function listFaceDescriptors(db: Db, ids: readonly number[]): Promise<Array<{ mediaId: string; descriptor: Float32Array }>> {
  const found: Array<{ mediaId: string; descriptor: Float32Array }> = [];
  for (const batch of chunks(ids)) {
    const rows = await db.selectFrom('media_faces').select(['media_id', 'descriptor']).where('id', 'in', batch).execute();
    // A copy of exactly its bytes: they need not be aligned for a Float32Array view, and pg's
    // Buffers are views into a larger pool (Buffer#slice would share it).
    for (const row of rows) found.push({ mediaId: row.media_id, descriptor: new Float32Array(new Uint8Array(row.descriptor).buffer) });
  }
  return found;
}

/** Removes the organization's face data (descriptors, index rows, queued jobs) and bumps its generation. */
export async function purgeFaces(db: Db, organizationId: number): Promise<number> {
  await deleteFaceJobs(db, organizationId);
  const result = await db
    .deleteFrom('media_face_index')
    .where('media_id', 'in', (eb) => eb.selectFrom('media').select('media.id').where('media.organization_id', '=', organizationId))
    .executeTakeFirst();
  // media_faces follow their index rows (ON DELETE CASCADE).
  await db
    .updateTable('organizations')
    .set((eb) => ({ faces_generation: eb('faces_generation', '+', 1) }))
    .where('id', '=', organizationId)
    .execute();
  return Number(result.numDeletedRows);
}
