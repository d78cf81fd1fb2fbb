import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { mediaDir, mediaRoot, scratchRoot } from '../services/media-files.ts';
import type { ByteRange } from '../services/range.ts';
import type { MediaStore } from './media-store.ts';

const READ_CHUNK = 1 << 20;

/** The default store: `<dataDir>/media/<mediaId>/<file>`; finished folders move in by rename. */
export function createLocalStore(dataDir: string): MediaStore {
  const file = (mediaId: string, name: string) => path.join(mediaDir(dataDir, mediaId), name);
  return {
    // On the media's file system, so `put` is one rename: a folder is there whole or not at all.
    scratchRoot: scratchRoot(dataDir),
    async put(mediaId, folder) {
      await fs.mkdir(mediaRoot(dataDir), { recursive: true });
      await fs.rename(folder, mediaDir(dataDir, mediaId));
    },
    async add(mediaId, folder) {
      // One rename per file: each is whole or absent. No mkdir: a media removed meanwhile stays removed.
      for (const name of await fs.readdir(folder)) await fs.rename(path.join(folder, name), file(mediaId, name));
      await fs.rm(folder, { recursive: true, force: true });
    },
    async size(mediaId, name) {
      const stat = await fs.stat(file(mediaId, name)).catch(() => undefined);
      return stat?.isFile() ? stat.size : undefined;
    },
    async read(mediaId, name, range?: ByteRange): Promise<Readable> {
      // 1 MiB reads: a ZIP of originals or a video streams with a sixteenth of the default's chunks.
      return createReadStream(file(mediaId, name), { highWaterMark: READ_CHUNK, ...(range && { start: range.start, end: range.end }) });
    },
    bytes: (mediaId, name) => fs.readFile(file(mediaId, name)),
    remove: (mediaId) => fs.rm(mediaDir(dataDir, mediaId), { recursive: true, force: true }),
    async list() {
      const entries = await fs.readdir(mediaRoot(dataDir), { withFileTypes: true }).catch(() => []);
      return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    },
  };
}
