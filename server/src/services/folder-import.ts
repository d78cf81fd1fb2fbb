import fs from 'node:fs/promises';
import path from 'node:path';
import { transaction, type Db } from '../db.ts';
import type { NewMedia } from '../repositories/media.ts';
import { fileCaptureTime } from './capture-time.ts';
import { importMedias, MediaImportError } from './media-import.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { importVideo, inspectVideo, VIDEO_FILE } from './video.ts';

export const IMAGE_FILE = /\.(jpe?g|png)$/i;

/** The files `media:import` takes from a folder: images and MP4/WebM videos, sorted by name. */
export async function importableFiles(folder: string): Promise<string[]> {
  const names = (await fs.readdir(folder)).filter((name) => IMAGE_FILE.test(name) || VIDEO_FILE.test(name)).sort();
  return names.map((name) => path.join(folder, name));
}

/**
 * Imports images (as photos or extras) and videos into one card, all or nothing: every video
 * is checked by content before anything is written, and a failure leaves no row and no file.
 * Capture time: EXIF DateTimeOriginal for images, else the file's modification time.
 */
export async function importFiles(
  db: Db,
  store: MediaStore,
  target: { organizationId: number; cardId: string; extra: boolean; sold: boolean },
  files: readonly string[],
): Promise<NewMedia[]> {
  const videos = files.filter((file) => VIDEO_FILE.test(file));
  const images = files.filter((file) => !VIDEO_FILE.test(file));
  if (target.extra && videos.length) throw new MediaImportError('extras are images only; move the videos out or drop --extra');
  for (const video of videos) await inspectVideo(video);
  const common = { organizationId: target.organizationId, cardId: target.cardId, soldAtVenue: target.sold };
  return transaction(db, async (db) => {
    const photos = await importMedias(
      db,
      store,
      await Promise.all(
        images.map(async (sourcePath) => ({
          ...common,
          sourcePath,
          kind: target.extra ? ('extra' as const) : ('photo' as const),
          capturedAt: await fileCaptureTime(sourcePath, true),
        })),
      ),
    );
    const imported: NewMedia[] = [];
    try {
      // One at a time: copies of large videos should not compete for the disk.
      for (const sourcePath of videos) {
        imported.push(await importVideo(db, store, { ...common, sourcePath, capturedAt: await fileCaptureTime(sourcePath, false) }));
      }
    } catch (error) {
      await Promise.all([...photos, ...imported].map((media) => store.remove(media.id)));
      throw error;
    }
    return [...photos, ...imported];
  });
}
