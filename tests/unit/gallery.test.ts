import { describe, expect, it } from 'vitest';
import { translate } from '../../src/i18n/catalogues.ts';
import type { Media, MediaLists } from '../../src/lib/api/types.ts';
import {
  allMedia,
  canBuy,
  gallerySections,
  galleryView,
  headLines,
  isDownloadable,
  neighbours,
  ownedMedia,
  sectionLabel,
  unsoldMedia,
  withoutMedia,
  withPage,
} from '../../src/lib/gallery.ts';
import { GRID, gridLayout, gridRatio, type GridLayout } from '../../src/lib/grid-layout.ts';
import { sniffImageType } from '../../src/lib/upload-rules.ts';

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
const NONE = { soldPhotos: 0, soldVideos: 0, notSoldPhotos: 0, notSoldVideos: 0, extras: 0 };
const lists: MediaLists = {
  sold: [media('a', true)],
  notSold: [media('b', false), media('c', false)],
  extras: [media('x', true, 'extra'), media('y', false, 'extra')],
  counts: { ...NONE, soldPhotos: 1, notSoldPhotos: 2, extras: 2 },
  next: null,
};

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
    expect(after.counts).toEqual({ ...lists.counts, notSoldPhotos: 1 });
  });

  it('accepts png and jpeg by their first bytes only', () => {
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new TextEncoder().encode('not a photo'))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull(); // GIF
    expect(sniffImageType(new Uint8Array([]))).toBeNull();
  });
});

/** The demo's six photos (face-api's samples), as the API answers their sizes. */
const DEMO = [1280, 1367, 1350, 1448, 1398, 1537].map((height) => ({ width: 1920, height }));
const size = (width: number, height: number) => ({ width, height });

/** Sizes from a fixed seed: landscapes, portraits, squares and the odd panorama. */
function mixedSizes(count: number): Array<{ width: number; height: number }> {
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const shapes = [size(1920, 1280), size(1280, 1920), size(1000, 1000), size(1920, 1080), size(1080, 1920), size(4000, 1000), size(1600, 1200)];
  return Array.from({ length: count }, () => shapes[Math.floor(next() * shapes.length)]!);
}

/** What every layout must hold: each media once and in order, the gaps exact, full rows as wide as the list, each cell at its ratio. */
function expectSound(layout: GridLayout, sizes: ReadonlyArray<{ width: number; height: number }>, width: number): void {
  expect(layout.rows.flatMap((row) => row.cells.map((cell) => cell.index))).toEqual(sizes.map((_, i) => i));
  const problems: string[] = [];
  layout.rows.forEach((row, r) => {
    const last = row.cells.at(-1)!;
    const right = last.left + last.width;
    if (r < layout.rows.length - 1 ? Math.abs(right - width) > 1 : right > width) problems.push(`row ${r} ends at ${right}`);
    if (row.cells[0]!.left !== 0) problems.push(`row ${r} starts at ${row.cells[0]!.left}`);
    row.cells.forEach((cell, i) => {
      const before = row.cells[i - 1];
      if (before && cell.left - (before.left + before.width) !== layout.gap) problems.push(`cell ${cell.index} is not ${layout.gap} px from its neighbour`);
      // At its ratio but for whole pixels: its edges rounded (1 px) and its row's height (half a pixel, times the ratio).
      const ratio = gridRatio(sizes[cell.index]!);
      if (Math.abs(cell.width - ratio * row.height) > 1 + ratio / 2) problems.push(`cell ${cell.index} is ${cell.width}x${row.height}, not ${ratio}`);
    });
  });
  expect(problems).toEqual([]);
}

