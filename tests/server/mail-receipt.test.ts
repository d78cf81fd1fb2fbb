// The receipt (issue #29): paying an order (card, or PIX confirmed by `payment:confirm`) queues
// one e-mail in the paying transaction, and the sender delivers it through a real SMTP server.
import { sql } from 'kysely';
import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@gallery/contract/money';
import type { WireOrder, WirePaymentAnswer } from '@gallery/contract/shop';
import { loadMailConfig } from '../../server/src/config.ts';
import { transaction } from '../../server/src/db.ts';
import { createMailer } from '../../server/src/mail/transport.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { findOrder } from '../../server/src/repositories/orders.ts';
import { findOrganizationById } from '../../server/src/repositories/organizations.ts';
import { queueReceipt, startMailSender } from '../../server/src/services/mail-outbox.ts';
import type { Worker } from '../../server/src/services/job-runner.ts';
import { createTestApi, row, rows, runCli, type TestApi } from './helpers.ts';
import { startSmtp, linkIn, type DataAnswer, type TestSmtp } from '../support/smtp.ts';
import { addMediaRows, call, cardHash, createOrder, loadShop, orderCall, withCustomer, type Shop } from './shop-helpers.ts';

const PUBLIC_API = 'https://api.example.test';
const CARD_NUMBER = '4000000000000010';

let api: TestApi;
let shop: Shop;
let orgName: string;
let smtp: TestSmtp | undefined;
let sender: Worker | undefined;

beforeAll(async () => {
  api = await createTestApi();
  shop = await loadShop(api);
  orgName = (await findOrganizationById(api.db, shop.orgId))!.name;
}, 120_000);
afterEach(async () => {
  await sender?.stop();
  await smtp?.close();
  sender = smtp = undefined;
});
afterAll(() => api.close());

/** A real SMTP server and the API's sender pointed at it (retries 20 ms apart, doubling). */
async function sendThroughSmtp(answer?: (n: number) => DataAnswer): Promise<TestSmtp> {
  smtp = await startSmtp(answer ? { answer } : {});
  const config = loadMailConfig({ SMTP_URL: smtp.url, MAIL_LINKS_URL: PUBLIC_API, MAIL_RETRY_MS: '20', MAIL_FROM: 'Demo Photos <photos@example.test>' });
  sender = startMailSender({ db: api.db, mailer: createMailer(config, api.dataDir), config, log: () => undefined });
  return smtp;
}

/** An order of a fresh card with two photos, the customer saved. */
async function readyOrder(code: string): Promise<WireOrder> {
  await createCard(api.db, { organizationId: shop.orgId, code });
  const media = await addMediaRows(api.db, shop.orgId, code, 'photo', 2);
  const created = await createOrder(api, shop, code);
  for (const id of media) await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.photoProduct}/${id}`);
  return withCustomer(api, created.id);
}

async function payByCard(order: WireOrder, locale?: string): Promise<void> {
  const answer = await call(api, 'POST', `/api/v1/payment/checkout/${order.id}`, { card_hash: await cardHash(api), ...(locale ? { locale } : {}) });
  expect(answer.body['status'] as WirePaymentAnswer['status']).toBe('PAID');
}

const outbox = (orderId: string) =>
  rows(api.db, sql<{ attempts: number; sent_at: string | null }>`SELECT attempts, sent_at FROM mail_outbox WHERE subject_id = ${orderId}`);

/** Waits until the order's receipt is recorded as sent, then answers every message the server received for it. */
async function receiptsOf(server: TestSmtp, orderId: string): Promise<ParsedMail[]> {
  await vi.waitFor(async () => expect((await outbox(orderId))[0]?.sent_at).toBeTruthy(), { timeout: 15_000, interval: 50 });
  return server.received.filter((mail) => (mail.text ?? '').includes(orderId));
}

function expectReceipt(mail: ParsedMail, order: WireOrder, expected: { locale: 'pt' | 'en' | 'es'; words: string[] }): void {
  const text = mail.text ?? '';
  const html = typeof mail.html === 'string' ? mail.html : '';
  expect(html).toContain(order.id);
  expect(mail.to && 'value' in mail.to ? mail.to.value[0]?.address : undefined).toBe('maria@example.com');
  for (const word of expected.words) expect(text).toContain(word);
  expect(text).toContain(formatMoney(order.total, expected.locale));
  // The gallery of the order's card on the site the order was made on (pdv demo.localhost).
  const code = order.card_code;
  expect(linkIn(mail, 'http://demo.localhost/gallery/')).toBe(
    `http://demo.localhost/gallery/${code.slice(0, 2)}-${code.slice(2, 6)}-${code.slice(6)}?lang=${expected.locale}`,
  );
  const unsubscribe = linkIn(mail, `${PUBLIC_API}/api/v1/mail/unsubscribe/`);
  expect(unsubscribe).toBeTruthy();
  expect(mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line.replace(/\r?\n\s+/g, ' ')).toBe(`List-Unsubscribe: <${unsubscribe}>`);
  expect(mail.messageId).toMatch(/^<receipt\.[\w-]+@[\w.-]+>$/);
  expect(`${text}${html}${mail.headerLines.map((line) => line.line).join('\n')}`).not.toContain(CARD_NUMBER);
}

