// What the database locks, and what it does not: on PostgreSQL two carts (two orders, two job
// claims) never wait for each other, while one cart's commands stay serial. SQLite has one writer,
// so every write transaction waits for the one before: the concurrent cases below need row locks
// and run on PostgreSQL only (the `server-pg` project).
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, transaction, type Db } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { claimFaceJobs, insertFaceJobs } from '../../server/src/repositories/faces.ts';
import { claimImportJobs, insertImportJobs } from '../../server/src/repositories/import-jobs.ts';
import { insertPayment, setPaymentStatus } from '../../server/src/repositories/payments.ts';
import { newClaim } from '../../server/src/services/job-runner.ts';
import { payOrder } from '../../server/src/services/orders.ts';
import { confirmPixPayment } from '../../server/src/services/payments/checkout.ts';
import { createSandboxGateway } from '../../server/src/services/payments/sandbox.ts';
import { loadPixConfig } from '../../server/src/config.ts';
import { createTestApi, ON_POSTGRES, row, rows, type TestApi } from './helpers.ts';
import { addMediaRows, call, createOrder, loadShop, orderCall, validAddress, validCustomer, type Shop } from './shop-helpers.ts';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await createTestApi();
  shop = await loadShop(api);
});

afterAll(async () => {
  await api?.close();
});

