// The database rows several API instances agree through: rate-limit windows and order locks.
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/src/db.ts';
import { releaseOrderLock, takeOrderLock } from '../../server/src/repositories/order-locks.ts';
import { countHit, forgetWindowsBefore } from '../../server/src/repositories/rate-limits.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase } from './helpers.ts';

let dataDir: string;
let db: Db;

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
});
afterAll(async () => {
  await closeTestDatabase(db, dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('rate-limit windows', () => {
  it('counts hits within a window and starts a new one when it has ended', async () => {
    expect(await countHit(db, 'lookup:10.0.0.1', 1000, 5000)).toEqual({ hits: 1, window_started_ms: 5000 });
    expect(await countHit(db, 'lookup:10.0.0.1', 1000, 5500)).toEqual({ hits: 2, window_started_ms: 5000 });
    expect(await countHit(db, 'lookup:10.0.0.1', 1000, 5999)).toEqual({ hits: 3, window_started_ms: 5000 });
    // Another budget and another client count apart.
    expect(await countHit(db, 'costly:10.0.0.1', 1000, 5999)).toEqual({ hits: 1, window_started_ms: 5999 });
    expect(await countHit(db, 'lookup:10.0.0.2', 1000, 5999)).toEqual({ hits: 1, window_started_ms: 5999 });
    expect(await countHit(db, 'lookup:10.0.0.1', 1000, 6000)).toEqual({ hits: 1, window_started_ms: 6000 });
  });

  it('forgets the windows of clients that have not come back', async () => {
    await countHit(db, 'lookup:10.9.0.1', 1000, 100);
    await countHit(db, 'lookup:10.9.0.2', 1000, 9000);
    await forgetWindowsBefore(db, 5000);
    expect(await countHit(db, 'lookup:10.9.0.1', 1_000_000, 9500)).toEqual({ hits: 1, window_started_ms: 9500 });
    expect(await countHit(db, 'lookup:10.9.0.2', 1000, 9500)).toEqual({ hits: 2, window_started_ms: 9000 });
  });
});

describe('order locks', () => {
  it('lets one holder in at a time, until it releases or its lease ends', async () => {
    expect(await takeOrderLock(db, 'order-1', 'a', 1000, 500)).toBe(true);
    expect(await takeOrderLock(db, 'order-1', 'b', 1200, 500)).toBe(false);
    expect(await takeOrderLock(db, 'order-2', 'b', 1200, 500)).toBe(true);
    // Only the holder releases.
    await releaseOrderLock(db, 'order-1', 'b');
    expect(await takeOrderLock(db, 'order-1', 'b', 1300, 500)).toBe(false);
    await releaseOrderLock(db, 'order-1', 'a');
    expect(await takeOrderLock(db, 'order-1', 'b', 1300, 500)).toBe(true);
    // A holder that died: its lease runs out and the next one takes the order.
    expect(await takeOrderLock(db, 'order-1', 'c', 1799, 500)).toBe(false);
    expect(await takeOrderLock(db, 'order-1', 'c', 1800, 500)).toBe(true);
  });
});
