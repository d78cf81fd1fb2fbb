// Each step of the facial modal keeps its main action in sight without scrolling, on a laptop
// (1366x768) and on a phone (390x844): credential mode's QR step, then the calendar, the camera
// and the cards found (the fake camera shows face-api's sample 1, which the demo cards hold).
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { demoSamplePath } from '../../server/src/services/seed.ts';
import { fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { openFacial, passFacialPeriod } from './support/facial.ts';

test.use(withFakeCamera(await fakeCameraVideo(sharp(demoSamplePath(1)), 'facial-layout')));

/** The button is wholly inside the window as the step shows, nothing scrolled. */
async function expectInSight(dialog: Locator, button: Locator): Promise<void> {
  await dialog.evaluate((element) => {
    element.scrollTop = 0;
    window.scrollTo(0, 0);
  });
  await expect(button).toBeVisible();
  await expect(button).toBeInViewport({ ratio: 1 });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test(`every step's main action is in sight at ${viewport.width}x${viewport.height}`, async ({ page }) => {
      test.setTimeout(120_000);
      // Credential mode's first step, the QR scanner, then its way on to the calendar.
      let dialog = await openFacial(page, 'credencial');
      await expect(dialog.getByRole('heading', { name: 'Scan your credential QR code' })).toBeVisible();
      // The scanner's picture is what takes the room.
      await expect(dialog.locator('.qr-region video')).toBeVisible();
      await expectInSight(dialog, dialog.getByRole('button', { name: 'Search by my face' }));
      await dialog.getByRole('button', { name: 'Search by my face' }).click();
      await expect(dialog.getByRole('grid')).toBeVisible();
      await expectInSight(dialog, dialog.getByRole('button', { name: 'Next', exact: true }));

      // The demo's photos were taken today (the fixtures' keep their 2014-2017 EXIF dates).
      dialog = await openFacial(page, 'demo');
      await expect(dialog.getByRole('grid')).toBeVisible();
      await expectInSight(dialog, dialog.getByRole('button', { name: 'Next', exact: true }));
      await dialog.getByRole('button', { name: 'Next', exact: true }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectInSight(dialog, dialog.getByRole('button', { name: 'Next', exact: true }));

      await passFacialPeriod(dialog);
      const video = dialog.getByLabel('Camera preview');
      await expect.poll(() => video.evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
      const take = dialog.getByRole('button', { name: 'Take photo' });
      const search = dialog.getByRole('button', { name: 'Find my photos' });
      await expectInSight(dialog, take);
      await expectInSight(dialog, search);
      await take.click();
      await expect(dialog.getByRole('img', { name: 'Your photo 1' })).toBeVisible({ timeout: 6_000 });
      await expectInSight(dialog, search);

      await search.click();
      await expect(dialog.getByRole('heading', { name: 'Choose your cards' })).toBeVisible({ timeout: 90_000 });
      await expectInSight(dialog, dialog.getByRole('button', { name: 'View gallery' }));
    });
  });
}
