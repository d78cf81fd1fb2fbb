import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SITES_PORT } from '../../../playwright.config.ts';

/** The address of a tenant site served by the preview server. */
export function site(webName: string, path = '/'): string {
  return `http://${webName}.localhost:${SITES_PORT}${path}`;
}

export async function useLocale(page: Page, locale: 'pt' | 'en' | 'es'): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('locale', value), locale);
}

/** axe-core must find no violation on the page as it stands. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
