import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, useLocale } from './support/sites.ts';
import { list, openGallery, sampleBytes, sha256, zipEntries } from './support/gallery.ts';

test.beforeEach(async ({ page }) => useLocale(page, 'en'));

test('the ZIP holds every owned original (sold and extras), downloaded automatically', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
  expect(download.suggestedFilename()).toBe('fotos.zip');
  expect(await zipEntries((await download.path())!)).toEqual({
    'sample1.jpg': sha256(sampleBytes(1)),
    'sample2.jpg': sha256(sampleBytes(2)),
    'sample5.jpg': sha256(sampleBytes(5)),
  });
  await expect(page.getByText('Your download has started.')).toBeVisible();
});

test('the ZIP shows progress while prepared, and an error with a retry', async ({ page }) => {
  let calls = 0;
  await page.route('**/api/v1/medias/zip?**', async (route) => {
    calls++;
    if (calls === 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ status: 500, json: { error: true, message: 'INTERNAL_ERROR' } });
    } else {
      await route.continue();
    }
  });
  await openGallery(page, 'demo', '/gallery/DE-MO00-002');
  await page.getByRole('button', { name: 'Download all (ZIP)' }).click();
  await expect(page.getByRole('progressbar', { name: 'Preparing your ZIP file…' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Could not prepare the ZIP.');
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Try again' }).click()]);
  expect(Object.keys(await zipEntries((await download.path())!)).sort()).toEqual(['sample1.jpg', 'sample2.jpg', 'sample3.jpg']);
});

test('add and remove a card: the gallery shows the media of every card', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await expect(list(page, '2 photos bought').getByRole('img')).toHaveCount(2);
  await page.getByRole('button', { name: 'Add or remove cards' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or remove cards' });
  const input = dialog.getByLabel('Code of another card');
  await input.fill('GA-LERI');
  await input.pressSequentially('#');
  await expect(input).toHaveValue('GA-LERI');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid card');
  await input.fill('ZZZZZZZZZ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Invalid card');
  await expectNoAxeViolations(page);
  const multi = page.waitForRequest((r) => r.url().includes('/api/v1/medias/') && r.method() === 'POST' && r.postData()?.includes('GALERI003') === true);
  await input.fill('ga leri 003');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 card added');
  // The first page of both cards' media.
  expect(JSON.parse((await multi).postData()!)).toEqual({ cards: ['GALERI001', 'GALERI003'], limit: 80 });
  await dialog.getByRole('button', { name: 'View gallery' }).click();
  await expect(dialog).toBeHidden();
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
  await expect(list(page, '3 photos bought').getByRole('img').last()).toHaveAccessibleName('Photo 3 of card GA-LERI-003');
  // The added card lives in the address: a reload shows the same gallery.
  await expect(page).toHaveURL(/\/gallery\/GA-LERI-001\?cards=GA-LERI-003$/);
  await page.reload();
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);

  await page.getByRole('button', { name: 'Add or remove cards' }).click();
  await dialog.getByRole('button', { name: 'Remove GA-LERI-003' }).click();
  await page.keyboard.press('Escape');
  await expect(list(page, '2 photos bought').getByRole('img')).toHaveCount(2);
  await expect(page).toHaveURL(/\/gallery\/GA-LERI-001$/);
});

test('a card added to the gallery joins the order: a reload shows the same gallery and the same cart', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-CART-002');
  await expect(page.locator('.cart-summary')).toHaveText(/0 items/);
  await page.getByRole('button', { name: 'Add or remove cards' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add or remove cards' });
  const joined = page.waitForRequest((r) => r.method() === 'POST' && /\/api\/v1\/order\/\w+\/card\/DECART003(\?|$)/.test(r.url()));
  await dialog.getByLabel('Code of another card').fill('DE-CART-003');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('status')).toHaveText('1 card added');
  await dialog.getByRole('button', { name: 'View gallery' }).click();
  await joined;
  const pick = page.getByRole('button', { name: /^Choose for the cart: Photo \d+ of card DE-CART-003$/ }).first();
  await pick.click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$/);

  await page.reload();
  await expect(page).toHaveURL(/\/gallery\/DE-CART-002\?cards=DE-CART-003$/);
  await expect(list(page, '4 photos to buy').getByRole('img')).toHaveCount(4);
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$/);
  await expect(pick).toHaveAttribute('aria-pressed', 'true');
});

