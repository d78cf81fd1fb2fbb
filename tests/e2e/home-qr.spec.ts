// The credential QR scan for real: a QR code of a credential, generated here, is shown to
// Chromium's fake camera as a Y4M video; the home's scanner must read it and open the gallery.
import { expect, test } from '@playwright/test';
import { openHome } from './home-support.ts';
import { holdCredentialLookup, qrVideo } from './support/credential.ts';
import { withFakeCamera } from './support/fake-camera.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

const CREDENTIAL = 'CRED-ANA';

test.use(withFakeCamera(await qrVideo(CREDENTIAL, 'home-qr')));

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
