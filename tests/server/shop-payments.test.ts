import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WireMediasAnswer } from '@gallery/contract/media';
import { VISITOR_KEY_HEADER } from '@gallery/contract/rules';
import type { WireOrder, WireOrderAnswer, WirePaymentAnswer, WirePublicKeyAnswer } from '@gallery/contract/shop';
import { loadPixConfig } from '../../server/src/config.ts';
import { createCard } from '../../server/src/repositories/cards.ts';
import { confirmPixPayment, reconcilePayments, UNKNOWN_ATTEMPT_GRACE_MS } from '../../server/src/services/payments/checkout.ts';
import { createSandboxGateway } from '../../server/src/services/payments/sandbox.ts';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { buildApp } from '../../server/src/app.ts';
import { createTestApi, runCli, type TestApi, row, rows } from './helpers.ts';
import {
  addMediaRow,
  call,
  cardHash,
  createOrder,
  expectError,
  loadShop,
  orderCall,
  snapshot,
  validAddress,
  withCustomer,
  VISITOR,
  type Shop,
  addMediaRows,
} from './shop-helpers.ts';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await createTestApi();
  shop = await loadShop(api);
}, 120_000);
afterAll(() => api.close());

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const sandbox = () => createSandboxGateway({ db: api.db, dataDir: api.dataDir, pix: loadPixConfig({}) });

function checkout(orderId: string, payload: unknown) {
  return call(api, 'POST', `/api/v1/payment/checkout/${orderId}`, payload);
}

