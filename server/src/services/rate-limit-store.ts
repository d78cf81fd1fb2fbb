import type { DatabaseSync } from 'node:sqlite';
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
export function databaseRateLimitStore(db: DatabaseSync): FastifyRateLimitStoreCtor {
  let hitsSinceSweep = 0;
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number): void {
      try {
        const now = Date.now();
        if (++hitsSinceSweep >= SWEEP_EVERY) {
          hitsSinceSweep = 0;
          forgetWindowsBefore(db, now - IDLE_MS);
        }
        const counted = countHit(db, key, timeWindow, now);
        callback(null, { current: counted.hits, ttl: counted.window_started_ms + timeWindow - now });
      } catch (error) {
        callback(error as Error);
      }
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
