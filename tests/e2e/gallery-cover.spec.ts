// The gallery's first screen before any island code (issue 28): the page's inline script starts the
// first screen's thumbnails from the HTML (their addresses follow from the page's and their place)
// and paints the grid's first rows with them; the grid then shows those very responses in cells of the same sizes: one request
// for each photo, nothing moving when they arrive.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { GRID } from '../../src/lib/grid-layout.ts';
import { layoutShift, shiftSources, watchLayoutShift } from './support/layout-shift.ts';
import { importMedia, renderRenditions } from './support/gallery.ts';
import { holdIslandCode, site, useLocale } from './support/sites.ts';

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

/** Where each image sits on the page (its top-left corner, in page coordinates). */
const placesOf = (images: Locator) =>
  images.evaluateAll((all) =>
    all.map((img) => {
      const { left, top } = img.getBoundingClientRect();
      return { left, top: top + window.scrollY };
    }),
  );

/** Each image's file, whether it has loaded, its box, and the sizes its <picture> picks a file by (Chromium takes a wider file already loaded, so the file alone would not tell). */
const imagesOf = (images: Locator) =>
  images.evaluateAll((all) =>
    all.map((img) => {
      const { width, height } = img.getBoundingClientRect();
      const sizes = img.closest('picture')?.querySelector('source')?.sizes;
      return { src: (img as HTMLImageElement).currentSrc, loaded: (img as HTMLImageElement).naturalWidth > 0, width, height, sizes };
    }),
  );

test("the page's script paints the grid's first rows, its covers first, before any island code; the grid shows the same files, each asked once; no layout shift", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // With the WebP renditions the API makes: the rows then pick their files from a srcset, as the grid's cells do.
  renderRenditions('demo');
  await useLocale(page, 'en');
  await watchLayoutShift(page);
  // Which paints counted as the page's largest so far: the grid's cells must not, being the same photos at the same sizes.
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { largestPaints: string[] }).largestPaints = []);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LargestContentfulPaint[]) seen.push(entry.element?.closest('.media-cell') ? 'grid' : 'page');
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request.url());
  });

  // No island code until the cover is on its way.
  const release = await holdIslandCode(page);
  const asked = page.waitForRequest((request) => request.url().includes('/api/v1/cover/'));
  await page.goto(site('demo', '/gallery/DE-MO00-001'), { waitUntil: 'commit' });
  const cover = (await asked).url();
  // Painted before any island code has run: the grid's first rows, the cover first, while the gallery loads.
  const early = page.locator('.gallery-early img');
  // Every photo of those rows in (the covers' row-mates were asked for with the answer, a round trip later).
  await expect
    .poll(async () => {
      const images = await imagesOf(early);
      return images.length > GRID.firstScreen && images.every((image) => image.loaded);
    })
    .toBe(true);
  const painted = await imagesOf(early);
  const places = await placesOf(early);
  expect(painted[0]!.src).toBe(cover);
  // The first screen's photos by their place in the gallery, each started with the cover, for a
  // phone's row (124 px high) at its density.
  expect(painted.length).toBeGreaterThan(GRID.firstScreen);
  const covers = painted.slice(0, GRID.firstScreen).map((image) => image.src);
  expect(covers).toEqual(covers.map((_, at) => expect.stringMatching(new RegExp(`/api/v1/cover/\\d+/DEMO00001\\?h=217${at ? `&at=${at}` : ''}$`))));
  // The others in a <picture> of WebP files sized to their cells.
  expect(painted.slice(GRID.firstScreen).every((image) => /[?&]format=webp&/.test(image.src))).toBe(true);
  expect(await page.locator('.gallery-early picture source[type="image/webp"]').count()).toBe(painted.length - GRID.firstScreen);
  await expect(page.locator('.gallery')).toHaveAttribute('data-view', 'loading');
  release();
  await expect(page.locator('.gallery[data-view]:not([data-view="loading"])')).toBeVisible();
  // Gone, not only hidden: a later load (other cards) shows no rows of this one.
  await expect(page.locator('.gallery-early')).toHaveCount(0);
  // The grid's first cells are those rows: the same sizes, the same files.
  const cells = page.locator('.media-cell img');
  await expect.poll(async () => (await imagesOf(cells)).slice(0, painted.length).filter((image) => image.loaded).length).toBe(painted.length);
  expect((await imagesOf(cells)).slice(0, painted.length)).toEqual(painted);
  // At the same places: the loading head has the list's lines, so the photos do not move.
  expect((await placesOf(cells)).slice(0, painted.length)).toEqual(places);
  await page.waitForLoadState('networkidle');

  // The page's script started each cover, its cell took that response: one request each in all,
  // and no other file of that media's thumbnail (each other cell's once).
  const firstCells = page.locator('.media-cell');
  for (let at = 0; at < GRID.firstScreen; at++) {
    expect(images.filter((url) => url === covers[at])).toHaveLength(1);
    expect(await page.evaluate((url) => performance.getEntriesByName(url).length, covers[at]!)).toBe(1);
    const id = await firstCells.nth(at).locator('button[data-media-id]').getAttribute('data-media-id');
    expect(images.filter((url) => url.includes(`/download/${id}/`) && url.includes('size=thumb'))).toEqual([]);
  }
  const thumbs = images.filter((url) => url.includes('size=thumb'));
  expect(new Set(thumbs).size).toBe(thumbs.length);

  expect(await layoutShift(page), await shiftSources(page)).toBe(0);
  expect((await imagesOf(cells)).slice(0, GRID.firstScreen).map((image) => image.src)).toEqual(covers);
  // The largest paint stays the rows' (a cell 0.25 px taller once counted again, later, when React drew it).
  expect(await page.evaluate(() => (window as unknown as { largestPaints: string[] }).largestPaints)).not.toContain('grid');
});

