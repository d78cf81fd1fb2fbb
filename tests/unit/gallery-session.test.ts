// The gallery's loading sequence, run by the real stores; the API is the real client over a fake
// network, and the test reads what was asked of it, in order. These stores start no nanostores
// task, so the test waits for the requests themselves (vi.waitFor), not for allTasks().
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $galleryCards, $leftOutCards, addGalleryCardCodes } from '../../src/stores/cards.ts';
import { $checkoutStep } from '../../src/stores/checkout.ts';
import { $galleryAddress, openGallery } from '../../src/stores/gallery.ts';
import { $media } from '../../src/stores/media.ts';
import { $order } from '../../src/stores/order.ts';
import { $products } from '../../src/stores/products.ts';
import { type Asked, fakeNetwork, Refusal, wireOrder } from '../factories/network.ts';

const address = { code: 'DEMO00001', cards: ['DEMO00002'], credential: null, send: false };
const stored = new Map<string, string>();
let asked: Asked[];
let orderCards: string[];
/** For each order request: had the media shown (answered, no error) when it was made? */
let mediaShownAtOrder: boolean[];

/** The requests made, with the cards each media request asked for. */
const requests = () =>
  asked.map(({ method, path, body }) => `${method} ${path}${path.startsWith('/api/v1/medias/') ? ` ${(body as { cards: string[] }).cards.join('+')}` : ''}`);
const waitForRequests = (expected: string[]) => vi.waitFor(() => expect(requests()).toEqual(expected));

beforeEach(() => {
  stored.clear();
  orderCards = [];
  mediaShownAtOrder = [];
  vi.stubGlobal('window', { location: { host: 'demo.localhost' } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => stored.set(key, value),
    removeItem: (key: string) => stored.delete(key),
  });
  // The page's events: a gallery listens for pagehide.
  vi.stubGlobal('addEventListener', () => {});
  vi.stubGlobal('removeEventListener', () => {});
  asked = fakeNetwork(({ method, path, body }) => {
    if (path === '/api/v1/card/ZZZZZZZZZ/medias') throw new Refusal('CARD_NOT_FOUND', 404);
    if (path.startsWith('/api/v1/card/') && path.endsWith('/medias'))
      return { error: false, card: { id: 'c2', card: path.split('/')[4], medias_count: 1 }, medias_count: 1 };
    if (path === '/api/v1/medias/1/DEMO00001' && (body as { cards: string[] }).cards.includes('ZZZZZZZZZ')) throw new Refusal('CARD_NOT_FOUND', 404);
    if (path === '/api/v1/medias/1/DEMO00001') {
      const counts = { sold_photos: 0, sold_videos: 0, not_sold_photos: 1, not_sold_videos: 0, extras: 0 };
      return { error: false, sold_medias: [], not_sold_medias: [], extras: [], next: null, counts };
    }
    if (path === '/api/v1/products/1/online') return { error: false, products: [], all_digital: null };
    if (path === '/api/v1/card/customer/external_id/CRED') return { error: false, cards: [{ id: 'c9', card: 'CRED00001', medias_count: 3 }] };
    const media = $media.get();
    mediaShownAtOrder.push(!media.loading && media.data !== null);
    if (method === 'POST' && path === '/api/v1/order/DEMO00001/1') orderCards = ['DEMO00001', ...(body as { cards: string[] }).cards];
    else if (method === 'POST' && path.startsWith('/api/v1/order/o1/card/')) orderCards.push(path.split('/').at(-1) ?? '');
    else if (path !== '/api/v1/order/o1') throw new Refusal('NOT_FOUND', 404);
    return { error: false, order: wireOrder({ cards: orderCards.map((card) => ({ card })) }) };
  });
});

afterEach(() => {
  cleanStores($galleryCards, $galleryAddress, $media, $checkoutStep, $order, $products);
  vi.unstubAllGlobals();
});

