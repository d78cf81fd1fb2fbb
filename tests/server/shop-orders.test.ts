import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireOrder, WireProductsAnswer } from '@gallery/contract/shop';
import { createCard } from '../../server/src/repositories/cards.ts';
import { createTestApi, type TestApi, row } from './helpers.ts';
import {
  addMediaRow,
  call,
  createOrder,
  expectError,
  loadShop,
  orderCall,
  type Method,
  snapshot,
  validAddress,
  validCustomer,
  VISITOR,
  type Shop,
} from './shop-helpers.ts';

let api: TestApi;
let shop: Shop;

beforeAll(async () => {
  api = await createTestApi();
  shop = await loadShop(api);
}, 120_000);
afterAll(() => api.close());

/** A fresh card with `photos` photo rows, plus one video and one extra. */
async function stockedCard(code: string, photos: number): Promise<{ photos: string[]; video: string; extra: string }> {
  await createCard(api.db, { organizationId: shop.orgId, code });
  const ids: string[] = [];
  for (let n = 0; n < photos; n++) ids.push(await addMediaRow(api.db, shop.orgId, code, 'photo', n));
  return {
    photos: ids,
    video: await addMediaRow(api.db, shop.orgId, code, 'video', 50),
    extra: await addMediaRow(api.db, shop.orgId, code, 'extra', 60),
  };
}

const mediaIds = (order: WireOrder) => order.items.flatMap((line) => line.items.map((item) => ('photo' in item ? item.photo.id : item.video.id)));

describe('GET /api/v1/products/:orgId/online', () => {
  it('answers the products with their ranges in cents and the all-digital package apart', async () => {
    const { status, body } = await call(api, 'GET', `/api/v1/products/${shop.orgId}/online`);
    expect(status).toBe(200);
    const answer = body as unknown as WireProductsAnswer;
    expect(answer.error).toBe(false);
    expect(answer.products).toHaveLength(2);
    const photo = answer.products.find((product) => product.is_photo);
    expect(photo).toMatchObject({ unities: 1, is_photo: true, is_video: false });
    expect(photo?.ranges_price.map(({ min_photos, max_photos, price }) => [min_photos, max_photos, price])).toEqual([
      [1, 2, 2500],
      [3, 5, 2000],
      [6, null, 1500],
    ]);
    expect(photo?.ranges_price.every((range) => Number.isInteger(range.id))).toBe(true);
    const video = answer.products.find((product) => product.is_video);
    expect(video?.ranges_price).toEqual([expect.objectContaining({ min_photos: 1, max_photos: null, price: 3000 })]);
    expect(answer.all_digital).toEqual({ id: shop.allDigital, price: 9900, description: 'Todas as fotos e vídeos' });
  });

  it('answers ORGANIZATION_NOT_FOUND for an unknown organization and 400 for a malformed id', async () => {
    await expectError(api, 'GET', '/api/v1/products/9999/online', 404, 'ORGANIZATION_NOT_FOUND');
    await expectError(api, 'GET', '/api/v1/products/abc/online', 400, 'VALIDATION_ERROR');
  });
});

