import fs from 'node:fs';
import path from 'node:path';
import { transactionUnlessBusy, type Db } from '../db.ts';
import { listMediaIds } from '../repositories/media.ts';
import { mediaRoot, scratchRoot } from './media-files.ts';

export interface Sweep {
  /** False when another process held the database and nothing was looked at. */
  swept: boolean;
  /** What was removed, relative to the data folder. */
  removed: string[];
}

/** The entries of a folder that may not exist yet, as absolute paths. */
function entries(dir: string, keep: (entry: fs.Dirent) => boolean = () => true): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).filter(keep).map((entry) => path.join(dir, entry.name));
}

/**
 * Removes what a killed process left in the data folder: scratch under tmp/ (upload bodies,
 * media being built) and media folders whose row was never committed. Run at start, before the
 * API serves, so none of it belongs to a request of this process.
 *
 * The debris is listed holding the database's write lock (transactions take it first): an
 * admin import holds that lock from before its first file until its rows are committed, so
 * while one runs the sweep waits (busy_timeout), then gives up until the next start rather than
 * take the import's files. An import started after the listing only makes new names.
 */
export async function sweepDebris(db: Db, dataDir: string): Promise<Sweep> {
  const debris = await transactionUnlessBusy(db, async (db) => {
    const ids = await listMediaIds(db);
    const orphans = entries(mediaRoot(dataDir), (entry) => entry.isDirectory() && !ids.has(entry.name));
    return [...orphans, ...entries(scratchRoot(dataDir))];
  });
  if (!debris) return { swept: false, removed: [] };
  await Promise.all(debris.map((entry) => fs.promises.rm(entry, { recursive: true, force: true })));
  return { swept: true, removed: debris.map((entry) => path.relative(dataDir, entry)).sort() };
}
