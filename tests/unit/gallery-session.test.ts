import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MediaLists } from '../../src/lib/api/types.ts';

// The gallery's loading sequence, with the calls to the API replaced by a log of what was asked.
const log = vi.hoisted(() => [] as string[]);
const lists: MediaLists = { sold: [], notSold: [], extras: [] };

vi.mock('../../src/stores/media.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/stores/media.ts')>();
  return {
    ...real,
    loadMedias: async (_org: number, cards: string[], secret?: string) => {
      log.push(`media ${cards.join('+')}${secret ? ` secret ${secret}` : ''}`);
      real.$media.set({ loading: true, error: null, data: real.$media.get().data });
      await Promise.resolve();
      real.$media.set({ loading: false, error: null, data: lists });
      return lists;
    },
  };
});
vi.mock('../../src/stores/products.ts', () => ({ loadProducts: async () => log.push('products') }));
vi.mock('../../src/stores/order.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/stores/order.ts')>()),
  syncOrderCards: async (_org: number, cards: string[]) => (log.push(`order ${cards.join('+')}`), true),
}));
vi.mock('../../src/stores/cards.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/stores/cards.ts')>();
  return { ...real, credentialCardCodes: async () => ['CRED00001'] };
});

// The page's events: a gallery listens for pagehide.
globalThis.addEventListener ??= vi.fn();
globalThis.removeEventListener ??= vi.fn();

const { openGallery } = await import('../../src/stores/gallery.ts');
const { $galleryCards, addGalleryCardCodes } = await import('../../src/stores/cards.ts');
const { $media } = await import('../../src/stores/media.ts');
const { $checkoutStep } = await import('../../src/stores/checkout.ts');

const address = { code: 'DEMO00001', cards: ['DEMO00002'], credential: null, send: false };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  log.length = 0;
});

describe('the gallery session', () => {
  it('loads the cards of the address, their media, then the products and the order, once each', async () => {
    const leave = openGallery(1, address, true);
    await settle();
    expect($galleryCards.get()).toEqual(['DEMO00001', 'DEMO00002']);
    expect(log).toEqual(['media DEMO00001+DEMO00002', 'products', 'order DEMO00001+DEMO00002']);
    // Another card: its media, and the order follows; the products are known already.
    addGalleryCardCodes(['DEMO00003']);
    await settle();
    expect(log.slice(3)).toEqual(['media DEMO00001+DEMO00002+DEMO00003', 'order DEMO00001+DEMO00002+DEMO00003']);
    // A paid checkout shows the bought media clean: the media again, the order unchanged.
    $checkoutStep.set('success');
    await settle();
    expect(log.slice(5)).toEqual(['media DEMO00001+DEMO00002+DEMO00003']);
    leave();
    expect($galleryCards.get()).toEqual([]);
    expect($media.get().data).toBeNull();
    expect($checkoutStep.get()).toBeNull();
  });

  it('asks nothing of the shop where buying is not offered; a credential brings its cards', async () => {
    const leave = openGallery(1, { ...address, cards: [], credential: 'CRED' }, false);
    await settle();
    expect(log.at(-1)).toBe('media DEMO00001+CRED00001');
    expect(log.filter((call) => !call.startsWith('media'))).toEqual([]);
    // Once left, nothing follows the cards any more.
    leave();
    const before = log.length;
    addGalleryCardCodes(['DEMO00009']);
    await settle();
    expect(log).toHaveLength(before);
  });
});
