import { transaction, type Db } from '../db.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import {
  claimFaceJobs,
  countFaceJobs,
  deleteFaceJobs,
  insertFaceJobs,
  insertFaces,
  purgeFaces,
  queueUnindexedPhotos,
  releaseFaceClaim,
  renewFaceClaim,
  type FaceJob,
} from '../repositories/faces.ts';
import type { FaceEngine } from './face-engine.ts';
import { dropIndex } from './face-index.ts';
import { originalName } from './media-files.ts';
import { queueFaceNotices } from './notify.ts';
import { drainAndWait, newClaim, startWorker, whileLeased, type JobQueue, type Worker } from './job-runner.ts';
import type { MediaStore } from '../storage/media-store.ts';

// Face indexing as jobs: a photo is queued (face_jobs) in the transaction that imports it, and
// described later by a pool of engine threads, in the API's background or by faces:index. Only
// organizations with facial search get jobs: describing costs about half a second of a core per
// photo, wasted where nobody can search. Switching the flag on (org:upsert) queues the whole
// organization; switching it off drops its waiting jobs (its face data stays until faces:purge).

/** Queues the photos among these media for description, when their organization has facial search. */
export async function queueFaceIndexing(db: Db, organizationId: number, media: ReadonlyArray<{ id: string; kind: string }>): Promise<void> {
  const photos = media.filter((item) => item.kind === 'photo').map((item) => item.id);
  if (photos.length && (await findOrganizationById(db, organizationId))?.has_facial_recognition) await insertFaceJobs(db, organizationId, photos);
}

/** After an organization was saved: queues its photos not described yet when it has facial search, else drops its jobs. */
export async function followFacialFlag(db: Db, organizationId: number): Promise<void> {
  if ((await findOrganizationById(db, organizationId))?.has_facial_recognition) await queueUnindexedPhotos(db, organizationId);
  else await deleteFaceJobs(db, organizationId);
}

/** `faces:purge`: the organization's descriptors, index rows and jobs go, in this process's memory too. */
export async function purgeOrganizationFaces(db: Db, organizationId: number): Promise<number> {
  const purged = await transaction(db, (db) => purgeFaces(db, organizationId));
  dropIndex(db, organizationId);
  return purged;
}

/** Describes one claimed photo and records its faces (and the job's end) in one unit. */
async function runJob(db: Db, store: MediaStore, engine: FaceEngine, job: FaceJob, log: (message: string) => void): Promise<void> {
  let descriptors: Float32Array[];
  try {
    descriptors = await engine.describe(await store.bytes(job.id, originalName(job)));
  } catch (error) {
    // An original the engine cannot read (or one deleted meanwhile) is recorded without faces,
    // so it is not retried forever.
    log(`Face indexing: photo ${job.id} not readable (${error instanceof Error ? error.message : String(error)}); recorded without faces`);
    descriptors = [];
  }
  await transaction(db, async (db) => {
    await insertFaces(db, [{ mediaId: job.id, descriptors }]);
    // The last photo of a period someone waits for: their notice goes with it.
    await queueFaceNotices(db, job.organization_id);
  });
}

/** The face queue, of one organization or of all. */
function faceQueue(
  db: Db,
  store: MediaStore,
  engine: FaceEngine,
  { organizationId, log }: { organizationId?: number; log: (message: string) => void },
): JobQueue<FaceJob> {
  return {
    claim: (limit) =>
      transaction(db, (db) => claimFaceJobs(db, newClaim(), { nowMs: Date.now(), limit, ...(organizationId === undefined ? {} : { organizationId }) })),
    run: (job) =>
      whileLeased(
        (lease) => renewFaceClaim(db, job.token, lease),
        () => runJob(db, store, engine, job, log),
      ),
    release: (job) => releaseFaceClaim(db, job.id, job.token),
  };
}

/** The API's background indexer: describes queued photos of every organization as they come. */
export function startFaceIndexer(
  db: Db,
  store: MediaStore,
  engine: FaceEngine,
  { concurrency, log }: { concurrency: number; log: (message: string) => void },
): Worker {
  return startWorker('Face indexing', faceQueue(db, store, engine, { log }), { concurrency, log });
}

export interface DrainProgress {
  done: number;
  total: number;
}

/**
 * `faces:index`: queues the organization's photos never described, then describes its queue
 * until it is empty, including jobs another process (the API) holds: those are waited for, or
 * taken again once their claim expires. Answers how many photos left the queue.
 */
export async function drainOrganization(
  db: Db,
  store: MediaStore,
  engine: FaceEngine,
  {
    organizationId,
    concurrency,
    onProgress,
    log,
  }: { organizationId: number; concurrency: number; onProgress: (progress: DrainProgress) => void; log: (message: string) => void },
): Promise<number> {
  await transaction(db, (db) => queueUnindexedPhotos(db, organizationId));
  let total = await countFaceJobs(db, organizationId);
  let done = 0;
  const report = async () => {
    const queued = await countFaceJobs(db, organizationId);
    // Photos queued meanwhile (a visitor's upload) join the total.
    total = Math.max(total, done + queued);
    done = total - queued;
    onProgress({ done, total });
    return queued;
  };
  await report();
  // The progress line after each photo is cosmetic: a failed count waits for the next one.
  const onDone = () => void report().catch(() => undefined);
  await drainAndWait(faceQueue(db, store, engine, { organizationId, log }), { concurrency, onDone }, async () => (await report()) === 0);
  return done;
}
