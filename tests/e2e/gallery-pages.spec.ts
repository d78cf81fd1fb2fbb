import { expect, test, type Page, type Request } from '@playwright/test';
import { ANALYTICS_ENDPOINT, E2E_DATA_DIR } from '../../playwright.config.ts';
import { openDatabase } from '../../server/src/db.ts';
import { seedBigCard } from '../support/big-card.ts';
import { list, openGallery } from './support/gallery.ts';
import { holdIslandCode, site, useLocale } from './support/sites.ts';

// Issue 28: the gallery's first call leaves from the page's HTML (one answer: the organization and
// the first page of media), further pages come as the visitor scrolls, and the cart and the ZIP
// work across pages.

const BIG = 'PAGE20000';
const ON_SALE = 'PAGESALE1';

// The cards are seeded once, by the one worker that runs this file.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const db = await openDatabase({ dataDir: E2E_DATA_DIR, databaseUrl: null });
  try {
    await seedBigCard(db, E2E_DATA_DIR, BIG, 20_000);
    await seedBigCard(db, E2E_DATA_DIR, ON_SALE, 300, { allOnSale: true });
  } finally {
    await db.destroy();
  }
});

test.beforeEach(async ({ page }) => {
  await useLocale(page, 'en');
  await page.route(ANALYTICS_ENDPOINT, (route) => route.fulfill({ status: 204 }));
});

const isStart = (request: Request) => /\/api\/v1\/medias\/\d+\/[^/]+\/gallery\?/.test(request.url());
const isPage = (request: Request) => /\/api\/v1\/medias\/\d+\/[^/?]+(\?|$)/.test(request.url()) && request.method() === 'POST';
const isOrganization = (request: Request) => request.url().includes('/api/v1/organization/');

/** Every API request of the page, in order. */
function apiRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/')) seen.push(request);
  });
  return seen;
}

test('the first answer is asked from the HTML, before any island code has arrived, once, and the islands use it', async ({ page }) => {
  const seen = apiRequests(page);
  const release = await holdIslandCode(page);
  const cover = page.waitForRequest((request) => request.url().includes('/api/v1/cover/'));
  await page.goto(site('demo', '/gallery/DE-MO00-001'), { waitUntil: 'commit' });
  // No island code yet, and the organization and the first page are on their way (then here).
  const start = await page.waitForResponse((response) => isStart(response.request()));
  expect(start.status()).toBe(200);
  expect(start.url()).toContain('/DEMO00001/gallery?limit=80');
  // The first screen's thumbnails are on their way too, still before any island code: for a
  // gallery of one card, as its covers (gallery-cover.spec.ts).
  await cover;
  // The islands' shared chunks are named by the page itself (as the page's code starts:
  // gallery-photos-first.spec.ts), not learnt from the islands' own modules a round trip later.
  const preloaded = () => page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  await expect.poll(preloaded).toContainEqual(expect.stringMatching(/\/_astro\/pages\.[\w-]+\.js$/));
  release();
  await expect(list(page, '6 photos to buy').getByRole('img')).toHaveCount(6);
  await expect.poll(() => page.locator('.media-cell img').evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).complete))).toBe(true);
  // One request for the organization, the card and the media: no other asks for them again.
  expect(seen.filter(isStart)).toHaveLength(1);
  expect(seen.filter(isPage)).toHaveLength(0);
  expect(seen.filter(isOrganization)).toHaveLength(0);
  expect(seen.findIndex(isStart)).toBe(0);
});

test('a card of 20,000 media: the grid stays virtual, the heading counts them all, and pages come as the visitor scrolls', async ({ page }) => {
  test.setTimeout(90_000);
  const seen = apiRequests(page);
  await openGallery(page, 'demo', '/gallery/PA-GE20-000');
  // Every third is sold at the venue: the sold ones come first.
  const bought = list(page, '6667 photos bought');
  await expect(bought).toBeVisible();
  const grid = bought.locator('.media-grid-virtual');
  await expect(grid).toHaveAttribute('data-count', '6667');
  const start = seen.find(isStart);
  expect(start).toBeDefined();
  expect(((await (await start!.response())!.body()).length / 1024).toFixed(0)).toMatch(/^\d{1,2}$/); // a few tens of KB at most, uncompressed
  expect(seen.filter(isPage)).toHaveLength(0);
  await expect(page.locator('.media-cell').first()).toBeVisible();
  expect(await page.locator('.media-cell').count()).toBeLessThan(80);

  // Scrolling down asks for the next page, and the grid grows; the DOM stays small.
  const next = page.waitForRequest(isPage);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const body = (await next).postDataJSON() as { after?: string; limit?: number };
  expect(body.after).toBeTruthy();
  expect(body.limit).toBe(1000);
  const lastShown = async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    return page.locator('.media-cell').evaluateAll((cells) => Math.max(...cells.map((cell) => Number(cell.getAttribute('aria-posinset')))));
  };
  // The first page's 80 and the second's 1,000.
  await expect.poll(lastShown, { timeout: 20_000 }).toBeGreaterThan(1000);
  expect(await page.locator('.media-cell').count()).toBeLessThan(80);
  expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(1500);

  // On to the last media, page after page.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.locator('.media-cell[aria-posinset="13333"]')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 60_000 });
  await expect(list(page, '13333 photos to buy')).toBeVisible();
  expect(await page.locator('.media-cell').count()).toBeLessThan(80);
  expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(1500);
  expect(seen.filter(isPage).length).toBe(20);
});

test('the cart takes photos of several pages and prices them together; the package saves on every page', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/PA-GESA-LE1');
  const cart = page.getByRole('region', { name: 'Cart' });
  const summary = cart.locator('.cart-summary');
  const pick = (n: number) => page.getByRole('button', { name: `Choose for the cart: Photo ${n} of card PA-GESA-LE1` });
  await expect(list(page, '300 photos to buy')).toBeVisible();
  await expect(summary).toHaveText(/^0 items/);
  // What the package saves counts all 300 photos (25 × 2 + 20 × 3 + 15 × 295 = 4,535, less 99), not the 80 of the first page.
  await expect(cart.getByText(/saves you R\$\s?4,436\.00 over/)).toBeAttached();
  await pick(1).click();
  await expect(summary).toHaveText(/^1 item\b/);
  // The last photo is on the second page.
  expect(await page.locator('.media-cell[aria-posinset="300"]').count()).toBe(0);
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(pick(300)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await pick(300).click();
  await expect(pick(300)).toHaveAttribute('aria-pressed', 'true');
  // 25 + 25 by the table, whichever page each photo came in.
  await expect(summary).toHaveText(/^2 items\s·\sR\$\s?50\.00$/);
  await page.reload();
  await expect(summary).toHaveText(/^2 items\s·\sR\$\s?50\.00$/);
  // The browser brings the reloaded page back to where it was scrolled: the first photo is at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(pick(1)).toHaveAttribute('aria-pressed', 'true');
});