describe("the grid: justified rows that keep each photo's ratio", () => {
  it('lays nothing out for an empty list or before the list has a width', () => {
    expect(gridLayout([], 870).rows).toEqual([]);
    expect(gridLayout(DEMO, 0).rows).toEqual([]);
  });

  it("fills a 1366 px desktop's photo area (870 px) with rows of three, every landscape over 220 px wide", () => {
    const layout = gridLayout(DEMO, 870);
    expectSound(layout, DEMO, 870);
    expect(layout.gap).toBe(GRID.desktop.gap);
    expect(layout.rows.map((row) => row.cells.length)).toEqual([3, 3]);
    expect(layout.rows.map((row) => row.height)).toEqual([197, 216]);
    for (const row of layout.rows) for (const cell of row.cells) expect(cell.width).toBeGreaterThanOrEqual(220);
  });

  it('keeps a 3:2 landscape at least 220 px on its long edge at every desktop width, whatever its neighbours', () => {
    const sizes = mixedSizes(400);
    for (const width of [600, 700, 870, 1000, 1168, 1600, 2400]) {
      const layout = gridLayout(sizes, width);
      expectSound(layout, sizes, width);
      for (const row of layout.rows) {
        expect(row.height, `${width}`).toBeGreaterThanOrEqual(GRID.desktop.min);
        for (const cell of row.cells) if (gridRatio(sizes[cell.index]!) === 1.5) expect(cell.width, `${width}`).toBeGreaterThanOrEqual(220);
      }
    }
  });

  it("keeps a phone's rows tight: two demo photos a row on a 390 px phone (358 px list), 4 px apart", () => {
    const layout = gridLayout(DEMO, 358);
    expectSound(layout, DEMO, 358);
    expect(layout.gap).toBe(GRID.phone.gap);
    expect(layout.rows.map((row) => row.cells.length)).toEqual([2, 2, 2]);
    for (const row of layout.rows) expect(row.height).toBeLessThanOrEqual(135);
  });

  it('keeps a portrait a portrait, beside landscapes', () => {
    const sizes = [size(1920, 1280), size(1280, 1920), size(1920, 1280), size(1920, 1280)];
    const layout = gridLayout(sizes, 870);
    expectSound(layout, sizes, 870);
    const [row] = layout.rows;
    const portrait = row!.cells[1]!;
    expect(portrait.width / row!.height).toBeCloseTo(2 / 3, 2);
    expect(row!.cells[0]!.width / row!.height).toBeCloseTo(3 / 2, 2);
  });

  it('does not stretch the last row past the target height', () => {
    const two = [size(1920, 1280), size(1920, 1280)];
    const layout = gridLayout(two, 870);
    expect(layout.rows).toHaveLength(1);
    expect(layout.rows[0]!.height).toBe(GRID.desktop.target);
    expect(layout.rows[0]!.cells.map((cell) => cell.width)).toEqual([330, 330]);
    expect(gridLayout([size(1280, 1920)], 358).rows[0]).toEqual({ height: GRID.phone.target, cells: [{ index: 0, left: 0, width: 83 }] });
  });

  it('holds a panorama and a very tall photo to 3:1 and 1:2, and a media without a size to 3:2', () => {
    expect(gridRatio(size(8000, 1000))).toBe(GRID.maxRatio);
    expect(gridRatio(size(500, 5000))).toBe(GRID.minRatio);
    expect(gridRatio(size(1080, 1920))).toBeCloseTo(0.5625);
    expect(gridRatio(size(0, 0))).toBe(GRID.fallbackRatio);
    const sizes = [size(8000, 1000), size(1920, 1280), size(500, 5000), size(1920, 1280), size(1920, 1280)];
    const layout = gridLayout(sizes, 870);
    expectSound(layout, sizes, 870);
    // The panorama is three times as wide as its row is high, not eight.
    const panorama = layout.rows[0]!.cells[0]!;
    expect(panorama.width / layout.rows[0]!.height).toBeCloseTo(3, 1);
    for (const row of layout.rows) expect(row.height).toBeGreaterThanOrEqual(GRID.desktop.min);
  });

  it("lays out 20,000 media, each once and in order, every row's height known from the sizes alone", () => {
    const sizes = mixedSizes(20_000);
    for (const width of [358, 870]) {
      const layout = gridLayout(sizes, width);
      expectSound(layout, sizes, width);
      expect(layout.rows.every((row) => Number.isInteger(row.height) && row.height > 0)).toBe(true);
    }
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
    const empty = { sold: [], notSold: [], extras: [], counts: NONE, next: null };
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
  const labels = (organization: typeof sale, shown: MediaLists = lists) => gallerySections(shown, organization).map((section) => sectionLabel(en, section));

  it('to buy only where buying is offered; at the venue elsewhere; free photos are to download, never bought', () => {
    expect(labels(sale)).toEqual(['1 photo bought', '2 photos to buy', '2 extras']);
    expect(labels(venue)).toEqual(['1 photo bought', '2 photos available at the venue', '2 extras']);
    expect(labels(free)).toEqual(['3 photos to download', '2 extras']);
    expect(gallerySections(lists, free)[0]?.items.map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });

  it("the head's lines: the extras notice when there are extras, the note that nothing is bought when nothing is and photos are not free", () => {
    expect(headLines({ soldPhotos: 0, soldVideos: 0, extras: 0 }, false)).toEqual({ extrasNotice: false, noneSold: true });
    expect(headLines({ soldPhotos: 0, soldVideos: 1, extras: 2 }, false)).toEqual({ extrasNotice: true, noneSold: false });
    expect(headLines({ soldPhotos: 1, soldVideos: 0, extras: 0 }, false)).toEqual({ extrasNotice: false, noneSold: false });
    expect(headLines({ soldPhotos: 0, soldVideos: 0, extras: 1 }, true)).toEqual({ extrasNotice: true, noneSold: false });
  });

  it('counts videos as videos', () => {
    const mixed = {
      sold: [media('v', true, 'video')],
      notSold: [media('p', false), media('q', false), media('w', false, 'video')],
      extras: [],
      counts: { ...NONE, soldVideos: 1, notSoldPhotos: 2, notSoldVideos: 1 },
      next: null,
    };
    expect(gallerySections(mixed, sale).map((section) => sectionLabel(en, section))).toEqual(['1 video bought', '2 photos to buy and 1 video to buy']);
    expect(sectionLabel((key, params) => translate('pt', key, params), { role: 'bought', total: 1, videos: 1 })).toBe('1 vídeo comprado');
    // A list with nothing loaded yet is left out: no heading says "0 photos".
    expect(gallerySections({ ...mixed, sold: [] }, sale).map((section) => section.role)).toEqual(['toBuy']);
  });

  it('heads each list with its count in all, the pages not loaded yet included, and the package saves on all of them', () => {
    const paged = {
      ...lists,
      notSold: [media('b', false)],
      counts: { ...NONE, soldPhotos: 1, notSoldPhotos: 19_000, notSoldVideos: 999, extras: 2 },
      next: 'CURSOR',
    };
    expect(labels(sale, paged)).toEqual(['1 photo bought', '19000 photos to buy and 999 videos to buy', '2 extras']);
    expect(gallerySections(paged, sale).map((section) => section.total)).toEqual([1, 19_999, 2]);
    const unsold = unsoldMedia(paged);
    expect(unsold).toHaveLength(19_999);
    expect(unsold.filter((m) => m.type === 'video')).toHaveLength(999);
    // A later page joins the lists in order and brings the cursor after it.
    const joined = withPage(paged, { ...paged, sold: [], notSold: [media('c', false)], extras: [], next: null });
    expect(allMedia(joined).map((m) => m.id)).toEqual(['a', 'b', 'c', 'x', 'y']);
    expect(joined.next).toBeNull();
  });
});