/** An order of a fresh card with `photos` photos in the photo product, customer and address saved. */
async function readyOrder(code: string, photos = 1): Promise<{ order: WireOrder; media: string[] }> {
  await createCard(api.db, { organizationId: shop.orgId, code });
  const media = await addMediaRows(api.db, shop.orgId, code, 'photo', photos);
  const created = await createOrder(api, shop, code);
  for (const id of media) await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.photoProduct}/${id}`);
  return { order: await withCustomer(api, created.id), media };
}

// ---- An independent reading of the BR Code (EMV MPM TLV), not the library's parser. ----

function tlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const length = Number(text.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length)) throw new Error(`bad TLV at ${at}`);
    fields.set(id, text.slice(at + 4, at + 4 + length));
    at += 4 + length;
    if (at > text.length) throw new Error('TLV runs past the end');
  }
  return fields;
}

/** CRC-16/CCITT-FALSE: polynomial 0x1021, initial 0xFFFF, no reflection, no final XOR. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The BR Code's txid: field 05 of the additional data template (62). */
const txidOf = (text: string) => tlv(tlv(text).get('62') ?? '').get('05');

function checkBrCode(text: string, orderId: string, total: number): void {
  const fields = tlv(text);
  expect([...fields.keys()][0]).toBe('00');
  expect(fields.get('00')).toBe('01');
  const account = tlv(fields.get('26') ?? '');
  expect(account.get('00')?.toLowerCase()).toBe('br.gov.bcb.pix');
  expect(account.get('01')).toBe(loadPixConfig({}).key);
  expect(fields.get('52')).toBe('0000');
  expect(fields.get('53')).toBe('986');
  expect(fields.get('54')).toBe((total / 100).toFixed(2));
  expect(fields.get('58')).toBe('BR');
  const name = fields.get('59') ?? '';
  expect(name.length).toBeGreaterThan(0);
  expect(name.length).toBeLessThanOrEqual(25);
  const city = fields.get('60') ?? '';
  expect(city.length).toBeGreaterThan(0);
  expect(city.length).toBeLessThanOrEqual(15);
  // The txid is the charge's own random one: the order id (its key to the order) is nowhere in the code.
  expect(txidOf(text)).toMatch(/^[A-Za-z0-9]{25}$/);
  expect(text).not.toContain(orderId);
  expect([...fields.keys()].at(-1)).toBe('63');
  expect(text.slice(-8, -4)).toBe('6304');
  expect(fields.get('63')).toBe(crc16(text.slice(0, -4)));
}

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data;
}

const cli = (...args: string[]) => runCli(api.dataDir, ...args);

describe('GET /api/v1/payment/public_key', () => {
  it('answers one SPKI key, generated once and kept owner-only in DATA_DIR', async () => {
    const first = (await api.app.inject('/api/v1/payment/public_key')).json<WirePublicKeyAnswer>();
    expect(first.error).toBe(false);
    expect(first.public_key).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
    const again = (await api.app.inject('/api/v1/payment/public_key')).json<WirePublicKeyAnswer>();
    expect(again.public_key).toBe(first.public_key);
    const stat = await fs.stat(path.join(api.dataDir, 'payment-sandbox-key.pem'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(await sandbox().publicKey()).toBe(first.public_key);
  });
});

describe('a purchase through HTTP alone, paid by PIX', () => {
  it('creates, fills, checks out, confirms and then serves the bought originals only', async () => {
    const [bought, alsoBought, notBought] = shop.unsold;
    const created = await createOrder(api, shop, 'DEMO00001');
    await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.photoProduct}/${bought}`);
    await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.photoProduct}/photo/${alsoBought}`);
    const order = await withCustomer(api, created.id);
    expect(order.total).toBe(5000);
    const original = (id = '') => api.app.inject(`/api/v1/photo/download/${id}/x.jpg?size=original`);
    expect((await original(bought)).statusCode).toBe(403);

    const pix = await checkout(order.id, { pix: true });
    expect(pix.status).toBe(200);
    const answer = pix.body as unknown as WirePaymentAnswer;
    expect(answer).toMatchObject({ error: false, status: 'PENDING' });
    const text = answer.pix_text ?? '';
    checkBrCode(text, order.id, 5000);

    const qr = await api.app.inject(`/api/v1/payment/${order.id}/pix_qrcode?timestamp=${Date.now()}`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(await decodeQr(qr.rawPayload)).toBe(text);

    const polled = await call(api, 'GET', `/api/v1/payment/${order.id}`);
    expect(polled.body).toEqual({ error: false, message: 'OK', status: 'PENDING', pix_text: text });
    expect((await original(bought)).statusCode).toBe(403);

    // The sandbox's stand-in for the PSP webhook, as the CLI runs it.
    const confirmed = await confirmPixPayment({ db: api.db, gateway: sandbox() }, order.id);
    expect(confirmed.status).toBe('PAID');
    const paid = await call(api, 'GET', `/api/v1/payment/${order.id}`);
    expect(paid.body).toEqual({ error: false, message: 'OK', status: 'PAID', pix_text: text });
    const closed = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(closed).toMatchObject({ status: 1, completed: true, total: 5000, payments: [{ modality: 'pix', status: 'PAID', amount: 5000 }] });

    const download = await original(bought);
    expect(download.statusCode).toBe(200);
    expect(sha256(download.rawPayload)).toBe(sha256(await fs.readFile(demoSamplePath(1))));
    expect((await original(alsoBought)).statusCode).toBe(200);
    expect(await expectError(api, 'GET', `/api/v1/photo/download/${notBought}/x.jpg?size=original`, 403, 'MEDIA_NOT_SOLD')).toBeTruthy();
    const gallery = (
      await api.app.inject({ method: 'POST', url: `/api/v1/medias/${shop.orgId}/DEMO00001`, payload: { cards: ['DEMO00001'] } })
    ).json<WireMediasAnswer>();
    expect(gallery.sold_medias.map((media) => media.id)).toEqual([bought, alsoBought]);

    // A paid order no longer changes; paying again answers the same payment.
    const before = await snapshot(api.db);
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${notBought}`, 409, 'ORDER_CLOSED');
    await expectError(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${bought}`, 409, 'ORDER_CLOSED');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/card/DEMO00003`, 409, 'ORDER_CLOSED');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.allDigital}`, 409, 'ORDER_CLOSED');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 409, 'ORDER_CLOSED', { address: validAddress });
    expect((await checkout(order.id, { pix: true })).body).toMatchObject({ status: 'PAID', pix_text: text });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 409, 'ORDER_CLOSED', { card_hash: await cardHash(api) });
    expect((await orderCall(api, 'POST', `/api/v1/order/${order.id}/finish`)).status).toBe(1);
    expect(await snapshot(api.db)).toEqual(before);
    // Bought media cannot be bought again; a new order for the card starts empty.
    const next = await createOrder(api, shop, 'DEMO00001');
    expect(next.id).not.toBe(order.id);
    await expectError(api, 'POST', `/api/v1/order/${next.id}/product/${shop.photoProduct}/${bought}`, 409, 'MEDIA_ALREADY_SOLD');
  });

  it('is confirmed by the admin CLI too', async () => {
    const { order } = await readyOrder('CLIPX0001', 3);
    expect((await checkout(order.id, { pix: true })).body).toMatchObject({ status: 'PENDING' });
    const result = await cli('payment:confirm', order.id);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('PAID');
    expect((await call(api, 'GET', `/api/v1/payment/${order.id}`)).body).toMatchObject({ status: 'PAID' });
    expect((await cli('list')).stdout).toMatch(new RegExp(`order ${order.id}  paid  R\\$\\s7[0-9],[0-9]{2}  cards CL-IPX0-001`));
    const again = await cli('payment:confirm', order.id);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('PAYMENT_NOT_FOUND');
    const unknown = await cli('payment:confirm', 'nope');
    expect(unknown.stderr).toContain('ORDER_NOT_FOUND');
  });

  it('sells every media of the cards with the all-digital package', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'ALLPX0001' });
    // Six photos: 125 one by one, so the package (99) is offered.
    const media = await addMediaRows(api.db, shop.orgId, 'ALLPX0001', 'photo', 6);
    const created = await createOrder(api, shop, 'ALLPX0001');
    await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.allDigital}`);
    const order = await withCustomer(api, created.id);
    const pix = (await checkout(order.id, { pix: true })).body as unknown as WirePaymentAnswer;
    checkBrCode(pix.pix_text ?? '', order.id, 9900);
    await confirmPixPayment({ db: api.db, gateway: sandbox() }, order.id);
    const sold = await rows(api.db, sql<{ id: string }>`SELECT id FROM media WHERE sold_order_id = ${order.id} ORDER BY id`);
    expect(sold.map((row) => row.id)).toEqual([...media].sort());
  });
});