describe('the receipt of a paid order', () => {
  it('goes once, in Portuguese by default, to the checkout e-mail after a card payment, with its unsubscribe link working', async () => {
    const server = await sendThroughSmtp();
    const order = await readyOrder('MAILPT001');
    await payByCard(order);
    const [mail, ...more] = await receiptsOf(server, order.id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Seu recibo de ${orgName}`);
    expectReceipt(mail!, order, { locale: 'pt', words: ['Obrigado pela sua compra!', '2 itens', 'final 0010', 'Abrir minhas fotos'] });
    // Paying again answers the paid attempt and queues nothing more.
    await payByCard(order);
    expect(await outbox(order.id)).toHaveLength(1);

    const unsubscribe = linkIn(mail!, PUBLIC_API)!.replace(PUBLIC_API, '');
    const page = await api.app.inject({
      method: 'POST',
      url: unsubscribe,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('maria@example.com não receberá mais e-mails');
    // Only what the API makes is a token (the contract's schema): anything else is refused before any look-up.
    const forged = await api.app.inject({ method: 'GET', url: '/api/v1/mail/unsubscribe/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(forged.json()).toMatchObject({ message: 'VALIDATION_ERROR' });
    expect(
      await row(api.db, sql<{ unsubscribed_at: string | null }>`SELECT unsubscribed_at FROM mail_recipients WHERE address = 'maria@example.com'`),
    ).toMatchObject({
      unsubscribed_at: expect.any(String),
    });
    // An unsubscribed address gets no more receipts of the organization.
    const next = await readyOrder('MAILPT002');
    await payByCard(next);
    expect(await outbox(next.id)).toEqual([]);
    await api.db.updateTable('mail_recipients').set({ unsubscribed_at: null }).execute();
  }, 60_000);

  it('speaks English when the buyer paid in English', async () => {
    const server = await sendThroughSmtp();
    const order = await readyOrder('MAILEN001');
    await payByCard(order, 'en');
    const [mail, ...more] = await receiptsOf(server, order.id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Your receipt from ${orgName}`);
    expectReceipt(mail!, order, { locale: 'en', words: ['Thank you for your purchase!', '2 items', 'ending in 0010', 'Open my photos'] });
  }, 60_000);

  it('goes in Spanish after a PIX payment confirmed with payment:confirm', async () => {
    const server = await sendThroughSmtp();
    const order = await readyOrder('MAILES001');
    expect((await call(api, 'POST', `/api/v1/payment/checkout/${order.id}`, { pix: true, locale: 'es' })).body['status']).toBe('PENDING');
    const confirmed = await runCli(api.dataDir, 'payment:confirm', order.id);
    expect(confirmed.stdout).toContain('payment PAID');
    const [mail, ...more] = await receiptsOf(server, order.id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Tu recibo de ${orgName}`);
    expectReceipt(mail!, order, { locale: 'es', words: ['¡Gracias por tu compra!', '2 artículos', 'Pagado con PIX', 'Abrir mis fotos'] });
  }, 60_000);

  it('is queued once per order and address, however often the payment is recorded', async () => {
    const order = await readyOrder('MAILDUP01');
    await payByCard(order);
    const paid = (await findOrder(api.db, order.id))!;
    await transaction(api.db, (db) => queueReceipt(db, paid));
    await transaction(api.db, (db) => queueReceipt(db, paid));
    expect(await outbox(order.id)).toHaveLength(1);
    // Not for the next test's SMTP server to count.
    await api.db.deleteFrom('mail_outbox').where('subject_id', '=', order.id).execute();
  });

  it('is retried after the SMTP server refuses it, and delivered once', async () => {
    const server = await sendThroughSmtp((n) => (n <= 2 ? 'refuse' : 'accept'));
    const order = await readyOrder('MAILRETRY');
    await payByCard(order);
    const [mail, ...more] = await receiptsOf(server, order.id);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe(`Seu recibo de ${orgName}`);
    expect(server.dataCount()).toBe(3);
    expect(await outbox(order.id)).toEqual([{ attempts: 3, sent_at: expect.any(String) }]);
  }, 60_000);

  it('lands in DATA_DIR/mailbox as an .eml file without SMTP_URL', async () => {
    const config = loadMailConfig({ MAIL_LINKS_URL: PUBLIC_API });
    const mailer = createMailer(config, api.dataDir);
    expect(mailer.destination).toContain(path.join(api.dataDir, 'mailbox'));
    sender = startMailSender({ db: api.db, mailer, config, log: () => undefined });
    const order = await readyOrder('MAILBOX01');
    await payByCard(order);
    await vi.waitFor(async () => expect((await outbox(order.id))[0]?.sent_at).toBeTruthy(), { timeout: 15_000, interval: 50 });
    const id = (await row(api.db, sql<{ id: string }>`SELECT id FROM mail_outbox WHERE subject_id = ${order.id}`))!.id;
    const mail = await simpleParser(await fs.readFile(path.join(api.dataDir, 'mailbox', `${id}.eml`)));
    expectReceipt(mail, order, { locale: 'pt', words: ['Obrigado pela sua compra!'] });
  }, 60_000);

  it("sweeps the mailbox's unfinished files a crash left when the sender starts, not a live write's", async () => {
    const mailbox = path.join(api.dataDir, 'mailbox');
    await fs.mkdir(mailbox, { recursive: true });
    const stale = path.join(mailbox, 'crashed.eml.part');
    const live = path.join(mailbox, 'writing.eml.part');
    await fs.writeFile(stale, 'half a message');
    await fs.writeFile(live, 'half a message');
    const tenMinutesAgo = new Date(Date.now() - 600_000);
    await fs.utimes(stale, tenMinutesAgo, tenMinutesAgo);
    const logged: string[] = [];
    const config = loadMailConfig({ MAIL_LINKS_URL: PUBLIC_API });
    sender = startMailSender({ db: api.db, mailer: createMailer(config, api.dataDir), config, log: (line) => logged.push(line) });
    await vi.waitFor(() => expect(logged).toContain('Removed 1 unfinished mail file(s) of an interrupted run: crashed.eml.part'));
    await expect(fs.access(stale)).rejects.toThrow();
    await fs.access(live);
  });
});
