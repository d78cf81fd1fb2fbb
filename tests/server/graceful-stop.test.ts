// A stop the way deployments stop (SIGTERM): the request under way is answered, jobs under way
// end or are given back at once, and the process exits 0.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireOrderAnswer, WirePublicKeyAnswer } from '../../contract/shop.ts';
import type { Db } from '../../server/src/db.ts';
import { createCard, findCard } from '../../server/src/repositories/cards.ts';
import { claimImportJobs, insertImportJobs } from '../../server/src/repositories/import-jobs.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { startImporter } from '../../server/src/services/import-jobs.ts';
import { newId } from '../../server/src/services/ids.ts';
import { newClaim } from '../../server/src/services/job-runner.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase, rows, testDatabaseUrl } from './helpers.ts';
import { send, startInstance, stopInstance, type ApiInstance } from './instances.ts';
import { addMediaRows, cardHashFor, validAddress, validCustomer, VISITOR } from './shop-helpers.ts';

let dataDir: string;
let db: Db;
let orgId: number;
let env: Record<string, string>;
const running = new Set<ApiInstance>();

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  orgId = (await findOrganizationByWebName(db, 'demo'))!.id;
  env = { DATA_DIR: dataDir, DATABASE_URL: (await testDatabaseUrl(dataDir)) ?? '' };
});

afterAll(async () => {
  await Promise.all([...running].map(stopInstance));
  if (db) await closeTestDatabase(db, dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

const attempts = (orderId: string) => rows(db, sql<{ status: string }>`SELECT status FROM payments WHERE order_id = ${orderId}`);

describe('SIGTERM', () => {
  it('answers the request under way, then exits 0', async () => {
    // The sandbox gateway takes its time: the checkout is under way when the signal comes.
    const api = await startInstance({ ...env, PAYMENT_GATEWAY_DELAY_MS: '2000' });
    running.add(api);
    const exited = new Promise<number | null>((resolve) => api.process.once('exit', (code) => resolve(code)));
    expect(await send(api, 'GET', '/readyz')).toEqual({ status: 200, body: { ok: true } });
    await createCard(db, { organizationId: orgId, code: 'STOP00001' });
    const [media] = await addMediaRows(db, orgId, 'STOP00001', 'photo', 1);
    const products = (await send(api, 'GET', `/api/v1/products/${orgId}/online`)).body['products'] as Array<{ id: number; is_photo: boolean }>;
    const photoProduct = products.find((product) => product.is_photo)!.id;
    const created = await send(api, 'POST', `/api/v1/order/STOP00001/${orgId}`, { cards: [], visitor_key: VISITOR });
    const orderId = (created.body as unknown as WireOrderAnswer).order.id;
    expect((await send(api, 'POST', `/api/v1/order/${orderId}/product/${photoProduct}/${media}`)).status).toBe(200);
    expect((await send(api, 'POST', `/api/v1/order/${orderId}/customer`, { customer: validCustomer, address: validAddress })).status).toBe(200);
    const { public_key: key } = (await send(api, 'GET', '/api/v1/payment/public_key')).body as unknown as WirePublicKeyAnswer;
    const paying = send(api, 'POST', `/api/v1/payment/checkout/${orderId}`, { card_hash: await cardHashFor(key) });
    // The attempt is recorded before the gateway is asked: the charge is on its way.
    await vi.waitFor(async () => expect(await attempts(orderId)).toEqual([{ status: 'processing' }]), { timeout: 10_000, interval: 20 });
    api.process.kill('SIGTERM');
    expect(await paying).toMatchObject({ status: 200, body: { status: 'PAID' } });
    expect(await exited).toBe(0);
    running.delete(api);
  }, 60_000);
});

describe('a worker told to stop', () => {
  it('gives back the claim of a job that outlasts the grace, so another worker takes it at once', async () => {
    const card = (await findCard(db, orgId, 'DEMO00001'))!;
    const jobId = newId();
    await insertImportJobs(db, [
      {
        id: jobId,
        batch_id: newId(),
        organization_id: orgId,
        card_id: card.id,
        kind: 'photo',
        file_name: 'slow.jpg',
        captured_at: new Date().toISOString(),
        sold_at_venue: 0,
        queued_at: new Date().toISOString(),
      },
    ]);
    // The staged file never arrives (a stalled object store) until the test lets it fail.
    let fail: (error: Error) => void = () => undefined;
    const stalled = new Promise<never>((_resolve, reject) => (fail = reject));
    const local = createLocalStore(dataDir);
    const worker = startImporter(db, { ...local, read: () => stalled }, { busy: () => false, log: () => undefined });
    const claimOf = async () =>
      (await rows(db, sql<{ claim_token: string | null; attempts: number }>`SELECT claim_token, attempts FROM import_jobs WHERE id = ${jobId}`))[0];
    await vi.waitFor(async () => expect((await claimOf())?.claim_token).toEqual(expect.any(String)), { timeout: 10_000, interval: 20 });
    // Bounded, so the test reports a stop that waits for the stalled job rather than hanging.
    const stopped = await Promise.race([worker.stop({ releaseAfterMs: 200 }).then(() => 'stopped'), sleep(10_000).then(() => 'still waiting')]);
    expect(stopped).toBe('stopped');
    // Free now, its interrupted attempt not counted: another worker's claim takes it.
    expect(await claimOf()).toEqual({ claim_token: null, attempts: 0 });
    const [taken] = await claimImportJobs(db, newClaim(), { nowMs: Date.now(), limit: 1 });
    expect(taken?.id).toBe(jobId);
    fail(new Error('the store is back'));
    await sql`DELETE FROM import_jobs WHERE id = ${jobId}`.execute(db);
  }, 60_000);
});
