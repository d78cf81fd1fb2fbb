import type { DatabaseSync } from 'node:sqlite';

export interface WindowHits {
  hits: number;
  window_started_ms: number;
}

/**
 * Counts one hit of `key` at `nowMs`, in one statement so hits arriving at several instances at
 * once are all counted: the window restarts with this hit when the last one has ended.
 */
export function countHit(db: DatabaseSync, key: string, windowMs: number, nowMs: number): WindowHits {
  return db
    .prepare(
      `INSERT INTO rate_limit_hits (key, window_started_ms, hits) VALUES (?, ?, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN rate_limit_hits.window_started_ms + ? <= excluded.window_started_ms THEN 1 ELSE rate_limit_hits.hits + 1 END,
         window_started_ms = CASE WHEN rate_limit_hits.window_started_ms + ? <= excluded.window_started_ms
           THEN excluded.window_started_ms ELSE rate_limit_hits.window_started_ms END
       RETURNING hits, window_started_ms`,
    )
    .get(key, nowMs, windowMs, windowMs) as unknown as WindowHits;
}

/** Drops the counters whose window started before `beforeMs` (clients that have not come back). */
export function forgetWindowsBefore(db: DatabaseSync, beforeMs: number): void {
  db.prepare('DELETE FROM rate_limit_hits WHERE window_started_ms < ?').run(beforeMs);
}
