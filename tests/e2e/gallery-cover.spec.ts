// The gallery's cover (issue 28): the page's inline script starts the first thumbnail from the
// HTML (its address follows from the page's) and shows it, before any island code; the grid's first cell
// then shows that very response: one request for it, no second download of the same photo, nothing
// moving when it arrives.
import { expect, test } from '@playwright/test';
import { GRID } from '../../src/lib/grid-layout.ts';
import { layoutShift, watchLayoutShift } from './support/layout-shift.ts';
import { holdIslandCode, site, useLocale } from './support/sites.ts';

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

test("the first cell shows the cover the page's script started: asked once, nothing else for its photo, no layout shift", async ({ page }) => {
  await useLocale(page, 'en');
  await watchLayoutShift(page);
  const images: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request.url());
  });

  // No island code until the cover is on its way.
  const release = await holdIslandCode(page);
  const asked = page.waitForRequest((request) => request.url().includes('/api/v1/cover/'));
  await page.goto(site('demo', '/gallery/DE-MO00-001'), { waitUntil: 'commit' });
  const cover = (await asked).url();
  // Painted before any island code has run: the page's script shows it while the gallery loads.
  const early = page.locator('.gallery-cover img');
  await expect(early).toBeVisible();
  expect(
    await early.evaluate((img) => [(img as HTMLImageElement).currentSrc, (img as HTMLImageElement).naturalWidth > 0, img.getBoundingClientRect().height]),
  ).toEqual([cover, true, 124]);
  await expect(page.locator('.gallery')).toHaveAttribute('data-view', 'loading');
  // Then the rest of the first screen is preloaded, still before any island code.
  await expect.poll(() => images.filter((url) => url.includes('size=thumb')).length).toBe(GRID.firstScreen - 1);
  release();
  await expect(page.locator('.gallery[data-view]:not([data-view="loading"])')).toBeVisible();
  await expect(page.locator('.gallery-cover')).toBeHidden();
  const first = page.locator('.media-cell').first().locator('img');
  await expect.poll(() => first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const shown = await first.evaluate((img) => (img as HTMLImageElement).currentSrc);
  // The gallery of the address's card, for a 3:2 slot of a phone's row (124 px high) at its density.
  expect(shown).toMatch(/\/api\/v1\/cover\/\d+\/DEMO00001\?w=326$/);
  await page.waitForLoadState('networkidle');

  // The page's script started it, the cell took that response: one request in all.
  expect(images.filter((url) => url === shown)).toHaveLength(1);
  expect(await page.evaluate((url) => performance.getEntriesByName(url).length, shown)).toBe(1);
  // No other file of the first media's thumbnail was asked for (each other cell's once).
  const firstId = await page.locator('.media-cell').first().locator('button[data-media-id]').getAttribute('data-media-id');
  expect(images.filter((url) => url.includes(`/download/${firstId}/`) && url.includes('size=thumb'))).toEqual([]);
  const thumbs = images.filter((url) => url.includes('size=thumb'));
  expect(new Set(thumbs).size).toBe(thumbs.length);

  expect(await layoutShift(page)).toBe(0);
  expect(await first.evaluate((img) => (img as HTMLImageElement).currentSrc)).toBe(shown);
});