describe('POST /api/v1/payment/checkout/:orderId by card', () => {
  it('approves the sandbox test card, keeping only the last digits and brand', async () => {
    const { order, media } = await readyOrder('CARDP0001', 2);
    const hash = await cardHash(api, { card_cvv: '987' });
    const paid = await checkout(order.id, { card_hash: hash });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ error: false, message: 'OK', status: 'PAID', pix_text: null });
    const closed = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(closed).toMatchObject({
      status: 1,
      completed: true,
      payments: [{ modality: 'creditCard', status: 'PAID', amount: 5000, card_last4: '0010', card_brand: 'visa' }],
    });
    const sold = (await row(api.db, sql`SELECT count(*) AS n FROM media WHERE sold_order_id = ${order.id}`)) as { n: number };
    expect(sold.n).toBe(media.length);
    // A second click answers the same charge.
    expect((await checkout(order.id, { card_hash: hash })).body).toMatchObject({ status: 'PAID' });
    expect(closed.payments).toHaveLength(1);
    const storedRows = [
      ...(await rows<Record<string, unknown>>(api.db, sql`SELECT * FROM payments`)),
      ...(await rows<Record<string, unknown>>(api.db, sql`SELECT * FROM sandbox_charges`)),
    ];
    const stored = JSON.stringify(storedRows);
    expect(stored).not.toContain('4000000000000010');
    expect(stored).not.toContain(hash);
    // The CVV is three digits, which random ids and timestamps may hold by chance ("...21.987Z"):
    // no value is it, and no field or word names it (a random id may hold "cvv" by chance too).
    expect(storedRows.flatMap((stored) => Object.values(stored).map(String))).not.toContain('987');
    expect(storedRows.flatMap((stored) => Object.keys(stored))).not.toContainEqual(expect.stringMatching(/cvv|cvc|security.?code/i));
    expect(stored).not.toMatch(/\b(?:cvv|cvc|security.?code)\b/i);
  });

  it("masks the customer's document and phone numbers once the order is paid", async () => {
    const { order } = await readyOrder('MASKS0001');
    expect(order.customer).toMatchObject({ cpf: '12345678909', document: '12345678909', phone: '+5511987654321' });
    await checkout(order.id, { card_hash: await cardHash(api) });
    const paid = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(paid.customer).toMatchObject({
      email: 'maria@example.com',
      document: '*********09',
      cpf: '*********09',
      phone: '************21',
    });
    const raw = JSON.stringify(paid);
    for (const digits of ['12345678909', '987654321']) expect(raw).not.toContain(digits);
  });

  it('answers REFUSED for the declined test card, keeps the order open and lets the visitor retry', async () => {
    const { order } = await readyOrder('CARDR0001');
    const refused = await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 402, 'REFUSED', {
      card_hash: await cardHash(api, { card_number: '4000 0000 0000 0028' }),
    });
    expect(refused).toEqual({ error: true, message: 'REFUSED' });
    const open = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(open).toMatchObject({ status: 0, completed: false, payments: [{ modality: 'creditCard', status: 'REFUSED' }] });
    expect((await call(api, 'GET', `/api/v1/payment/${order.id}`)).body).toMatchObject({ status: 'REFUSED' });
    const retry = await checkout(order.id, { card_hash: await cardHash(api) });
    expect(retry.body).toMatchObject({ status: 'PAID' });
  });

  it('approves another valid card and refuses invalid card data with 400, changing nothing', async () => {
    const { order } = await readyOrder('CARDV0001');
    const before = await snapshot(api.db);
    const year = new Date().getFullYear();
    const bad: Array<[Record<string, string>, string]> = [
      [{ card_number: '4111111111111112' }, 'card_number'],
      [{ card_number: '1234' }, 'card_number'],
      // Luhn-valid but of no brand: the card form's rule (the card library) refuses it, so the gateway does too.
      [{ card_number: '1234567812345670' }, 'card_number'],
      [{ card_expiration_month: '13' }, 'card_expiration_month'],
      [{ card_expiration_year: String(year - 1) }, 'expired'],
      [{ card_expiration_year: '3001' }, 'card_expiration_year'],
      [{ card_cvv: '12' }, 'card_cvv'],
      [{ card_holder_name: ' ' }, 'card_holder_name'],
    ];
    for (const [card, word] of bad) {
      // In another language than the order's: a refused attempt leaves the receipt's language as it was too.
      const body = await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', {
        card_hash: await cardHash(api, card),
        locale: 'en',
      });
      expect(body['detail']).toContain(word);
      expect(JSON.stringify(body)).not.toContain('411111111111111');
    }
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', {
      card_hash: Buffer.from('not encrypted').toString('base64'),
    });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', { card_hash: '%%%' });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', { card_hash: 12 });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', { pix: 'true' });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', { pix: true, card_hash: 'AA==' });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', {});
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 400, 'VALIDATION_ERROR', [1]);
    await expectError(api, 'POST', '/api/v1/payment/checkout/unknownOrder', 404, 'ORDER_NOT_FOUND', { pix: true });
    expect(await snapshot(api.db)).toEqual(before);
    const other = await checkout(order.id, { card_hash: await cardHash(api, { card_number: '5555 5555 5555 4444' }) });
    expect(other.body).toMatchObject({ status: 'PAID' });
    expect((await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).payments[0]).toMatchObject({ card_brand: 'mastercard', card_last4: '4444' });
  });

  it('refuses to charge an order with nothing to buy (409 NOTHING_TO_BUY)', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'EMPTY0001' });
    const order = await createOrder(api, shop, 'EMPTY0001');
    const before = await snapshot(api.db);
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 409, 'NOTHING_TO_BUY', { pix: true });
    expect(await snapshot(api.db)).toEqual(before);
  });
});

