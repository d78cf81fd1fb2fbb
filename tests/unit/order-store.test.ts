import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api/client.ts';
import type { Media, Order } from '../../src/lib/api/types.ts';

// The store talks to the API through one client; here it is a fake that answers like the API
// does (the whole order after each change), slowly enough for changes to overlap.
const server = vi.hoisted(() => ({
  items: [] as Array<{ mediaId: string; productId: number }>,
  calls: [] as string[],
  fail: false,
  status: 0 as 0 | 1,
  orders: 0,
}));

vi.mock('../../src/lib/api/index.ts', () => {
  const order = (): Order => ({
    id: `o${server.orders}`,
    cards: ['DEMO00001'],
    items: [...server.items],
    allDigitalId: null,
    photos: server.items.length,
    videos: 0,
    total: server.items.length * 2500,
    status: server.status,
    completed: false,
    customer: null,
  });
  const later = <T>(work: () => T) =>
    new Promise<T>((resolve, reject) =>
      setTimeout(() => {
        if (server.fail) reject(new ApiError('NETWORK_ERROR', 0));
        else resolve(work());
      }, Math.random() * 10),
    );
  return {
    api: {
      createOrder: (_org: number, cards: string[]) =>
        later(() => {
          server.calls.push(`create ${cards}`);
          server.orders++;
          server.status = 0;
          return order();
        }),
      getOrder: (id: string) =>
        later(() => {
          server.calls.push(`get ${id}`);
          if (id !== `o${server.orders}`) throw new ApiError('ORDER_NOT_FOUND', 404);
          return order();
        }),
      addOrderCard: () => later(order),
      removeOrderCard: () => later(order),
      addOrderMedia: (_o: string, productId: number, mediaId: string) =>
        later(() => (server.calls.push(`add ${mediaId}`), server.items.push({ mediaId, productId }), order())),
      removeOrderMedia: (_o: string, _p: number, mediaId: string) =>
        later(() => (server.calls.push(`remove ${mediaId}`), (server.items = server.items.filter((i) => i.mediaId !== mediaId)), order())),
    },
  };
});

const { $cartPending, $order, clearOrder, syncOrderCards, toggleInCart } = await import('../../src/stores/order.ts');
const { $products } = await import('../../src/stores/products.ts');

const photo = (id: string): Media => ({
  id,
  type: 'photo',
  filename: `${id}.jpg`,
  card: 'DEMO00001',
  thumbUrl: '',
  previewUrl: '',
  originalUrl: '',
  sold: false,
  width: 1920,
  height: 1280,
});

const stored = new Map<string, string>();

beforeEach(() => {
  vi.stubGlobal('window', { location: { host: 'demo.localhost' } });
  stored.clear();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  server.items = [];
  server.calls = [];
  server.fail = false;
  server.status = 0;
  clearOrder();
  $products.set({
    loading: false,
    error: null,
    data: { products: [{ id: 1, kind: 'photo', ranges: [{ min_photos: 1, max_photos: null, price: 2500 }] }], allDigital: null },
  });
});

describe('the order store', () => {
  it('runs changes one after another, so a double click adds then removes and the last answer holds both', async () => {
    await syncOrderCards(1, ['DEMO00001']);
    const a = photo('a');
    const clicks = [toggleInCart(a), toggleInCart(photo('b')), toggleInCart(a)];
    expect($cartPending.get()).toEqual(new Set(['a', 'b']));
    await Promise.all(clicks);
    expect(server.calls).toEqual(['create DEMO00001', 'add a', 'add b', 'remove a']);
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
    expect(stored.get('order:1:DEMO00001')).toBe(first);
    clearOrder();
    await syncOrderCards(1, ['DEMO00001']);
    expect($order.get().data?.id).toBe(first);
    server.status = 1;
    clearOrder();
    await syncOrderCards(1, ['DEMO00001']);
    expect(server.calls).toEqual([
      'create DEMO00001',
      `get ${first}`,
      `get ${first}`,
      'create DEMO00001',
    ]);
    expect($order.get().data?.id).not.toBe(first);
    expect(stored.get('order:1:DEMO00001')).toBe($order.get().data?.id);
  });
});
