// Photos first (issue 28): the gallery's island code starts once the page's script has shown the
// first screen of photos, never more than FIRST_SCREEN_WAIT_MS after it started, and at once when
// there is nothing to show first (a page hidden while another language is pending, a card that is
// not found). On a phone network that code would otherwise share the photos' bandwidth.
import { expect, test, type Page } from '@playwright/test';
import { FIRST_SCREEN_WAIT_MS } from '../../src/lib/gallery-early.ts';
import { list } from './support/gallery.ts';
import { holdRequests, site, useLocale } from './support/sites.ts';

test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });

/** When (ms after navigation) the page asked for its first island module, and when its covers had all arrived. */
const timings = (page: Page) =>
  page.evaluate(() => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const code = resources.filter((entry) => /\/_astro\/[^/]+\.js$/.test(entry.name));
    const covers = resources.filter((entry) => entry.name.includes('/api/v1/cover/'));
    return {
      firstCode: Math.min(...code.map((entry) => entry.startTime)),
      coversIn: Math.max(...covers.map((entry) => entry.responseEnd)),
      covers: covers.length,
    };
  });

const hydrated = (page: Page) => expect(page.locator('.gallery[data-view]:not([data-view="loading"])')).toBeVisible({ timeout: 20_000 });

test('the island code starts once the first screen of photos is in, and the gallery then works', async ({ page }) => {
  await page.goto(site('demo', '/gallery/DE-MO00-001'));
  await hydrated(page);
  const { firstCode, coversIn, covers } = await timings(page);
  expect(covers).toBe(3);
  expect(firstCode).toBeGreaterThanOrEqual(coversIn);
  // Every island works: the lists, the viewer (hydrated when idle).
  await list(page, '6 fotos para comprar').getByRole('button').first().click();
  await expect(page.getByRole('dialog', { name: 'Foto 1 de 6' })).toBeVisible();
});

test('a first-screen photo that does not come holds the code back no longer than the wait', async ({ page }) => {
  const release = await holdRequests(page, '**/api/v1/cover/**');
  await page.goto(site('demo', '/gallery/DE-MO00-001'), { waitUntil: 'commit' });
  await hydrated(page);
  await expect(list(page, '6 fotos para comprar')).toBeVisible();
  const { firstCode } = await timings(page);
  expect(firstCode).toBeGreaterThanOrEqual(FIRST_SCREEN_WAIT_MS);
  // Then, not later (with room for a loaded machine).
  expect(firstCode).toBeLessThan(FIRST_SCREEN_WAIT_MS + 3000);
  release();
});

test('with its page hidden until it renders another language, the code does not wait for photos', async ({ page }) => {
  // The page stays hidden until the islands render Spanish: its photos would show no sooner.
  await useLocale(page, 'es');
  const release = await holdRequests(page, '**/api/v1/cover/**');
  await page.goto(site('demo', '/gallery/DE-MO00-001'), { waitUntil: 'commit' });
  await expect(list(page, '6 fotos para comprar')).toBeVisible();
  expect((await timings(page)).firstCode).toBeLessThan(FIRST_SCREEN_WAIT_MS);
  release();
});

test('for a card that is not found, the code does not wait: its message is island code', async ({ page }) => {
  await page.goto(site('demo', '/gallery/ZZ-ZZZZ-ZZZ'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cartão inválido');
  expect((await timings(page)).firstCode).toBeLessThan(FIRST_SCREEN_WAIT_MS);
});
