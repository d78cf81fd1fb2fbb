// "E-mail me when my photos arrive" (issue #29): a visitor of an empty card subscribes; the
// import that lands the card's first photos queues one e-mail with the link to that card's
// gallery, and the subscription is deleted; later imports send nothing more.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadMailConfig } from '../../server/src/config.ts';
import { createMailer } from '../../server/src/mail/transport.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { findOrganizationById } from '../../server/src/repositories/organizations.ts';
import { drainOrganization } from '../../server/src/services/face-jobs.ts';
import type { FaceEngine } from '../../server/src/services/face-engine.ts';
import { startMailSender } from '../../server/src/services/mail-outbox.ts';
import type { Worker } from '../../server/src/services/job-runner.ts';
import { createTestApi, row, rows, runCli, upsertTwoFactorOrganization, type TestApi } from './helpers.ts';
import { linkIn, startSmtp, type TestSmtp } from '../support/smtp.ts';
import { photoFolder } from './visitor-helpers.ts';

let api: TestApi;
let orgId: number;
let orgName: string;
let smtp: TestSmtp;
let sender: Worker;

beforeAll(async () => {
  api = await createTestApi();
  orgId = (await api.db.selectFrom('organizations').select('id').where('web_name', '=', 'demo').executeTakeFirstOrThrow()).id;
  orgName = (await findOrganizationById(api.db, orgId))!.name;
  smtp = await startSmtp();
  const config = loadMailConfig({ SMTP_URL: smtp.url, MAIL_LINKS_URL: 'https://api.example.test', MAIL_RETRY_MS: '20' });
  sender = startMailSender({ db: api.db, mailer: createMailer(config, api.dataDir), config, log: () => undefined });
}, 120_000);
afterAll(async () => {
  await sender?.stop();
  await smtp?.close();
  await api.close();
});

function subscribe(card: string, payload: Record<string, unknown>, origin = 'http://demo.localhost:4321') {
  return api.app.inject({ method: 'POST', url: `/api/v1/notify/${orgId}/${card}`, payload, headers: { origin } });
}

