import { expect, test, type Page } from '@playwright/test';
import { openHome } from './home-support.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

const credentialInput = (page: Page) => page.getByLabel(/^(Número da credencial|Credential number)$/);

async function searchCredential(page: Page, credential: string) {
  await credentialInput(page).fill(credential);
  await page.getByRole('button', { name: /^(Buscar credencial|Search credential)$/ }).click();
}

/** Makes the browser's camera fail the way a visitor's would. */
async function failCamera(page: Page, name: 'NotAllowedError' | 'NotFoundError') {
  await page.addInitScript((errorName) => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('camera', errorName));
  }, name);
}

test.describe('credential', () => {
  test('pt: a typed credential with cards opens the gallery with ?credential=', async ({ page }) => {
    await openHome(page, site('credencial'));
    await searchCredential(page, ' CRED-ANA ');
    await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/);
  });

  test('a credential typed in lower case is the same credential', async ({ page }) => {
    await openHome(page, site('credencial'));
    await searchCredential(page, 'cred-ana');
    await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/);
  });

  for (const [locale, title, text] of [
    ['pt', 'Nenhuma foto encontrada na sua credencial.', 'Tente novamente mais tarde.'],
    ['en', 'No photos found in your credential.', 'Try again later.'],
  ] as const) {
    test(`${locale}: a credential without photos opens the not-found modal`, async ({ page }) => {
      await useLocale(page, locale);
      await openHome(page, site('credencial'));
      await searchCredential(page, 'CRED-VAZIO');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toContainText(text);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.home form')))).toBe(true);
    });
  }

  for (const [locale, title] of [
    ['pt', 'Credencial não encontrada'],
    ['en', 'Credential not found'],
  ] as const) {
    test(`${locale}: an unknown credential opens the credential-not-found modal`, async ({ page }) => {
      await useLocale(page, locale);
      await openHome(page, site('credencial'));
      await searchCredential(page, 'NOBODY-HERE');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await dialog.getByRole('button', { name: /^(Fechar|Close)$/ }).click();
      await expect(dialog).toBeHidden();
    });
  }

  for (const [locale, message] of [
    ['pt', 'O acesso à câmera foi negado. Digite o número da credencial abaixo.'],
    ['en', 'Camera access was denied. Type the credential number below.'],
  ] as const) {
    test(`${locale}: a denied camera says so and the typed credential still works`, async ({ page }) => {
      await useLocale(page, locale);
      await failCamera(page, 'NotAllowedError');
      await openHome(page, site('credencial'));
      await page.getByRole('button', { name: /^(Abrir câmera|Open camera)$/ }).click();
      const dialog = page.getByRole('dialog', { name: /^(Ler o QR code da credencial|Scan your credential QR code)$/ });
      await expect(dialog.getByRole('alert')).toHaveText(message);
      await expectNoAxeViolations(page);
      await dialog.getByLabel(/^(Número da credencial|Credential number)$/).fill('CRED-ANA');
      await dialog.getByLabel(/^(Número da credencial|Credential number)$/).press('Enter');
      await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/);
    });
  }

  test('en: no camera at all says so', async ({ page }) => {
    await useLocale(page, 'en');
    await failCamera(page, 'NotFoundError');
    await openHome(page, site('credencial'));
    await page.getByRole('button', { name: 'Open camera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan your credential QR code' });
    await expect(dialog.getByRole('alert')).toHaveText('No camera was found. Type the credential number below.');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('keyboard only: Tab to the credential, type, Enter', async ({ page }) => {
    await openHome(page, site('credencial'));
    const input = credentialInput(page);
    for (let i = 0; i < 12 && !(await input.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    await page.keyboard.type('CRED-ANA');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001\?credential=CRED-ANA$/);
  });

  test('the customer search of the credential organization (external id and password)', async ({ page }) => {
    await openHome(page, site('credencial'));
    await page.getByRole('button', { name: 'Buscar cliente' }).click();
    await page.getByLabel('Identificador').fill('CRED-ANA');
    await page.getByLabel('Senha').fill('ana12345');
    await page.getByLabel('Senha').press('Enter');
    await expect(page).toHaveURL(/\/gallery\/CR-EDEN-001$/);
  });
});
