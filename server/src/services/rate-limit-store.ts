import type { Db } from '../db.ts';
import { countHit, forgetWindowsBefore, type WindowHits } from '../repositories/rate-limits.ts';

/**
 * Counts a client's calls in fixed windows: a hit joins its key's window, or starts a new one
 * when that one has ended. One counter serves every budget; keys name theirs (`lookup:<ip>`).
 */
export interface HitCounter {
  count(key: string, windowMs: number, nowMs: number): Readonly<WindowHits> | Promise<Readonly<WindowHits>>;
}

/** Clients kept in memory at most; past it, the oldest window goes (that client starts afresh). */
const MEMORY_KEYS = 10_000;

/**
 * The counters of one API instance (RATE_LIMIT_STORE=memory, the default). Answered at once:
 * the look-ups run this on every call, and a round through the event loop costs more than it.
 */
export function memoryHitCounter(maxKeys = MEMORY_KEYS): HitCounter {
  const windows = new Map<string, WindowHits>();
  return {
    count(key, windowMs, nowMs) {
      let window = windows.get(key);
      if (!window || window.window_started_ms + windowMs <= nowMs) {
        // Deleted and set again, so the map stays in the order the windows started.
        windows.delete(key);
        if (windows.size >= maxKeys) windows.delete(windows.keys().next().value as string);
        window = { hits: 0, window_started_ms: nowMs };
        windows.set(key, window);
      }
      window.hits++;
      return window;
    },
  };
}

/** Every this many hits, counters idle for a day are dropped, so the table holds only recent clients. */
const SWEEP_EVERY = 10_000;
const IDLE_MS = 24 * 60 * 60 * 1000;

/**
 * The counters in the database (RATE_LIMIT_STORE=database), so every API instance on it counts
 * against the same budgets: a client spreading its guesses over instances gains nothing.
 */
export function databaseHitCounter(db: Db): HitCounter {
  let hitsSinceSweep = 0;
  return {
    async count(key, windowMs, nowMs) {
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await forgetWindowsBefore(db, nowMs - IDLE_MS);
      }
      return countHit(db, key, windowMs, nowMs);
    },
  };
}
