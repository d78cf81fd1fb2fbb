// `npm run screenshots`: the demo as a visitor sees it, for the README and for design reviews.
// Starts the product on its own ports and a throw-away data folder (as `npm start` does), then
// writes the home, gallery, viewer, cart and checkout at 1366x768 and 390x844 in pt and en, and
// at 360x800 (the most common Android) in pt and es, to
// docs/screenshots/<page>-<locale>-<desktop|phone|small>.jpg.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { productConfigOrExit, startProduct } from './start.ts';

const root = path.resolve(import.meta.dirname, '..');
const OUT = path.join(root, 'docs', 'screenshots');
const API_PORT = 8930;
const SITES_PORT = 4530;
const DEMO = `http://demo.localhost:${SITES_PORT}`;
const SIZES = { desktop: { width: 1366, height: 768 }, phone: { width: 390, height: 844 }, small: { width: 360, height: 800 } } as const;
const LOCALES = ['pt', 'en', 'es'] as const;
/** Which sizes each language is shot at. */
const SHOTS: Record<(typeof LOCALES)[number], Array<keyof typeof SIZES>> = { pt: ['desktop', 'phone', 'small'], en: ['desktop', 'phone'], es: ['small'] };

type Catalogue = Record<string, string>;
const catalogues = Object.fromEntries(
  await Promise.all(LOCALES.map(async (locale) => [locale, JSON.parse(await readFile(path.join(root, 'src/i18n', `${locale}.json`), 'utf8')) as Catalogue])),
) as Record<(typeof LOCALES)[number], Catalogue>;

/** A catalogue text with its `{placeholders}` cut out, as a pattern for an accessible name. */
function named(text: string): RegExp {
  return new RegExp(
    text
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*'),
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  // Let images decode and transitions end: a screenshot shows a settled screen.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => Promise.all([...document.images].filter((img) => !img.complete).map((img) => img.decode().catch(() => undefined))));
  await page.screenshot({ path: path.join(OUT, `${name}.jpg`), type: 'jpeg', quality: 80 });
  console.log(`wrote docs/screenshots/${name}.jpg`);
}

async function visit(page: Page, t: Catalogue, suffix: string): Promise<void> {
  await page.goto(DEMO);
  await page.locator('form[data-hydrated]').first().waitFor();
  await shoot(page, `home-${suffix}`);

  await page.goto(`${DEMO}/gallery/DE-MO00-001`);
  await page.locator('[data-media-id]').first().waitFor();
  await shoot(page, `gallery-${suffix}`);

  await page.locator('[data-media-id]').first().click();
  await page.getByRole('dialog').waitFor();
  // The preview is a large image: wait until it is painted, not only requested.
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('dialog[open] .viewer-frame img');
    return Boolean(img?.complete && img.naturalWidth > 0);
  });
  await shoot(page, `viewer-${suffix}`);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });

  const pick = page.getByRole('button', { name: named(t['cart.pick'] ?? '') });
  for (const n of [0, 1, 2]) await pick.nth(n).click();
  const finish = page.getByRole('button', { name: t['cart.finish'] ?? '' });
  // On a phone the cart is a bar that opens its panel.
  if (!(await finish.isVisible())) await page.locator('.cart-bar button').first().click();
  await finish.waitFor();
  await shoot(page, `cart-${suffix}`);

  await finish.click();
  await page.getByRole('dialog').waitFor();
  await shoot(page, `checkout-${suffix}`);
}

const work = await mkdtemp(path.join(os.tmpdir(), 'screenshots-'));
const env = { ...process.env, DATA_DIR: path.join(work, 'data'), API_PORT: String(API_PORT), SITES_PORT: String(SITES_PORT) };
const stop = await startProduct(productConfigOrExit(env), { cacheDir: path.join(work, 'cache'), outDir: path.join(work, 'dist') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  await mkdir(OUT, { recursive: true });
  for (const locale of LOCALES) {
    for (const size of SHOTS[locale]) {
      const touch = size !== 'desktop';
      const context = await browser.newContext({ viewport: SIZES[size], deviceScaleFactor: 1, isMobile: touch, hasTouch: touch });
      await context.addInitScript((value) => localStorage.setItem('locale', value), locale);
      await visit(await context.newPage(), catalogues[locale], `${locale}-${size}`);
      // Each run starts with an empty cart: the order belongs to this browser context alone.
      await context.close();
    }
  }
} finally {
  await browser.close();
  await stop();
  await rm(work, { recursive: true, force: true });
}
