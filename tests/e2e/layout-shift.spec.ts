// Layout shift (issue 13: at most 0.02 on the home and the gallery): the prerendered page, its
// hydration, the live organization, the media arriving and the fonts must not move what the
// visitor already sees. Summed as Chromium reports it (layout-shift entries without recent input).
import { expect, test } from '@playwright/test';
import { openGallery } from './support/gallery.ts';
import { openHome } from './home-support.ts';
import { layoutShift, watchLayoutShift } from './support/layout-shift.ts';
import { site, useLocale } from './support/sites.ts';

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
        expect(await layoutShift(page)).toBeLessThanOrEqual(MAX_SHIFT);
      });

      test(`the gallery moves at most ${MAX_SHIFT} (${locale})`, async ({ page }) => {
        await useLocale(page, locale);
        await watchLayoutShift(page);
        await openGallery(page, 'demo', '/gallery/DE-MO00-001');
        expect(await layoutShift(page)).toBeLessThanOrEqual(MAX_SHIFT);
      });
    }
  });
}

test('the header keeps its place while its logo loads on a slow network: the logo is laid out at its own size before it arrives', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/branding/logo.svg', async (route) => {
    await held;
    await route.continue();
  });
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
