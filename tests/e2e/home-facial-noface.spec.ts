// The facial search with nobody in front of the camera: the API finds no face and says so.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { openFacialCamera } from './support/facial.ts';

const blank = await fakeCameraVideo(sharp({ create: { width: 640, height: 480, channels: 3, background: '#8899aa' } }).png(), 'facial-blank');
test.use(withFakeCamera(blank));

test('the search says it found no card and the visitor can take more photos', async ({ page }) => {
  test.setTimeout(60_000);
  const dialog = await openFacialCamera(page);
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog.getByRole('img', { name: 'Your photo 1' })).toBeVisible({ timeout: 6_000 });
  await dialog.getByRole('button', { name: 'Find my photos' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Error finding cards. Please check the date and take more photos. If the error persists, contact support.',
    { timeout: 30_000 },
  );
  await dialog.getByRole('button', { name: 'Remove photo 1' }).click();
  await expect(dialog.getByRole('button', { name: 'Find my photos' })).toBeDisabled();
});