/** A promise and the hand that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Whether a promise has settled yet (looked at after the pending callbacks ran). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

/** Waits until `n` sessions of this database wait for a lock (a row lock or an advisory one). */
async function waitForLockWaiters(db: Db, n: number): Promise<void> {
  for (;;) {
    const found = await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if ((found?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Runs `hold` in a transaction that stays open until the returned `release` is called; answers
 * once `hold` has run (its locks are taken).
 */
async function holdTransaction(db: Db, hold: (db: Db) => Promise<unknown>): Promise<{ release: () => Promise<void> }> {
  const taken = gate();
  const end = gate();
  const done = transaction(db, async (db) => {
    await hold(db);
    taken.open();
    await end.opened;
  });
  await Promise.race([taken.opened, done]);
  return {
    release: async () => {
      end.open();
      await done;
    },
  };
}

describe.runIf(ON_POSTGRES)('row-level locks on PostgreSQL', () => {
  it('lets a second cart commit while the first is held, and keeps the first cart’s commands serial', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00001' });
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00002' });
    const [photoA1, photoA2] = await addMediaRows(api.db, shop.orgId, 'ROWS00001', 'photo', 2);
    const [photoB] = await addMediaRows(api.db, shop.orgId, 'ROWS00002', 'photo', 1);
    const cartA = await createOrder(api, shop, 'ROWS00001');
    const cartB = await createOrder(api, shop, 'ROWS00002');
    // Cart A's row is locked by a transaction that has not ended (as a slow command on it would).
    const held = await holdTransaction(api.db, (db) => sql`SELECT id FROM orders WHERE id = ${cartA.id} FOR UPDATE`.execute(db));
    try {
      const onA = orderCall(api, 'POST', `/api/v1/order/${cartA.id}/product/${shop.photoProduct}/${photoA1}`);
      // Cart B commits meanwhile: it waits for nobody.
      const onB = await orderCall(api, 'POST', `/api/v1/order/${cartB.id}/product/${shop.photoProduct}/${photoB}`);
      expect(onB.items.flatMap((line) => line.items)).toEqual([{ photo: { id: photoB } }]);
      // Cart A's command waits for its row.
      await waitForLockWaiters(api.db, 1);
      expect(await settled(onA)).toBe(false);
      await held.release();
      expect((await onA).items.flatMap((line) => line.items)).toEqual([{ photo: { id: photoA1 } }]);
    } finally {
      await held.release();
    }
    // And once free, the cart moves on.
    const after = await orderCall(api, 'POST', `/api/v1/order/${cartA.id}/product/${shop.photoProduct}/${photoA2}`);
    expect(after.items.flatMap((line) => line.items)).toHaveLength(2);
  });

  it('creates a new cart while another cart is held', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00003' });
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00004' });
    const cartA = await createOrder(api, shop, 'ROWS00003');
    const held = await holdTransaction(api.db, (db) => sql`SELECT id FROM orders WHERE id = ${cartA.id} FOR UPDATE`.execute(db));
    try {
      const created = await createOrder(api, shop, 'ROWS00004');
      expect(created.id).not.toBe(cartA.id);
    } finally {
      await held.release();
    }
  });

  it('hands two workers different jobs while the first claim is still open', async () => {
    const [card] = await Promise.all([createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00005' })]);
    const photos = await addMediaRows(api.db, shop.orgId, 'ROWS00005', 'photo', 4);
    await insertFaceJobs(api.db, shop.orgId, photos);
    await insertImportJobs(
      api.db,
      photos.map((_, n) => ({
        id: `rows-job-${n}`,
        batch_id: 'rows-batch',
        organization_id: shop.orgId,
        card_id: card.id,
        kind: 'photo' as const,
        file_name: `${n}.jpg`,
        captured_at: '2025-01-01T10:00:00.000Z',
        sold_at_venue: 0,
        queued_at: '2025-01-01T10:00:00.000Z',
      })),
    );
    let first: string[] = [];
    const faces = await holdTransaction(api.db, async (db) => {
      first = (await claimFaceJobs(db, newClaim(), { nowMs: Date.now(), limit: 2, organizationId: shop.orgId })).map((job) => job.id);
    });
    let firstImports: string[] = [];
    const imports = await holdTransaction(api.db, async (db) => {
      firstImports = (await claimImportJobs(db, newClaim(), { nowMs: Date.now(), limit: 2, batchId: 'rows-batch' })).map((job) => job.id);
    });
    try {
      const second = (await claimFaceJobs(api.db, newClaim(), { nowMs: Date.now(), limit: 4, organizationId: shop.orgId })).map((job) => job.id);
      const secondImports = (await claimImportJobs(api.db, newClaim(), { nowMs: Date.now(), limit: 4, batchId: 'rows-batch' })).map((job) => job.id);
      expect(first).toHaveLength(2);
      // The organization has other photos queued too: what matters is that none is taken twice.
      expect(second).toHaveLength(4);
      expect(second.filter((id) => first.includes(id))).toEqual([]);
      expect(firstImports).toHaveLength(2);
      expect(secondImports).toHaveLength(2);
      expect(secondImports.filter((id) => firstImports.includes(id))).toEqual([]);
    } finally {
      await faces.release();
      await imports.release();
    }
  });

  it('sells a photo once when two orders are paid for it at the same time', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00008' });
    const [photo] = (await addMediaRows(api.db, shop.orgId, 'ROWS00008', 'photo', 1)) as [string];
    const [first, second] = await Promise.all(
      ['visitor-first-0123456789abcdef', 'visitor-second-0123456789abcde'].map(async (visitor) => {
        const order = await createOrder(api, shop, 'ROWS00008', [], visitor);
        await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${photo}`, undefined, visitor);
        await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: validCustomer, address: validAddress }, visitor);
        return order;
      }),
    );
    expect((await call(api, 'POST', `/api/v1/payment/checkout/${second!.id}`, { pix: true }, 'visitor-second-0123456789abcde')).status).toBe(200);
    // The first order is being paid (its transaction has sold the photo, not committed yet)
    // when the second order's PIX arrives.
    const paying = await holdTransaction(api.db, (db) => payOrder(db, first!.id, [photo]));
    let confirmed: Promise<unknown> | undefined;
    try {
      confirmed = confirmPixPayment({ db: api.db, gateway: createSandboxGateway({ db: api.db, dataDir: api.dataDir, pix: loadPixConfig({}) }) }, second!.id);
      await waitForLockWaiters(api.db, 1);
    } finally {
      await paying.release();
    }
    expect(await confirmed).toMatchObject({ status: 'REFUNDED' });
    const sold = await row(api.db, sql<{ sold_order_id: string | null }>`SELECT sold_order_id FROM media WHERE id = ${photo}`);
    expect(sold?.sold_order_id).toBe(first!.id);
    const statuses = await rows(api.db, sql<{ id: string; status: number }>`SELECT id, status FROM orders WHERE id IN (${first!.id}, ${second!.id})`);
    expect(Object.fromEntries(statuses.map((order) => [order.id, order.status]))).toEqual({ [first!.id]: 1, [second!.id]: 0 });
  });

  it('applies the migrations once when two instances open a new database together', async () => {
    const name = `t_migrate_${Date.now()}`;
    const adminUrl = inject('postgresAdminUrl');
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const opened = await Promise.all([1, 2, 3].map(() => openDatabase({ dataDir: api.dataDir, databaseUrl: url.href })));
      const versions = await rows(opened[0]!, sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`);
      expect(new Set(versions.map((v) => v.name)).size).toBe(versions.length);
      expect(versions.length).toBeGreaterThan(5);
      await Promise.all(opened.map((db) => db.destroy()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});

describe('one cart’s commands', () => {
  it('add every item when many arrive at once (none lost, no second order)', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00006' });
    const photos = await addMediaRows(api.db, shop.orgId, 'ROWS00006', 'photo', 12);
    const created = await Promise.all(Array.from({ length: 6 }, () => createOrder(api, shop, 'ROWS00006')));
    expect(new Set(created.map((order) => order.id)).size).toBe(1);
    const orderId = created[0]!.id;
    const answers = await Promise.all(photos.map((id) => call(api, 'POST', `/api/v1/order/${orderId}/product/${shop.photoProduct}/${id}`)));
    expect(answers.map((answer) => answer.status)).toEqual(photos.map(() => 200));
    const order = await orderCall(api, 'GET', `/api/v1/order/${orderId}`);
    expect(order.items.flatMap((line) => line.items)).toHaveLength(photos.length);
  });
});

describe('payment attempts', () => {
  it('keeps one live attempt per method and sale, whatever runs at once (a unique index)', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'ROWS00007' });
    const order = await createOrder(api, shop, 'ROWS00007');
    const attempt = (n: number, method: 'pix' | 'creditCard' = 'pix', mediaIds = ['m1', 'm2']) => ({
      id: `rows-attempt-${n}`,
      order_id: order.id,
      method,
      gateway: 'sandbox',
      idempotency_key: `${order.id}-${method}-${n}`,
      amount_cents: 5000,
      media_ids: JSON.stringify(mediaIds),
      status: 'processing' as const,
    });
    await insertPayment(api.db, attempt(1));
    await expect(insertPayment(api.db, attempt(2))).rejects.toThrow(/unique/i);
    // Another method, or another sale, is another attempt.
    await insertPayment(api.db, attempt(3, 'creditCard'));
    await insertPayment(api.db, attempt(4, 'pix', ['m1']));
    // Once the first is no longer live, the same sale may be charged again.
    await setPaymentStatus(api.db, 'rows-attempt-1', 'canceled');
    await insertPayment(api.db, attempt(5));
  });
});
