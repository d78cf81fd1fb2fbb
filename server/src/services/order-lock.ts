import type { Db } from '../db.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { releaseOrderLock, renewOrderLock, takeOrderLock } from '../repositories/order-locks.ts';
import { newId } from './ids.ts';
import { LEASE_MS, whileLeased } from './job-runner.ts';

/** How often a waiting checkout asks again; a double click waits about one gateway answer. */
const RETRY_MS = 20;

/** Runs `work` while renewing the lease `holder` has taken, then gives the lock back. */
async function holding<T>(db: Db, orderId: string, holder: string, work: () => Promise<T>): Promise<T> {
  try {
    return await whileLeased((leaseExpiresAtMs) => renewOrderLock(db, orderId, holder, leaseExpiresAtMs), work);
  } finally {
    await releaseOrderLock(db, orderId, holder);
  }
}

/**
 * One checkout at a time per order, across every API instance on the database: a double click
 * (or a retry that reaches another instance) waits for the first and then finds its charge
 * instead of making a second one. The holder renews its lease as a job worker does, however
 * long the gateway takes; one that died leaves the order locked until the lease ends (20 s).
 */
export async function withOrderLock<T>(db: Db, orderId: string, work: () => Promise<T>): Promise<T> {
  const holder = newId();
  while (!(await takeOrderLock(db, orderId, holder, Date.now(), LEASE_MS))) await sleep(RETRY_MS);
  return holding(db, orderId, holder, work);
}

/** Like `withOrderLock`, but only when nobody holds the order: answers undefined, having run nothing, otherwise. */
export async function ifOrderFree<T>(db: Db, orderId: string, work: () => Promise<T>): Promise<T | undefined> {
  const holder = newId();
  if (!(await takeOrderLock(db, orderId, holder, Date.now(), LEASE_MS))) return undefined;
  return holding(db, orderId, holder, work);
}
