// The order store driven as the gallery drives it, with nanostores' own test helpers; the API is
// the real client over a fake network that answers like the API does (the whole order after each
// change), slowly enough for changes to overlap.
import { cleanTestStorage, getTestStorage, useTestStorageEngine } from '@nanostores/persistent';
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $cartPending, $order, clearOrder, syncOrderCards, toggleInCart } from '../../src/stores/order.ts';
import { $products } from '../../src/stores/products.ts';
import { type Asked, fakeNetwork, lines, photo, photoLine, Refusal, wireOrder } from '../factories/network.ts';

const server = { items: [] as string[], fail: false, status: 0 as 0 | 1, orders: 0 };

/** The API's order routes over one open order `o{n}` of product 1 at R$ 25 a photo. */
function orderApi(): Asked[] {
  const order = () =>
    wireOrder({
      id: `o${server.orders}`,
      items: server.items.length ? [photoLine(1, [...server.items], server.items.length * 2500)] : [],
      photos_count: server.items.length,
      total: server.items.length * 2500,
      status: server.status,
    });
  return fakeNetwork(async ({ method, path }) => {
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
    if (server.fail) throw new Error('offline');
    const [id, kind, , mediaA, mediaB] = path.replace('/api/v1/order/', '').split('/');
    if (/^[A-Z0-9]{9}$/.test(id ?? '')) {
      server.orders++;
      server.status = 0;
    } else if (id !== `o${server.orders}`) throw new Refusal('ORDER_NOT_FOUND', 404);
    else if (kind === 'product' && method === 'POST' && mediaA) server.items.push(mediaA);
    else if (kind === 'product' && method === 'DELETE') server.items = server.items.filter((item) => item !== mediaB);
    return { error: false, order: order() };
  });
}

let asked: Asked[];
/** What the browser's localStorage holds (@nanostores/persistent's test storage). */
const stored = (key: string) => getTestStorage()[key];

beforeEach(() => {
  vi.stubGlobal('window', { location: { host: 'demo.localhost' } });
  useTestStorageEngine();
  Object.assign(server, { items: [], fail: false, status: 0 });
  asked = orderApi();
  clearOrder();
  $products.set({
    loading: false,
    error: null,
    data: { products: [{ id: 1, kind: 'photo', ranges: [{ min_photos: 1, max_photos: null, price: 2500 }] }], allDigital: null },
  });
});

afterEach(() => {
  cleanTestStorage();
  cleanStores($order, $cartPending, $products);
  vi.unstubAllGlobals();
});

describe('the order store', () => {
  it('runs changes one after another, so a double click adds then removes and the last answer holds both', async () => {
    await syncOrderCards(1, ['DEMO00001']);
    const a = photo('a');
    const clicks = [toggleInCart(a), toggleInCart(photo('b')), toggleInCart(a)];
    expect($cartPending.get()).toEqual(new Set(['a', 'b']));
    await Promise.all(clicks);
    const id = `o${server.orders}`;
    expect(lines(asked)).toEqual([
      'POST /api/v1/order/DEMO00001/1',
      `POST /api/v1/order/${id}/product/1/a`,
      `POST /api/v1/order/${id}/product/1/b`,
      `DELETE /api/v1/order/${id}/product/1/media/a`,
    ]);
    // The order is made for this site, with this browser's key.
    expect(asked[0]?.query.get('pdv')).toBe('demo.localhost');
    expect(asked[0]?.body).toEqual({ cards: [], visitor_key: stored('visitorKey') });
    expect($order.get().data?.items).toEqual([{ mediaId: 'b', productId: 1 }]);
    expect($order.get().data?.total).toBe(2500);
    expect($cartPending.get().size).toBe(0);
  });

  it('keeps the last good order when a change fails, and says why', async () => {
    await syncOrderCards(1, ['DEMO00001']);
    await toggleInCart(photo('a'));
    server.fail = true;
    expect(await toggleInCart(photo('b'))).toBe(false);
    expect($order.get()).toMatchObject({ loading: false, error: 'NETWORK_ERROR' });
    expect($order.get().data?.items).toEqual([{ mediaId: 'a', productId: 1 }]);
  });

  it('drops the answers of a gallery that was left', async () => {
    const pending = syncOrderCards(1, ['DEMO00001']);
    clearOrder();
    await pending;
    expect($order.get()).toEqual({ loading: false, error: null, data: null });
  });

  it("finds this browser's own order again by the id it kept, and starts a new one once that is paid", async () => {
    await syncOrderCards(1, ['DEMO00001']);
    const first = $order.get().data?.id;
    expect(stored('order:1:DEMO00001')).toBe(first);
    clearOrder();
    await syncOrderCards(1, ['DEMO00001']);
    expect($order.get().data?.id).toBe(first);
    server.status = 1;
    clearOrder();
    await syncOrderCards(1, ['DEMO00001']);
    expect(lines(asked)).toEqual([
      'POST /api/v1/order/DEMO00001/1',
      `GET /api/v1/order/${first}`,
      `GET /api/v1/order/${first}`,
      'POST /api/v1/order/DEMO00001/1',
    ]);
    expect($order.get().data?.id).not.toBe(first);
    expect(stored('order:1:DEMO00001')).toBe($order.get().data?.id);
  });
});
