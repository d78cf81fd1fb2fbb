// Nothing runs past the screen: every page state a visitor reaches (home and its modals, the
// gallery with a cart, the cart bar and panel, the viewer, the checkout's first step, the legal
// pages), at the common phone, tablet and desktop widths, in each language. Chromium's isMobile
// widens the layout viewport to fit what overflows, so the page's scrollWidth is compared with the
// width asked for, never with innerWidth.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { openHome } from './home-support.ts';
import { openGallery } from './support/gallery.ts';
import { site } from './support/sites.ts';

const LOCALES = ['pt', 'en', 'es'] as const;
const SCREENS = [
  { width: 320, height: 640 },
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
  { width: 768, height: 1024 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

/**
 * What runs past the right (or left) edge of a screen `width` px wide: the page's own scroll
 * width, and each visible element whose box, once clipped by its scrolling or clipping
 * ancestors, ends outside the screen; a scroll container that scrolls sideways counts too.
 */
function pastTheEdge(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].map((c) => `.${c}`).join('')} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) found.push(`the page is ${scrollWidth} px wide`);
    for (const element of document.querySelectorAll('body *')) {
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || style.display === 'contents') continue;
      const box = element.getBoundingClientRect();
      // Nothing to see, or the 1 px box of a visually hidden text.
      if (box.width <= 1 || box.height <= 1) continue;
      let [left, right] = [box.left, box.right];
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        [left, right] = [Math.max(left, clip.left), Math.min(right, clip.right)];
      }
      if (right - left <= 0) continue;
      if (left < -0.5 || right > width + 0.5) found.push(`${name(element)} spans ${Math.round(left)} to ${Math.round(right)}`);
      if (['auto', 'scroll'].includes(style.overflowX) && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${name(element)} scrolls sideways (${element.scrollWidth} in ${element.clientWidth})`);
      }
      if (style.textOverflow === 'ellipsis' && element.scrollWidth > element.clientWidth) found.push(`${name(element)} is cut short`);
    }
    return found;
  }, width);
}

/** A state of the page must fit: nothing past the edge, and the cart bar (when fixed at the bottom) inside the screen. */
async function expectFits(page: Page, state: string, width: number, height: number): Promise<void> {
  expect.soft(await pastTheEdge(page, width), `${state} at ${width} px`).toEqual([]);
  const bar = page.locator('.gallery-side');
  // An empty cart has no bar on phones: there is nothing to place then.
  if ((await bar.isVisible()) && (await bar.evaluate((side) => getComputedStyle(side).position === 'fixed'))) {
    const box = (await bar.boundingBox())!;
    expect.soft(box.y + box.height, `${state}: the cart bar's bottom at ${width}x${height}`).toBeLessThanOrEqual(height + 0.5);
    expect.soft(box.y, `${state}: the cart bar's top at ${width}x${height}`).toBeLessThan(height);
  }
}

/** Opens a modal with `open`, checks the page with it open, closes it with Escape. */
async function withDialog(page: Page, state: string, width: number, height: number, open: () => Promise<void>): Promise<void> {
  await open();
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  await expectFits(page, state, width, height);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function walk(browser: Browser, locale: (typeof LOCALES)[number], { width, height }: (typeof SCREENS)[number]): Promise<void> {
  const touch = width < 1024;
  const context = await browser.newContext({ viewport: { width, height }, isMobile: touch, hasTouch: touch, deviceScaleFactor: 1 });
  await context.addInitScript((value) => localStorage.setItem('locale', value), locale);
  const page = await context.newPage();
  try {
    await openHome(page, site('demo'));
    await expect(page.locator('.privacy-banner')).toBeVisible();
    await expectFits(page, 'the home with its privacy notice', width, height);
    await withDialog(page, 'the home with the facial search open', width, height, () => page.locator('.home-action').nth(1).click());
    await withDialog(page, 'the home with an error', width, height, async () => {
      // The demo's third card holds nothing yet: the home says so in a modal.
      await page.locator('.card-form input').first().fill('DE-MO00-003');
      await page.locator('.card-form button[type="submit"]').click();
    });
    await page.locator('.home-action').first().click();
    await expect(page.locator('.customer-form[data-hydrated]')).toBeVisible();
    await expectFits(page, 'the home with the customer form', width, height);

    await openGallery(page, 'demo', '/gallery/DE-MO00-001');
    await expect(page.locator('.media-cell img').first()).toBeVisible();
    await expectFits(page, 'the gallery', width, height);
    // The card's code in one piece: never "DE-" on one line and "MO00-001" on the next.
    expect.soft(await page.locator('.gallery-card .card-code').evaluate((code) => code.getClientRects().length), `the card's code at ${width} px`).toBe(1);
    const picks = page.locator('.media-cell .cart-pick');
    for (const n of [0, 1, 2]) {
      await picks.nth(n).click();
      await expect(picks.nth(n)).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(page.locator('.cart-badge .badge')).toHaveText('3');
    await expectFits(page, 'the gallery with three photos in the cart', width, height);
    const more = page.locator('.gallery-more-toggle');
    if (await more.isVisible()) {
      await more.click();
      await expect(page.locator('.gallery-more.open')).toBeVisible();
      await expectFits(page, 'the gallery with its "more" menu open', width, height);
      await more.click();
    }
    const expand = page.locator('.cart-expand');
    if (await expand.isVisible()) {
      await expand.click();
      await expect(page.locator('.cart-panel.expanded .cart-totals')).toBeVisible();
      await expectFits(page, 'the cart panel open', width, height);
    }
    await withDialog(page, 'the checkout, first step', width, height, () => page.locator('.cart-body > button:last-child').click());
    if (await expand.isVisible()) await expand.click();
    await withDialog(page, 'the prices table', width, height, async () => {
      if (await more.isVisible()) await more.click();
      await page.locator('.gallery-more .header-button').first().click();
    });
    await withDialog(page, 'the viewer', width, height, () => page.locator('.media-cell [data-media-id]').first().click());

    await page.goto(site('demo', '/terms'));
    await expectFits(page, 'the terms', width, height);
    await page.goto(site('demo', '/privacy-policy'));
    await expectFits(page, 'the privacy policy', width, height);
  } finally {
    await context.close();
  }
}

for (const locale of LOCALES) {
  for (const [kind, screens] of [
    ['phones', SCREENS.filter((s) => s.width < 768)],
    ['tablet and desktops', SCREENS.filter((s) => s.width >= 768)],
  ] as const) {
    test(`${locale}, ${kind}: no page state runs past the screen, the cart bar inside it`, async ({ browser }) => {
      test.setTimeout(180_000);
      for (const screen of screens) await walk(browser, locale, screen);
    });
  }
}
