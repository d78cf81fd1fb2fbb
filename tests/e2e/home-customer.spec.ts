import { expect, test, type Page } from '@playwright/test';
import { openHome, recordApiCalls } from './home-support.ts';
import { site, useLocale } from './support/sites.ts';

// The demo searches by identifier and password: the README's Maria Silva is DEMOCRED / demo1234.
// corrida searches by name and cpf, the cpf typed like a password (cpf_as_password); its customer
// Joana comes from tests/fixtures/customers/home.json.

const submit = (page: Page) => page.getByRole('button', { name: /^(Buscar|Search)$/ });

async function openDemoSearch(page: Page) {
  await openHome(page, site('demo'));
  await page.getByRole('button', { name: /^(Buscar cliente|Search for a customer)$/ }).click();
  await expect(page.locator('form.customer-form[data-hydrated]')).toBeVisible();
}

test.describe('customer search', () => {
  for (const [locale, identifier, password] of [
    ['pt', 'Identificador', 'Senha'],
    ['en', 'Identifier', 'Password'],
  ] as const) {
    test(`${locale}: the README's demo customer, identifier DEMOCRED and password demo1234, finds her card`, async ({ page }) => {
      await useLocale(page, locale);
      await openDemoSearch(page);
      await expect(page.getByLabel(identifier, { exact: true })).toBeFocused();
      await page.getByLabel(identifier, { exact: true }).fill('democred');
      await expect(page.getByLabel(password, { exact: true })).toHaveAttribute('type', 'password');
      await page.getByLabel(password, { exact: true }).fill('demo1234');
      await submit(page).click();
      await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);
    });
  }

  for (const [locale, invalid] of [
    ['pt', 'CPF inválido'],
    ['en', 'Invalid CPF'],
  ] as const) {
    test(`${locale}: an invalid CPF on blur disables the search until corrected`, async ({ page }) => {
      await useLocale(page, locale);
      await openHome(page, site('corrida'));
      await expect(page.locator('form.customer-form[data-hydrated]')).toBeVisible();
      await page.getByLabel(/^(Nome|Name)$/).fill('joana');
      const cpf = page.getByLabel('CPF');
      await cpf.pressSequentially('11111111111');
      await expect(cpf).toHaveValue('111.111.111-11');
      await cpf.blur();
      await expect(page.getByRole('alert')).toHaveText(invalid);
      await expect(submit(page)).toBeDisabled();
      await cpf.fill('');
      await cpf.pressSequentially('52998224725');
      // Past eleven digits, and letters anywhere, nothing more shows.
      await cpf.pressSequentially('9a');
      await expect(cpf).toHaveValue('529.982.247-25');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(submit(page)).toBeEnabled();
      await submit(page).click();
      await expect(page).toHaveURL(/\/gallery\/CO-RRID-001$/);
    });
  }

  for (const [locale, notFound] of [
    ['pt', 'Cliente não encontrado'],
    ['en', 'Customer not found'],
  ] as const) {
    test(`${locale}: nobody matching says the customer was not found`, async ({ page }) => {
      await useLocale(page, locale);
      await openDemoSearch(page);
      await page.getByLabel(/^(Identificador|Identifier)$/).fill('DEMOCRED');
      await page.getByLabel(/^(Senha|Password)$/).fill('demo12345');
      await submit(page).click();
      await expect(page.getByRole('alert')).toHaveText(notFound);
      await expect(page).toHaveURL(site('demo'));
      // Editing the form leaves the answer behind: the message goes until the next search.
      await page.getByLabel(/^(Senha|Password)$/).fill('demo1234');
      await expect(page.getByRole('alert')).toHaveCount(0);
      await submit(page).click();
      await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);
    });
  }

  test('every field is required, without calling the API', async ({ page }) => {
    await useLocale(page, 'en');
    await openDemoSearch(page);
    const calls = recordApiCalls(page);
    await submit(page).click();
    await expect(page.getByRole('alert')).toHaveText(['Required field', 'Required field']);
    expect(calls).toEqual([]);
  });

  test('initial form customer with cpf_as_password, keyboard only', async ({ page }) => {
    await useLocale(page, 'en');
    await openHome(page, site('corrida'));
    const name = page.getByLabel('Name', { exact: true });
    await expect(page.getByLabel('CPF')).toHaveAttribute('type', 'password');
    await expect(page.getByLabel('Last name')).toHaveCount(0);
    for (let i = 0; i < 10 && !(await name.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
    await expect(name).toBeFocused();
    await page.keyboard.type('Joana');
    await page.keyboard.press('Tab');
    await page.keyboard.type('52998224725');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\/CO-RRID-001$/);
  });

  test('initial form customer offers the card form too', async ({ page }) => {
    await openHome(page, site('corrida'));
    await page.getByRole('button', { name: 'Tenho um código de cartão' }).click();
    await expect(page.getByLabel('Código do cartão')).toBeFocused();
    await page.keyboard.type('CORRID001');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\/CO-RRID-001$/);
  });
});