describe('checkout idempotency and order changes', () => {
  it('makes one charge for a double click', async () => {
    const { order } = await readyOrder('DOUBL0001', 3);
    const [first, second] = await Promise.all([await checkout(order.id, { pix: true }), await checkout(order.id, { pix: true })]);
    expect(first.body).toMatchObject({ status: 'PENDING' });
    expect(second.body).toEqual(first.body);
    const third = await checkout(order.id, { pix: true });
    expect(third.body).toEqual(first.body);
    const charges = (await row(api.db, sql`SELECT count(*) AS n FROM sandbox_charges WHERE order_id = ${order.id}`)) as { n: number };
    expect(charges.n).toBe(1);
    const fetched = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(fetched.payments).toHaveLength(1);
    expect(fetched.total).toBe(7000);
    checkBrCode((first.body as unknown as WirePaymentAnswer).pix_text ?? '', order.id, 7000);
  });

  it('cancels a pending PIX when the order changes, and charges the new total next time', async () => {
    const { order, media } = await readyOrder('CHNGE0001', 2);
    const old = (await checkout(order.id, { pix: true })).body as unknown as WirePaymentAnswer;
    const changed = await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${media[1]}`);
    expect(changed.payments).toEqual([expect.objectContaining({ modality: 'pix', status: 'CANCELED', amount: 5000 })]);
    await expectError(api, 'GET', `/api/v1/payment/${order.id}/pix_qrcode`, 404, 'PAYMENT_NOT_FOUND');
    const fresh = (await checkout(order.id, { pix: true })).body as unknown as WirePaymentAnswer;
    expect(fresh.pix_text).not.toBe(old.pix_text);
    checkBrCode(fresh.pix_text ?? '', order.id, 2500);
    // Paying by card meanwhile drops the pending PIX.
    await checkout(order.id, { card_hash: await cardHash(api) });
    const paid = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(paid.payments.map((payment) => [payment.modality, payment.status])).toEqual([
      ['pix', 'CANCELED'],
      ['pix', 'CANCELED'],
      ['creditCard', 'PAID'],
    ]);
  });
});

describe('the PIX txid', () => {
  it('is random for each charge, stored with it and unique, and never the order id', async () => {
    const { order, media } = await readyOrder('TXIDS0001', 2);
    const pixOf = async () => ((await checkout(order.id, { pix: true })).body as unknown as WirePaymentAnswer).pix_text ?? '';
    const first = txidOf(await pixOf());
    expect(first).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(first).not.toBe(order.id);
    // A changed cart supersedes the charge: the next one has a txid of its own.
    await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${media[1]}`);
    const second = txidOf(await pixOf());
    expect(second).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(second).not.toBe(first);
    expect(second).not.toBe(order.id);
    // The bank's statement names the txid: it leads to exactly one payment.
    const stored = await rows<{ pix_txid: string }>(api.db, sql`SELECT pix_txid FROM payments WHERE order_id = ${order.id} ORDER BY rowid`);
    expect(stored.map((payment) => payment.pix_txid)).toEqual([first, second]);
    await expect(sql`UPDATE payments SET pix_txid = ${first} WHERE pix_txid = ${second}`.execute(api.db)).rejects.toThrow();
  });
});

