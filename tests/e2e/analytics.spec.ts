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

  // Each event is its own beacon, so their arrival order is the network's, not the page's.
  await expect.poll(() => events.map((e) => e.name).sort()).toEqual(['card_loaded', 'organization_loaded', 'page_view', 'page_view']);
  const pageViews = events.filter((e) => e.name === 'page_view').map((e) => e.params);
  expect(pageViews).toContainEqual(expect.objectContaining({ page_path: '/', page_title: 'Demo' }));
  expect(pageViews).toContainEqual(expect.objectContaining({ page_path: '/gallery/DE-MO00-001', page_title: 'Demo - Galeria' }));
  expect(events.find((e) => e.name === 'organization_loaded')?.params).toMatchObject({ organization_name: 'Demo' });
});
