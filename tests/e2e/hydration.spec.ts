// React hydrates the prerendered pages: the first render in the browser must equal the HTML in
// every state a visitor can arrive in, or React throws the server's DOM away (and says so in the
// console). Any console error, warning or page error fails the arrival.
import { expect, test, type Page } from '@playwright/test';
import { ANALYTICS_ENDPOINT } from '../../playwright.config.ts';
import { holdIslandCode, useLocale } from './support/sites.ts';

interface Arrival {
  name: string;
  path: string;
  locale?: 'en' | 'es';
  /** What shows once the island has hydrated and rendered the arrival's language and data. */
  ready: (page: Page) => Promise<void>;
}

const homeReady = (title: string) => async (page: Page) => {
  await expect(page.locator('form[data-hydrated]').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
};
const galleryReady = (list: string) => async (page: Page) => {
  await expect(page.getByRole('region', { name: list }).getByRole('img').first()).toBeVisible();
};

const ARRIVALS: Arrival[] = [
  { name: 'home in pt', path: '/', ready: homeReady('Encontre suas fotos') },
  { name: 'home with en stored', path: '/', locale: 'en', ready: homeReady('Find your photos') },
  { name: 'home with es stored', path: '/', locale: 'es', ready: homeReady('Encuentra tus fotos') },
  {
    name: 'home with ?card=',
    path: '/?card=DEMO00002',
    ready: async (page) => expect(page).toHaveURL(/\/gallery\/DE-MO00-002$/),
  },
  { name: 'gallery by URL', path: '/gallery/DE-MO00-001', ready: galleryReady('6 fotos para comprar') },
  { name: 'gallery by URL with es stored', path: '/gallery/DE-MO00-002', locale: 'es', ready: galleryReady('3 fotos compradas') },
];

for (const arrival of ARRIVALS) {
  test(`hydrates without a warning: ${arrival.name}`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    // The test sites report to a collector that does not exist; answer for it.
    await page.route(ANALYTICS_ENDPOINT, (route) => route.fulfill({ status: 204 }));
    if (arrival.locale) await useLocale(page, arrival.locale);
    await page.goto(arrival.path);
    await arrival.ready(page);
    await expect(page.locator('html[data-locale-pending]')).toHaveCount(0);
    expect(problems).toEqual([]);
  });
}

// A button the page shows before its island has hydrated would do nothing when clicked: every one
// waits disabled (a form's by its fieldset) until the island takes over.
for (const [name, path] of [
  ['home', '/'],
  ['gallery', '/gallery/DE-MO00-001'],
] as const) {
  test(`before hydrating, no button of the ${name} can be clicked in vain`, async ({ page }) => {
    const release = await holdIslandCode(page);
    await page.route(ANALYTICS_ENDPOINT, (route) => route.fulfill({ status: 204 }));
    await page.goto(path, { waitUntil: 'commit' });
    // The catalogues come after the page's content: once there, every button is in the page.
    await expect(page.locator('#i18n-catalogues')).toBeAttached();
    const buttons = page.getByRole('main').locator('button');
    expect(await buttons.count()).toBeGreaterThan(1);
    // Shown ones only: a closed modal's buttons cannot be clicked at all.
    const enabled = () =>
      buttons.evaluateAll((all) => all.filter((button) => button.checkVisibility() && !button.matches(':disabled')).map((button) => button.textContent));
    expect(await enabled()).toEqual([]);
    release();
    await expect.poll(enabled).not.toEqual([]);
  });
}
