// The shop's and the facial search's events fire from their stores' actions (GA4's recommended
// names). The stores run as in the browser over the real API client; the fake network prices
// photos by the demo's table (R$ 25 for the first two, R$ 20 from the third) and is also the
// analytics collector, so the events are read as the site would send them.
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cardGateway, fakeNetwork, photo, photoLine, Refusal, wireOrder } from '../factories/network.ts';

// The analytics are configured at build time: set before the stores load.
const COLLECTOR = 'https://collect.test/g/collect';
vi.stubEnv('PUBLIC_ANALYTICS_ID', 'G-TEST');
vi.stubEnv('PUBLIC_ANALYTICS_ENDPOINT', COLLECTOR);
const { $order, clearOrder, setAllDigital, syncOrderCards, toggleInCart } = await import('../../src/stores/order.ts');
const { $products } = await import('../../src/stores/products.ts');
const { $checkoutStep, $payment, openCheckout, payByCard } = await import('../../src/stores/checkout.ts');
const { $faceSearch, searchFaces } = await import('../../src/stores/facial.ts');

const gateway = cardGateway();
const fake = { items: [] as string[], allDigital: false, refuse: false, paid: false };
let events: Array<{ name: string; params: Record<string, unknown> }>;

const total = () => (fake.allDigital ? 9900 : fake.items.reduce((sum, _id, i) => sum + (i < 2 ? 2500 : 2000), 0));
const order = () => ({
  error: false,
  order: wireOrder({
    id: 'ord_7f3a',
    items: fake.allDigital ? [photoLine(9, [], 9900, true)] : fake.items.length ? [photoLine(1, [...fake.items], total())] : [],
    photos_count: fake.allDigital ? 6 : fake.items.length,
    total: total(),
    status: fake.paid ? 1 : 0,
    completed: fake.paid,
  }),
});
const faces = { error: false, cards: [{ card: 'DEMO00001', similarity: 0.95, medias: [] }], pending: 0 };

const card = { card_number: '4000000000000010', card_holder_name: 'MARIA SILVA', card_expiration_month: '12', card_expiration_year: '2031', card_cvv: '123' };
const names = () => events.map((event) => event.name);

beforeEach(async () => {
  vi.stubGlobal('window', { location: { host: 'demo.localhost' } });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  Object.assign(fake, { items: [], allDigital: false, refuse: false, paid: false });
  events = [];
  fakeNetwork(({ method, path, body }) => {
    if (path === new URL(COLLECTOR).pathname) {
      events.push(...(body as { events: typeof events }).events);
      return {};
    }
    if (path === '/api/v1/card/search/photo') {
      const selfies = (body as FormData).getAll('photos[]').length;
      if (selfies > 2) throw new Refusal('FACE_NOT_FOUND', 404);
      return selfies === 1 ? faces : { error: false, cards: [], pending: 0 };
    }
    if (path === '/api/v1/payment/public_key') return { error: false, public_key: gateway.publicKey };
    if (path === '/api/v1/payment/checkout/ord_7f3a') {
      // The card arrives encrypted with the gateway's key (else this throws, and the charge gets no answer).
      gateway.cardNumber((body as { card_hash: string }).card_hash);
      if (fake.refuse) throw new Refusal('REFUSED', 402);
      fake.paid = true;
      return { error: false, status: 'PAID', pix_text: null };
    }
    const [, product, media] = /^\/api\/v1\/order\/ord_7f3a\/product\/(\d+)(?:\/(?:media\/)?(\w+))?$/.exec(path) ?? [];
    if (product === '9') fake.allDigital = true;
    else if (media && method === 'POST') fake.items.push(media);
    else if (media) fake.items = fake.items.filter((id) => id !== media);
    else if (path !== '/api/v1/order/DEMO00001/1' && path !== '/api/v1/order/ord_7f3a') throw new Refusal('NOT_FOUND', 404);
    return order();
  });
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
  events = [];
});

afterEach(() => {
  cleanStores($order, $products, $checkoutStep, $payment, $faceSearch);
  vi.unstubAllGlobals();
});

describe('shop events', () => {
  it('add_to_cart: each photo added, worth what it added to the total; nothing for a removal or a failure', async () => {
    await toggleInCart(photo('a'));
    await toggleInCart(photo('b'));
    await toggleInCart(photo('c'));
    await toggleInCart(photo('c'));
    expect(events).toEqual([
      { name: 'add_to_cart', params: { currency: 'BRL', value: 25, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 1, price: 25 }] } },
      { name: 'add_to_cart', params: { currency: 'BRL', value: 25, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 1, price: 25 }] } },
      { name: 'add_to_cart', params: { currency: 'BRL', value: 20, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 1, price: 20 }] } },
    ]);
  });

  it('add_to_cart: the complete package, for what it added to the cart', async () => {
    await toggleInCart(photo('a'));
    events = [];
    await setAllDigital(true);
    expect(events).toEqual([
      { name: 'add_to_cart', params: { currency: 'BRL', value: 74, items: [{ item_id: 'all_digital', item_name: 'All digital', quantity: 1, price: 74 }] } },
    ]);
  });

  it('begin_checkout when the checkout opens, then purchase once paid, with the order id as transaction_id', async () => {
    await toggleInCart(photo('a'));
    await toggleInCart(photo('b'));
    events = [];
    openCheckout('en');
    fake.refuse = true;
    await payByCard(card);
    expect(names()).toEqual(['begin_checkout']);
    fake.refuse = false;
    await payByCard(card);
    const order = { currency: 'BRL', value: 50, items: [{ item_id: 'photo', item_name: 'Photo', quantity: 2 }] };
    expect(events).toEqual([
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
    expect(events).toEqual([
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
    const sent = JSON.stringify(events);
    for (const personal of ['DEMO00001', 'DE-MO00-001', 'MARIA', '4000', '2026-11', '2031']) expect(sent).not.toContain(personal);
  });
});
