import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SITES_PORT } from '../../../playwright.config.ts';

/** The address of a tenant site served by the preview server. */
export function site(webName: string, path = '/'): string {
  return `http://${webName}.localhost:${SITES_PORT}${path}`;
}

/** Holds back the page's requests to `url` (a glob) until the returned function is called, as a slow network would. */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Holds back the page's island code (its /_astro/ modules) until the returned function is called:
 * the visitor sees the static HTML and what its inline scripts do, as on a slow phone.
 */
export function holdIslandCode(page: Page): Promise<() => void> {
  return holdRequests(page, '**/_astro/*.js');
}

export async function useLocale(page: Page, locale: 'pt' | 'en' | 'es'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
}

/** axe-core must find no violation on the page as it stands. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