describe("an order's personal data goes to its own browser only", () => {
  // Every piece of the buyer the order holds, as sent and as stored.
  const personal = ['Maria', 'Silva', 'maria@example.com', '12345678909', '123.456.789-09', '987654321', 'Paulista', '01310100', '01310-100'];
  const someoneElse = 'visitor-someone-else-0123456';

  async function readWithout(orderId: string, url = `/api/v1/order/${orderId}`) {
    for (const visitor of [null, someoneElse]) {
      const { status, body } = await call(api, 'GET', url, undefined, visitor);
      expect(status, `${url} as ${visitor}`).toBe(200);
      const raw = JSON.stringify(body);
      for (const piece of personal) expect(raw, `${url} as ${visitor}`).not.toContain(piece);
    }
  }

  it('answers an order with a pending PIX without the key with none of the buyer, and with the key in full', async () => {
    const { order } = await readyOrder('PRIVY0001');
    await checkout(order.id, { pix: true });
    await readWithout(order.id);
    const { body } = await call(api, 'GET', `/api/v1/order/${order.id}`, undefined, someoneElse);
    expect((body as unknown as WireOrderAnswer).order).toMatchObject({ customer: null, payments: [{ modality: 'pix', status: 'PENDING' }] });
    // The PIX status poll keeps working without it, and never carried any.
    await readWithout(order.id, `/api/v1/payment/${order.id}`);
    const own = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(own.customer).toMatchObject({
      name: 'Maria',
      lastname: 'Silva',
      email: 'maria@example.com',
      cpf: '12345678909',
      phone: '+5511987654321',
      addresses: [expect.objectContaining({ street: 'Avenida Paulista', zipcode: '01310100' })],
    });
  });

  it('answers a paid order without the key with none of the buyer, nor the card', async () => {
    const { order } = await readyOrder('PRIVY0002');
    await checkout(order.id, { card_hash: await cardHash(api) });
    await readWithout(order.id);
    const { body } = await call(api, 'GET', `/api/v1/order/${order.id}`, undefined, null);
    expect((body as unknown as WireOrderAnswer).order.payments).toEqual([
      { modality: 'creditCard', status: 'PAID', amount: 2500, card_last4: null, card_brand: null },
    ]);
    expect((await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).payments[0]).toMatchObject({ card_last4: '0010' });
  });

  it('answers an order made before visitor keys (none stored) with none of the buyer, and refuses to change it', async () => {
    const { order, media } = await readyOrder('PRIVY0003', 2);
    await sql`UPDATE orders SET visitor_key = NULL WHERE id = ${order.id}`.execute(api.db);
    await readWithout(order.id);
    expect((await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).customer).toBeNull();
    const before = await snapshot(api.db);
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${media[1]}`, 403, 'FORBIDDEN');
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 403, 'FORBIDDEN', { pix: true });
    expect(await snapshot(api.db)).toEqual(before);
  });
});

describe('payment status, QR code and webhook', () => {
  it('answers PAYMENT_NOT_FOUND before any checkout', async () => {
    const { order } = await readyOrder('NOPAY0001');
    await expectError(api, 'GET', `/api/v1/payment/${order.id}`, 404, 'PAYMENT_NOT_FOUND');
    await expectError(api, 'GET', '/api/v1/payment/unknownOrder', 404, 'PAYMENT_NOT_FOUND');
    await expectError(api, 'GET', `/api/v1/payment/${order.id}/pix_qrcode`, 404, 'PAYMENT_NOT_FOUND');
  });

  it('re-reads the charge named by a webhook and pays the order', async () => {
    const { order } = await readyOrder('HOOKS0001');
    await checkout(order.id, { pix: true });
    const charge = (await row(api.db, sql`SELECT charge_id FROM payments WHERE order_id = ${order.id} AND method = 'pix'`)) as {
      charge_id: string;
    };
    // The PSP settles on its side; nothing changes here until the webhook arrives.
    await sandbox().confirmPix(charge.charge_id);
    expect(await row(api.db, sql`SELECT status FROM orders WHERE id = ${order.id}`)).toEqual({ status: 0 });
    const before = await snapshot(api.db);
    await expectError(api, 'POST', '/api/v1/payment/webhook', 400, 'VALIDATION_ERROR', { hello: 'world' });
    await expectError(api, 'POST', '/api/v1/payment/webhook', 404, 'PAYMENT_NOT_FOUND', { charge_id: 'ch_unknown' });
    expect(await snapshot(api.db)).toEqual(before);
    const hook = await call(api, 'POST', '/api/v1/payment/webhook', { charge_id: charge.charge_id });
    expect(hook.body).toMatchObject({ error: false, status: 'PAID' });
    expect(await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).toMatchObject({ status: 1, completed: true });
    // A repeated webhook changes nothing.
    const after = await snapshot(api.db);
    expect((await call(api, 'POST', '/api/v1/payment/webhook', { charge_id: charge.charge_id })).body).toMatchObject({ status: 'PAID' });
    expect(await snapshot(api.db)).toEqual(after);
  });

  it('sells once and refunds nothing when a webhook and a poll learn of the same payment at once', async () => {
    const { order } = await readyOrder('TWICE0001');
    await checkout(order.id, { pix: true });
    const charge = (await row(api.db, sql`SELECT charge_id FROM payments WHERE order_id = ${order.id}`)) as { charge_id: string };
    await sandbox().confirmPix(charge.charge_id);
    // Both read the charge before either records it.
    const gateway = sandbox();
    let reads = 0;
    let bothRead: () => void = () => undefined;
    const together = new Promise<void>((resolve) => (bothRead = resolve));
    const racing = buildApp({
      db: api.db,
      dataDir: api.dataDir,
      gateway: {
        ...gateway,
        async getCharge(id) {
          const read = await gateway.getCharge(id);
          if (++reads === 2) bothRead();
          await together;
          return read;
        },
      },
    });
    const answers = await Promise.all([
      racing.inject({ method: 'POST', url: '/api/v1/payment/webhook', payload: { charge_id: charge.charge_id } }),
      racing.inject(`/api/v1/payment/${order.id}`),
    ]);
    expect(answers.map((answer) => answer.json())).toEqual([expect.objectContaining({ status: 'PAID' }), expect.objectContaining({ status: 'PAID' })]);
    await racing.close();
    expect(await rows(api.db, sql`SELECT status FROM sandbox_charges WHERE order_id = ${order.id}`)).toEqual([{ status: 'paid' }]);
    expect((await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).completed).toBe(true);
  });

  it('finds a PIX paid at the PSP when the visitor polls, even without a webhook', async () => {
    const { order } = await readyOrder('POLLS0001');
    await checkout(order.id, { pix: true });
    const charge = (await row(api.db, sql`SELECT charge_id FROM payments WHERE order_id = ${order.id}`)) as { charge_id: string };
    await sandbox().confirmPix(charge.charge_id);
    expect((await call(api, 'GET', `/api/v1/payment/${order.id}`)).body).toMatchObject({ status: 'PAID' });
    expect((await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).completed).toBe(true);
  });
});

describe('a payment sells exactly what it was made for', () => {
  // A PSP answering in 400 ms, as real ones do: the cart can change while a charge is made.
  const slowApp = () => {
    const gateway = createSandboxGateway({ db: api.db, dataDir: api.dataDir, pix: loadPixConfig({}), delayMs: 400 });
    return buildApp({ db: api.db, dataDir: api.dataDir, gateway });
  };
  const asVisitor = { [VISITOR_KEY_HEADER]: VISITOR };
  const soldBy = async (orderId: string) =>
    (await rows(api.db, sql<{ id: string }>`SELECT id FROM media WHERE sold_order_id = ${orderId} ORDER BY id`)).map((row) => row.id);
  /** Waits until the order's charge is on its way to the gateway. */
  const inFlight = (orderId: string) =>
    vi.waitFor(async () => {
      expect(await row(api.db, sql`SELECT count(*) AS n FROM payments WHERE order_id = ${orderId} AND status = 'processing'`)).toEqual({ n: 1 });
    });
  /** A fresh card with three photos and an order holding the first, customer and address saved. */
  async function oneOfThree(code: string) {
    await createCard(api.db, { organizationId: shop.orgId, code });
    const media = await addMediaRows(api.db, shop.orgId, code, 'photo', 3);
    const created = await createOrder(api, shop, code);
    await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.photoProduct}/${media[0]}`);
    return { order: await withCustomer(api, created.id), media };
  }
  const addRest = async (orderId: string, media: string[]) => {
    for (const id of media.slice(1)) await orderCall(api, 'POST', `/api/v1/order/${orderId}/product/${shop.photoProduct}/${id}`);
  };

  it('gives back a card charge made while photos were added, and sells nothing', async () => {
    const slow = slowApp();
    const { order, media } = await oneOfThree('RACEC0001');
    const paying = slow.inject({
      method: 'POST',
      url: `/api/v1/payment/checkout/${order.id}`,
      headers: asVisitor,
      payload: { card_hash: await cardHash(api) },
    });
    await inFlight(order.id);
    await addRest(order.id, media);
    const answer = await paying;
    expect(answer.json()).toEqual({ error: true, message: 'ORDER_CHANGED' });
    expect(answer.statusCode).toBe(409);
    const after = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(after).toMatchObject({ status: 0, total: 7000, payments: [{ modality: 'creditCard', status: 'REFUNDED', amount: 2500 }] });
    expect(await rows(api.db, sql`SELECT status FROM sandbox_charges WHERE order_id = ${order.id}`)).toEqual([{ status: 'refunded' }]);
    expect(await soldBy(order.id)).toEqual([]);
    // Paying again charges the new total and sells the three photos.
    expect((await checkout(order.id, { card_hash: await cardHash(api) })).body).toMatchObject({ status: 'PAID' });
    expect(await soldBy(order.id)).toEqual([...media].sort());
    expect((await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).payments.at(-1)).toMatchObject({ status: 'PAID', amount: 7000 });
    await slow.close();
  });

  it('cancels a PIX made while photos were added, so it can never be paid', async () => {
    const slow = slowApp();
    const { order, media } = await oneOfThree('RACEP0001');
    const generating = slow.inject({ method: 'POST', url: `/api/v1/payment/checkout/${order.id}`, headers: asVisitor, payload: { pix: true } });
    await inFlight(order.id);
    await addRest(order.id, media);
    expect((await generating).json()).toEqual({ error: true, message: 'ORDER_CHANGED' });
    const stale = (await row(api.db, sql`SELECT id, status FROM sandbox_charges WHERE order_id = ${order.id}`)) as { id: string; status: string };
    expect(stale.status).toBe('canceled');
    await sandbox().confirmPix(stale.id);
    expect((await call(api, 'POST', '/api/v1/payment/webhook', { charge_id: stale.id })).body).toMatchObject({ status: 'CANCELED' });
    await expectError(api, 'GET', `/api/v1/payment/${order.id}/pix_qrcode`, 404, 'PAYMENT_NOT_FOUND');
    expect(await soldBy(order.id)).toEqual([]);
    // The next PIX asks for the whole cart.
    const fresh = (await checkout(order.id, { pix: true })).body as unknown as WirePaymentAnswer;
    checkBrCode(fresh.pix_text ?? '', order.id, 7000);
    await confirmPixPayment({ db: api.db, gateway: sandbox() }, order.id);
    expect(await soldBy(order.id)).toEqual([...media].sort());
    await slow.close();
  });

  it('refunds a stale PIX paid after the cart grew, selling nothing', async () => {
    const { order, media } = await oneOfThree('STALE0001');
    await checkout(order.id, { pix: true });
    const { charge_id: chargeId } = (await row(api.db, sql`SELECT charge_id FROM payments WHERE order_id = ${order.id}`)) as { charge_id: string };
    await addRest(order.id, media);
    // The visitor pays the old code at their bank anyway.
    await sandbox().confirmPix(chargeId);
    expect((await call(api, 'POST', '/api/v1/payment/webhook', { charge_id: chargeId })).body).toMatchObject({ status: 'REFUNDED' });
    expect(await orderCall(api, 'GET', `/api/v1/order/${order.id}`)).toMatchObject({
      status: 0,
      total: 7000,
      payments: [{ modality: 'pix', status: 'REFUNDED', amount: 2500 }],
    });
    expect(await soldBy(order.id)).toEqual([]);
  });

  it('cancels a pending package PIX when a card joins the order, though the total stays the same', async () => {
    await createCard(api.db, { organizationId: shop.orgId, code: 'PACKC0001' });
    await createCard(api.db, { organizationId: shop.orgId, code: 'PACKC0002' });
    const own = await addMediaRows(api.db, shop.orgId, 'PACKC0001', 'photo', 6);
    const joining = await addMediaRow(api.db, shop.orgId, 'PACKC0002', 'photo', 0);
    const created = await createOrder(api, shop, 'PACKC0001');
    await orderCall(api, 'POST', `/api/v1/order/${created.id}/product/${shop.allDigital}`);
    const order = await withCustomer(api, created.id);
    await checkout(order.id, { pix: true });
    const grown = await orderCall(api, 'POST', `/api/v1/order/${order.id}/card/PACKC0002`);
    expect(grown.total).toBe(9900);
    expect(grown.payments).toEqual([expect.objectContaining({ status: 'CANCELED', amount: 9900 })]);
    await checkout(order.id, { pix: true });
    await confirmPixPayment({ db: api.db, gateway: sandbox() }, order.id);
    expect(await soldBy(order.id)).toEqual([...own, joining].sort());
  });

  it('makes one order and one charge for identical requests at once, with a slow gateway', async () => {
    const slow = slowApp();
    await createCard(api.db, { organizationId: shop.orgId, code: 'TWINS0001' });
    const photo = await addMediaRow(api.db, shop.orgId, 'TWINS0001', 'photo', 0);
    const create = () =>
      slow.inject({
        method: 'POST',
        url: `/api/v1/order/TWINS0001/${shop.orgId}`,
        payload: { cards: [], visitor_key: VISITOR },
      });
    const [a, b] = await Promise.all([create(), create()]);
    const id = (a.json() as { order: WireOrder }).order.id;
    expect((b.json() as { order: WireOrder }).order.id).toBe(id);
    await orderCall(api, 'POST', `/api/v1/order/${id}/product/${shop.photoProduct}/${photo}`);
    await withCustomer(api, id);
    const hash = await cardHash(api);
    const pay = () => slow.inject({ method: 'POST', url: `/api/v1/payment/checkout/${id}`, headers: asVisitor, payload: { card_hash: hash } });
    const answers = await Promise.all([pay(), pay()]);
    expect(answers.map((answer) => answer.json())).toEqual([
      { error: false, message: 'OK', status: 'PAID', pix_text: null },
      { error: false, message: 'OK', status: 'PAID', pix_text: null },
    ]);
    expect(await row(api.db, sql`SELECT count(*) AS n FROM sandbox_charges WHERE order_id = ${id}`)).toEqual({ n: 1 });
    expect(await soldBy(id)).toEqual([photo]);
    await slow.close();
  });
});

