import type { Db } from '../db.ts';

/**
 * Takes the order's lock for `holder` until `nowMs + leaseMs`, unless another holder's lease is
 * still running; answers whether it did. One statement, so two instances never both take it.
 */
export async function takeOrderLock(db: Db, orderId: string, holder: string, nowMs: number, leaseMs: number): Promise<boolean> {
  const taken = await db
    .insertInto('order_locks')
    .values({ order_id: orderId, holder, expires_at_ms: nowMs + leaseMs })
    .onConflict((conflict) =>
      conflict
        .column('order_id')
        .doUpdateSet((eb) => ({ holder: eb.ref('excluded.holder'), expires_at_ms: eb.ref('excluded.expires_at_ms') }))
        .where('order_locks.expires_at_ms', '<=', nowMs),
    )
    .returning('holder')
    .executeTakeFirst();
  return taken !== undefined;
}

/** Moves the end of the lease on, if `holder` still has the lock. */
export async function renewOrderLock(db: Db, orderId: string, holder: string, expiresAtMs: number): Promise<void> {
  await db.updateTable('order_locks').set({ expires_at_ms: expiresAtMs }).where('order_id', '=', orderId).where('holder', '=', holder).execute();
}

/** Gives the lock back, if `holder` still has it. */
export async function releaseOrderLock(db: Db, orderId: string, holder: string): Promise<void> {
  await db.deleteFrom('order_locks').where('order_id', '=', orderId).where('holder', '=', holder).execute();
}