describe('POST /api/v1/order/:firstCard/:orgId', () => {
  it('creates an open order with a random id, and answers the same open order again', async () => {
    const first = await createOrder(api, shop, 'DEMO00001');
    expect(first).toMatchObject({ card_code: 'DEMO00001', status: 0, completed: false, total: 0, items: [], customer: null, payments: [] });
    expect(first.id).toMatch(/^[A-Za-z0-9]{22}$/);
    const again = await createOrder(api, shop, 'de-mo00-001', ['DEMO00003']);
    expect(again.id).toBe(first.id);
    expect(again.cards).toEqual([{ card: 'DEMO00001' }, { card: 'DEMO00003' }]);
    const other = await createOrder(api, shop, 'DEMO00003');
    expect(other.id).not.toBe(first.id);
  });

  it('answers a new order, made without reading it back, as reading it answers it (one card, and more)', async () => {
    for (const [n, cards, expected] of [
      [1, [], ['DEMO00001']],
      [2, ['DEMO00003', 'DEMO00001'], ['DEMO00001', 'DEMO00003']],
    ] as const) {
      const visitor = `new-order-visitor-000${n}`;
      const { body } = await call(api, 'POST', `/api/v1/order/DEMO00001/${shop.orgId}`, { cards, visitor_key: visitor }, visitor);
      const made = (body as { order: WireOrder }).order;
      expect(made.cards).toEqual(expected.map((card) => ({ card })));
      expect(await orderCall(api, 'GET', `/api/v1/order/${made.id}`, undefined, visitor)).toEqual(made);
    }
  });

  it('refuses unknown cards and organizations and malformed input, changing nothing', async () => {
    const before = await snapshot(api.db);
    const visitor_key = VISITOR;
    await expectError(api, 'POST', `/api/v1/order/NOPE00001/${shop.orgId}`, 404, 'CARD_NOT_FOUND', { cards: [], visitor_key });
    await expectError(api, 'POST', `/api/v1/order/DEMO00001/${shop.orgId}`, 404, 'CARD_NOT_FOUND', {
      cards: ['DEMO00001', 'x'],
      visitor_key,
    });
    await expectError(api, 'POST', '/api/v1/order/DEMO00001/9999', 404, 'ORGANIZATION_NOT_FOUND', { cards: [], visitor_key });
    await expectError(api, 'POST', `/api/v1/order/DEMO00001/${shop.orgId}`, 400, 'VALIDATION_ERROR', { cards: 'DEMO00002', visitor_key });
    await expectError(api, 'POST', `/api/v1/order/DEMO00001/${shop.orgId}`, 400, 'VALIDATION_ERROR');
    expect(await snapshot(api.db)).toEqual(before);
  });
});

