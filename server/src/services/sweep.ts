import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { atomically } from '../db.ts';
import { listMediaIds } from '../repositories/media.ts';
import { mediaRoot, scratchRoot } from './media-files.ts';

const SQLITE_BUSY = 5;

export interface Sweep {
  /** False when another process held the database and nothing was looked at. */
  swept: boolean;
  /** What was removed, relative to the data folder. */
  removed: string[];
}

function entries(dir: string): fs.Dirent[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir, { withFileTypes: true }) : [];
}

/**
 * Removes what a killed process left in the data folder: scratch under tmp/ (upload bodies,
 * media being built) and media folders whose row was never committed. Run at start, before the
 * API serves, so none of it belongs to a request of this process.
 *
 * The debris is listed holding the database's write lock (atomically begins IMMEDIATE): an
 * admin import holds that lock from before its first file until its rows are committed, so
 * while one runs the sweep waits (busy_timeout), then gives up until the next start rather than
 * take the import's files. An import started after the listing only makes new names.
 */
export async function sweepDebris(db: DatabaseSync, dataDir: string): Promise<Sweep> {
  let debris: string[];
  try {
    debris = atomically(db, () => {
      const ids = listMediaIds(db);
      const scratch = entries(scratchRoot(dataDir)).map((entry) => path.join('tmp', entry.name));
      const orphans = entries(mediaRoot(dataDir))
        .filter((entry) => entry.isDirectory() && !ids.has(entry.name))
        .map((entry) => path.join('media', entry.name));
      return [...orphans, ...scratch];
    });
  } catch (error) {
    if ((error as { errcode?: unknown }).errcode === SQLITE_BUSY) return { swept: false, removed: [] };
    throw error;
  }
  await Promise.all(debris.map((entry) => fs.promises.rm(path.join(dataDir, entry), { recursive: true, force: true })));
  return { swept: true, removed: debris.sort() };
}