describe('an attempt whose gateway answer was never recorded', () => {
  /** The gateway call fails after the PSP made the charge (`charged`) or before it: a lost answer, a timeout. */
  const lossyApp = (charged: boolean) => {
    const gateway = sandbox();
    const lose = async (charging: () => Promise<unknown>): Promise<never> => {
      if (charged) await charging();
      throw new Error('socket hang up');
    };
    return buildApp({
      db: api.db,
      dataDir: api.dataDir,
      gateway: {
        ...gateway,
        createCardCharge: (input) => lose(() => gateway.createCardCharge(input)),
        createPixCharge: (input) => lose(() => gateway.createPixCharge(input)),
      },
    });
  };
  const payByCard = async (app: { inject: TestApi['app']['inject'] }, orderId: string) =>
    app.inject({
      method: 'POST',
      url: `/api/v1/payment/checkout/${orderId}`,
      headers: { [VISITOR_KEY_HEADER]: VISITOR },
      payload: { card_hash: await cardHash(api) },
    });
  const chargesOf = (orderId: string) => rows(api.db, sql`SELECT status, amount_cents FROM sandbox_charges WHERE order_id = ${orderId} ORDER BY created_at`);
  const soldBy = async (orderId: string) =>
    (await rows(api.db, sql<{ id: string }>`SELECT id FROM media WHERE sold_order_id = ${orderId} ORDER BY id`)).map((row) => row.id);
  const attemptsOf = async (orderId: string) =>
    (await orderCall(api, 'GET', `/api/v1/order/${orderId}`)).payments.map((payment) => [payment.status, payment.amount]);

  it('finds the charge by its idempotency key when the status is read, and sells what it paid for', async () => {
    const lossy = lossyApp(true);
    const { order, media } = await readyOrder('LOSTA0001', 2);
    expect((await payByCard(lossy, order.id)).statusCode).toBe(500);
    expect((await call(api, 'GET', `/api/v1/payment/${order.id}`)).body).toMatchObject({ status: 'PAID' });
    expect(await soldBy(order.id)).toEqual([...media].sort());
    expect(await chargesOf(order.id)).toEqual([{ status: 'paid', amount_cents: 5000 }]);
    await lossy.close();
  });

  it('refunds it when a retry finds the cart changed meanwhile, then charges the new cart', async () => {
    const lossy = lossyApp(true);
    const { order, media } = await readyOrder('LOSTB0001', 2);
    expect((await payByCard(lossy, order.id)).statusCode).toBe(500);
    await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${media[1]}`);
    expect((await payByCard(api.app, order.id)).json()).toMatchObject({ status: 'PAID' });
    expect(await chargesOf(order.id)).toEqual([
      { status: 'refunded', amount_cents: 5000 },
      { status: 'paid', amount_cents: 2500 },
    ]);
    expect(await attemptsOf(order.id)).toEqual([
      ['REFUNDED', 5000],
      ['PAID', 2500],
    ]);
    expect(await soldBy(order.id)).toEqual([media[0]]);
    await lossy.close();
  });

  it('charges nothing more while the gateway may still make the charge, and expires the attempt it never made', async () => {
    const lossy = lossyApp(false);
    const { order } = await readyOrder('LOSTC0001');
    expect((await payByCard(lossy, order.id)).statusCode).toBe(500);
    expect((await call(api, 'GET', `/api/v1/payment/${order.id}`)).body).toMatchObject({ status: 'PROCESSING' });
    expect((await payByCard(api.app, order.id)).json()).toMatchObject({ status: 'PROCESSING' });
    expect(await chargesOf(order.id)).toEqual([]);
    // The grace period ends with no charge at the gateway: the periodic pass expires the attempt.
    const longAgo = new Date(Date.now() - UNKNOWN_ATTEMPT_GRACE_MS).toISOString();
    await api.db.updateTable('payments').set({ created_at: longAgo }).where('order_id', '=', order.id).execute();
    await reconcilePayments({ db: api.db, gateway: sandbox() });
    expect(await attemptsOf(order.id)).toEqual([['EXPIRED', 2500]]);
    expect((await payByCard(api.app, order.id)).json()).toMatchObject({ status: 'PAID' });
    expect(await attemptsOf(order.id)).toEqual([
      ['EXPIRED', 2500],
      ['PAID', 2500],
    ]);
    expect(await chargesOf(order.id)).toEqual([{ status: 'paid', amount_cents: 2500 }]);
    await lossy.close();
  });
});
