import type { DatabaseSync } from 'node:sqlite';

/**
 * Takes the order's lock for `holder` until `nowMs + leaseMs`, unless another holder's lease is
 * still running; answers whether it did. One statement, so two instances never both take it.
 */
export function takeOrderLock(db: DatabaseSync, orderId: string, holder: string, nowMs: number, leaseMs: number): boolean {
  const taken = db
    .prepare(
      `INSERT INTO order_locks (order_id, holder, expires_at_ms) VALUES (?, ?, ?)
       ON CONFLICT (order_id) DO UPDATE SET holder = excluded.holder, expires_at_ms = excluded.expires_at_ms
       WHERE order_locks.expires_at_ms <= ?
       RETURNING holder`,
    )
    .get(orderId, holder, nowMs + leaseMs, nowMs);
  return taken !== undefined;
}

/** Gives the lock back, if `holder` still has it. */
export function releaseOrderLock(db: DatabaseSync, orderId: string, holder: string): void {
  db.prepare('DELETE FROM order_locks WHERE order_id = ? AND holder = ?').run(orderId, holder);
}
