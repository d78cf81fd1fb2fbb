import fs from 'node:fs';
import path from 'node:path';
import { transactionUnlessBusy, type Db } from '../db.ts';
import { listImportStoreIds } from '../repositories/import-jobs.ts';
import { listMediaIds } from '../repositories/media.ts';
import type { MediaStore } from '../storage/media-store.ts';
import { OWN_SCRATCH, scratchOwner } from './media-files.ts';

export interface Sweep {
  /** False when another process held the database and nothing was looked at. */
  swept: boolean;
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
 * Removes what a killed process left: its scratch under tmp/ (upload bodies, media being built)
 * and stored media whose row was never committed, in the local folder or the S3 bucket alike.
 * Files of a queued import (its staged file, its current attempt's media) are work, not debris,
 * and so is the scratch of any process still running (see isAbandoned). Run at start, before
 * the API serves.
 *
 * The stored ids are listed first, then compared with the rows holding the database's write
 * lock (transactions take it first). An admin import stages its files inside the transaction
 * that queues their jobs, and a job records its attempt's media id before writing it: one running
 * during the listing is waited for (5 s) and its rows are there, or the sweep gives up until the
 * next start rather than take its files. Anything started after the listing makes new names.
 * (A visitor's upload stores its files just before its short transaction: an instance starting
 * in that instant could take them.)
 */
export async function sweepDebris(db: Db, store: MediaStore): Promise<Sweep> {
  const stored = await store.list();
  const debris = await transactionUnlessBusy(db, async (db) => {
    const [media, imports] = await Promise.all([listMediaIds(db), listImportStoreIds(db)]);
    return { orphans: stored.filter((id) => !media.has(id) && !imports.has(id)), scratch: abandonedScratch(store.scratchRoot) };
  });
  if (!debris) return { swept: false, removed: [] };
  const { orphans, scratch } = debris;
  await Promise.all([
    ...orphans.map((id) => store.remove(id)),
    ...scratch.map((name) => fs.promises.rm(path.join(store.scratchRoot, name), { recursive: true, force: true })),
  ]);
  return { swept: true, removed: [...orphans.map((id) => `media/${id}`), ...scratch.map((name) => `tmp/${name}`)].sort() };
}
