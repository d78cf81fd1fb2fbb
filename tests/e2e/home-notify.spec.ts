import { expect, test } from '@playwright/test';
import { openHome } from './home-support.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

// The empty-card modal offers "e-mail me when my photos arrive" (issue #29): nothing is asked of
// the API without an address and consent; with both, the modal says the notice is on its way.
test('an empty card offers an e-mail notice, asked only with an address and consent', async ({ page }) => {
  await useLocale(page, 'en');
  await openHome(page, site('demo'));
  await page.getByLabel('Card code').pressSequentially('DE-MO00-003');
  await page.getByRole('button', { name: 'Load card' }).click();
  const dialog = page.getByRole('dialog', { name: 'No photos available for this card' });
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();

  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/v1/notify/')) asked.push(request.postData() ?? '');
  });
  // A unique address per run: the API takes a few subscriptions per address an hour.
  const address = `visitor-${Date.now()}@example.com`;
  // A field like the site's others: thumb-sized, as wide as the form.
  const field = dialog.getByLabel('Your e-mail');
  expect((await field.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await field.fill(address);
  await dialog.getByRole('button', { name: 'E-mail me when my photos arrive' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type a valid e-mail and accept its use for the notice.');
  expect(asked).toEqual([]);

  await dialog.getByLabel(/I agree that this e-mail is used only for one notice/).check();
  await dialog.getByRole('button', { name: 'E-mail me when my photos arrive' }).click();
  await expect(dialog.getByRole('status')).toHaveText(`Done! We will tell ${address} when the photos arrive.`);
  expect(asked.map((body) => JSON.parse(body) as unknown)).toEqual([{ email: address, consent: true, locale: 'en' }]);
  await expectNoAxeViolations(page);
});
