import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, useLocale } from './support/sites.ts';
import { list, openGallery } from './support/gallery.ts';

// The demo sells photos at R$ 25 (1-2), R$ 20 (3-5) and R$ 15 (6+) each and everything for
// R$ 99. Each test has its own cards (tests/fixtures/cards/demo-shop.json): the order of a
// card lives in the API, so tests sharing a card would share a cart.

test.beforeEach(async ({ page }) => useLocale(page, 'en'));

const cart = (page: Page) => page.getByRole('region', { name: 'Cart' });
const pick = (page: Page, n: number, code: string) => page.getByRole('button', { name: `Choose for the cart: Photo ${n} of card ${code}` });
/** "3 items · R$70.00", with Intl's non-breaking spaces made plain. */
const summary = (page: Page) => cart(page).locator('.cart-summary');
const total = (text: string) => new RegExp(text.replace(/[.$]/g, '\\$&').replace(/ /g, '\\s'));

test('choose photos: the cart counts and prices them by the table, and keeps them after a reload', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-CART-001');
  await expect(list(page, '6 photos to buy').getByRole('img')).toHaveCount(6);
  await expect(summary(page)).toHaveText(total('0 items · R$0.00'));
  await expect(cart(page).getByText('Choose your favourite photos with the + on each one.')).toBeVisible();

  await pick(page, 1, 'DE-CART-001').click();
  await expect(pick(page, 1, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'true');
  await expect(summary(page)).toHaveText(total('1 item · R$25.00'));
  await pick(page, 2, 'DE-CART-001').click();
  await pick(page, 3, 'DE-CART-001').click();
  // Running sum of the table: 25 + 25 + 20.
  await expect(summary(page)).toHaveText(total('3 items · R$70.00'));
  await expect(cart(page).getByRole('definition').last()).toHaveText(total('R$70.00'));
  await expect(page.getByRole('button', { name: 'Cart 3' })).toBeVisible();

  await page.reload();
  await expect(summary(page)).toHaveText(total('3 items · R$70.00'));
  await expect(pick(page, 3, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'true');
  await expect(pick(page, 4, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'false');

  // The viewer takes a photo out too.
  await list(page, '6 photos to buy').getByRole('img').first().click();
  const viewer = page.getByRole('dialog', { name: 'Photo 1 of 6' });
  await viewer.getByRole('button', { name: 'Remove from cart' }).click();
  await expect(viewer.getByRole('button', { name: 'Add to cart' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(summary(page)).toHaveText(total('2 items · R$50.00'));
  await expect(pick(page, 1, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'false');
  await expectNoAxeViolations(page);
});

test('the complete package covers every photo for its price, and taking it out brings the choices back', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-CART-001');
  await pick(page, 1, 'DE-CART-001').click();
  await expect(summary(page)).toHaveText(total('1 item · R$25.00'));
  // Six photos cost 25 + 25 + 20 + 20 + 20 + 15 = 125 one by one: the package (99) saves 26.
  const everything = cart(page).getByRole('checkbox', { name: total('I want every photo and video for R$99.00') });
  await everything.check();
  await expect(summary(page)).toHaveText(total('6 items · R$99.00'));
  await expect(pick(page, 2, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'true');
  await expect(pick(page, 2, 'DE-CART-001')).toBeDisabled();

  await everything.uncheck();
  await expect(summary(page)).toHaveText(total('1 item · R$25.00'));
  await expect(pick(page, 1, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'true');
  await expect(pick(page, 2, 'DE-CART-001')).toHaveAttribute('aria-pressed', 'false');
});

test('the complete package is not offered where it saves nothing: two photos, or a card whose photos are all sold', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-CART-002');
  await pick(page, 1, 'DE-CART-002').click();
  await expect(summary(page)).toHaveText(total('1 item · R$25.00'));
  // Two photos cost 25 + 25 = 50 one by one, less than the package (99).
  await expect(cart(page).getByRole('checkbox', { name: /every photo and video/ })).toHaveCount(0);
  await expect(cart(page).getByRole('button', { name: 'About the complete package discount' })).toHaveCount(0);

  // Everything sold at the venue: nothing to buy, and no package to pay for it again.
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
  await expect(summary(page)).toHaveText(total('0 items · R$0.00'));
  await expect(cart(page).getByRole('checkbox', { name: /every photo and video/ })).toHaveCount(0);
  await expect(cart(page).getByRole('button', { name: 'Finish order' })).toBeDisabled();
  // No "+" to point at.
  await expect(cart(page).getByText('Nothing is on sale right now.')).toBeVisible();
  await expect(cart(page).getByText(/Choose your favourite photos/)).toHaveCount(0);
});

test('six photos: the tip says what the package saves; a removed card takes its photos out of the cart', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-CART-003');
  await page.getByRole('button', { name: 'Add or remove cards' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or remove cards' });
  await dialog.getByLabel('Code of another card').fill('DE-CART-001');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // Added once checked: "View gallery" before that leaves without the card, as a visitor who gives up would.
  await expect(dialog.getByRole('status')).toHaveText('1 card added');
  await dialog.getByRole('button', { name: 'View gallery' }).click();
  await expect(list(page, '8 photos to buy').getByRole('img')).toHaveCount(8);
  // The closed dialog gives the focus back to its opener (a task after it closes): only then is the tip focused.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Add or remove cards' })).toBeFocused();

  // 6 photos and more one by one cost more than 99: the tip tells the difference for all 8 (25+25+20+20+20+15+15+15 = 155).
  const tip = cart(page).getByRole('button', { name: 'About the complete package discount' });
  await tip.focus();
  await expect(page.getByRole('tooltip')).toHaveText(total('Taking everything saves you R$56.00 over buying each photo and video.'));

  const ofCard = (code: string) => page.getByRole('button', { name: new RegExp(`^Choose for the cart: Photo \\d of card ${code}$`) });
  await ofCard('DE-CART-003').first().click();
  await expect(summary(page)).toHaveText(total('1 item · R$25.00'));
  await ofCard('DE-CART-001').first().click();
  await expect(summary(page)).toHaveText(total('2 items · R$50.00'));

  await page.getByRole('button', { name: 'Add or remove cards' }).click();
  await dialog.getByRole('button', { name: 'Remove DE-CART-001' }).click();
  await page.keyboard.press('Escape');
  await expect(list(page, '2 photos to buy').getByRole('img')).toHaveCount(2);
  await expect(summary(page)).toHaveText(total('1 item · R$25.00'));
});

test('on a phone the cart is a bar at the bottom that opens the panel; the header badge opens it too', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  // No bar while the cart is empty: it comes with the first photo.
  await expect(page.locator('.cart-summary')).toHaveText(/^0 items/);
  await expect(cart(page)).toBeHidden();
  await page.locator('.media-cell .cart-pick').first().click();
  await expect(summary(page)).toHaveText(/^1 item /);
  const toggle = cart(page).getByRole('button', { name: 'View cart' });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(cart(page).getByText('Total to pay')).toBeHidden();
  const box = await cart(page).boundingBox();
  expect(box!.y + box!.height).toBeCloseTo(800, 0);

  // Thumb-sized targets.
  expect((await toggle.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await toggle.click();
  await expect(cart(page).getByText('Total to pay')).toBeVisible();
  expect((await cart(page).getByRole('button', { name: 'Finish order' }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await cart(page).getByRole('button', { name: 'Close cart' }).click();
  await expect(cart(page).getByText('Total to pay')).toBeHidden();
  // Escape folds the open cart too, from anywhere inside it; the focus stays on its bar's button.
  await toggle.click();
  await cart(page).getByRole('button', { name: 'Finish order' }).focus();
  await page.keyboard.press('Escape');
  await expect(cart(page).getByText('Total to pay')).toBeHidden();
  await expect(cart(page).getByRole('button', { name: 'View cart' })).toBeFocused();

  await page.getByRole('button', { name: /^Cart \d+$/ }).click();
  await expect(cart(page).getByText('Total to pay')).toBeVisible();
  await expect(cart(page)).toBeFocused();
});

test("the cart opens the product modal: the organization's products and their price ranges", async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  const products = cart(page).getByRole('button', { name: 'View products' });
  await products.click();
  const dialog = page.getByRole('dialog', { name: 'Price table' });
  await expect(dialog.getByRole('table', { name: 'Digital photos' }).locator('tbody tr')).toHaveCount(6);
  await expect(dialog.getByRole('table', { name: 'Digital photos' }).locator('tfoot')).toHaveText(total('Each additional photo: R$15.00'));
  await expect(dialog.getByRole('table', { name: 'Digital videos' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Complete package' })).toContainText(total('R$99.00'));
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(products).toBeFocused();
});
