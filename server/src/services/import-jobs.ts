import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { transaction, type Db } from '../db.ts';
import {
  batchJobs,
  claimImportJobs,
  deleteImportJobs,
  deleteQueueingBatches,
  endImportAttempt,
  finishImportJob,
  releaseImportClaim,
  renewImportClaim,
  startImportAttempt,
  type ImportJob,
} from '../repositories/import-jobs.ts';
import { insertMedia, type NewMedia } from '../repositories/media.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { queueFaceIndexing } from './face-jobs.ts';
import { newId } from './ids.ts';
import { queueArrivalNotices } from './notify.ts';
import { drainAndWait, newClaim, startWorker, whileLeased, type JobQueue, type Worker } from './job-runner.ts';
import { STAGED_SOURCE } from './media-files.ts';
import { importMedia, makeScratch, MediaImportError } from './media-import.ts';
import { insertRenditionJobs } from '../repositories/renditions.ts';
import { importVideo } from './video.ts';

// The import jobs `media:import` queues (folder-import.ts): each makes one media from its staged
// file. A run stores its files under a fresh media id, then deletes its job and inserts the media
// row in one transaction, only while it still holds the claim: a job is imported exactly once,
// however many workers were killed on the way, and a killed run's files are swept as debris.

/** Failures other than a bad file (storage or database away) are tried again after a pause, this many times in all. */
const MAX_ATTEMPTS = 3;
const RETRY_AFTER_MS = 5_000;
/** Images are decoded two at a time in a process (media-import.ts): more runs would only wait. */
const IMPORTS_AT_ONCE = 2;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Builds the media from the staged file, in a local scratch copy (sharp and the video checks read files). */
async function makeMedia(store: MediaStore, job: ImportJob, mediaId: string): Promise<NewMedia> {
  const scratch = await makeScratch(store, `job-${job.id}`);
  try {
    // Named as in the imported folder: the display name comes from it.
    const sourcePath = path.join(scratch, path.basename(job.file_name));
    await pipeline(await store.read(job.id, STAGED_SOURCE), createWriteStream(sourcePath));
    const source = {
      organizationId: job.organization_id,
      cardId: job.card_id,
      sourcePath,
      soldAtVenue: job.sold_at_venue === 1,
      capturedAt: job.captured_at,
    };
    return job.kind === 'video' ? await importVideo(null, store, source, mediaId) : await importMedia(null, store, { ...source, kind: job.kind }, mediaId);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

/** Runs one claimed job; its outcome is recorded in its row (or the row is gone, with the media in). */
async function runImportJob(db: Db, store: MediaStore, job: ImportJob, log: (message: string) => void): Promise<void> {
  const token = job.claim_token as string;
  const mediaId = newId();
  if (!(await transaction(db, (db) => startImportAttempt(db, job.id, token, mediaId)))) return;
  // A previous attempt died (its lease ran out): what it stored is nobody's now.
  if (job.media_id) await store.remove(job.media_id);
  let media: NewMedia;
  try {
    media = await whileLeased(
      (lease) => renewImportClaim(db, token, lease),
      () => makeMedia(store, job, mediaId),
    );
  } catch (error) {
    await store.remove(mediaId);
    const final = error instanceof MediaImportError || job.attempts >= MAX_ATTEMPTS;
    await transaction(db, (db) => endImportAttempt(db, job.id, token, final ? { error: message(error) } : { retryAtMs: Date.now() + RETRY_AFTER_MS }));
    if (final) await store.remove(job.id);
    else log(`Import of ${job.file_name} failed (attempt ${job.attempts} of ${MAX_ATTEMPTS}), tried again soon: ${message(error)}`);
    return;
  }
  const imported = await transaction(db, async (db) => {
    if (!(await finishImportJob(db, job.id, token))) return false;
    await insertMedia(db, media);
    await queueFaceIndexing(db, media.organization_id, [media]);
    await insertRenditionJobs(db, [media]);
    await queueArrivalNotices(db, [media.card_id]);
    return true;
  });
  // Imported: the staged file is done with. Not: another worker owns the job (or its card went).
  await store.remove(imported ? job.id : mediaId);
}

/**
 * Drops the batches whose queueing `media:import` was killed (their lease is over): their jobs,
 * then their staged files. A crash between the two leaves files without a row, the sweep's to
 * take.
 */
export async function dropAbandonedBatches(db: Db, store: MediaStore): Promise<void> {
  const jobIds = await transaction(db, (db) => deleteQueueingBatches(db, { leaseEndedBeforeMs: Date.now() }));
  await Promise.all(jobIds.map((id) => store.remove(id)));
}

/** The import queue, of one batch or of all. */
function importQueue(db: Db, store: MediaStore, { batchId, log }: { batchId?: string; log: (message: string) => void }): JobQueue<ImportJob> {
  return {
    claim: (limit) => transaction(db, (db) => claimImportJobs(db, newClaim(), { nowMs: Date.now(), limit, ...(batchId === undefined ? {} : { batchId }) })),
    run: (job) => runImportJob(db, store, job, log),
    release: (job) => releaseImportClaim(db, job.id, job.claim_token as string),
  };
}

/**
 * The API's background importer: runs every organization's queued imports, those of a killed
 * CLI too. While `busy` (visitors' requests under way) it runs one image at a time, not
 * IMPORTS_AT_ONCE: the API's own cores go to the visitors first, and the import still moves on
 * (the admin CLI that queued it runs its share at a lower priority).
 */
export function startImporter(db: Db, store: MediaStore, { busy, log }: { busy: () => boolean; log: (message: string) => void }): Worker {
  return startWorker('Importing', importQueue(db, store, { log }), { concurrency: () => (busy() ? 1 : IMPORTS_AT_ONCE), log });
}

export interface BatchOutcome {
  imported: number;
  failed: Array<{ fileName: string; error: string }>;
}

/**
 * `media:import` after queueing: runs the batch's jobs here, and waits for those another process
 * (the API) runs, until none is left waiting. Failed jobs are reported and then dropped.
 */
export async function runBatch(
  db: Db,
  store: MediaStore,
  batchId: string,
  { onProgress, log }: { onProgress: (done: number, total: number) => void; log: (message: string) => void },
): Promise<BatchOutcome> {
  const total = (await batchJobs(db, batchId)).length;
  const left = async () => {
    const jobs = await batchJobs(db, batchId);
    onProgress(total - jobs.filter((job) => job.error === null).length, total);
    return jobs;
  };
  // Once settled, every job left has failed.
  let failed: Awaited<ReturnType<typeof left>> = [];
  await drainAndWait(
    importQueue(db, store, { batchId, log }),
    // The progress line after each job is cosmetic: a failed count waits for the next one.
    { concurrency: IMPORTS_AT_ONCE, onDone: () => void left().catch(() => undefined) },
    async () => (failed = await left()).every((job) => job.error !== null),
  );
  await transaction(db, (db) =>
    deleteImportJobs(
      db,
      failed.map((job) => job.id),
    ),
  );
  return {
    imported: total - failed.length,
    failed: failed.map((job) => ({ fileName: job.file_name, error: job.error as string })),
  };
}
