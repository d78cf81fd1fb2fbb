// Two-factor with online sale, visitors' photos and facial recognition (fixture cofre:
// CO-FREE-001 opens with the access code COFRE1): every call that opens the card carries the
// code, a visitor's own upload card gets one, and the facial search, which cannot carry one, is
// not offered (a site built before two-factor was on says how to open a card instead).
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { openHome } from './home-support.ts';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { openFacialCamera } from './support/facial.ts';
import { list, openGallery, sampleBytes, sha256, zipEntries } from './support/gallery.ts';
import { site, useLocale } from './support/sites.ts';

const blank = await fakeCameraVideo(sharp({ create: { width: 640, height: 480, channels: 3, background: '#8899aa' } }).png(), 'facial-blank');
test.use(withFakeCamera(blank));

test('the card opens with its access code; the order and the ZIP carry it', async ({ page }) => {
  await useLocale(page, 'en');
  await openHome(page, site('cofre'));
  await page.getByLabel('Card code').pressSequentially('COFREE001');
  await page.getByLabel('Access code').fill('cofre1');
  const order = page.waitForResponse((res) => res.request().method() === 'POST' && res.url().includes('/api/v1/order/'));
  await page.getByRole('button', { name: 'Load card' }).click();
  await expect(page).toHaveURL(/\/gallery\/CO-FREE-001$/);
  const made = await order;
  expect(made.status()).toBe(200);
  expect(made.url()).toContain('secret=COFRE1');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download all (ZIP)' }).click()]);
  expect(await zipEntries((await download.path())!)).toEqual({ 'sample3.jpg': sha256(sampleBytes(3)) });
});

test('sent photos get a card code and an access code; add more and view my photos carry it', async ({ page }) => {
  await useLocale(page, 'en');
  await openGallery(page, 'cofre', '/gallery?send=1');
  const dialog = page.getByRole('dialog', { name: 'Send photos' });
  const jpeg = (n: number) => ({ name: `minha-foto-${n}.jpg`, mimeType: 'image/jpeg', buffer: sampleBytes(n) });
  await dialog.getByLabel('Choose photos').setInputFiles([jpeg(1)]);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('status')).toHaveText('Your photos were sent!');
  const code = /^Your card code: ([A-Z0-9]{2}-[A-Z0-9]{4}-[A-Z0-9]{3})$/.exec((await dialog.getByText(/^Your card code: /).textContent()) ?? '')?.[1];
  const secret = /^Your access code: ([A-Z0-9]{6})$/.exec((await dialog.getByText(/^Your access code: /).textContent()) ?? '')?.[1];
  expect(code).toBeTruthy();
  expect(secret).toBeTruthy();
  await expect(dialog.getByText('Keep both codes: you need them to open your photos.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Add more' }).click();
  await dialog.getByLabel('Choose photos').setInputFiles([jpeg(2)]);
  const sent = page.waitForResponse((res) => res.request().method() === 'POST' && /\/api\/v1\/photo\/\d+\?/.test(res.url()));
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const added = await sent;
  expect(added.status()).toBe(200);
  expect(new URL(added.url()).searchParams.get('secret')).toBe(secret);
  await expect(dialog.getByText(`Your card code: ${code}`)).toBeVisible();

  await dialog.getByRole('link', { name: 'View my photos' }).click();
  await expect(page).toHaveURL(new RegExp(`/gallery/${code}$`));
  await expect(list(page, '2 photos bought').getByRole('img')).toHaveCount(2);
});

test('the home offers no facial search, which the API refuses under two-factor', async ({ page }) => {
  await useLocale(page, 'en');
  await openHome(page, site('cofre'));
  await expect(page.getByRole('button', { name: 'Send photos' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Facial recognition' })).toHaveCount(0);
});

test('a site built before two-factor was turned on: the refused facial search says how to open a card', async ({ page }) => {
  await page.route('**/api/v1/card/search/photo?**', (route) =>
    route.fulfill({ status: 403, json: { error: true, message: 'TWO_FACTOR_REQUIRED', detail: 'the facial search cannot open cards under two-factor' } }),
  );
  const dialog = await openFacialCamera(page);
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog.getByRole('img', { name: 'Your photo 1' })).toBeVisible({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Find my photos' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'This event protects its photos with an access code, so the facial search cannot open them. Enter your card code and its access code on the home page.',
  );
  await expect(dialog.getByRole('heading', { name: 'Choose your cards' })).toHaveCount(0);
});
