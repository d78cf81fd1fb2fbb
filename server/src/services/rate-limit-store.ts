import type { Db } from '../db.ts';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { countHit, forgetWindowsBefore } from '../repositories/rate-limits.ts';

/** Every this many hits, counters idle for a day are dropped, so the table holds only recent clients. */
const SWEEP_EVERY = 10_000;
const IDLE_MS = 24 * 60 * 60 * 1000;

/**
 * @fastify/rate-limit's store on the database, so every API instance on it counts against the
 * same budgets (a client spreading its guesses over instances gains nothing). Keys name their
 * budget (`lookup:<ip>`): the plugin gives each budget a child of one store.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      const now = Date.now();
      const sweep = ++hitsSinceSweep >= SWEEP_EVERY;
      if (sweep) hitsSinceSweep = 0;
      (sweep ? forgetWindowsBefore(db, now - IDLE_MS) : Promise.resolve())
        .then(() => countHit(db, key, timeWindow, now))
        .then(
          (counted) => callback(null, { current: counted.hits, ttl: counted.window_started_ms + timeWindow - now }),
          (error: unknown) => callback(error as Error),
        );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
