// The receipt end to end (issue #29): a buyer pays by card, the API sends one receipt through a
// real SMTP server (the fixtures', tests/e2e/support/start-fixtures.ts) in the language bought in,
// with no card number but its last four digits, and its link shows the bought photo clean with
// the ZIP one click away, in a browser that never saw the card.
import { expect, test } from '@playwright/test';
import { fillFields } from './support/checkout.ts';
import { list, openGallery, sampleBytes, sha256, zipEntries } from './support/gallery.ts';
import { linkIn, mailsTo, unsentMailTo } from './support/mail.ts';
import { site, useLocale } from './support/sites.ts';

test('en: one receipt of a card payment, in English, without the card number, whose link opens the clean photo and its ZIP', async ({ page, browser }) => {
  test.slow();
  const address = `buyer-${Date.now()}@example.com`;
  await useLocale(page, 'en');
  await openGallery(page, 'demo', '/gallery/DE-RECI-BO1');
  await page.getByRole('button', { name: 'Choose for the cart: Photo 1 of card DE-RECI-BO1' }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$25\.00/);
  await page.getByRole('button', { name: 'Finish order' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await dialog.getByLabel('Email').fill(address);
  await dialog.getByRole('radio', { name: 'Passport' }).check();
  await dialog.getByLabel('Passport number').fill('X7654321');
  await dialog.getByLabel('Phone').fill('+5511912345678');
  await dialog.getByRole('checkbox', { name: /I have read and accept the/ }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillFields(dialog, { Street: 'Rua D', Number: '4', 'Zip code': '01310100', City: 'São Paulo', State: 'SP' });
  await dialog.getByRole('button', { name: 'Next' }).click();
  await fillFields(dialog, { 'Card number': '4000 0000 0000 0010', 'Expiry month': '12', 'Expiry year': '2031', 'Security code': '123' });
  await dialog.getByLabel('Name as on the card').fill('ANA SOUZA');
  await dialog.getByRole('button', { name: /^Pay R\$25\.00$/ }).click();
  await expect(dialog.getByRole('heading', { name: 'Order placed' })).toBeVisible();

  await expect.poll(async () => (await mailsTo(address)).length, { timeout: 30_000 }).toBe(1);
  const [mail] = await mailsTo(address);
  expect(mail!.subject).toBe('Your receipt from Demo');
  expect(mail!.text).toContain('Total: R$25.00');
  expect(mail!.text).toMatch(/card ending in 0010/);
  // No more of the card than its last four digits, in either part.
  for (const part of [mail!.text ?? '', String(mail!.html)]) expect(part.replace(/[\s.-]/g, '')).not.toContain('400000000000');
  // Sent once: nothing more waits in the outbox for this address.
  await expect.poll(() => unsentMailTo(address)).toBe(0);
  expect(await mailsTo(address)).toHaveLength(1);

  const link = linkIn(mail!, site('demo', '/'));
  expect(link).toBe(site('demo', '/gallery/DE-RECI-BO1?lang=en'));
  // A browser that never saw the buyer's choice opens it in the language bought in (the link's).
  const reader = await browser.newPage();
  await reader.goto(link!);
  await expect(reader.locator('html')).toHaveAttribute('lang', 'en');
  const bought = list(reader, '1 photo bought').getByRole('img');
  await expect(bought).toHaveCount(1);
  // The cell shows the gallery's cover (the same file, gallery-cover.spec.ts); the viewer opens the clean copy.
  await bought.click();
  await expect(reader.getByRole('dialog').getByRole('img')).toHaveAttribute('src', /copy=clean/);
  await reader.keyboard.press('Escape');
  const [download] = await Promise.all([reader.waitForEvent('download'), reader.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
  expect(await zipEntries((await download.path())!)).toEqual({ 'sample6.jpg': sha256(sampleBytes(6)) });
  await reader.close();
});
