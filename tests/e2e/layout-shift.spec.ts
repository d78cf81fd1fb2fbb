// Layout shift (issue 13: at most 0.02 on the home and the gallery): the prerendered page, its
// hydration, the live organization, the media arriving and the fonts must not move what the
// visitor already sees. Summed as Chromium reports it (layout-shift entries without recent input).
import { expect, test } from '@playwright/test';
import { openGallery } from './support/gallery.ts';
import { openHome } from './home-support.ts';
import { layoutShift, shiftSources, watchLayoutShift } from './support/layout-shift.ts';
import { holdRequests, site, useLocale } from './support/sites.ts';
import { PHONE, throttle } from '../../bench/support/network.ts';

const MAX_SHIFT = 0.02;

for (const [size, viewport] of [
  ['desktop', { width: 1366, height: 768 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test.describe(size, () => {
    test.use({ viewport });

    for (const locale of ['pt', 'en'] as const) {
      test(`the home moves at most ${MAX_SHIFT} (${locale})`, async ({ page }) => {
        await useLocale(page, locale);
        await watchLayoutShift(page);
        await openHome(page, site('demo'));
        expect(await layoutShift(page), await shiftSources(page)).toBeLessThanOrEqual(MAX_SHIFT);
      });

      test(`the gallery moves at most ${MAX_SHIFT} (${locale})`, async ({ page }) => {
        await useLocale(page, locale);
        await watchLayoutShift(page);
        await openGallery(page, 'demo', '/gallery/DE-MO00-001');
        expect(await layoutShift(page), await shiftSources(page)).toBeLessThanOrEqual(MAX_SHIFT);
      });
    }
  });
}

test('the header keeps its place while its logo loads on a slow network: the logo is laid out at its own size before it arrives', async ({ page }) => {
  const release = await holdRequests(page, '**/branding/logo.svg');
  await page.goto(site('parque'), { waitUntil: 'commit' });
  const logo = page.locator('.site-name img');
  const main = page.locator('main');
  await expect(main).toBeVisible();
  const box = async () => ({ logo: await logo.boundingBox(), mainTop: (await main.boundingBox())?.y });
  const before = await box();
  expect(await logo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeFalsy();
  release();
  await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  // Parque's logo file is 160x40.
  expect(before.logo).toMatchObject({ width: 160, height: 40 });
  expect(await box()).toEqual(before);
});

for (const [size, device] of [
  ['a phone', PHONE],
  ['a desktop', { viewport: { width: 1366, height: 768 } }],
] as const) {
  test.describe(`on ${size} on Slow 4G with a slow CPU (the HTML arriving in pieces, the island code late)`, () => {
    test.use(device);

    test('the gallery does not move at all while it loads: its first rows, then the grid, under a frame that never moves', async ({ page, context }) => {
      test.setTimeout(60_000);
      const cdp = await context.newCDPSession(page);
      await throttle(cdp);
      // And Lighthouse's mobile CPU, 4 times slower: the first frames come while the parser is mid-page.
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await watchLayoutShift(page, { untouched: true });
      await openGallery(page, 'demo', '/gallery/DE-MO00-001');
      await expect
        .poll(() => page.locator('.media-cell img').evaluateAll((imgs) => imgs.filter((img) => (img as HTMLImageElement).naturalWidth > 0).length))
        .toBeGreaterThan(2);
      // The cart's summary is in (on a desktop, the side panel beside the grid), its call made after the island code.
      await expect(page.locator('.cart-summary')).toHaveText(/R\$/, { timeout: 30_000 });
      expect(await layoutShift(page), await shiftSources(page)).toBe(0);
    });
  });
}
