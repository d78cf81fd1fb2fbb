import type { Db } from '../db.ts';

export interface WindowHits {
  hits: number;
  window_started_ms: number;
}

/**
 * Counts one hit of `key` at `nowMs`, in one statement so hits arriving at several instances at
 * once are all counted: the window restarts with this hit when the last one has ended.
 */
export function countHit(db: Db, key: string, windowMs: number, nowMs: number): Promise<WindowHits> {
  return db
    .insertInto('rate_limit_hits')
    .values({ key, window_started_ms: nowMs, hits: 1 })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet((eb) => {
        const ended = eb(eb('rate_limit_hits.window_started_ms', '+', windowMs), '<=', eb.ref('excluded.window_started_ms'));
        return {
          hits: eb
            .case()
            .when(ended)
            .then(1)
            .else(eb('rate_limit_hits.hits', '+', 1))
            .end(),
          window_started_ms: eb.case().when(ended).then(eb.ref('excluded.window_started_ms')).else(eb.ref('rate_limit_hits.window_started_ms')).end(),
        };
      }),
    )
    .returning(['hits', 'window_started_ms'])
    .executeTakeFirstOrThrow();
}

/** Drops the counters whose window started before `beforeMs` (clients that have not come back). */
export async function forgetWindowsBefore(db: Db, beforeMs: number): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_started_ms', '<', beforeMs).execute();
}
