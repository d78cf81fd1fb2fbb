// The mail sender killed (kill -9) mid-send: the outbox row stays claimed until its lease ends,
// then the restarted API sends it. Killed while the SMTP server holds the DATA unanswered, the
// message arrives once; killed after the server took it but before the row says so (the
// at-least-once boundary), it arrives twice with the same Message-ID.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireOrderAnswer, WirePublicKeyAnswer } from '@gallery/contract/shop';
import type { Db } from '../../server/src/db.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationByWebName } from '../../server/src/repositories/organizations.ts';
import { seedDemo } from '../../server/src/services/seed.ts';
import { createLocalStore } from '../../server/src/storage/local-store.ts';
import { closeTestDatabase, makeTempDir, openTestDatabase, rows, testDatabaseUrl } from './helpers.ts';
import { send, startInstance, stopInstance, type ApiInstance } from './instances.ts';
import { startSmtp, type DataAnswer, type TestSmtp } from '../support/smtp.ts';
import { addMediaRows, cardHashFor, validAddress, validCustomer, VISITOR } from './shop-helpers.ts';

let dataDir: string;
let db: Db;
let orgId: number;
let smtp: TestSmtp;
/** What the SMTP server does with the next DATA, and who hears of it first. */
let next: { answer: DataAnswer; onData?: () => void } = { answer: 'accept' };
const running = new Set<ApiInstance>();

beforeAll(async () => {
  dataDir = await makeTempDir();
  db = await openTestDatabase(dataDir);
  await seedDemo(db, createLocalStore(dataDir));
  orgId = (await findOrganizationByWebName(db, 'demo'))!.id;
  smtp = await startSmtp({ answer: () => next.answer, onData: () => next.onData?.() });
}, 120_000);

afterAll(async () => {
  await Promise.all([...running].map(stopInstance));
  await smtp?.close();
  if (db) await closeTestDatabase(db, dataDir);
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ApiInstance> {
  const instance = await startInstance({
    DATA_DIR: dataDir,
    DATABASE_URL: (await testDatabaseUrl(dataDir)) ?? '',
    SMTP_URL: smtp.url,
    MAIL_LINKS_URL: 'https://api.example.test',
    MAIL_RETRY_MS: '50',
  });
  running.add(instance);
  return instance;
}

/** Kills the instance at once, as a crash would, and waits until it is gone. */
function kill(api: ApiInstance): Promise<void> {
  running.delete(api);
  return new Promise((resolve) => {
    api.process.once('exit', () => resolve());
    api.process.kill('SIGKILL');
  });
}

/** Pays an order of one photo of a fresh card with the sandbox's approved card. */
async function payOrder(api: ApiInstance, code: string): Promise<string> {
  await createCard(db, { organizationId: orgId, code });
  const [media] = await addMediaRows(db, orgId, code, 'photo', 1);
  const products = (await send(api, 'GET', `/api/v1/products/${orgId}/online`)).body['products'] as Array<{ id: number; is_photo: boolean }>;
  const photoProduct = products.find((product) => product.is_photo)!.id;
  const created = await send(api, 'POST', `/api/v1/order/${code}/${orgId}?pdv=demo.localhost&tz=America%2FSao_Paulo`, { cards: [], visitor_key: VISITOR });
  const orderId = (created.body as unknown as WireOrderAnswer).order.id;
  expect((await send(api, 'POST', `/api/v1/order/${orderId}/product/${photoProduct}/${media}`)).status).toBe(200);
  expect((await send(api, 'POST', `/api/v1/order/${orderId}/customer`, { customer: validCustomer })).status).toBe(200);
  expect((await send(api, 'POST', `/api/v1/order/${orderId}/customer`, { address: validAddress })).status).toBe(200);
  const { public_key: key } = (await send(api, 'GET', '/api/v1/payment/public_key')).body as unknown as WirePublicKeyAnswer;
  expect((await send(api, 'POST', `/api/v1/payment/checkout/${orderId}`, { card_hash: await cardHashFor(key) })).body['status']).toBe('PAID');
  return orderId;
}

const receivedFor = (orderId: string) => smtp.received.filter((mail) => (mail.text ?? '').includes(orderId));
const sentAt = async (orderId: string) =>
  (await rows(db, sql<{ sent_at: string | null }>`SELECT sent_at FROM mail_outbox WHERE subject_id = ${orderId}`))[0]?.sent_at ?? null;

// The killed sender's claim holds the message until its lease ends (20 s).
const SENT_WITHIN = { timeout: 60_000, interval: 200 };

describe('a sender killed mid-send', () => {
  it('sends the message after the restart, once, when the SMTP server had not taken it', async () => {
    const first = await start();
    let killed: Promise<void> | undefined;
    // The SMTP server holds the message's DATA unanswered; the API dies meanwhile.
    next = { answer: 'stall', onData: () => (killed ??= kill(first)) };
    const orderId = await payOrder(first, 'MAILKILL1');
    await vi.waitFor(() => expect(killed).toBeDefined(), SENT_WITHIN);
    await killed;
    expect(receivedFor(orderId)).toEqual([]);
    expect(await sentAt(orderId)).toBeNull();

    next = { answer: 'accept' };
    const second = await start();
    await vi.waitFor(async () => expect(await sentAt(orderId)).toBeTruthy(), SENT_WITHIN);
    expect(receivedFor(orderId)).toHaveLength(1);
    await stopInstance(second);
    running.delete(second);
  }, 120_000);

  it('sends it again with the same Message-ID when the SMTP server took it just before the kill', async () => {
    const first = await start();
    let killed: Promise<void> | undefined;
    // The server keeps the message, but the API dies before it hears the server's answer.
    next = { answer: 'accept', onData: () => (killed ??= kill(first)) };
    const orderId = await payOrder(first, 'MAILKILL2');
    await vi.waitFor(() => expect(killed).toBeDefined(), SENT_WITHIN);
    await killed;
    next = { answer: 'accept' };
    const second = await start();
    await vi.waitFor(async () => expect(await sentAt(orderId)).toBeTruthy(), SENT_WITHIN);
    const copies = receivedFor(orderId);
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toMatch(/^<receipt\./);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
    await stopInstance(second);
    running.delete(second);
  }, 120_000);
});
