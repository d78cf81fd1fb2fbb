// The facial search's "N photos are still being processed" offers the e-mail notice (issue #29):
// the same form and consent as the empty card's, asking for the days searched; with nothing
// pending there is no offer. The search's answers are set here (the pending count is the point,
// not the faces), and the notice's request is answered as the API does when it takes it.
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { localDay, openFacialCamera } from './support/facial.ts';
import { expectNoAxeViolations } from './support/sites.ts';

test.use(withFakeCamera(await fakeCameraVideo(sharp({ create: { width: 640, height: 480, channels: 3, background: '#8899aa' } }).png(), 'facial-notify')));

const CORS = { 'access-control-allow-origin': '*' };

async function search(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog.getByRole('img', { name: /^Your photo \d$/ }).last()).toBeVisible({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Find my photos' }).click();
  await expect(dialog.getByRole('heading', { name: 'Choose your cards' })).toBeVisible();
}

test('photos still being processed: an e-mail when they are, for the days searched; none pending, no offer', async ({ page }) => {
  let pending = 2;
  await page.route('**/api/v1/card/search/photo?**', (route) => route.fulfill({ headers: CORS, json: { error: false, message: 'OK', cards: [], pending } }));
  const asked: Array<{ path: string; body: unknown }> = [];
  await page.route(/\/api\/v1\/notify\//, async (route) => {
    asked.push({ path: new URL(route.request().url()).pathname, body: route.request().postDataJSON() as unknown });
    await route.fulfill({ headers: CORS, json: { error: false, message: 'OK' } });
  });
  const dialog = await openFacialCamera(page);
  await search(dialog);
  await expect(dialog.getByText('2 photos are still being processed. Try again later.')).toBeVisible();
  await dialog.getByLabel('Your e-mail').fill('dora@example.com');
  await dialog.getByRole('button', { name: 'E-mail me when my photos arrive' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Type a valid e-mail and accept its use for the notice.');
  await dialog.getByLabel(/I agree that this e-mail is used only for one notice/).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'E-mail me when my photos arrive' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Done!' })).toHaveText('Done! We will tell dora@example.com when the photos arrive.');
  expect(asked).toEqual([
    {
      path: expect.stringMatching(/^\/api\/v1\/notify\/\d+$/),
      body: { email: 'dora@example.com', consent: true, locale: 'en', from_date: localDay(-1), to_date: localDay(0) },
    },
  ]);

  // Searched again with every photo processed: nothing to wait for, nothing offered.
  pending = 0;
  await dialog.getByRole('button', { name: 'Search more faces' }).click();
  await search(dialog);
  await expect(dialog.getByText(/still being processed/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'E-mail me when my photos arrive' })).toHaveCount(0);
  await expect(dialog.getByLabel('Your e-mail')).toHaveCount(0);
});
