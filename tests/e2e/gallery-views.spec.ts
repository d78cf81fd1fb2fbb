import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { expectNoAxeViolations, holdRequests, site, useLocale } from './support/sites.ts';
import { counts, importMedia, list, openGallery } from './support/gallery.ts';

test.beforeEach(async ({ page }) => useLocale(page, 'en'));

test('an unsold card: watermarked previews to buy, nothing bought, the 9/3 layout with its shop panel', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  await expect(page.getByRole('heading', { name: 'Your photos are ready' })).toBeVisible();
  await expect(page.getByText('Click a photo to expand and download it, or download them all as a ZIP.')).toBeVisible();
  await expect(page.getByText('There are no photos purchased in your photo gallery.')).toBeVisible();
  await expect(counts(page, '6 photos to buy')).toBeVisible();
  // An empty list says nothing at all (no "0 photos bought").
  await expect(page.getByText(/^0 photos/)).toHaveCount(0);
  const photos = list(page, '6 photos to buy').getByRole('img');
  await expect(photos).toHaveCount(6);
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(6);
  // Unsold thumbnails are the API's watermarked ones; the viewer shows the watermarked preview.
  const response = await page.request.get((await photos.first().getAttribute('src'))!);
  expect(response.status()).toBe(200);
  await expect(page.locator('.gallery-side')).toHaveCount(1);
  await expect(page.getByRole('button', { name: /^Cart \d+$/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Prices' })).toBeVisible();
  // Nothing owned: the ZIP has nothing to hold.
  await expect(page.getByRole('button', { name: 'Download all (ZIP)' })).toBeDisabled();
  await photos.first().click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 6' });
  await expect(viewer.getByText('Watermarked preview')).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveCount(0);
  await expect(viewer.getByRole('img')).toHaveAttribute('src', /size=preview/);
  await expectNoAxeViolations(page);
});

test('a sold card shows its bought photos with clean thumbnails and the download tooltip', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
  await expect(counts(page, '3 photos bought')).toBeVisible();
  await expect(page.getByText('There are no photos purchased in your photo gallery.')).toHaveCount(0);
  const tip = page.getByRole('button', { name: 'About downloads without a watermark' });
  await tip.focus();
  await expect(page.getByRole('tooltip')).toHaveText('Photos you bought download and share without a watermark.');
  await expect(page.getByRole('tooltip')).toBeVisible();
  await tip.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download all (ZIP)' })).toBeEnabled();
  await expectNoAxeViolations(page);
});

test('a portrait keeps its ratio beside landscapes: every thumbnail whole in its cell, none cropped to 3:2', async ({ page }) => {
  // The demo's samples are all landscapes: the card gets sample 2 turned upright.
  const folder = mkdtempSync(path.join(os.tmpdir(), 'e2e-portrait-'));
  try {
    await sharp(demoSamplePath(1)).toFile(path.join(folder, 'a.jpg'));
    await sharp(demoSamplePath(2)).rotate(90).toFile(path.join(folder, 'b.jpg'));
    await sharp(demoSamplePath(3)).toFile(path.join(folder, 'c.jpg'));
    importMedia('galeria', 'RE-TRAT-001', folder, '--sold');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  await page.setViewportSize({ width: 1366, height: 768 });
  await openGallery(page, 'galeria', '/gallery/RE-TRAT-001');
  const photos = list(page, '3 photos bought').getByRole('img');
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(3);
  const shapes = await photos.evaluateAll((imgs) =>
    imgs.map((img) => {
      const box = img.getBoundingClientRect();
      const image = img as HTMLImageElement;
      return { shown: box.width / box.height, own: image.naturalWidth / image.naturalHeight };
    }),
  );
  expect(shapes.filter((shape) => shape.own < 1)).toHaveLength(1);
  // Each cell has its thumbnail's own shape (within a pixel's rounding), so object-fit crops nothing.
  for (const { shown, own } of shapes) expect(Math.abs(shown - own) / own).toBeLessThan(0.01);
  await expectNoAxeViolations(page);
});

test('extras are listed apart with their notice', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await expect(page.getByText('There is extra content for you at the end of the gallery.')).toBeVisible();
  await expect(list(page, '1 extra').getByRole('img')).toHaveCount(1);
  await expect(list(page, '2 photos bought').getByRole('img')).toHaveCount(2);
  await expect(list(page, '2 photos to buy').getByRole('img')).toHaveCount(2);
  // galeria sells online but has no products yet: the cart says nothing is on sale and offers no toggle.
  await expect(page.getByRole('region', { name: 'Cart' }).getByText('Nothing is on sale right now.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Choose for the cart/ })).toHaveCount(0);
});

test('free_photos: everything downloadable, no prices, no shop panel', async ({ page }) => {
  await openGallery(page, 'livre', '/gallery/LI-VREE-001');
  await expect(counts(page, '3 photos to download')).toBeVisible();
  // Free photos are to download: nothing there is to buy, nor called bought.
  await expect(list(page, '3 photos to download').getByRole('img')).toHaveCount(3);
  await expect(page.getByText(/photos? to buy/i)).toHaveCount(0);
  await expect(page.getByText(/bought/i)).toHaveCount(0);
  await expect(page.getByText('There are no photos purchased in your photo gallery.')).toHaveCount(0);
  await expect(page.locator('.gallery-side')).toHaveCount(0);
  await expect(page.locator('.gallery-buy')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prices' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Choose for the cart/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Download all (ZIP)' })).toBeEnabled();
  const photos = page.getByRole('main').locator('.media-cell img');
  await expect(photos).toHaveCount(3);
  await photos.first().click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 3' });
  await expect(viewer.getByRole('link', { name: 'Download' })).toHaveAttribute('href', /size=original/);
  await expect(viewer.getByText('Watermarked preview')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test("the loading view is no list: 'Your photos are ready' heads only the photos", async ({ page }) => {
  const release = await holdRequests(page, '**/api/v1/medias/**');
  await page.goto(site('demo', '/gallery/DE-MO00-002'));
  await expect(page.getByRole('status').getByRole('heading', { level: 1 })).toHaveText('Loading your photos…');
  await expect(page.getByRole('heading', { name: 'Your photos are ready' })).toHaveCount(0);
  // Its head has the list's lines, kept but not shown: no list, no list's heading.
  await expect(page.locator('.gallery-main').getByRole('heading', { level: 2 })).toHaveCount(0);
  await expect(page.locator('.media-cell')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your photos are ready');
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
});

test('the empty view says so under its own heading and reloads', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-003');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your photo gallery is empty.');
  await expect(page.getByRole('alert')).toContainText('Photos may take up to 48 hours to become available.');
  await expect(page.getByRole('heading', { name: 'Your photos are ready' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  const again = page.waitForRequest((r) => r.url().includes('/api/v1/medias/') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Reload' }).click();
  await again;
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your photo gallery is empty.');
});

test('an unknown card or an address without a card says so and leads home, not to a refresh', async ({ page }) => {
  for (const path of ['/gallery/ZZ-ZZZZ-ZZZ', '/gallery/NOT-A-CODE', '/gallery/ZZ-ZZZZ-ZZZ?credential=CRED-X']) {
    await openGallery(page, 'demo', path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid card');
    await expect(page.getByRole('alert')).toContainText('Check the code printed on your card and type it again on the home page.');
    await expect(page.getByText(/refresh/i)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reload' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Your photos are ready' })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      path.includes('credential') ? '/?credential=CRED-X' : '/',
    );
  }
  await expectNoAxeViolations(page);
  await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your photos');
});

test("an added card that is not found (a mistyped shared link) is left out, and the address's own photos show", async ({ page }) => {
  for (const [locale, notice] of [
    ['en', '1 card was not found and is not shown here: ZZ-ZZZZ-ZZZ.'],
    ['es', '1 tarjeta no se encontró y no aparece aquí: ZZ-ZZZZ-ZZZ.'],
  ] as const) {
    await useLocale(page, locale);
    await openGallery(page, 'demo', '/gallery/DE-MO00-001?cards=DE-MO00-002,ZZ-ZZZZ-ZZZ');
    await expect(page.getByRole('status').filter({ hasText: notice })).toBeVisible();
    // The first card's six photos to buy and the second card's three bought ones.
    await expect(page.locator('.media-cell img')).toHaveCount(9);
    await expect(page).toHaveURL(/\/gallery\/DE-MO00-001\?cards=DE-MO00-002$/);
  }
  await expectNoAxeViolations(page);
});

test('an unreachable API says so, and the reload brings the photos once it answers', async ({ page }) => {
  await page.route('**/api/v1/medias/**', (route) => route.abort());
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Could not reach the server. Check your connection and try again.');
  await expect(page.getByRole('heading', { name: 'Your photos are ready' })).toHaveCount(0);
  await page.unroute('**/api/v1/medias/**');
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
});

test('a thumbnail or a preview that cannot load shows the placeholder, never a broken image', async ({ page }) => {
  await page.route('**/api/v1/photo/download/**', (route) => route.fulfill({ status: 404, body: '' }));
  // The first screen's thumbnails come as the page's covers (gallery-cover.spec.ts): they cannot load either.
  await page.route('**/api/v1/cover/**', (route) => route.fulfill({ status: 404, body: '' }));
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  const photos = list(page, '3 photos bought').getByRole('img');
  await expect(photos).toHaveCount(3);
  for (const photo of await photos.all()) await expect(photo).toHaveAttribute('src', '/placeholder.svg');
  await expect.poll(() => photos.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length)).toBe(3);
  await photos.first().click();
  const preview = page.getByRole('dialog', { name: 'Photo 1 of 3' }).getByRole('img');
  await expect(preview).toHaveAttribute('src', '/placeholder.svg');
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});

test('the reload button fetches the media again', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
  const again = page.waitForRequest((r) => r.url().includes('/api/v1/medias/') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Reload' }).click();
  await again;
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
});

test('?credential= is kept on the way back home', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-002?credential=DEMOCRED');
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/?credential=DEMOCRED');
});

test('?credential= shows the media of every card of the credential', async ({ page }) => {
  await openGallery(page, 'credencial', '/gallery/CR-EDEN-001');
  await expect(list(page, '2 photos to buy').getByRole('img')).toHaveCount(2);

  const request = page.waitForRequest((r) => r.url().includes('/api/v1/medias/') && r.method() === 'POST' && r.postData()?.includes('CREDEN000') === true);
  await openGallery(page, 'credencial', '/gallery/CR-EDEN-001?credential=CRED-ANA');
  // The first page of both cards' media.
  expect((await request).postDataJSON()).toEqual({ cards: ['CREDEN001', 'CREDEN000'], limit: 80 });
  await expect(list(page, '3 photos to buy').getByRole('img')).toHaveCount(3);
});

test('two-factor: opened without its access code the gallery leads home; with the code the home kept, it opens', async ({ page }) => {
  await openGallery(page, 'parque', '/gallery/PQ-SEGR-001');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invalid access code!');
  await expect(page.getByRole('alert')).toContainText('This site uses two-step verification');
  await expect(page.getByText(/refresh/i)).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  await page.addInitScript(() => sessionStorage.setItem('cardSecret:PQSEGR001', 'ABC123'));
  // The gallery's first call leaves from the page's HTML (a GET), carrying the code as every later call does.
  const call = page.waitForRequest((r) => r.url().includes('/api/v1/medias/'));
  await openGallery(page, 'parque', '/gallery/PQ-SEGR-001');
  expect((await call).url()).toContain('secret=ABC123');
  await expect(page.locator('.media-cell img')).toHaveCount(2);
});

test('without online sale nothing is "to buy": the unsold photos are available at the venue', async ({ page }) => {
  await page.addInitScript(() => sessionStorage.setItem('cardSecret:PQSEGR001', 'ABC123'));
  await openGallery(page, 'parque', '/gallery/PQ-SEGR-001');
  await expect(counts(page, '2 photos available at the venue')).toBeVisible();
  await expect(page.getByText(/^0 photos/)).toHaveCount(0);
  await expect(list(page, '2 photos available at the venue').getByRole('img')).toHaveCount(2);
  await expect(page.getByText(/to buy/i)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Prices' })).toHaveCount(0);
});
