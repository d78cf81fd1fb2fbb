import fs from 'node:fs/promises';
import { transaction, type Db } from '../db.ts';
import {
  claimRenditionJobs,
  countRenditionJobs,
  finishRenditionJob,
  queueMissingRenditions,
  releaseRenditionClaim,
  renewRenditionClaim,
  type RenditionJob,
} from '../repositories/renditions.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { drainAndWait, newClaim, startWorker, whileLeased, type JobQueue, type Worker } from './job-runner.ts';
import { DERIVED_FILES, originalName, RENDITION_SET } from './media-files.ts';
import { makeScratch, writeRenditions } from './media-import.ts';

// The WebP renditions (media-files.ts, RENDITIONS) as jobs: a media is queued (insertRenditionJobs)
// in the transaction that inserts it and rendered later, in the API's background or by media:renditions, never in
// a visitor's request. Until its job ends the gallery lists its JPEGs only; a job that fails
// leaves it so (media:renditions queues it again).

/** Encodes are limited to two at a time in a process (media-import.ts): more runs would only wait. */
const RENDITIONS_AT_ONCE = 2;

/** Makes one claimed media's renditions and records them (or that they could not be made). */
async function runJob(db: Db, store: MediaStore, job: RenditionJob, log: (message: string) => void): Promise<void> {
  // A video's source is its clean poster at preview size; a photo's or extra's, its original.
  const source = job.kind === 'video' ? DERIVED_FILES.preview : originalName(job);
  let made: number | undefined;
  const scratch = await makeScratch(store, `renditions-${job.id}`);
  try {
    await writeRenditions(scratch, await store.bytes(job.id, source), job.id);
    await store.add(job.id, scratch);
    made = RENDITION_SET;
  } catch (error) {
    // Unreadable, or deleted meanwhile: its JPEGs stay what the gallery shows.
    log(`Renditions: media ${job.id} not made (${error instanceof Error ? error.message : String(error)}); its JPEGs are served`);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  await transaction(db, (db) => finishRenditionJob(db, job.id, made));
}

/** The rendition queue, of one organization or of all. */
function renditionQueue(
  db: Db,
  store: MediaStore,
  { organizationId, log }: { organizationId?: number; log: (message: string) => void },
): JobQueue<RenditionJob> {
  return {
    claim: (limit) =>
      transaction(db, (db) => claimRenditionJobs(db, newClaim(), { nowMs: Date.now(), limit, ...(organizationId === undefined ? {} : { organizationId }) })),
    run: (job) =>
      whileLeased(
        (lease) => renewRenditionClaim(db, job.token, lease),
        () => runJob(db, store, job, log),
      ),
    release: (job) => releaseRenditionClaim(db, job.id, job.token),
  };
}

/**
 * The API's background renderer: renders queued media of every organization as they come, one at
 * a time while visitors' requests are under way (`busy`), as the importer does.
 */
export function startRenderer(db: Db, store: MediaStore, { busy, log }: { busy: () => boolean; log: (message: string) => void }): Worker {
  return startWorker('Renditions', renditionQueue(db, store, { log }), { concurrency: () => (busy() ? 1 : RENDITIONS_AT_ONCE), log });
}

/**
 * `media:renditions`: queues the organization's media without the current renditions, then
 * renders its queue until it is empty, waiting for jobs another process (the API) holds. Run
 * again, it finds nothing to do. Answers how many media left the queue.
 */
export async function renderOrganization(
  db: Db,
  store: MediaStore,
  { organizationId, onProgress, log }: { organizationId: number; onProgress: (done: number, total: number) => void; log: (message: string) => void },
): Promise<number> {
  await transaction(db, (db) => queueMissingRenditions(db, organizationId, RENDITION_SET));
  let total = await countRenditionJobs(db, organizationId);
  let done = 0;
  const report = async () => {
    const queued = await countRenditionJobs(db, organizationId);
    // Media queued meanwhile (an import) join the total.
    total = Math.max(total, done + queued);
    done = total - queued;
    onProgress(done, total);
    return queued;
  };
  await report();
  // The progress line after each media is cosmetic: a failed count waits for the next one.
  const onDone = () => void report().catch(() => undefined);
  await drainAndWait(renditionQueue(db, store, { organizationId, log }), { concurrency: RENDITIONS_AT_ONCE, onDone }, async () => (await report()) === 0);
  return done;
}
