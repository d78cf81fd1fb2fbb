import { describe, expect, it } from 'vitest';
import type { Media, MediaLists } from '../../src/lib/api/types.ts';
import {
  allMedia,
  canBuy,
  gridColumns,
  gridRow,
  gridRowCount,
  gridRowHeight,
  isDownloadable,
  neighbours,
  ownedMedia,
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

  it('lays the grid out in rows of fixed boxes', () => {
    expect(gridColumns(0)).toBe(1);
    expect(gridColumns(160)).toBe(1);
    expect(gridColumns(328)).toBe(2);
    expect(gridColumns(900)).toBe(5);
    expect(gridRowCount(5000, 5)).toBe(1000);
    expect(gridRowCount(7, 3)).toBe(3);
    expect(gridRow(['a', 'b', 'c', 'd', 'e'], 1, 2)).toEqual(['c', 'd']);
    expect(gridRow(['a', 'b', 'c', 'd', 'e'], 2, 2)).toEqual(['e']);
    // 2 columns of (328 - 8) / 2 = 160 px: 3:2 boxes 106.67 px high plus the gap.
    expect(gridRowHeight(328, 2)).toBeCloseTo(160 * (2 / 3) + 8);
  });

  it('accepts png and jpeg by their first bytes only', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('not a photo'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull(); // GIF
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});
