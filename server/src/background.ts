import { readdirSync } from 'node:fs';
import os from 'node:os';

/** The niceness of bulk work (0 is normal, 19 the lowest): the scheduler serves the API's visitors first. */
const BACKGROUND_NICENESS = 19;

/**
 * Lowers the CPU priority of this process's helper threads, for bulk work that shares a machine
 * with the API's visitors: the admin CLI's `media:import`, and the API's own importer, renderer
 * and face indexer, decode and resize every photo on libuv's and libvips' threads. A visitor's
 * request, answered on a main thread, then waits less for a core (the API's pool also
 * compresses answers and reads files: short work, which a lower priority delays only while
 * the cores are all taken). `mainThread` lowers the main thread's too: for a process that answers
 * no visitor and holds no lock a visitor waits for (the CLI on PostgreSQL, whose rows lock one by
 * one). On SQLite the CLI's main thread keeps its priority: a lock held by a thread the scheduler
 * leaves waiting (the one writer) would hold the API's writes up with it. Linux keeps a priority
 * per thread (/proc/self/task): libuv starts its whole pool at its first task, so call this
 * after one (any fs call); libvips' threads, started later by the pool's, inherit it. Best
 * effort: elsewhere, or refused, the import runs at normal priority.
 */
export function runInBackground({ mainThread }: { mainThread: boolean }): void {
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    return; // no /proc: not Linux
  }
  for (const thread of threads) {
    if (thread === process.pid && !mainThread) continue;
    try {
      os.setPriority(thread, BACKGROUND_NICENESS);
    } catch {
      // Gone meanwhile, or not allowed.
    }
  }
}