describe('the gallery session', () => {
  it('loads the cards of the address, their media, then the products and the order, once each', async () => {
    const leave = openGallery(1, address, true);
    expect($galleryCards.get()).toEqual(['DEMO00001', 'DEMO00002']);
    await waitForRequests(['POST /api/v1/medias/1/DEMO00001 DEMO00001+DEMO00002', 'GET /api/v1/products/1/online', 'POST /api/v1/order/DEMO00001/1']);
    await vi.waitFor(() => expect($order.get().data?.cards).toEqual(['DEMO00001', 'DEMO00002']));
    // Another card: its media, and the order follows; the products are known already.
    addGalleryCardCodes(['DEMO00003']);
    await waitForRequests([
      ...requests().slice(0, 3),
      'POST /api/v1/medias/1/DEMO00001 DEMO00001+DEMO00002+DEMO00003',
      'GET /api/v1/order/o1',
      'POST /api/v1/order/o1/card/DEMO00003',
    ]);
    await vi.waitFor(() => expect($order.get().data?.cards).toEqual(['DEMO00001', 'DEMO00002', 'DEMO00003']));
    // A paid checkout shows the bought media clean: the media again, the order unchanged.
    $checkoutStep.set('success');
    await waitForRequests([...requests().slice(0, 6), 'POST /api/v1/medias/1/DEMO00001 DEMO00001+DEMO00002+DEMO00003']);
    await vi.waitFor(() => expect($media.get().loading).toBe(false));
    expect(requests()).toHaveLength(7);
    expect(mediaShownAtOrder).toEqual([true, true, true]);
    leave();
    expect($galleryCards.get()).toEqual([]);
    expect($media.get().data).toBeNull();
    expect($checkoutStep.get()).toBeNull();
  });

  it('leaves out an added card the API does not know, and shows the others without ever showing the refusal', async () => {
    const replaced: string[] = [];
    vi.stubGlobal('window', { location: { host: 'demo.localhost', href: 'http://demo.localhost/gallery/DEMO00001?cards=DEMO00002,ZZZZZZZZZ' } });
    vi.stubGlobal('history', { state: null, replaceState: (_state: unknown, _title: string, url: string) => replaced.push(url) });
    const shown: Array<string | null> = [];
    const unwatch = $media.listen(({ error }) => shown.push(error));
    const leave = openGallery(1, { ...address, cards: ['DEMO00002', 'ZZZZZZZZZ'] }, false);
    await vi.waitFor(() => expect($media.get().data).not.toBeNull());
    expect($galleryCards.get()).toEqual(['DEMO00001', 'DEMO00002']);
    expect($leftOutCards.get()).toEqual(['ZZZZZZZZZ']);
    expect(replaced).toEqual(['http://demo.localhost/gallery/DEMO00001?cards=DE-MO00-002']);
    expect(requests()).toEqual([
      'POST /api/v1/medias/1/DEMO00001 DEMO00001+DEMO00002+ZZZZZZZZZ',
      'GET /api/v1/card/DEMO00002/medias',
      'GET /api/v1/card/ZZZZZZZZZ/medias',
      'POST /api/v1/medias/1/DEMO00001 DEMO00001+DEMO00002',
    ]);
    expect(shown.filter(Boolean)).toEqual([]);
    unwatch();
    leave();
    expect($leftOutCards.get()).toEqual([]);
  });

  it('asks nothing of the shop where buying is not offered; a credential brings its cards', async () => {
    const leave = openGallery(1, { ...address, cards: [], credential: 'CRED' }, false);
    await vi.waitFor(() => expect(requests().at(-1)).toBe('POST /api/v1/medias/1/DEMO00001 DEMO00001+CRED00001'));
    await vi.waitFor(() => expect($media.get().loading).toBe(false));
    expect(requests().filter((request) => !request.includes('/medias/') && !request.includes('/external_id/'))).toEqual([]);
    // Once left, nothing follows the cards any more (a media load would ask at once).
    leave();
    const before = asked.length;
    addGalleryCardCodes(['DEMO00009']);
    expect(asked).toHaveLength(before);
  });
});
