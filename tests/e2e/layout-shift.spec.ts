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
