// The home on a phone (390x844): the card field and its button are the first screen's primary
// action, wholly inside the first 844 px and covered by nothing (the privacy banner included),
// and the page, prerendered then hydrated, moves no more than a layout shift of 0.02.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openHome } from './home-support.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Sums the page's layout shifts from its very start (shifts right after input do not count). */
async function recordLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The element is wholly inside the first screen and on top at its centre and along its edges. */
async function expectInFirstScreenUncovered(element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // The centre and the middle of each edge (the corners are rounded off, so never hit).
  const inset = 3;
  const [midX, midY] = [box.x + box.width / 2, box.y + box.height / 2];
  const points = [
    [midX, midY],
    [box.x + inset, midY],
    [box.x + box.width - inset, midY],
    [midX, box.y + inset],
    [midX, box.y + box.height - inset],
  ] as const;
  for (const [x, y] of points) {
    const onTop = await element.evaluate(
      (target, [px, py]) => {
        const hit = document.elementFromPoint(px, py);
        return hit !== null && (hit === target || target.contains(hit));
      },
      [x, y] as const,
    );
    expect(onTop, `covered at (${Math.round(x)}, ${Math.round(y)})`).toBe(true);
  }
}

const cases = [
  { name: 'pt, branded tenant', webName: 'demo', locale: 'pt', field: 'Código do cartão', button: 'Carregar cartão' },
  { name: 'en, branded tenant', webName: 'demo', locale: 'en', field: 'Card code', button: 'Load card' },
  { name: 'pt, tenant without branding', webName: 'parque', locale: 'pt', field: 'Código do cartão', button: 'Carregar cartão' },
  { name: 'pt, two-factor (access code field too)', webName: 'cofre', locale: 'pt', field: 'Código do cartão', button: 'Carregar cartão' },
] as const;

test.describe('the home on a 390x844 phone', () => {
  for (const { name, webName, locale, field, button } of cases) {
    test(`${name}: the card field and its button show in the first screen, uncovered, with no layout shift`, async ({ page }) => {
      if (locale !== 'pt') await useLocale(page, locale);
      await recordLayoutShift(page);
      await openHome(page, site(webName));
      // The privacy banner shows once hydrated (nothing accepted yet): it must cover nothing.
      await expect(page.getByRole('region', { name: locale === 'pt' ? 'Privacidade' : 'Privacy' })).toBeAttached();
      await expectInFirstScreenUncovered(page.getByLabel(field, { exact: true }));
      await expectInFirstScreenUncovered(page.getByRole('button', { name: button, exact: true }));
      // The hero and the other ways are present, the primary action before them.
      await expect(page.locator('.home-hero')).toBeVisible();
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const shift = await page.evaluate(() => (window as unknown as { __shifts: { total: number } }).__shifts.total);
      expect(shift).toBeLessThanOrEqual(0.02);
    });
  }

  test('the phone home has no axe violations', async ({ page }) => {
    await openHome(page, site('demo'));
    await expect(page.getByRole('region', { name: 'Privacidade' })).toBeAttached();
    await expectNoAxeViolations(page);
  });
});
