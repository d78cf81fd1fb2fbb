// Two API processes on one database, as a provider runs them behind a load balancer: the rules
// that protect money and cards hold across both, not per process.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import type { WireOrderAnswer, WirePaymentAnswer } from '@gallery/contract/shop';
import type { Db } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { LIMIT_PROFILES } from '../../server/src/safety.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase, row, testDatabaseUrl } from './helpers.ts';
import { startInstance, stopInstance, type ApiInstance } from './instances.ts';
import { addMediaRows, validAddress, validCustomer, VISITOR } from './shop-helpers.ts';
import { jpeg, multipart } from './visitor-helpers.ts';

let dataDir: string;
let db: Db;
let instances: ApiInstance[] = [];
let orgId: number;
/** How many order creations the crowd test sends (each spends a card look-up). */
const CROWD_ORDERS = 8;
/** What the read cache test spends of the look-up budget: 3 look-ups and 2 uploads to a card. */
const CACHE_LOOK_UPS = 5;

/** Calls as the visitor's browser does, with its visitor key. */
async function send(instance: ApiInstance, method: string, path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers = { [VISITOR_KEY_HEADER]: VISITOR };
  const res = await fetch(`${instance.url}${path}`, {
    method,
    ...(body === undefined ? { headers } : { headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  orgId = (await findOrganizationByWebName(db, 'demo'))!.id;
  // The sandbox takes half a second per charge, so the two checkouts below overlap.
  const databaseUrl = (await testDatabaseUrl(dataDir)) ?? '';
  instances = await Promise.all(
    [1, 2].map(() => startInstance({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, PAYMENT_GATEWAY_DELAY_MS: '500', RATE_LIMIT_STORE: 'database' })),
  );
});

afterAll(async () => {
  await Promise.all(instances.map(stopInstance));
  if (db) await closeTestDatabase(db, dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('two API instances on one database', () => {
  it('makes one order and one charge when a double click reaches both', async () => {
    const [a, b] = instances as [ApiInstance, ApiInstance];
    await createCard(db, { organizationId: orgId, code: 'TWINS0001' });
    const media = await addMediaRows(db, orgId, 'TWINS0001', 'photo', 2);
    const products = await send(a, 'GET', `/api/v1/products/${orgId}/online`);
    const photoProduct = (products.body['products'] as Array<{ id: number; is_photo: boolean }>).find((p) => p.is_photo)!.id;
    const created = await send(b, 'POST', `/api/v1/order/TWINS0001/${orgId}?pdv=demo.localhost&tz=America%2FSao_Paulo`, {
      cards: [],
      visitor_key: VISITOR,
    });
    const orderId = (created.body as unknown as WireOrderAnswer).order.id;
    for (const id of media) expect((await send(a, 'POST', `/api/v1/order/${orderId}/product/${photoProduct}/${id}`)).status).toBe(200);
    await send(b, 'POST', `/api/v1/order/${orderId}/customer`, { customer: validCustomer });
    await send(a, 'POST', `/api/v1/order/${orderId}/customer`, { address: validAddress });

    const [first, second] = await Promise.all([a, b].map((instance) => send(instance, 'POST', `/api/v1/payment/checkout/${orderId}`, { pix: true })));
    if (!first || !second) throw new Error('two answers expected');
    expect(first).toMatchObject({ status: 200, body: { status: 'PENDING' } });
    expect(second).toEqual(first);
    expect((first.body as unknown as WirePaymentAnswer).pix_text).toBeTruthy();
    const count = async (table: string) => (await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE order_id = ${orderId}`))?.n;
    expect(await count('payments')).toBe(1);
    expect(await count('sandbox_charges')).toBe(1);
    const orders = await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM orders o JOIN cards c ON c.id = o.first_card_id WHERE c.code = 'TWINS0001'`);
    expect(orders?.n).toBe(1);
  });

  it('loses nothing when many calls on one cart reach both at once: one order, every item, one charge', async () => {
    const instancesInTurn = (n: number) => instances[n % instances.length] as ApiInstance;
    await createCard(db, { organizationId: orgId, code: 'CROWD0001' });
    const media = await addMediaRows(db, orgId, 'CROWD0001', 'photo', 12);
    const products = await send(instancesInTurn(0), 'GET', `/api/v1/products/${orgId}/online`);
    const photoProduct = (products.body['products'] as Array<{ id: number; is_photo: boolean }>).find((p) => p.is_photo)!.id;

    const created = await Promise.all(
      Array.from({ length: CROWD_ORDERS }, (_, n) =>
        send(instancesInTurn(n), 'POST', `/api/v1/order/CROWD0001/${orgId}?pdv=demo.localhost`, { cards: [], visitor_key: VISITOR }),
      ),
    );
    expect(created.map((answer) => answer.status)).toEqual(created.map(() => 200));
    const orderIds = new Set(created.map((answer) => (answer.body as unknown as WireOrderAnswer).order.id));
    expect(orderIds.size).toBe(1);
    const [orderId] = [...orderIds] as [string];
    const open = await row(
      db,
      sql<{ n: number }>`SELECT count(*) AS n FROM orders o JOIN cards c ON c.id = o.first_card_id WHERE c.code = 'CROWD0001' AND o.status = 0`,
    );
    expect(open?.n).toBe(1);

    const added = await Promise.all(media.map((id, n) => send(instancesInTurn(n), 'POST', `/api/v1/order/${orderId}/product/${photoProduct}/${id}`)));
    expect(added.map((answer) => answer.status)).toEqual(media.map(() => 200));
    const items = await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM order_items WHERE order_id = ${orderId}`);
    expect(items?.n).toBe(media.length);
    await send(instancesInTurn(0), 'POST', `/api/v1/order/${orderId}/customer`, { customer: validCustomer });
    await send(instancesInTurn(1), 'POST', `/api/v1/order/${orderId}/customer`, { address: validAddress });

    const checkouts = await Promise.all(
      Array.from({ length: 6 }, (_, n) => send(instancesInTurn(n), 'POST', `/api/v1/payment/checkout/${orderId}`, { pix: true })),
    );
    expect(checkouts.map((answer) => answer.status)).toEqual(checkouts.map(() => 200));
    expect(new Set(checkouts.map((answer) => (answer.body as unknown as WirePaymentAnswer).pix_text)).size).toBe(1);
    const payments = await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM payments WHERE order_id = ${orderId}`);
    expect(payments?.n).toBe(1);
    const charges = await row(db, sql<{ n: number }>`SELECT count(*) AS n FROM sandbox_charges WHERE order_id = ${orderId}`);
    expect(charges?.n).toBe(1);
  });

  it("answers a card look-up from its cache until another instance's write, then the new count", async () => {
    const [a, b] = instances as [ApiInstance, ApiInstance];
    const upload = async (query: string) => {
      const { payload, headers } = multipart([{ field: 'photos[]', filename: 'mine.jpg', contentType: 'image/jpeg', data: await jpeg() }]);
      const res = await fetch(`${a.url}/api/v1/photo/${orgId}${query}`, { method: 'POST', headers, body: new Uint8Array(payload) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { card_code: string }).card_code;
    };
    const lookUp = async (code: string) =>
      ((await (await fetch(`${b.url}/api/v1/card/${code}/medias?organization_id=${orgId}`)).json()) as { medias_count: number }).medias_count;
    const code = await upload('');
    expect(await lookUp(code)).toBe(1);
    expect(await lookUp(code)).toBe(1);
    await upload(`?card_code=${code}`);
    expect(await lookUp(code)).toBe(2);
  });

  it('counts card guesses against one budget whichever instance answers them', async () => {
    const budget = LIMIT_PROFILES.lookup.max;
    // Each instance alone stays under the budget; together they go past it.
    const perInstance = Math.ceil(budget * 0.55);
    const guesses = await Promise.all(
      instances.map(async (instance, i) => {
        const statuses: number[] = [];
        for (let n = 0; n < perInstance; n++) {
          const code = `GUES${i}${String(n).padStart(4, '0')}`;
          statuses.push((await fetch(`${instance.url}/api/v1/card/${code}/medias?organization_id=${orgId}`)).status);
        }
        return statuses;
      }),
    );
    const all = guesses.flat();
    expect(all.filter((status) => status !== 404 && status !== 429)).toEqual([]);
    // The tests above spent look-ups of the same budget (each order creation, each look-up).
    expect(all.filter((status) => status === 404).length).toBe(budget - 1 - CROWD_ORDERS - CACHE_LOOK_UPS);
  });
});