/** The gallery at `path` (the demo's, with its WebP renditions), its island code held until `release`, once the page's script has painted the grid's first rows (`photos` of them loaded). */
async function openBeforeIslands(
  page: Page,
  path: string,
  { locale, org = 'demo', photos = GRID.firstScreen }: { locale: 'pt' | 'en' | 'es'; org?: string; photos?: number },
) {
  if (org === 'demo') renderRenditions(org);
  await useLocale(page, locale);
  const release = await holdIslandCode(page);
  await page.goto(site(org, path), { waitUntil: 'commit' });
  const early = page.locator('.gallery-early img');
  await expect.poll(async () => (await imagesOf(early)).filter((image) => image.loaded).length).toBeGreaterThanOrEqual(photos);
  return { early, release };
}

test("a gallery of several cards has no cover: the page's script paints its first rows from the first answer, sold photos first, with the grid's files", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const { early, release } = await openBeforeIslands(page, '/gallery/DE-MO00-001?cards=DE-MO00-002', { locale: 'en' });
  const painted = await imagesOf(early);
  const places = await placesOf(early);
  // DE-MO00-002's three photos sold at the venue come first, clean.
  expect(painted.every((image) => image.loaded && /[?&]copy=clean&/.test(image.src) && /[?&]format=webp&/.test(image.src))).toBe(true);
  release();
  await expect(page.locator('.gallery-early')).toBeHidden();
  const cells = page.locator('.media-cell img');
  await expect.poll(async () => (await imagesOf(cells)).slice(0, painted.length).filter((image) => image.loaded).length).toBe(painted.length);
  expect((await imagesOf(cells)).slice(0, painted.length)).toEqual(painted);
  // Where they were: the loading head dropped the line that says nothing is bought.
  expect((await placesOf(cells)).slice(0, painted.length)).toEqual(places);
});

/**
 * A card of two first photos with extras and no note to show, opened before its island code: the
 * loading head keeps the extras notice's line and drops the note's, so the grid's cells land where
 * the early rows were once the lists show `notice`.
 */
async function expectExtrasLinesWhileLoading(page: Page, path: string, where: { locale: 'pt' | 'en'; org: string }, notice: string) {
  const { early, release } = await openBeforeIslands(page, path, { ...where, photos: 2 });
  const places = await placesOf(early);
  // Kept in the layout, not seen.
  await expect(page.locator('.gallery-loading-extras')).toHaveCSS('display', 'block');
  await expect(page.locator('.gallery-loading-note')).toHaveCSS('display', 'none');
  release();
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.locator('.gallery-early')).toBeHidden();
  expect((await placesOf(page.locator('.media-cell img'))).slice(0, places.length)).toEqual(places);
}

test("a card with photos bought and extras: the loading head has the list view's lines, the extras notice and no note that nothing is bought", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // GA-LERI-001: two photos bought, two to buy, one extra; its first rows are the two bought. In
  // English, whose extras notice takes two lines on this phone where pt's takes one.
  await expectExtrasLinesWhileLoading(
    page,
    '/gallery/GA-LERI-001',
    { locale: 'en', org: 'galeria' },
    'There is extra content for you at the end of the gallery.',
  );
});

test("a free-photos card with extras alone: the loading head has the extras notice's line and no note that nothing is bought", async ({ page }) => {
  test.setTimeout(60_000);
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-free-extras-'));
  try {
    for (const n of [1, 2]) cpSync(demoSamplePath(n), path.join(folder, `${n}.jpg`));
    importMedia('livre', 'LI-XTRA-001', folder, '--extra');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await expectExtrasLinesWhileLoading(page, '/gallery/LI-XTRA-001', { locale: 'pt', org: 'livre' }, 'Há conteúdo extra para você no fim da galeria.');
  await expect(page.locator('.gallery-early')).toHaveCount(0);
});

for (const { name, viewport, deviceScaleFactor } of [
  { name: 'on a desktop', viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1 },
  { name: 'on a 320 px phone', viewport: { width: 320, height: 640 }, deviceScaleFactor: 2 },
]) {
  test.describe(`${name}, in Spanish`, () => {
    test.use({ viewport, deviceScaleFactor });

    test("the grid's first rows the page's script paints sit where the grid then shows them", async ({ page }) => {
      test.setTimeout(60_000);
      const { early, release } = await openBeforeIslands(page, '/gallery/DE-MO00-001', { locale: 'es' });
      const places = await placesOf(early);
      release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tus fotos están listas');
      await expect(page.locator('.gallery-early')).toBeHidden();
      expect((await placesOf(page.locator('.media-cell img'))).slice(0, places.length)).toEqual(places);
    });
  });
}