describe('who may read an order', () => {
  const first = 'visitor-aaaaaaaaaaaaaaaaaaaaaa';
  const second = 'visitor-bbbbbbbbbbbbbbbbbbbbbb';

  it("gives a second visitor of the same card an order of their own, never the first one's personal data", async () => {
    const card = await stockedCard('OWNER0001', 2);
    const mine = await createOrder(api, shop, 'OWNER0001', [], first);
    await orderCall(api, 'POST', `/api/v1/order/${mine.id}/product/${shop.photoProduct}/${card.photos[0]}`, undefined, first);
    await orderCall(api, 'POST', `/api/v1/order/${mine.id}/customer`, { customer: validCustomer, address: validAddress }, first);

    const theirs = await createOrder(api, shop, 'OWNER0001', [], second);
    expect(theirs.id).not.toBe(mine.id);
    expect(theirs).toMatchObject({ customer: null, items: [], total: 0 });
    const raw = JSON.stringify(theirs);
    for (const personal of ['maria@example.com', '12345678909', '5511987654321', 'Paulista']) expect(raw).not.toContain(personal);
    // The first visitor finds their own order again, by their key or by its id with their key.
    const again = await createOrder(api, shop, 'OWNER0001', [], first);
    expect(again.id).toBe(mine.id);
    expect(again.customer?.email).toBe('maria@example.com');
    expect((await orderCall(api, 'GET', `/api/v1/order/${mine.id}`, undefined, first)).customer?.email).toBe('maria@example.com');
    // The id without the key answers no personal data.
    const read = JSON.stringify(await orderCall(api, 'GET', `/api/v1/order/${mine.id}`, undefined, second));
    for (const personal of ['maria@example.com', '12345678909', '5511987654321', 'Paulista']) expect(read).not.toContain(personal);
  });

  it('refuses every change of an order without its visitor key, or with another, changing nothing', async () => {
    const card = await stockedCard('OWNER0004', 2);
    await stockedCard('OWNER0005', 1);
    const order = await createOrder(api, shop, 'OWNER0004', ['OWNER0005'], first);
    const url = `/api/v1/order/${order.id}`;
    await orderCall(api, 'POST', `${url}/product/${shop.photoProduct}/${card.photos[0]}`, undefined, first);
    await orderCall(api, 'POST', `${url}/customer`, { customer: validCustomer, address: validAddress }, first);
    const before = await snapshot(api.db);
    const changes: Array<[Method, string, unknown?]> = [
      ['POST', `${url}/card/DEMO00003`],
      ['DELETE', `${url}/card/OWNER0005`],
      ['POST', `${url}/product/${shop.photoProduct}/${card.photos[1]}`],
      ['POST', `${url}/product/${shop.photoProduct}/photo/${card.photos[1]}`],
      ['DELETE', `${url}/product/${shop.photoProduct}/media/${card.photos[0]}`],
      ['POST', `${url}/product/${shop.allDigital}`],
      ['DELETE', `${url}/product/${shop.allDigital}`],
      ['POST', `${url}/customer`, { customer: { ...validCustomer, email: 'thief@example.com' } }],
      ['POST', `${url}/customer`, { address: { ...validAddress, street: 'Rua do Ladrão' } }],
      ['POST', `${url}/finish`],
      ['POST', `/api/v1/payment/checkout/${order.id}`, { pix: true }],
      ['POST', `/api/v1/payment/checkout/${order.id}`, { card_hash: 'AAAA' }],
    ];
    for (const visitor of [null, second]) {
      for (const [method, path, payload] of changes) {
        const refused = await expectError(api, method, path, 403, 'FORBIDDEN', payload, visitor);
        expect(JSON.stringify(refused)).not.toContain('maria@example.com');
      }
    }
    expect(await snapshot(api.db)).toEqual(before);
    // A malformed key is refused as such.
    await expectError(api, 'POST', `${url}/finish`, 400, 'VALIDATION_ERROR', undefined, 'short');
    expect(await snapshot(api.db)).toEqual(before);
  });

  it('makes one order for a double click or a retried request', async () => {
    await stockedCard('OWNER0002', 1);
    const key = 'visitor-cccccccccccccccccccccc';
    const [a, b] = await Promise.all([await createOrder(api, shop, 'OWNER0002', [], key), await createOrder(api, shop, 'OWNER0002', [], key)]);
    expect(b.id).toBe(a.id);
    expect((await createOrder(api, shop, 'OWNER0002', [], key)).id).toBe(a.id);
    const rows = await row(api.db, sql`SELECT count(*) AS n FROM orders o JOIN cards c ON c.id = o.first_card_id WHERE c.code = 'OWNER0002'`);
    expect(rows).toEqual({ n: 1 });
  });

  it('refuses to create an order without a visitor key, or with a short one, changing nothing', async () => {
    await stockedCard('OWNER0003', 1);
    const before = await snapshot(api.db);
    const url = `/api/v1/order/OWNER0003/${shop.orgId}`;
    await expectError(api, 'POST', url, 400, 'VALIDATION_ERROR', { cards: [] });
    await expectError(api, 'POST', url, 400, 'VALIDATION_ERROR', { cards: [], visitor_key: 'short' });
    await expectError(api, 'POST', url, 400, 'VALIDATION_ERROR', { cards: [], visitor_key: 'has spaces in it and more than 22' });
    expect(await snapshot(api.db)).toEqual(before);
  });
});

