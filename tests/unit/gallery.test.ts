import { describe, expect, it } from 'vitest';
import { translate } from '../../src/i18n/catalogues.ts';
import type { Media, MediaLists } from '../../src/lib/api/types.ts';
import {
  allMedia,
  canBuy,
  gallerySections,
  galleryView,
  gridCell,
  gridColumns,
  gridGap,
  gridRow,
  gridRowCount,
  gridRowHeight,
  isDownloadable,
  neighbours,
  ownedMedia,
  sectionLabel,
  sniffImageType,
  withoutMedia,
} from '../../src/lib/gallery.ts';

const media = (id: string, sold: boolean, type: Media['type'] = 'photo'): Media => ({
  id,
  type,
  filename: `${id}.jpg`,
  card: 'DEMO00001',
  thumbUrl: `t/${id}`,
  previewUrl: `p/${id}`,
  originalUrl: `o/${id}`,
  sold,
  width: 1920,
  height: 1280,
});
const lists: MediaLists = { sold: [media('a', true)], notSold: [media('b', false), media('c', false)], extras: [media('x', true, 'extra'), media('y', false, 'extra')] };

describe('gallery rules', () => {
  it('offers buying when the organization sells online and photos are not free', () => {
    expect(canBuy({ hasOnlineSale: true, canSellOnline: false, freePhotos: false })).toBe(true);
    expect(canBuy({ hasOnlineSale: false, canSellOnline: true, freePhotos: false })).toBe(true);
    expect(canBuy({ hasOnlineSale: true, canSellOnline: true, freePhotos: true })).toBe(false);
    expect(canBuy({ hasOnlineSale: false, canSellOnline: false, freePhotos: false })).toBe(false);
  });

  it('downloads sold media, and everything with free photos', () => {
    expect(isDownloadable(media('a', true), { freePhotos: false })).toBe(true);
    expect(isDownloadable(media('b', false), { freePhotos: false })).toBe(false);
    expect(isDownloadable(media('b', false), { freePhotos: true })).toBe(true);
  });

  it('owns sold media and sold extras (the ZIP), everything with free photos', () => {
    expect(ownedMedia(lists, { freePhotos: false }).map((m) => m.id)).toEqual(['a', 'x']);
    expect(ownedMedia(lists, { freePhotos: true }).map((m) => m.id)).toEqual(['a', 'b', 'c', 'x', 'y']);
  });

  it('walks sold, not sold, then extras, and a deleted media leaves every list', () => {
    const walk = allMedia(lists);
    expect(walk.map((m) => m.id)).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(neighbours(walk, 'a')).toMatchObject({ index: 0, previous: null, next: { id: 'b' } });
    expect(neighbours(walk, 'y')).toMatchObject({ index: 4, previous: { id: 'x' }, next: null });
    expect(neighbours(walk, 'zzz')).toMatchObject({ index: -1, previous: null, next: null });
    const after = withoutMedia(lists, 'b');
    expect(allMedia(after).map((m) => m.id)).toEqual(['a', 'c', 'x', 'y']);
  });

  it('lays the grid out in justified rows of 3:2 cells: big on a desktop, two columns on a phone', () => {
    expect(gridColumns(0)).toBe(1);
    expect(gridColumns(200)).toBe(1);
    // A 390 px phone's list (358 px): two columns, 4 px apart, each 177 px wide.
    expect(gridColumns(358)).toBe(2);
    expect(gridGap(358)).toBe(4);
    expect(gridCell(358, 2)).toBeCloseTo(177);
    // The 9-column photo area of a 1366 px desktop (870 px): three cells of 285 px, never under 220.
    expect(gridColumns(870)).toBe(3);
    expect(gridCell(870, gridColumns(870))).toBeGreaterThanOrEqual(220);
    for (const width of [600, 700, 870, 1000, 1168, 1600, 2400]) expect(gridCell(width, gridColumns(width)), `${width}`).toBeGreaterThanOrEqual(220);
    expect(gridRowCount(5000, 5)).toBe(1000);
    expect(gridRowCount(7, 3)).toBe(3);
    expect(gridRow(['a', 'b', 'c', 'd', 'e'], 1, 2)).toEqual(['c', 'd']);
    expect(gridRow(['a', 'b', 'c', 'd', 'e'], 2, 2)).toEqual(['e']);
    // 2 columns of (358 - 4) / 2 = 177 px: 3:2 boxes 118 px high plus the gap.
    expect(gridRowHeight(358, 2)).toBeCloseTo(177 * (2 / 3) + 4);
  });

  it('accepts png and jpeg by their first bytes only', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('not a photo'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull(); // GIF
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});

describe('the gallery views (section 2: loading, empty, error, list)', () => {
  const address = { code: 'DEMO00001', sendWithoutCard: false };
  const none = { error: null, data: null };

  it('loads until the address is read and the media answered, never an error before the first call', () => {
    expect(galleryView(undefined, none)).toEqual({ kind: 'loading' });
    expect(galleryView(address, none)).toEqual({ kind: 'loading' });
    expect(galleryView(address, { error: null, data: lists })).toEqual({ kind: 'list', lists });
  });

  it('an empty gallery or a failure can be reloaded; an unknown card or a missing access code leads home', () => {
    const empty = { sold: [], notSold: [], extras: [] };
    expect(galleryView(address, { error: null, data: empty })).toMatchObject({ kind: 'problem', problem: { title: 'gallery.empty', action: 'reload' } });
    expect(galleryView(address, { error: 'CARD_EMPTY_PHOTO', data: null })).toMatchObject({ problem: { title: 'gallery.empty', action: 'reload' } });
    expect(galleryView(address, { error: 'NETWORK_ERROR', data: null })).toMatchObject({ problem: { title: 'errors.network', action: 'reload' } });
    expect(galleryView(address, { error: 'INTERNAL_ERROR', data: null })).toMatchObject({ problem: { title: 'gallery.error', action: 'reload' } });
    expect(galleryView(address, { error: 'CARD_NOT_FOUND', data: null })).toMatchObject({ problem: { title: 'errors.invalidCard', action: 'home' } });
    expect(galleryView(address, { error: 'CUSTOMER_CODE_NOT_FOUND', data: null })).toMatchObject({
      problem: { title: 'errors.accessCodeTitle', text: 'errors.twoFactor', action: 'home' },
    });
    expect(galleryView({ code: null, sendWithoutCard: false }, none)).toMatchObject({ problem: { title: 'errors.invalidCard', action: 'home' } });
    expect(galleryView({ code: null, sendWithoutCard: true }, none)).toEqual({ kind: 'noCard' });
  });
});

describe('the lists and their counts', () => {
  const sale = { hasOnlineSale: true, canSellOnline: true, freePhotos: false };
  const venue = { hasOnlineSale: false, canSellOnline: false, freePhotos: false };
  const free = { hasOnlineSale: true, canSellOnline: true, freePhotos: true };
  const en = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) => translate('en', key, params);
  const labels = (organization: typeof sale) => gallerySections(lists, organization).map((section) => sectionLabel(en, section));

  it('to buy only where buying is offered; at the venue elsewhere; free photos are to download, never bought', () => {
    expect(labels(sale)).toEqual(['1 photo bought', '2 photos to buy', '2 extras']);
    expect(labels(venue)).toEqual(['1 photo bought', '2 photos available at the venue', '2 extras']);
    expect(labels(free)).toEqual(['3 photos to download', '2 extras']);
    expect(gallerySections(lists, free)[0]?.items.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it('counts videos as videos', () => {
    const mixed = { sold: [media('v', true, 'video')], notSold: [media('p', false), media('q', false), media('w', false, 'video')], extras: [] };
    expect(gallerySections(mixed, sale).map((section) => sectionLabel(en, section))).toEqual(['1 video bought', '2 photos to buy and 1 video to buy']);
    expect(sectionLabel((key, params) => translate('pt', key, params), { role: 'bought', items: mixed.sold })).toBe('1 vídeo comprado');
    // An empty list still counts (the line under the title says 0).
    expect(sectionLabel(en, { role: 'bought', items: [] })).toBe('0 photos bought');
  });
});
