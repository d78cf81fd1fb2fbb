// Credential mode (an organization that finds its visitors by credential): the facial modal
// starts at its QR step, the home's own scanner; a credential's QR code shown to Chromium's fake
// camera opens its gallery, and the visitor without one goes on to the face search.
import { expect, test } from '@playwright/test';
import { holdCredentialLookup, qrVideo } from './support/credential.ts';
import { withFakeCamera } from './support/fake-camera.ts';
import { openFacial } from './support/facial.ts';
import { expectNoAxeViolations } from './support/sites.ts';

test.use(withFakeCamera(await qrVideo('CRED-ANA', 'facial-credential')));

test('en: credential mode starts at the QR step, whose scanner opens the credential gallery', async ({ page }) => {
  const release = await holdCredentialLookup(page);
  const dialog = await openFacial(page, 'credencial');
  await expect(dialog.getByRole('heading', { name: 'Scan your credential QR code' })).toBeVisible();
  await expect(dialog).toContainText('Hold the QR code inside the scan area.');
  await expect(dialog.getByRole('button', { name: 'Search by my face' })).toBeVisible();
  await expectNoAxeViolations(page);
  release();
  await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/, { timeout: 20_000 });
});

test('pt: without the credential the visitor goes on to the calendar, and can come back to scan', async ({ page }) => {
  // The scanner reads the code at once: its look-up waits, so the visitor can leave the step first.
  await holdCredentialLookup(page);
  const dialog = await openFacial(page, 'credencial', 'pt');
  const scan = dialog.getByRole('heading', { name: 'Ler o QR code da credencial' });
  await expect(scan).toBeVisible();
  await dialog.getByRole('button', { name: 'Buscar pelo meu rosto' }).click();
  await expect(dialog.getByRole('heading', { name: 'Quando você esteve no evento?' })).toBeVisible();
  await expect(dialog.getByRole('grid')).toBeVisible();
  await dialog.getByRole('button', { name: 'Ler minha credencial' }).click();
  await expect(scan).toBeVisible();
});

test('pt: an organization without credentials starts at the calendar', async ({ page }) => {
  const dialog = await openFacial(page, 'demo', 'pt');
  await expect(dialog.getByRole('heading', { name: 'Quando você esteve no evento?' })).toBeVisible();
  await expect(dialog.getByRole('grid', { name: /^[a-zç]+ \d{4}$/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ler minha credencial' })).toHaveCount(0);
});
