// Helpers of the home specs: the form waits every home test needs and an API call recorder.
import { expect, type Page } from '@playwright/test';

/** Opens a page and waits until its island has hydrated (forms stay disabled until then). */
export async function openHome(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('form[data-hydrated]').first()).toBeVisible();
}

/** Records the API calls the page makes, but for the organization's own load on arrival. */
export function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/') && !request.url().includes('/api/v1/organization/'))
      calls.push(`${request.method()} ${new URL(request.url()).pathname}`);
  });
  return calls;
}
