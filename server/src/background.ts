import { readdirSync } from 'node:fs';
import os from 'node:os';

/** The niceness of bulk work (0 is normal, 19 the lowest): the scheduler serves the API's visitors first. */
const BACKGROUND_NICENESS = 10;

/**
 * Lowers this process's CPU priority, for bulk work that shares a machine with the API (the
 * admin CLI's `media:import` decodes and resizes every photo): a visitor's request then waits
 * less for a core. Linux keeps a priority per thread, so every thread the process has now is
 * lowered (/proc/self/task), and those made later (libuv's and libvips' pools) inherit it.
 * Elsewhere the process's own call is enough. Best effort: a refusal changes nothing else.
 */
export function runInBackground(): void {
  let threads: number[] = [];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    // No /proc: not Linux.
  }
  for (const thread of threads.length ? threads : [0]) {
    try {
      os.setPriority(thread, BACKGROUND_NICENESS);
    } catch {
      // Gone meanwhile, or not allowed: the import runs at normal priority.
    }
  }
}
