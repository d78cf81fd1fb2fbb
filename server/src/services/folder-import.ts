import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db.ts';
import { insertImportJobs, type NewImportJob } from '../repositories/import-jobs.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { fileCaptureTime } from './capture-time.ts';
import { FFMPEG_MISSING, ffmpegVersion } from './ffmpeg.ts';
import { createLimiter } from './concurrency.ts';
import { newId } from './ids.ts';
import { STAGED_SOURCE } from './media-files.ts';
import { inspectImage, makeScratch, MediaImportError } from './media-import.ts';
import { inspectVideo, VIDEO_FILE } from './video.ts';

export const IMAGE_FILE = /\.(jpe?g|png)$/i;

/** Files are staged a few at a time: enough to keep an object store busy, not the disk. */
const stageLimit = createLimiter(4);

/** The files `media:import` takes from a folder: images and MP4/WebM videos, sorted by name. */
export async function importableFiles(folder: string): Promise<string[]> {
  const names = (await fs.readdir(folder)).filter((name) => IMAGE_FILE.test(name) || VIDEO_FILE.test(name)).sort();
  return names.map((name) => path.join(folder, name));
}

export interface ImportTarget {
  organizationId: number;
  cardId: string;
  extra: boolean;
  sold: boolean;
}

/**
 * Checks every file by content before anything is queued, so a folder with a fake or oversized
 * file is refused whole: images by their header (format, pixels), videos by their container (and
 * with no ffmpeg to read them, every video).
 */
async function checkFiles(target: ImportTarget, files: readonly string[]): Promise<void> {
  const videos = files.filter((file) => VIDEO_FILE.test(file));
  if (target.extra && videos.length) throw new MediaImportError('extras are images only; move the videos out or drop --extra');
  if (videos.length && !(await ffmpegVersion())) throw new MediaImportError(`Videos cannot be imported: ${FFMPEG_MISSING}`);
  for (const file of files) {
    if (VIDEO_FILE.test(file)) await inspectVideo(file);
    else await inspectImage(file, path.basename(file));
  }
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

/**
 * `media:import`: checks the files, stages each in the media store and queues one import job per
 * file, in the caller's transaction (a failure removes what was staged). Workers make the media
 * (import-jobs.ts). Capture time is read here, where the file is: EXIF DateTimeOriginal for
 * images, else the file's modification time. Answers the batch's id.
 */
export async function queueFolderImport(db: Db, store: MediaStore, target: ImportTarget, files: readonly string[]): Promise<string> {
  await checkFiles(target, files);
  const batchId = newId();
  const queuedAt = new Date().toISOString();
  const jobs = await Promise.all(
    files.map(async (file): Promise<NewImportJob> => {
      const kind = VIDEO_FILE.test(file) ? 'video' : target.extra ? 'extra' : 'photo';
      return {
        id: newId(),
        batch_id: batchId,
        organization_id: target.organizationId,
        card_id: target.cardId,
        kind,
        file_name: path.basename(file),
        captured_at: await fileCaptureTime(file, kind !== 'video'),
        sold_at_venue: target.sold ? 1 : 0,
        queued_at: queuedAt,
      };
    }),
  );
  const staged = await Promise.allSettled(jobs.map((job, i) => stageLimit(() => stage(store, job.id, files[i] as string))));
  try {
    const failure = staged.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    await insertImportJobs(db, jobs);
    return batchId;
  } catch (error) {
    await Promise.all(jobs.map((job) => store.remove(job.id)));
    throw error;
  }
}
