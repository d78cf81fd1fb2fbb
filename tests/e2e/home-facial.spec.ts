// The facial search for real: Chromium's fake camera shows face-api's sample 1 (a group photo
// the demo cards hold); the API's engine indexes the organization's photos and finds the cards.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { list } from './support/gallery.ts';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { openFacialCamera } from './support/facial.ts';
import { expectNoAxeViolations } from './support/sites.ts';

const faces = await fakeCameraVideo(sharp(demoSamplePath(1)), 'facial-faces');
test.use(withFakeCamera(faces));

test('period, selfie with countdown and cooldown, the cards found, then their gallery', async ({ page }) => {
  test.setTimeout(120_000);
  const dialog = await openFacialCamera(page);
  const video = dialog.getByLabel('Camera preview');
  // Mirrored by default (react-webcam flips the preview and the capture alike).
  await expect(video).toHaveCSS('transform', 'matrix(-1, 0, 0, 1, 0, 0)');
  await dialog.getByRole('checkbox', { name: 'Mirror the image' }).uncheck();
  await expect(video).toHaveCSS('transform', 'none');
  await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  const take = dialog.getByRole('button', { name: 'Take photo' });
  await take.click();
  await expect(dialog.getByText('3', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Your photo 1' })).toBeVisible({ timeout: 6_000 });
  // Another capture waits 3 seconds.
  await expect(dialog.getByRole('button', { name: 'Wait…' })).toBeDisabled();
  await expect(take).toBeEnabled({ timeout: 6_000 });
  await expect(dialog.getByText('1 of 5 photos taken')).toBeVisible();

  // The first search indexes the organization's photos (about half a second each).
  await dialog.getByRole('button', { name: 'Find my photos' }).click();
  await expect(dialog.getByRole('heading', { name: 'Choose your cards' })).toBeVisible({ timeout: 90_000 });
  await expect(dialog.getByRole('status').first()).toHaveText(/We found you on \d+ cards?\./);
  const boxes = dialog.getByRole('checkbox');
  for (const box of await boxes.all()) {
    const name = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')) ?? '';
    if (!/DE-MO00-00[12]/.test(name)) await box.uncheck();
  }
  // The camera shows the very photo both cards hold: each match reads as sure.
  const row = (code: string) => dialog.getByRole('listitem').filter({ has: page.getByRole('button', { name: new RegExp(`card ${code}$`) }) });
  for (const code of ['DE-MO00-001', 'DE-MO00-002']) await expect(row(code).getByText('Very likely you')).toBeVisible();
  await dialog.getByText('See the photos of card DE-MO00-001').click();
  await expect(dialog.getByRole('img', { name: /Photo 1 of card DE-MO00-001/ })).toBeVisible();
  await expectNoAxeViolations(page);

  // "Not me" by keyboard sets card 2 aside; focus stays on its button, now the undo.
  const notMe = dialog.getByRole('button', { name: 'Not me on card DE-MO00-002' });
  await notMe.focus();
  await page.keyboard.press('Enter');
  const undo = dialog.getByRole('button', { name: 'Undo: it is me on card DE-MO00-002' });
  await expect(undo).toBeFocused();
  await expect(row('DE-MO00-002')).toContainText('Card DE-MO00-002 · not you');
  await expect(row('DE-MO00-002').getByRole('checkbox')).toHaveCount(0);
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('button', { name: 'Not me on card DE-MO00-002' })).toBeFocused();
  await expect(row('DE-MO00-002').getByRole('checkbox')).toBeChecked();
  await notMe.click();
  await expectNoAxeViolations(page);

  // The gallery opens with the kept card only.
  await dialog.getByRole('button', { name: 'View gallery' }).click();
  await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);
  await expect(list(page, '6 photos to buy').getByRole('img')).toHaveCount(6);
});
