import { expect, test } from '@playwright/test';
import { ANALYTICS_ENDPOINT } from '../../playwright.config.ts';

test('page views, the organization and a loaded card reach the configured analytics', async ({ page }) => {
  const events: Array<{ name: string; params: Record<string, unknown> }> = [];
  await page.route(ANALYTICS_ENDPOINT, async (route) => {
    const body = route.request().postDataJSON() as { measurement_id: string; events: typeof events };
    expect(body.measurement_id).toBe('G-E2E');
    events.push(...body.events);
    await route.fulfill({ status: 204 });
  });

  await page.goto('/');
  await expect(page.locator('form[data-hydrated]')).toBeVisible();
  await page.getByLabel('Código do cartão').fill('DE-MO00-001');
  await page.getByRole('button', { name: 'Carregar cartão' }).click();
  await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);

  await expect.poll(() => events.map((e) => e.name)).toEqual(['organization_loaded', 'page_view', 'card_loaded', 'page_view']);
  expect(events[0]?.params).toMatchObject({ organization_name: 'Demo' });
  expect(events[1]?.params).toMatchObject({ page_path: '/', page_title: 'Demo' });
  expect(events[3]?.params).toMatchObject({ page_path: '/gallery/DE-MO00-001', page_title: 'Demo - Galeria' });
});