async function importPhotos(card: string, count: number): Promise<void> {
  const folder = await photoFolder(count);
  try {
    const result = await runCli(api.dataDir, 'media:import', '--org', 'demo', '--card', card, folder);
    expect(result.code, result.stderr).toBe(0);
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

const subscriptions = (address: string) => rows(api.db, sql<{ card_id: string }>`SELECT card_id FROM notify_subscriptions WHERE address = ${address}`);

describe('notify me when my photos arrive', () => {
  it('sends one e-mail in the chosen language when the first photos land, linking to the card, and forgets the address', async () => {
    await createCard(api.db, { organizationId: orgId, code: 'NOTIFY001' });
    const body = { email: 'Ana@Example.com', consent: true, locale: 'es' };
    expect((await subscribe('NOTIFY001', body)).statusCode).toBe(200);
    expect((await subscribe('NO-TIFY-001', body)).statusCode).toBe(200);
    expect(await subscriptions('ana@example.com')).toHaveLength(1);

    await importPhotos('NOTIFY001', 2);
    expect(await subscriptions('ana@example.com')).toEqual([]);
    await vi.waitFor(() => expect(smtp.received.filter((mail) => (mail.text ?? '').includes('NO-TIFY-001'))).toHaveLength(1), {
      timeout: 15_000,
      interval: 50,
    });
    const [mail] = smtp.received.filter((mail) => (mail.text ?? '').includes('NO-TIFY-001'));
    expect(mail!.subject).toBe(`Tus fotos llegaron: ${orgName}`);
    expect(linkIn(mail!, 'http://demo.localhost:4321/gallery/')).toBe('http://demo.localhost:4321/gallery/NO-TIFY-001?lang=es');
    expect(mail!.headerLines.some((header) => header.key === 'list-unsubscribe')).toBe(true);
    expect(typeof mail!.html).toBe('string');
    // Sent: the notice's row and address are gone.
    await vi.waitFor(async () => expect(await rows(api.db, sql`SELECT id FROM mail_outbox WHERE kind = 'arrival'`)).toEqual([]));

    // Later imports send nothing more; the card now has photos, so subscribing is refused.
    await importPhotos('NOTIFY001', 1);
    expect(await rows(api.db, sql`SELECT id FROM mail_outbox WHERE subject_id = (SELECT id FROM cards WHERE code = 'NOTIFY001')`)).toEqual([]);
    expect((await subscribe('NOTIFY001', body)).statusCode).toBe(409);
  }, 60_000);

  it('needs consent, a known card, and stops one address from being subscribed to many cards', async () => {
    expect((await subscribe('NOTIFY002', { email: 'bia@example.com', consent: true })).json()).toMatchObject({ message: 'CARD_NOT_FOUND' });
    for (let n = 1; n <= 6; n++) await createCard(api.db, { organizationId: orgId, code: `NOTIFYM0${n}` });
    expect((await subscribe('NOTIFYM01', { email: 'bia@example.com' })).statusCode).toBe(400);
    for (let n = 1; n <= 5; n++) expect((await subscribe(`NOTIFYM0${n}`, { email: 'bia@example.com', consent: true })).statusCode).toBe(200);
    expect((await subscribe('NOTIFYM06', { email: 'bia@example.com', consent: true })).json()).toMatchObject({ message: 'RATE_LIMITED' });
    expect(await subscriptions('bia@example.com')).toHaveLength(5);
  });

  it('mail:purge --org removes the subscriptions and the addresses nothing waits for', async () => {
    await createCard(api.db, { organizationId: orgId, code: 'NOTIFYP01' });
    expect((await subscribe('NOTIFYP01', { email: 'caio@example.com', consent: true })).statusCode).toBe(200);
    const result = await runCli(api.dataDir, 'mail:purge', '--org', 'demo');
    expect(result.code, result.stderr).toBe(0);
    expect(await subscriptions('caio@example.com')).toEqual([]);
    expect(await row(api.db, sql<{ n: number }>`SELECT count(*) AS n FROM notify_subscriptions`)).toMatchObject({ n: 0 });
  });

  it('under two-factor, says nothing of a card (not even that it is empty) without its access code', async () => {
    const vault = await upsertTwoFactorOrganization(api.db, 'notifyvault', 'Notify Vault');
    await createCard(api.db, { organizationId: vault, code: 'NOTIFYV01', secret: 'COFRE9' });
    const ask = (query: string) =>
      api.app.inject({ method: 'POST', url: `/api/v1/notify/${vault}/NOTIFYV01${query}`, payload: { email: 'dora@example.com', consent: true } });
    expect((await ask('')).json()).toEqual({ error: true, message: 'CUSTOMER_CODE_NOT_FOUND' });
    expect((await ask('?secret=OUTRO9')).statusCode).toBe(401);
    expect(await subscriptions('dora@example.com')).toEqual([]);
    expect((await ask('?secret=cofre9')).statusCode).toBe(200);
    expect(await subscriptions('dora@example.com')).toHaveLength(1);
  });
});

describe('notify me from the facial search, when the photos of the days searched are indexed', () => {
  /** An engine that finds no face: indexing then only moves photos out of the queue. */
  const noFaces: FaceEngine = { describe: () => Promise.resolve([]) };
  const subscribeFaces = (payload: Record<string, unknown>) =>
    api.app.inject({ method: 'POST', url: `/api/v1/notify/${orgId}`, payload, headers: { origin: 'http://demo.localhost:4321' } });
  const faceSubscriptions = (address: string) => rows(api.db, sql<{ id: string }>`SELECT id FROM notify_face_subscriptions WHERE address = ${address}`);

  it('sends one e-mail in the chosen language, linking to the site to search again, once the last photo of the period is indexed', async () => {
    await importPhotos('NOTIFYF01', 2);
    // The days around every photo waiting to be indexed (a day either side: the organization's days are not UTC's).
    const times = (await rows(api.db, sql<{ t: string }>`SELECT m.captured_at AS t FROM face_jobs j JOIN media m ON m.id = j.media_id`))
      .map((row) => row.t)
      .sort();
    const day = (time: string, shift: number) => new Date(Date.parse(time) + shift * 86_400_000).toISOString().slice(0, 10);
    const period = { from_date: day(times[0]!, -1), to_date: day(times.at(-1)!, 1) };
    const body = { email: 'Dora@Example.com', consent: true, locale: 'en', ...period };
    expect((await subscribeFaces({ ...body, consent: false })).statusCode).toBe(400);
    expect((await subscribeFaces(body)).statusCode).toBe(200);
    expect((await subscribeFaces(body)).statusCode).toBe(200);
    expect(await faceSubscriptions('dora@example.com')).toHaveLength(1);

    await drainOrganization(api.db, api.store, noFaces, { organizationId: orgId, concurrency: 1, onProgress: () => undefined, log: () => undefined });
    expect(await faceSubscriptions('dora@example.com')).toEqual([]);
    const forDora = () => smtp.received.filter((mail) => [mail.to ?? []].flat().some((to) => to.text === 'dora@example.com'));
    await vi.waitFor(() => expect(forDora()).toHaveLength(1), { timeout: 15_000, interval: 50 });
    const [mail] = forDora();
    expect(mail!.subject).toBe(`Your photos are ready to search: ${orgName}`);
    expect(linkIn(mail!, 'http://demo.localhost:4321/')).toBe('http://demo.localhost:4321/?lang=en');
    // Sent: the notice's row and address are gone; nothing is pending now, so subscribing is refused.
    await vi.waitFor(async () => expect(await rows(api.db, sql`SELECT id FROM mail_outbox WHERE kind = 'faces'`)).toEqual([]));
    expect((await subscribeFaces(body)).json()).toMatchObject({ message: 'VALIDATION_ERROR' });
  }, 60_000);
});
