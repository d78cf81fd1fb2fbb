import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db.ts';
import { listStoreOwners } from '../repositories/import-jobs.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { dropAbandonedBatches } from './import-jobs.ts';
import { OWN_SCRATCH, scratchOwner } from './media-files.ts';

export interface Sweep {
  /** What was removed: `media/<id>` (stored files) and `tmp/<name>` (scratch). */
  removed: string[];
}

/**
 * Scratch whose process cannot be asked (another host's on a shared data folder, or an earlier
 * version's, named by no process) is taken only once untouched this long: no upload or import
 * lasts a day.
 */
export const SCRATCH_ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Whether a process of this host has that id (signal 0 asks without sending; EPERM: someone else's). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether an entry of the scratch root is provably nobody's work: the folder of a process of
 * this host that is gone, or that had this process's id before it (a restarted container's
 * pid 1); else only once untouched for a day. This process's own, and a live neighbour's (two
 * instances on one data folder, the admin CLI importing), are never taken.
 */
function isAbandoned(name: string, modifiedMs: number, nowMs: number): boolean {
  const owner = scratchOwner(name);
  if (owner?.host === OWN_SCRATCH.host) {
    if (owner.pid === OWN_SCRATCH.pid) return owner.token !== OWN_SCRATCH.token;
    return !isRunning(owner.pid);
  }
  return nowMs - modifiedMs > SCRATCH_ABANDONED_AFTER_MS;
}

/** The entries of the scratch root no live process is using. */
function abandonedScratch(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const nowMs = Date.now();
  return fs.readdirSync(root).filter((name) => {
    const stat = fs.lstatSync(path.join(root, name), { throwIfNoEntry: false });
    return stat !== undefined && isAbandoned(name, stat.mtimeMs, nowMs);
  });
}

/**
 * Removes what a killed process left: its scratch under tmp/ (upload bodies, media being built),
 * the folders a killed `media:import` was queueing (dropAbandonedBatches), and stored media no
 * row owns, in the local folder or the S3 bucket alike. Run at start, before the API serves.
 *
 * It takes no lock and waits for no one, however many processes write: every writer of the store
 * commits the row that owns a file before storing it (an import job's row before its staged
 * file, an attempt's media id before its files), a folder being queued is held by its batch's
 * lease, and the scratch of any process still running is left alone (see isAbandoned). So the
 * stored ids are listed first, then compared with the owners read in one statement: a file in
 * the listing either has its owner then or is debris; anything stored after the listing is not
 * looked at. (A visitor's upload stores its files just before its short transaction, and the demo
 * seed of an empty database inside its own: an instance starting in that instant could take them.)
 */
export async function sweepDebris(db: Db, store: MediaStore): Promise<Sweep> {
  const stored = await store.list();
  await dropAbandonedBatches(db, store);
  const owned = await listStoreOwners(db);
  const orphans = stored.filter((id) => !owned.has(id));
  const scratch = abandonedScratch(store.scratchRoot);
  await Promise.all([
    ...orphans.map((id) => store.remove(id)),
    ...scratch.map((name) => fs.promises.rm(path.join(store.scratchRoot, name), { recursive: true, force: true })),
  ]);
  return { removed: [...orphans.map((id) => `media/${id}`), ...scratch.map((name) => `tmp/${name}`)].sort() };
}
