// A card charged by the gateway while the API dies before recording the answer (kill -9 at the
// worst time): the restarted API finds the charge by its idempotency key and either sells what
// it paid for or refunds it. Never neither.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireOrderAnswer, WirePublicKeyAnswer } from '@gallery/contract/shop';
import type { Db } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { removeMedia } from '../../server/src/services/orders.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase, rows, testDatabaseUrl } from './helpers.ts';
import { send, startInstance, stopInstance, type ApiInstance } from './instances.ts';
import { addMediaRows, cardHashFor, validAddress, validCustomer, VISITOR } from './shop-helpers.ts';

let dataDir: string;
let db: Db;
let env: Record<string, string>;
let orgId: number;
const running = new Set<ApiInstance>();

async function start(extra: Record<string, string> = {}): Promise<ApiInstance> {
  const instance = await startInstance({ ...env, ...extra });
  running.add(instance);
  return instance;
}

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  orgId = (await findOrganizationByWebName(db, 'demo'))!.id;
  // The restarted API looks for unrecorded answers every 200 ms (30 s by default).
  env = { DATA_DIR: dataDir, DATABASE_URL: (await testDatabaseUrl(dataDir)) ?? '', PAYMENT_RECONCILE_MS: '200' };
});

afterAll(async () => {
  await Promise.all([...running].map(stopInstance));
  if (db) await closeTestDatabase(db, dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

const attempts = (orderId: string) =>
  rows(
    db,
    sql<{ status: string; charge_id: string | null; amount_cents: number }>`SELECT status, charge_id, amount_cents FROM payments WHERE order_id = ${orderId}`,
  );
const charges = (orderId: string) =>
  rows(
    db,
    sql<{
      id: string;
      status: string;
      amount_cents: number;
    }>`SELECT id, status, amount_cents FROM sandbox_charges WHERE order_id = ${orderId} ORDER BY created_at`,
  );
const soldBy = async (orderId: string) =>
  (await rows(db, sql<{ id: string }>`SELECT id FROM media WHERE sold_order_id = ${orderId} ORDER BY id`)).map((media) => media.id);
const orderStatus = async (orderId: string) => (await rows(db, sql<{ status: number }>`SELECT status FROM orders WHERE id = ${orderId}`))[0]?.status;

/**
 * Starts the API with the fault point, fills an order of two photos of a fresh card and pays it
 * with the sandbox's approved card: the gateway charges R$ 50 and the process dies before
 * recording it. Answers the order and its photos.
 */
async function crashWhilePaying(code: string): Promise<{ orderId: string; photoProduct: number; media: string[] }> {
  const api = await start({ FAULT_AFTER_GATEWAY: '1' });
  const died = new Promise<NodeJS.Signals | null>((resolve) => api.process.once('exit', (_code, signal) => resolve(signal)));
  await createCard(db, { organizationId: orgId, code });
  const media = await addMediaRows(db, orgId, code, 'photo', 2);
  const products = (await send(api, 'GET', `/api/v1/products/${orgId}/online`)).body['products'] as Array<{ id: number; is_photo: boolean }>;
  const photoProduct = products.find((product) => product.is_photo)!.id;
  const created = await send(api, 'POST', `/api/v1/order/${code}/${orgId}?pdv=demo.localhost&tz=America%2FSao_Paulo`, { cards: [], visitor_key: VISITOR });
  const orderId = (created.body as unknown as WireOrderAnswer).order.id;
  for (const id of media) expect((await send(api, 'POST', `/api/v1/order/${orderId}/product/${photoProduct}/${id}`)).status).toBe(200);
  expect((await send(api, 'POST', `/api/v1/order/${orderId}/customer`, { customer: validCustomer })).status).toBe(200);
  expect((await send(api, 'POST', `/api/v1/order/${orderId}/customer`, { address: validAddress })).status).toBe(200);
  const { public_key: key } = (await send(api, 'GET', '/api/v1/payment/public_key')).body as unknown as WirePublicKeyAnswer;
  const paying = send(api, 'POST', `/api/v1/payment/checkout/${orderId}`, { card_hash: await cardHashFor(key) }).then(
    () => 'answered',
    () => 'no answer',
  );
  expect(await died).toBe('SIGKILL');
  running.delete(api);
  expect(await paying).toBe('no answer');
  // The card is charged; our books only know an attempt on its way.
  expect(await charges(orderId)).toEqual([expect.objectContaining({ status: 'paid', amount_cents: 5000 })]);
  expect(await attempts(orderId)).toEqual([{ status: 'processing', charge_id: null, amount_cents: 5000 }]);
  return { orderId, photoProduct, media };
}

// The dead process held the order's lock: the restarted API reconciles once its lease ends (20 s).
const RECONCILED_WITHIN = { timeout: 60_000, interval: 200 };

describe('a crash between the gateway answer and our commit', () => {
  it('sells what the charge paid for once the API is back', async () => {
    const { orderId, media } = await crashWhilePaying('CRASH0001');
    const api = await start();
    await vi.waitFor(async () => expect(await orderStatus(orderId)).toBe(1), RECONCILED_WITHIN);
    const [charge] = await charges(orderId);
    expect(charge).toMatchObject({ status: 'paid', amount_cents: 5000 });
    expect(await attempts(orderId)).toEqual([{ status: 'paid', charge_id: charge!.id, amount_cents: 5000 }]);
    expect(await soldBy(orderId)).toEqual([...media].sort());
    expect((await send(api, 'GET', `/api/v1/payment/${orderId}`)).body).toMatchObject({ status: 'PAID' });
    await stopInstance(api);
    running.delete(api);
  }, 120_000);

  it('refunds the charge when the cart changed meanwhile, and charges the new cart next', async () => {
    const { orderId, photoProduct, media } = await crashWhilePaying('CRASH0002');
    // Another instance serves the buyer meanwhile: one photo fewer, the attempt is canceled.
    await removeMedia(db, orderId, VISITOR, { productId: photoProduct, mediaId: media[1]! });
    const api = await start();
    await vi.waitFor(async () => expect(await charges(orderId)).toEqual([expect.objectContaining({ status: 'refunded' })]), RECONCILED_WITHIN);
    const [charge] = await charges(orderId);
    await vi.waitFor(async () => expect(await attempts(orderId)).toEqual([{ status: 'refunded', charge_id: charge!.id, amount_cents: 5000 }]));
    expect(await orderStatus(orderId)).toBe(0);
    expect(await soldBy(orderId)).toEqual([]);
    const { public_key: key } = (await send(api, 'GET', '/api/v1/payment/public_key')).body as unknown as WirePublicKeyAnswer;
    expect((await send(api, 'POST', `/api/v1/payment/checkout/${orderId}`, { card_hash: await cardHashFor(key) })).body).toMatchObject({ status: 'PAID' });
    expect(await soldBy(orderId)).toEqual([media[0]]);
    expect(await charges(orderId)).toEqual([
      expect.objectContaining({ status: 'refunded', amount_cents: 5000 }),
      expect.objectContaining({ status: 'paid', amount_cents: 2500 }),
    ]);
  }, 120_000);
});
