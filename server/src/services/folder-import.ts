import fs from 'node:fs/promises';
import path from 'node:path';
import { chunks, now, transaction, type Db } from '../db.ts';
import {
  deleteQueueingBatches,
  insertImportJobs,
  openImportBatch,
  releaseImportBatch,
  renewImportBatch,
  type NewImportJob,
} from '../repositories/import-jobs.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { fileCaptureTime } from './capture-time.ts';
import { FFMPEG_MISSING, ffmpegVersion } from './ffmpeg.ts';
import pLimit from 'p-limit';
import { newId } from './ids.ts';
import { LEASE_MS, whileLeased } from './job-runner.ts';
import { STAGED_SOURCE } from './media-files.ts';
import { inspectImage, makeScratch, MediaImportError } from './media-import.ts';
import { inspectVideo, VIDEO_FILE } from './video.ts';

const IMAGE_FILE = /\.(jpe?g|png)$/i;

/** Files are staged a few at a time: enough to keep an object store busy, not the disk. */
const stageLimit = pLimit(4);

/** The files `media:import` takes from a folder: images and MP4/WebM videos, sorted by name. */
export async function importableFiles(folder: string): Promise<string[]> {
  const names = (await fs.readdir(folder)).filter((name) => IMAGE_FILE.test(name) || VIDEO_FILE.test(name)).sort();
  return names.map((name) => path.join(folder, name));
}

/** What a folder is imported as, and into which card. */
export interface ImportTarget {
  organizationId: number;
  cardId: string;
  sold: boolean;
}

/** A file checked by content, with what its job records. */
export interface CheckedFile {
  path: string;
  kind: NewImportJob['kind'];
  capturedAt: string;
}

/** Rows queued per transaction: each holds the database a few milliseconds, whatever the folder's size. */
const QUEUE_ROWS = 200;

/**
 * Checks every file by content before anything is queued, so a folder with a fake or oversized
 * file is refused whole: images by their header (format, pixels), videos by their container (and
 * with no ffmpeg to read them, every video). Reads each file's capture time, where the file is:
 * EXIF DateTimeOriginal for images, else the file's modification time. Touches no database.
 */
export async function checkFolder(extra: boolean, files: readonly string[]): Promise<CheckedFile[]> {
  const videos = files.filter((file) => VIDEO_FILE.test(file));
  if (extra && videos.length) throw new MediaImportError('extras are images only; move the videos out or drop --extra');
  if (videos.length && !(await ffmpegVersion())) throw new MediaImportError(`Videos cannot be imported: ${FFMPEG_MISSING}`);
  for (const file of files) {
    if (VIDEO_FILE.test(file)) await inspectVideo(file);
    else await inspectImage(file, path.basename(file));
  }
  return Promise.all(
    files.map(async (file): Promise<CheckedFile> => {
      const kind = VIDEO_FILE.test(file) ? 'video' : extra ? 'extra' : 'photo';
      return { path: file, kind, capturedAt: await fileCaptureTime(file, kind !== 'video') };
    }),
  );
}

/** Copies a file into the media store under the job's id, where any worker can read it. */
async function stage(store: MediaStore, jobId: string, file: string): Promise<void> {
  const scratch = await makeScratch(store, `stage-${jobId}`);
  try {
    await fs.copyFile(file, path.join(scratch, STAGED_SOURCE));
    await store.put(jobId, scratch);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

const abandoned = () => new MediaImportError('the import stalled past its lease and was dropped as abandoned; run it again');

/**
 * `media:import` after checkFolder: queues one import job per file and stages each file in the
 * media store under its job's id, then releases the whole batch to the workers (import-jobs.ts)
 * at once. Answers the batch's id.
 *
 * Never a long transaction: the jobs go in short ones of QUEUE_ROWS rows, each file is copied
 * outside any, and a job's row is committed before its file is stored, so the sweep knows every
 * staged file's owner. Until released, the batch's row holds its jobs back and its lease (renewed
 * here) says this process lives; killed, the batch is dropped with its files once the lease ends
 * (dropAbandonedBatches). A failure here drops it at once. Either way no job of a folder not
 * wholly queued is ever run.
 */
export async function queueFolderImport(db: Db, store: MediaStore, target: ImportTarget, files: readonly CheckedFile[]): Promise<string> {
  const batchId = newId();
  const queuedAt = now();
  const jobs = files.map((file): NewImportJob => ({
    id: newId(),
    batch_id: batchId,
    organization_id: target.organizationId,
    card_id: target.cardId,
    kind: file.kind,
    file_name: path.basename(file.path),
    captured_at: file.capturedAt,
    sold_at_venue: target.sold ? 1 : 0,
    queued_at: queuedAt,
  }));
  await openImportBatch(db, batchId, Date.now() + LEASE_MS);
  try {
    // A batch dropped meanwhile is found out below, by the next chunk or by the release.
    await whileLeased(
      (lease) => renewImportBatch(db, batchId, lease).then(() => undefined),
      async () => {
        for (const rows of chunks(jobs, QUEUE_ROWS)) {
          await transaction(db, async (db) => {
            // First: a batch dropped meanwhile gets no more jobs, and is not dropped while these go in.
            if (!(await renewImportBatch(db, batchId, Date.now() + LEASE_MS))) throw abandoned();
            await insertImportJobs(db, rows);
          });
        }
        const staged = await Promise.allSettled(files.map((file, i) => stageLimit(() => stage(store, (jobs[i] as NewImportJob).id, file.path))));
        const failure = staged.find((result) => result.status === 'rejected');
        if (failure) throw failure.reason;
      },
    );
    if (!(await releaseImportBatch(db, batchId))) throw abandoned();
    return batchId;
  } catch (error) {
    await transaction(db, (db) => deleteQueueingBatches(db, { batchId }));
    await Promise.all(jobs.map((job) => store.remove(job.id)));
    throw error;
  }
}
