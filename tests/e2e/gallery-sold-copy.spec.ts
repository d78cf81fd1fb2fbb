// Once a photo is bought, no screen shows its watermarked copy again: not the thumbnail the
// gallery had loaded before the payment (a cached image under the same URL would), not after a
// reload, not in the viewer. Compared by the pixels the browser paints.
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { list, openGallery } from './support/gallery.ts';
import { useLocale } from './support/sites.ts';

/** The middle of an image as painted (the watermark's camera mark sits there; the cart's + does not). */
async function paintedMiddle(image: Locator): Promise<Buffer> {
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  const shot = sharp(await image.screenshot());
  const { width = 0, height = 0 } = await shot.metadata();
  const box = { left: Math.round(width * 0.25), top: Math.round(height * 0.25), width: Math.round(width / 2), height: Math.round(height / 2) };
  return shot.extract(box).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
}

/** Mean absolute difference of two grey images, 0 (the same) to 255. */
function difference(a: Buffer, b: Buffer): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
}

test('after paying, the thumbnail and the viewer show the clean photo, before and after a reload', async ({ page }) => {
  test.setTimeout(60_000);
  await useLocale(page, 'en');
  await openGallery(page, 'demo', '/gallery/DE-PAGA-005');
  const watermarked = await paintedMiddle(list(page, '1 photo to buy').getByRole('img'));

  await page.getByRole('button', { name: 'Choose for the cart: Photo 1 of card DE-PAGA-005' }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$25\.00/);
  await page.getByRole('button', { name: 'Finish order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await dialog.getByLabel('Email').fill('ana@example.com');
  await dialog.getByRole('radio', { name: 'Passport' }).check();
  await dialog.getByLabel('Passport number').fill('X7654321');
  await dialog.getByLabel('Phone').fill('+5511912345678');
  await dialog.getByRole('checkbox', { name: /I have read and accept the/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  for (const [label, value] of Object.entries({ Street: 'Rua C', Number: '3', 'Zip code': '01310100', City: 'São Paulo', State: 'SP' })) {
    await dialog.getByLabel(label, { exact: true }).fill(value);
  }
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0010');
  await dialog.getByLabel('Expiry month').fill('12');
  await dialog.getByLabel('Expiry year').fill('2031');
  await dialog.getByLabel('Security code').fill('123');
  await dialog.getByLabel('Name as on the card').fill('ANA SOUZA');
  await dialog.getByRole('button', { name: /^Pay R\$25\.00$/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Order placed' })).toBeVisible();
  await page.keyboard.press('Escape');

  const bought = list(page, '1 photo bought').getByRole('img');
  const clean = await paintedMiddle(bought);
  expect(difference(clean, watermarked)).toBeGreaterThan(8);

  await page.reload();
  expect(difference(await paintedMiddle(bought), clean)).toBeLessThan(3);
  await bought.click();
  const preview = page.getByRole('dialog').getByRole('img');
  await expect(preview).toHaveAttribute('src', /copy=clean/);
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