describe('order cards', () => {
  it('adds a card once, removes it with its media, and keeps the first card', async () => {
    await stockedCard('CARDS0001', 2);
    const card = await stockedCard('CARDS0002', 2);
    const order = await createOrder(api, shop, 'CARDS0001');
    const added = await orderCall(api, 'POST', `/api/v1/order/${order.id}/card/cards-0002`);
    expect(added.cards).toEqual([{ card: 'CARDS0001' }, { card: 'CARDS0002' }]);
    const twice = await orderCall(api, 'POST', `/api/v1/order/${order.id}/card/CARDS0002`);
    expect(twice.cards).toHaveLength(2);
    const withMedia = await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${card.photos[0]}`);
    expect(withMedia.total).toBe(2500);
    const removed = await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/card/CARDS0002`);
    expect(removed.cards).toEqual([{ card: 'CARDS0001' }]);
    expect(removed.items).toEqual([]);
    expect(removed.total).toBe(0);

    const before = await snapshot(api.db);
    await expectError(api, 'DELETE', `/api/v1/order/${order.id}/card/CARDS0001`, 400, 'VALIDATION_ERROR');
    await expectError(api, 'DELETE', `/api/v1/order/${order.id}/card/CARDS0002`, 404, 'CARD_NOT_FOUND');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/card/NOPE00001`, 404, 'CARD_NOT_FOUND');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/card/x`, 404, 'CARD_NOT_FOUND');
    await expectError(api, 'POST', '/api/v1/order/unknownOrder123/card/CARDS0002', 404, 'ORDER_NOT_FOUND');
    await expectError(api, 'DELETE', '/api/v1/order/unknownOrder123/card/CARDS0002', 404, 'ORDER_NOT_FOUND');
    expect(await snapshot(api.db)).toEqual(before);
  });
});

