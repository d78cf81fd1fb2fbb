import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { ANALYTICS_ENDPOINT } from '../../playwright.config.ts';
import { checkoutToPayment, confirmPix, orderIdOfCheckout } from './support/checkout.ts';
import { openFacialCamera } from './support/facial.ts';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { openGallery } from './support/gallery.ts';

// The facial search's camera shows nobody: the search runs and finds no face.
const blank = await fakeCameraVideo(sharp({ create: { width: 640, height: 480, channels: 3, background: '#8899aa' } }).png(), 'analytics-blank');
test.use(withFakeCamera(blank));

interface SentEvent {
  name: string;
  params: Record<string, unknown>;
}

/** Every event the page sends to the collector, in the order they arrive. */
async function collect(page: Page): Promise<SentEvent[]> {
  const events: SentEvent[] = [];
  await page.route(ANALYTICS_ENDPOINT, async (route) => {
    const body = route.request().postDataJSON() as { measurement_id: string; events: SentEvent[] };
    expect(body.measurement_id).toBe('G-E2E');
    events.push(...body.events);
    await route.fulfill({ status: 204 });
  });
  return events;
}

const named = (events: SentEvent[], name: string) => events.filter((e) => e.name === name).map((e) => e.params);

test('page views, the organization and a loaded card reach the configured analytics', async ({ page }) => {
  const events = await collect(page);

  await page.goto('/');
  await expect(page.locator('form[data-hydrated]')).toBeVisible();
  await page.getByLabel('Código do cartão').fill('DE-MO00-001');
  await page.getByRole('button', { name: 'Carregar cartão' }).click();
  await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);

  // Each event is its own beacon, so their arrival order is the network's, not the page's.
  await expect.poll(() => events.map((e) => e.name).sort()).toEqual(['card_loaded', 'organization_loaded', 'page_view', 'page_view']);
  const pageViews = named(events, 'page_view');
  expect(pageViews).toContainEqual(expect.objectContaining({ page_path: '/', page_title: 'Demo' }));
  expect(pageViews).toContainEqual(expect.objectContaining({ page_path: '/gallery/DE-MO00-001', page_title: 'Demo - Galeria' }));
  expect(named(events, 'organization_loaded')[0]).toMatchObject({ organization_name: 'Demo' });
});

test('the shop: add_to_cart, begin_checkout and purchase in BRL with the order id, and nothing about the buyer', async ({ page }) => {
  test.setTimeout(60_000);
  const events = await collect(page);
  await openGallery(page, 'demo', '/gallery/DE-PAGA-006');
  const dialog = await checkoutToPayment(page, 'DE-PAGA-006', 'lia@example.com');
  const orderId = await orderIdOfCheckout(page, () => dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click());
  expect(confirmPix(orderId)).toContain('PAID');
  await expect(dialog.getByRole('heading', { name: 'Pedido realizado' })).toBeVisible({ timeout: 12_000 });

  const photo = { item_id: 'photo', item_name: 'Photo', quantity: 1 };
  await expect.poll(() => named(events, 'purchase')).toEqual([{ transaction_id: orderId, currency: 'BRL', value: 25, items: [photo] }]);
  expect(named(events, 'add_to_cart')).toEqual([{ currency: 'BRL', value: 25, items: [{ ...photo, price: 25 }] }]);
  expect(named(events, 'begin_checkout')).toEqual([{ currency: 'BRL', value: 25, items: [photo] }]);
  const shop = JSON.stringify(events.filter((e) => ['add_to_cart', 'begin_checkout', 'purchase'].includes(e.name)));
  for (const personal of ['lia@example.com', '52998224725', '529.982.247-25', '11912345678', 'Rua A', 'DEPAGA006', 'DE-PAGA-006']) {
    expect(shop).not.toContain(personal);
  }
});

test('facial_search: how many selfies and cards, never the photos or the period', async ({ page }) => {
  test.setTimeout(60_000);
  const events = await collect(page);
  const dialog = await openFacialCamera(page);
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog.getByRole('img', { name: 'Your photo 1' })).toBeVisible({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Find my photos' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => named(events, 'facial_search')).toEqual([{ selfies: 1, cards_found: 0, outcome: 'error' }]);
});
