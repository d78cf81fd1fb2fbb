import type { Db } from '../db.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { releaseOrderLock, takeOrderLock } from '../repositories/order-locks.ts';
import { newId } from './ids.ts';

/** How long one checkout may hold its order: past any gateway's answer (the sandbox's delay is at most 60 s). */
const LEASE_MS = 120_000;
/** How often a waiting checkout asks again; a double click waits about one gateway answer. */
const RETRY_MS = 20;

/**
 * One checkout at a time per order, across every API instance on the database: a double click
 * (or a retry that reaches another instance) waits for the first and then finds its charge
 * instead of making a second one. A holder that died leaves the order locked until its lease ends.
 */
export async function withOrderLock<T>(db: Db, orderId: string, work: () => Promise<T>): Promise<T> {
  const holder = newId();
  while (!(await takeOrderLock(db, orderId, holder, Date.now(), LEASE_MS))) await sleep(RETRY_MS);
  try {
    return await work();
  } finally {
    await releaseOrderLock(db, orderId, holder);
  }
}