describe('order media and totals', () => {
  it('follows the price table as items are added: 1, 2, 3, 6 and 8 photos', async () => {
    const card = await stockedCard('TOTAL0001', 8);
    const order = await createOrder(api, shop, 'TOTAL0001');
    const expected: Record<number, number> = { 1: 2500, 2: 5000, 3: 7000, 6: 12500, 8: 15500 };
    let current = order;
    for (const [index, mediaId] of card.photos.entries()) {
      current = await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${mediaId}`);
      const count = index + 1;
      expect(current.photos_count).toBe(count);
      if (expected[count] !== undefined) expect(current.total, `${count} photos`).toBe(expected[count]);
    }
    expect(current.items).toEqual([
      {
        id: shop.photoProduct,
        product_id: shop.photoProduct,
        product_type: { is_video: false, is_photo: true },
        all_digital: false,
        items: card.photos.map((id) => ({ photo: { id } })),
        total: 15500,
      },
    ]);
    // The same media again (also through the path with its type) never doubles.
    const again = await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/photo/${card.photos[0]}`);
    expect(again.total).toBe(15500);
    expect(mediaIds(again)).toHaveLength(8);
    // A video has its own product and price.
    const video = await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.videoProduct}/video/${card.video}`);
    expect(video.total).toBe(15500 + 3000);
    expect(video.videos_count).toBe(1);
    expect(video.items[1]).toMatchObject({ id: shop.videoProduct, items: [{ video: { id: card.video } }], total: 3000 });
    // Removing goes back down the table.
    await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.videoProduct}/media/${card.video}`);
    const removed = await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${card.photos[7]}`);
    expect(removed.total).toBe(14000);
  });

  it('refuses media that are unknown, elsewhere, sold, of the wrong kind, or products unknown, changing nothing', async () => {
    const card = await stockedCard('WRONG0001', 1);
    const elsewhere = await stockedCard('WRONG0002', 1);
    const order = await createOrder(api, shop, 'WRONG0001');
    const venue = await createOrder(api, shop, 'DEMO00002');
    const url = (product: number, media: string) => `/api/v1/order/${order.id}/product/${product}/${media}`;
    const before = await snapshot(api.db);
    await expectError(api, 'POST', url(shop.photoProduct, 'nope'), 404, 'MEDIA_NOT_FOUND');
    await expectError(api, 'POST', url(shop.photoProduct, elsewhere.photos[0] ?? ''), 404, 'MEDIA_NOT_FOUND');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/video/${card.photos[0]}`, 404, 'MEDIA_NOT_FOUND');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/extra/${card.photos[0]}`, 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', url(shop.photoProduct, card.video), 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', url(shop.videoProduct, card.photos[0] ?? ''), 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', url(shop.photoProduct, card.extra), 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', url(shop.allDigital, card.photos[0] ?? ''), 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', url(9999, card.photos[0] ?? ''), 404, 'PRODUCT_NOT_FOUND');
    await expectError(api, 'POST', url(0, card.photos[0] ?? ''), 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', `/api/v1/order/${venue.id}/product/${shop.photoProduct}/${shop.soldAtVenue[0]}`, 409, 'MEDIA_ALREADY_SOLD');
    await expectError(api, 'POST', `/api/v1/order/unknownOrder/product/${shop.photoProduct}/${card.photos[0]}`, 404, 'ORDER_NOT_FOUND');
    await expectError(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${card.photos[0]}`, 404, 'MEDIA_NOT_FOUND');
    await expectError(api, 'DELETE', `/api/v1/order/${order.id}/product/9999/media/${card.photos[0]}`, 404, 'PRODUCT_NOT_FOUND');
    expect(await snapshot(api.db)).toEqual(before);
  });

  it('prices the all-digital package alone and counts every media of the cards', async () => {
    const card = await stockedCard('ALLDG0001', 3);
    const second = await stockedCard('ALLDG0002', 2);
    const order = await createOrder(api, shop, 'ALLDG0001');
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${card.photos[0]}`);
    const all = await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.allDigital}`);
    expect(all.total).toBe(9900);
    expect(all.items).toHaveLength(1);
    expect(all.items[0]).toMatchObject({ id: shop.allDigital, all_digital: true, total: 9900 });
    expect(new Set(mediaIds(all))).toEqual(new Set([...card.photos, card.video]));
    expect([all.photos_count, all.videos_count]).toEqual([3, 1]);
    // Adding it twice changes nothing; another card's media join the count, not the price.
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.allDigital}`);
    const more = await orderCall(api, 'POST', `/api/v1/order/${order.id}/card/ALLDG0002`);
    expect(more.total).toBe(9900);
    expect([more.photos_count, more.videos_count]).toEqual([5, 2]);
    expect(mediaIds(more)).toEqual(expect.arrayContaining([...second.photos, second.video]));
    // Removing the package brings the chosen media back.
    const back = await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.allDigital}`);
    expect(back.total).toBe(2500);
    expect(mediaIds(back)).toEqual([card.photos[0]]);

    const before = await snapshot(api.db);
    await expectError(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.allDigital}`, 404, 'PRODUCT_NOT_FOUND');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}`, 400, 'VALIDATION_ERROR');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/product/9999`, 404, 'PRODUCT_NOT_FOUND');
    await expectError(api, 'POST', `/api/v1/order/unknownOrder/product/${shop.allDigital}`, 404, 'ORDER_NOT_FOUND');
    expect(await snapshot(api.db)).toEqual(before);
  });
});

describe('POST /api/v1/order/:orderId/customer', () => {
  it('names every wrong customer field and changes nothing', async () => {
    await stockedCard('CUSTM0001', 1);
    const order = await createOrder(api, shop, 'CUSTM0001');
    const before = await snapshot(api.db);
    const body = await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', {
      customer: { email: 'not-an-email', document_type: 'cpf', cpf: '111.111.111-11', country: 'xx', phone: '11 9876-5432', accepted_terms: false },
    });
    for (const field of ['customer.email', 'customer.cpf', 'customer.country', 'customer.phone', 'customer.accepted_terms']) {
      expect(body['detail']).toContain(field);
    }
    const checks: Array<[object, string]> = [
      [{ ...validCustomer, cpf: '123.456.789-00' }, 'customer.cpf'],
      [{ ...validCustomer, cpf: '12345678' }, 'customer.cpf'],
      [{ ...validCustomer, document_type: 'passport' }, 'customer.passport'],
      [{ ...validCustomer, document_type: 'other' }, 'customer.other'],
      [{ ...validCustomer, document_type: 'rg' }, 'customer.document_type'],
      [{ ...validCustomer, email: undefined }, 'customer.email'],
      [{ ...validCustomer, country: undefined }, 'customer.country'],
      // The browser's own rules: its country list ("zz" is Intl's unknown region), its CPF punctuation.
      [{ ...validCustomer, country: 'zz' }, 'customer.country'],
      [{ ...validCustomer, cpf: '529/982.247-25' }, 'customer.cpf'],
      [{ ...validCustomer, phone: '+' }, 'customer.phone'],
      [{ ...validCustomer, accepted_terms: 'true' }, 'customer.accepted_terms'],
    ];
    for (const [customer, field] of checks) {
      const answer = await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', { customer });
      expect(answer['detail']).toContain(field);
    }
    await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', {});
    await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', { customer: 'x' });
    // The address waits for the customer.
    const early = await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', { address: validAddress });
    expect(early['detail']).toContain('customer');
    await expectError(api, 'POST', '/api/v1/order/unknownOrder/customer', 404, 'ORDER_NOT_FOUND', { customer: validCustomer });
    expect(await snapshot(api.db)).toEqual(before);
  });

  it('names every wrong address field and changes nothing', async () => {
    await stockedCard('ADDRS0001', 1);
    const order = await createOrder(api, shop, 'ADDRS0001');
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: validCustomer });
    const before = await snapshot(api.db);
    const body = await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', {
      address: { street: ' ', zipcode: '#12', city: '', state: 42 },
    });
    for (const field of ['address.street', 'address.street_number', 'address.zipcode', 'address.city', 'address.state', 'address.country']) {
      expect(body['detail']).toContain(field);
    }
    const badCep = await expectError(api, 'POST', `/api/v1/order/${order.id}/customer`, 400, 'VALIDATION_ERROR', {
      address: { ...validAddress, zipcode: '0131-10' },
    });
    expect(badCep['detail']).toContain('address.zipcode');
    expect(await snapshot(api.db)).toEqual(before);
  });

  it('saves the customer and the address, normalised', async () => {
    await stockedCard('SAVED0001', 1);
    const order = await createOrder(api, shop, 'SAVED0001');
    const saved = await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, {
      customer: { ...validCustomer, country: 'BR', unknown_field: 1 },
    });
    expect(saved.customer).toEqual({
      name: 'Maria',
      lastname: 'Silva',
      email: 'maria@example.com',
      document_type: 'cpf',
      document: '12345678909',
      cpf: '12345678909',
      passport: null,
      other: null,
      country: 'br',
      phone: '+5511987654321',
      accepted_terms: true,
      addresses: [],
    });
    const withAddress = await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { address: validAddress });
    expect(withAddress.customer?.addresses).toEqual([{ ...validAddress, zipcode: '01310100' }]);
    const passport = await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, {
      customer: { ...validCustomer, document_type: 'passport', cpf: undefined, passport: 'AB123456', country: 'pt' },
    });
    expect(passport.customer).toMatchObject({ document_type: 'passport', passport: 'AB123456', cpf: null, addresses: [expect.any(Object)] });
  });
});

describe('POST /api/v1/order/:orderId/finish', () => {
  it('needs something to pay, the customer and the address', async () => {
    const card = await stockedCard('FINSH0001', 1);
    const order = await createOrder(api, shop, 'FINSH0001');
    await expectError(api, 'POST', `/api/v1/order/${order.id}/finish`, 409, 'NOTHING_TO_BUY');
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${card.photos[0]}`);
    const unready = await expectError(api, 'POST', `/api/v1/order/${order.id}/finish`, 400, 'VALIDATION_ERROR');
    expect(unready['detail']).toMatch(/customer.*address/);
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: validCustomer, address: validAddress });
    const finished = await orderCall(api, 'POST', `/api/v1/order/${order.id}/finish`);
    expect(finished).toMatchObject({ finished: true, status: 0, total: 2500 });
    const fetched = await orderCall(api, 'GET', `/api/v1/order/${order.id}`);
    expect(fetched).toEqual(finished);
    // A new customer keeps it finished; a change of what is bought opens the cart again.
    expect(await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: validCustomer })).toMatchObject({ finished: true });
    const emptied = await orderCall(api, 'DELETE', `/api/v1/order/${order.id}/product/${shop.photoProduct}/media/${card.photos[0]}`);
    expect(emptied).toMatchObject({ finished: false, total: 0, items: [] });
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.photoProduct}/${card.photos[0]}`);
    expect(await orderCall(api, 'POST', `/api/v1/order/${order.id}/finish`)).toMatchObject({ finished: true, total: 2500 });
    await expectError(api, 'POST', '/api/v1/order/unknownOrder/finish', 404, 'ORDER_NOT_FOUND');
    await expectError(api, 'GET', '/api/v1/order/unknownOrder', 404, 'ORDER_NOT_FOUND');
  });
});

describe('the all-digital package and orders with nothing to buy', () => {
  const soldAtVenue = (code: string) => sql`UPDATE media SET sold_at_venue = 1 WHERE card_id = (SELECT id FROM cards WHERE code = ${code})`.execute(api.db);

  it('refuses the package where nothing unsold is in reach or it costs more than buying one by one', async () => {
    await stockedCard('PKGNO0001', 6);
    await soldAtVenue('PKGNO0001');
    const allSold = await createOrder(api, shop, 'PKGNO0001');
    const venue = await createOrder(api, shop, 'DEMO00002');
    // Two photos cost 25 + 25 = 50 one by one, less than the package's 99.
    await createCard(api.db, { organizationId: shop.orgId, code: 'PKGNO0002' });
    for (const n of [0, 1]) await addMediaRow(api.db, shop.orgId, 'PKGNO0002', 'photo', n);
    const cheap = await createOrder(api, shop, 'PKGNO0002');
    const before = await snapshot(api.db);
    for (const order of [allSold, venue, cheap]) {
      await expectError(api, 'POST', `/api/v1/order/${order.id}/product/${shop.allDigital}`, 409, 'ALL_DIGITAL_NOT_OFFERED');
    }
    expect(await snapshot(api.db)).toEqual(before);
  });

  it('refuses to check out an order whose media were all sold meanwhile, and a package no longer offered', async () => {
    const card = await stockedCard('PKGNO0003', 6);
    const order = await createOrder(api, shop, 'PKGNO0003');
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/product/${shop.allDigital}`);
    await orderCall(api, 'POST', `/api/v1/order/${order.id}/customer`, { customer: validCustomer, address: validAddress });
    // Five of the six photos are sold elsewhere: the package (99) now costs more than the rest (25 + 30 for the video).
    await sql`UPDATE media SET sold_at_venue = 1 WHERE id IN (${sql.join(card.photos.slice(1))})`.execute(api.db);
    await expectError(api, 'POST', `/api/v1/order/${order.id}/finish`, 409, 'ALL_DIGITAL_NOT_OFFERED');
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 409, 'ALL_DIGITAL_NOT_OFFERED', { pix: true });
    await soldAtVenue('PKGNO0003');
    await expectError(api, 'POST', `/api/v1/payment/checkout/${order.id}`, 409, 'NOTHING_TO_BUY', { pix: true });
    // Chosen one by one, a photo sold elsewhere leaves the cart's price and nothing is left to buy.
    const single = await stockedCard('PKGNO0004', 1);
    const other = await createOrder(api, shop, 'PKGNO0004');
    await orderCall(api, 'POST', `/api/v1/order/${other.id}/product/${shop.photoProduct}/${single.photos[0]}`);
    await orderCall(api, 'POST', `/api/v1/order/${other.id}/customer`, { customer: validCustomer, address: validAddress });
    await soldAtVenue('PKGNO0004');
    expect(await orderCall(api, 'GET', `/api/v1/order/${other.id}`)).toMatchObject({ total: 0, items: [] });
    await expectError(api, 'POST', `/api/v1/payment/checkout/${other.id}`, 409, 'NOTHING_TO_BUY', { card_hash: 'AAAA' });
    expect(await row(api.db, sql`SELECT count(*) AS n FROM payments WHERE order_id IN (${order.id}, ${other.id})`)).toEqual({ n: 0 });
  });
});
