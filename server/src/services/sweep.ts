import fs from 'node:fs';
import path from 'node:path';
import { transactionUnlessBusy, type Db } from '../db.ts';
import { listMediaIds } from '../repositories/media.ts';
import type { MediaStore } from '../storage/media-store.ts';

export interface Sweep {
  /** False when another process held the database and nothing was looked at. */
  swept: boolean;
  /** What was removed: `media/<id>` (stored files) and `tmp/<name>` (scratch). */
  removed: string[];
}

/** The entries of a folder that may not exist yet. */
function entries(dir: string): string[] {
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/**
 * Removes what a killed process left: scratch under tmp/ (upload bodies, media being built) and
 * stored media whose row was never committed, in the local folder or the S3 bucket alike. Run
 * at start, before the API serves, so none of it belongs to a request of this process.
 *
 * The stored ids are listed first, then compared with the rows holding the database's write
 * lock (transactions take it first): an admin import holds that lock from before its first file
 * until its rows are committed, so one running during the listing is waited for (5 s) and its
 * rows are there, or the sweep gives up until the next start rather than take the import's
 * files. An import started after the listing only makes new names.
 */
export async function sweepDebris(db: Db, store: MediaStore): Promise<Sweep> {
  const stored = await store.list();
  const debris = await transactionUnlessBusy(db, async (db) => {
    const ids = await listMediaIds(db);
    return { orphans: stored.filter((id) => !ids.has(id)), scratch: entries(store.scratchRoot) };
  });
  if (!debris) return { swept: false, removed: [] };
  const { orphans, scratch } = debris;
  await Promise.all([
    ...orphans.map((id) => store.remove(id)),
    ...scratch.map((name) => fs.promises.rm(path.join(store.scratchRoot, name), { recursive: true, force: true })),
  ]);
  return { swept: true, removed: [...orphans.map((id) => `media/${id}`), ...scratch.map((name) => `tmp/${name}`)].sort() };
}
