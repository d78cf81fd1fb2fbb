import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceSearchResult, Media, Order } from '../../src/lib/api/types.ts';

// The shop's and the facial search's events fire from their stores' actions (GA4's recommended
// names). The API is a fake that prices photos by the demo's table (R$ 25 for the first two, R$ 20
// from the third); the analytics collect what they would send.
const fake = vi.hoisted(() => ({
  items: [] as string[],
  allDigital: false,
  refuse: false,
  paid: false,
  events: [] as Array<{ name: string; params: Record<string, unknown> }>,
}));

vi.mock('../../src/stores/analytics.ts', () => ({
  analytics: { event: (name: string, params: Record<string, unknown> = {}) => fake.events.push({ name, params }) },
}));
vi.mock('../../src/lib/card-hash.ts', () => ({ encryptCardHash: async () => 'hash' }));
vi.mock('../../src/lib/api/index.ts', async () => {
  const { ApiError } = await import('../../src/lib/api/client.ts');
  const total = () => (fake.allDigital ? 9900 : fake.items.reduce((sum, _id, i) => sum + (i < 2 ? 2500 : 2000), 0));
  const order = (): Order => ({
    id: 'ord_7f3a',
    cards: ['DEMO00001'],
    items: fake.allDigital ? [] : fake.items.map((mediaId) => ({ mediaId, productId: 1 })),
    allDigitalId: fake.allDigital ? 9 : null,
    photos: fake.allDigital ? 6 : fake.items.length,
    videos: 0,
    total: total(),
    status: fake.paid ? 1 : 0,
    completed: fake.paid,
    customer: null,
  });
  const faces: FaceSearchResult = { cards: [{ code: 'DEMO00001', similarity: 0.95, medias: [] }], pending: 0 };
  return {
    api: {
      createOrder: async () => order(),
      getOrder: async () => order(),
      addOrderMedia: async (_o: string, _p: number, mediaId: string) => (fake.items.push(mediaId), order()),
      removeOrderMedia: async (_o: string, _p: number, mediaId: string) => ((fake.items = fake.items.filter((id) => id !== mediaId)), order()),
      addAllDigital: async () => ((fake.allDigital = true), order()),
      getPaymentKey: async () => 'KEY',
      payByCard: async () => {
        if (fake.refuse) throw new ApiError('REFUSED', 402);
        fake.paid = true;
        return { method: 'creditCard', status: 'PAID', pixText: null };
      },
      searchFaces: async (_org: number, _from: string, _to: string, photos: Blob[]) => {
        if (photos.length > 2) throw new ApiError('FACE_NOT_FOUND', 404);
        return photos.length === 1 ? faces : { cards: [], pending: 0 };
      },
    },
  };
});

const { clearOrder, setAllDigital, syncOrderCards, toggleInCart } = await import('../../src/stores/order.ts');
const { $products } = await import('../../src/stores/products.ts');
const { openCheckout, payByCard } = await import('../../src/stores/checkout.ts');
const { searchFaces } = await import('../../src/stores/facial.ts');

const photo = (id: string): Media => ({ id, type: 'photo', filename: `${id}.jpg`, card: 'DEMO00001', thumbUrl: '', previewUrl: '', originalUrl: '', sold: false, width: 1920, height: 1280 });
const card = { card_number: '4000000000000010', card_holder_name: 'MARIA SILVA', card_expiration_month: '12', card_expiration_year: '2031', card_cvv: '123' };
const names = () => fake.events.map((event) => event.name);

beforeEach(async () => {
  vi.stubGlobal('window', { location: { host: 'demo.localhost' } });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  Object.assign(fake, { items: [], allDigital: false, refuse: false, paid: false });
  $products.set({
    loading: false,
    error: null,
    data: {
      products: [{ id: 1, kind: 'photo', ranges: [{ min_photos: 1, max_photos: null, price: 2500 }] }],
      allDigital: { id: 9, price: 9900, description: '' },
    },
  });
  clearOrder();
  await syncOrderCards(1, ['DEMO00001']);
  fake.events = [];
});

describe('shop events', () => {
  it('add_to_cart: each photo added, worth what it added to the total; nothing for a removal or a failure', async () => {
    await toggleInCart(photo('a'));
    await toggleInCart(photo('b'));
    await toggleInCart(photo('c'));
    await toggleInCart(photo('c'));
    expect(fake.events).toEqual([
      { name: 'add_to_cart', params: { currency: 'BRL', value: 25, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 1, price: 25 }] } },
      { name: 'add_to_cart', params: { currency: 'BRL', value: 25, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 1, price: 25 }] } },
      { name: 'add_to_cart', params: { currency: 'BRL', value: 20, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 1, price: 20 }] } },
    ]);
  });

  it('add_to_cart: the complete package, for what it added to the cart', async () => {
    await toggleInCart(photo('a'));
    fake.events = [];
    await setAllDigital(true);
    expect(fake.events).toEqual([
      { name: 'add_to_cart', params: { currency: 'BRL', value: 74, items: [{ item_id: 'all_digital', item_name: 'All digital', quantity: 1, price: 74 }] } },
    ]);
  });

  it('begin_checkout when the checkout opens, then purchase once paid, with the order id as transaction_id', async () => {
    await toggleInCart(photo('a'));
    await toggleInCart(photo('b'));
    fake.events = [];
    openCheckout('en');
    fake.refuse = true;
    await payByCard(card);
    expect(names()).toEqual(['begin_checkout']);
    fake.refuse = false;
    await payByCard(card);
    const order = { currency: 'BRL', value: 50, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 2 }] };
    expect(fake.events).toEqual([
      { name: 'begin_checkout', params: order },
      { name: 'purchase', params: { transaction_id: 'ord_7f3a', ...order } },
    ]);
  });
});

describe('facial_search', () => {
  it('says how many selfies and cards, and whether it found any, failed or found none', async () => {
    const selfie = () => new Blob(['jpeg bytes']);
    await searchFaces(1, [selfie()]);
    await searchFaces(1, [selfie(), selfie()]);
    await searchFaces(1, [selfie(), selfie(), selfie()]);
    expect(fake.events).toEqual([
      { name: 'facial_search', params: { selfies: 1, cards_found: 1, outcome: 'found' } },
      { name: 'facial_search', params: { selfies: 2, cards_found: 0, outcome: 'none' } },
      { name: 'facial_search', params: { selfies: 3, cards_found: 0, outcome: 'error' } },
    ]);
  });
});

describe('no personal data', () => {
  it('no event carries a card code, a name, a date or card data', async () => {
    await toggleInCart(photo('a'));
    openCheckout('pt');
    await payByCard(card);
    await searchFaces(1, [new Blob(['x'])]);
    expect(names()).toEqual(['add_to_cart', 'begin_checkout', 'purchase', 'facial_search']);
    const sent = JSON.stringify(fake.events);
    for (const personal of ['DEMO00001', 'DE-MO00-001', 'MARIA', '4000', '2026-11', '2031']) expect(sent).not.toContain(personal);
  });
});