/** The upload call (not the photo downloads, which share the prefix). */
const isUpload = (url: string) => /\/api\/v1\/photo\/\d+(\?|$)/.test(new URL(url).pathname + new URL(url).search);

const jpeg = (n: number) => ({ name: `minha-foto-${n}.jpg`, mimeType: 'image/jpeg', buffer: sampleBytes(n) });

test('send two photos, get a card code, add more to the same card, then view them', async ({ page }) => {
  await openGallery(page, 'galeria', '/gallery?send=1');
  const dialog = page.getByRole('dialog', { name: 'Send photos' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Choose photos').setInputFiles([jpeg(1), jpeg(2)]);
  await expect(dialog.getByRole('img')).toHaveCount(2);
  await dialog.getByRole('button', { name: 'Remove minha-foto-2.jpg' }).click();
  await expect(dialog.getByRole('img')).toHaveCount(1);
  await dialog.getByLabel('Choose photos').setInputFiles([jpeg(2)]);
  await expect(dialog.getByText('2 photos chosen')).toBeVisible();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your photos were sent!');
  const codeText = await dialog.getByText(/^Your card code: /).textContent();
  const code = /([A-Z0-9]{2}-[A-Z0-9]{4}-[A-Z0-9]{3})$/.exec(codeText ?? '')?.[1];
  expect(code).toBeTruthy();
  await expectNoAxeViolations(page);

  await dialog.getByRole('button', { name: 'Add more' }).click();
  await expect(dialog.getByText(`The photos will be added to card ${code}.`)).toBeVisible();
  await dialog.getByLabel('Choose photos').setInputFiles([jpeg(3)]);
  const sent = page.waitForRequest((r) => isUpload(r.url()));
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  expect((await sent).url()).toContain(`card_code=${code!.replaceAll('-', '')}`);
  await expect(dialog.getByText(`Your card code: ${code}`)).toBeVisible();

  await dialog.getByRole('link', { name: 'View my photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${code}$`));
  await expect(list(page, '3 photos bought').getByRole('img')).toHaveCount(3);
});

test("pt: the photo picker is the page's own button, not the browser's, and opens from the keyboard", async ({ page }) => {
  await useLocale(page, 'pt');
  await openGallery(page, 'galeria', '/gallery?send=1');
  const dialog = page.getByRole('dialog', { name: 'Enviar fotos' });
  const input = dialog.getByLabel('Escolher fotos');
  // The native control ("Choose Files", in the browser's language) takes no room on the page...
  await expect(input).toHaveAttribute('type', 'file');
  expect(await input.evaluate((el) => el.getBoundingClientRect().width * el.getBoundingClientRect().height)).toBeLessThanOrEqual(1);
  // ...its label, in Portuguese, is the button the visitor sees and clicks.
  const button = dialog.locator('label', { hasText: 'Escolher fotos' });
  await expect(button).toBeVisible();
  let chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles([jpeg(1)]);
  await expect(dialog.getByText('1 foto escolhida')).toBeVisible();
  // The real input keeps the keyboard: focused, Enter opens the picker.
  await input.focus();
  chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles([jpeg(2)]);
  await expect(dialog.getByText('2 fotos escolhidas')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a fake photo is refused before sending; a failed send shows the error and retries', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (isUpload(r.url())) uploads.push(r.url());
  });
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await page.getByRole('button', { name: 'Send photos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send photos' });
  await dialog.getByLabel('Choose photos').setInputFiles([{ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a photo') }]);
  await expect(dialog.getByRole('alert')).toHaveText('Not PNG or JPEG photos: fake.jpg');
  await expect(dialog.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
  expect(uploads).toEqual([]);

  let failed = false;
  await page.route(
    (url) => isUpload(url.href),
    async (route) => {
      if (failed) return route.continue();
      failed = true;
      return route.abort();
    },
  );
  await dialog.getByLabel('Choose photos').setInputFiles([jpeg(4)]);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('Someting went wrong!');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your photos were sent!');
});
