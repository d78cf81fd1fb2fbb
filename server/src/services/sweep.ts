import fs from 'node:fs';
import path from 'node:path';
import { transactionUnlessBusy, type Db } from '../db.ts';
import { listImportStoreIds } from '../repositories/import-jobs.ts';
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
 * stored media whose row was never committed, in the local folder or the S3 bucket alike. Files
 * of a queued import (its staged file, its current attempt's media) are work, not debris. Run
 * at start, before the API serves, so none of it belongs to a request of this process.
 *
 * The stored ids are listed first, then compared with the rows holding the database's write
 * lock (transactions take it first). An admin import stages its files inside the transaction
 * that queues their jobs, and a job records its attempt's media id before writing it: one running
 * during the listing is waited for (5 s) and its rows are there, or the sweep gives up until the
 * next start rather than take its files. Anything started after the listing makes new names.
 * (A visitor's upload writes its files just before its short transaction: an instance starting
 * in that instant could take them.)
 */
export async function sweepDebris(db: Db, store: MediaStore): Promise<Sweep> {
  const stored = await store.list();
  const debris = await transactionUnlessBusy(db, async (db) => {
    const [media, imports] = await Promise.all([listMediaIds(db), listImportStoreIds(db)]);
    return { orphans: stored.filter((id) => !media.has(id) && !imports.has(id)), scratch: entries(store.scratchRoot) };
  });
  if (!debris) return { swept: false, removed: [] };
  const { orphans, scratch } = debris;
  await Promise.all([
    ...orphans.map((id) => store.remove(id)),
    ...scratch.map((name) => fs.promises.rm(path.join(store.scratchRoot, name), { recursive: true, force: true })),
  ]);
  return { swept: true, removed: [...orphans.map((id) => `media/${id}`), ...scratch.map((name) => `tmp/${name}`)].sort() };
}
