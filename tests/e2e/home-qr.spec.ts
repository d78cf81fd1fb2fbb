// The credential QR scan for real: a QR code of a credential, generated here, is shown to
// Chromium's fake camera as a Y4M video; the home's scanner must read it and open the gallery.
import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { openHome } from './home-support.ts';
import { CAMERA, fakeCameraVideo, withFakeCamera } from './support/fake-camera.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

const CREDENTIAL = 'CRED-ANA';

/** The QR code of the text, centred on white. */
async function qrVideo(text: string): Promise<string> {
  const png = await QRCode.toBuffer(text, { margin: 4, scale: 5, errorCorrectionLevel: 'M' });
  const image = sharp({ create: { width: CAMERA.width, height: CAMERA.height, channels: 3, background: '#ffffff' } }).composite([
    { input: png, gravity: 'center' },
  ]);
  // Composite first: the helper's resize must see the finished picture.
  return fakeCameraVideo(sharp(await image.png().toBuffer()), 'home-qr');
}

const video = await qrVideo(CREDENTIAL);

test.use(withFakeCamera(video));


/**
 * The fake camera is read at once: the look-up of what the scanner reads waits until the test
 * calls the answered release, so the instructions can be checked first.
 */
async function holdCredentialLookup(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/api/v1/card/customer/external_id/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

for (const [locale, open, hint] of [
  ['pt', 'Abrir câmera', 'Segure o QR code dentro da área de leitura.'],
  ['en', 'Open camera', 'Hold the QR code inside the scan area.'],
] as const) {
  test(`${locale}: scanning the credential QR code opens its gallery with ?credential=`, async ({ page }) => {
    await useLocale(page, locale);
    const release = await holdCredentialLookup(page);
    await openHome(page, site('credencial'));
    await page.getByRole('button', { name: open }).click();
    await expect(page.getByRole('dialog')).toContainText(hint);
    release();
    await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/, { timeout: 20_000 });
  });
}

test('from the card form: the scan button opens the same scanner, which passes axe', async ({ page }) => {
  await useLocale(page, 'en');
  const release = await holdCredentialLookup(page);
  await openHome(page, site('credencial'));
  await page.getByRole('button', { name: 'I have a card code' }).click();
  await page.getByRole('button', { name: 'Scan a QR code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Scan your credential QR code' });
  await expect(dialog).toContainText('Hold the QR code inside the scan area.');
  await expectNoAxeViolations(page);
  release();
  await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/, { timeout: 20_000 });
});
