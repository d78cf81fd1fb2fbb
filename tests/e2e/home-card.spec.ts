import { expect, test, type Locator, type Page } from '@playwright/test';
import { openHome, recordApiCalls } from './home-support.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

const cardInput = (page: Page) => page.getByLabel(/^(Código do cartão|Card code)$/);
const secretInput = (page: Page) => page.getByLabel(/^(Código de acesso|Access code)$/);
const loadButton = (page: Page) => page.getByRole('button', { name: /^(Carregar cartão|Load card)$/ });

async function submitCard(page: Page, code: string, secret?: string) {
  await cardInput(page).pressSequentially(code);
  if (secret !== undefined) await secretInput(page).fill(secret);
  await loadButton(page).click();
}

/** Focus went back into the home's form. */
async function expectFocusInForm(page: Page) {
  await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.home form')))).toBe(true);
}

test.describe('card code on the home', () => {
  test('the card field keeps letters and digits only, grouped 2-4-3, even when a refused character is typed last', async ({ page }) => {
    await openHome(page, site('demo'));
    await cardInput(page).pressSequentially('de#mo0000!');
    await expect(cardInput(page)).toHaveValue('DE-MO00-00');
    await cardInput(page).pressSequentially('2_');
    await expect(cardInput(page)).toHaveValue('DE-MO00-002');
  });

  test('pt: a card with photos opens its gallery', async ({ page }) => {
    await openHome(page, site('demo'));
    await submitCard(page, 'demo00002');
    await expect(page).toHaveURL(/\/gallery\/DE-MO00-002$/);
  });

  test('en: an empty card says so and opens the online-sale modal; the button closes it', async ({ page }) => {
    await useLocale(page, 'en');
    await openHome(page, site('demo'));
    await submitCard(page, 'DE-MO00-003');
    const dialog = page.getByRole('dialog', { name: 'No photos available for this card' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Please wait a few moments for your media to be available for purchase...');
    await expect(page.getByRole('alert')).toHaveText('There are no medias available on the card');
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expectFocusInForm(page);
  });

  test('pt: an empty card without online sale says photos are sold at the venue; Escape closes', async ({ page }) => {
    await openHome(page, site('parque'));
    await submitCard(page, 'PQ-EXTR-001', 'extra1');
    const dialog = page.getByRole('dialog', { name: 'Nenhuma foto disponível para este cartão' });
    await expect(dialog).toContainText('Lamentamos, mas não vendemos online. As fotos estão disponíveis apenas no estabelecimento.');
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusInForm(page);
  });

  for (const [locale, invalid] of [
    ['pt', 'Cartão inválido'],
    ['en', 'Invalid card'],
  ] as const) {
    test(`${locale}: a short code, or under two-factor a short access code, is an invalid card without calling the API`, async ({ page }) => {
      await useLocale(page, locale);
      await openHome(page, site('parque'));
      const calls = recordApiCalls(page);
      await submitCard(page, 'PQ-SEGR-00', 'abc123');
      await expect(page.getByRole('alert')).toHaveText(invalid);
      await cardInput(page).fill('');
      await submitCard(page, 'PQ-SEGR-001', 'abc12');
      await expect(page.getByRole('alert')).toHaveText(invalid);
      await expect(secretInput(page)).toHaveAttribute('aria-invalid', 'true');
      // The prerendered hint and the error written after hydration both describe the field.
      await expect(secretInput(page)).toHaveAccessibleDescription(new RegExp(`6.*${invalid}`));
      expect(calls).toEqual([]);
    });
  }

  for (const [locale, title, text, twoFactor] of [
    ['pt', 'Código de acesso inválido!', 'Confira o código e tente novamente.', 'verificação em duas etapas'],
    ['en', 'Invalid access code!', 'Please check the code and try again.', 'two-step verification'],
  ] as const) {
    test(`${locale}: a wrong access code opens the invalid-access-code modal; the backdrop closes it`, async ({ page }) => {
      await useLocale(page, locale);
      await openHome(page, site('parque'));
      await submitCard(page, 'PQ-SEGR-001', 'zzz999');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toContainText(text);
      await expect(dialog).toContainText(twoFactor);
      await expectNoAxeViolations(page);
      // A click outside the dialog box lands on its backdrop.
      await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden();
      await expectFocusInForm(page);
    });
  }

  test('the right access code opens the gallery and stays in the session for it', async ({ page }) => {
    await openHome(page, site('parque'));
    await submitCard(page, 'pq-segr-001', 'abc123');
    await expect(page).toHaveURL(/\/gallery\/PQ-SEGR-001$/);
    expect(await page.evaluate(() => sessionStorage.getItem('cardSecret:PQSEGR001'))).toBe('ABC123');
  });

  test('?card= is formatted and submitted once per browser session', async ({ page }) => {
    await page.goto(site('demo', '/?card=demo00002'));
    await expect(page).toHaveURL(/\/gallery\/DE-MO00-002$/);
    // Back on the home in the same session: the field is filled, nothing is submitted.
    await openHome(page, site('demo', '/?card=demo00002'));
    await expect(cardInput(page)).toHaveValue('DE-MO00-002');
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\?card=demo00002$/);
  });

  test('?card= under two-factor only fills the field and waits for the access code', async ({ page }) => {
    const calls = recordApiCalls(page);
    await openHome(page, site('parque', '/?card=pqsegr001'));
    await expect(cardInput(page)).toHaveValue('PQ-SEGR-001');
    await expect(secretInput(page)).toBeFocused();
    await page.keyboard.type('abc123');
    expect(calls).toEqual([]);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\/PQ-SEGR-001$/);
  });

  for (const [locale, title, text] of [
    ['pt', 'Algo de errado aconteceu', 'Não foi possível conectar ao servidor.'],
    ['en', 'Something wrong happened', 'Could not reach the server.'],
  ] as const) {
    test(`${locale}: a network failure becomes readable text in the generic error modal`, async ({ page }) => {
      await useLocale(page, locale);
      await page.route('**/api/v1/card/**', (route) => route.abort('internetdisconnected'));
      await openHome(page, site('demo'));
      await submitCard(page, 'DE-MO00-001');
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toContainText(text);
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expectFocusInForm(page);
    });
  }

  test('a double submit sends one request', async ({ page }) => {
    let cardCalls = 0;
    await page.route('**/api/v1/card/**', async (route) => {
      cardCalls++;
      await new Promise((done) => setTimeout(done, 2000));
      await route.continue();
    });
    await openHome(page, site('demo'));
    await cardInput(page).pressSequentially('DEMO00001');
    await cardInput(page).press('Enter');
    await cardInput(page).press('Enter');
    // While loading the button reads 'Carregando…' and is aria-disabled, yet stays focusable (so a
    // modal can give focus back to it) and a click still reaches it.
    const button = page.locator('form.card-form button[type=submit]');
    await expect(button).toHaveText('Carregando…');
    await button.click({ force: true });
    await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);
    expect(cardCalls).toBe(1);
  });

  test('keyboard only: Tab to the field, type, Enter; a modal closes with Escape and focus returns', async ({ page }) => {
    await useLocale(page, 'en');
    await openHome(page, site('demo'));
    for (let i = 0; i < 10 && !(await cardInput(page).evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(cardInput(page)).toBeFocused();
    await page.keyboard.type('DEMO00003');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'No photos available for this card' });
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cardInput(page)).toBeFocused();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('DEMO00001');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gallery\/DE-MO00-001$/);
  });
});

test.describe('around the forms', () => {
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 390, height: 844 },
  ]) {
    test(`the privacy banner is in the first screen on arrival at ${viewport.width}x${viewport.height}, covering neither the card button nor the footer`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await openHome(page, site('demo'));
      const banner = page.getByRole('region', { name: 'Privacidade' });
      const accept = banner.getByRole('button', { name: 'Aceitar' });
      await expect(accept).toBeVisible();
      for (const element of [banner, accept]) {
        const box = (await element.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      }
      // The card form's button stays on top where it is.
      const load = page.getByRole('button', { name: 'Carregar cartão', exact: true });
      const onTop = (target: Locator) =>
        target.evaluate((element) => {
          const box = element.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && (hit === element || element.contains(hit));
        });
      expect(await onTop(load)).toBe(true);
      // Scrolled to the end, the footer's links are not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const privacyLink = page.locator('footer').getByRole('link', { name: /Política de privacidade/ });
      await expect(privacyLink).toBeInViewport();
      expect(await onTop(privacyLink)).toBe(true);
      await accept.click();
      await expect(banner).toBeHidden();
    });
  }

  test('the privacy banner shows until accepted, and acceptance is remembered', async ({ page }) => {
    await useLocale(page, 'en');
    await openHome(page, site('demo'));
    const banner = page.getByRole('region', { name: 'Privacy' });
    await expect(banner).toContainText('We use your browser storage');
    await expect(banner.getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacy-policy');
    await banner.getByRole('button', { name: 'Accept' }).press('Enter');
    await expect(banner).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('privacyAccepted'))).toBe('true');
    await openHome(page, site('demo'));
    await page.waitForTimeout(300);
    await expect(page.getByRole('region', { name: 'Privacy' })).toHaveCount(0);
  });

  test('the privacy banner is in the page before any island code, and never shows for a browser that accepted it', async ({ page }) => {
    // Island code held back: what shows is the static page and its inline script only.
    await page.route('**/_astro/*.js', () => {});
    await page.goto(site('demo'), { waitUntil: 'commit' });
    await expect(page.getByRole('region', { name: 'Privacidade' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Privacidade' }).getByRole('button', { name: 'Aceitar' })).toBeDisabled();
    await page.addInitScript(() => localStorage.setItem('privacyAccepted', 'true'));
    await page.goto(site('demo'), { waitUntil: 'commit' });
    // The catalogues come after the page's content: once there, the whole page is.
    await expect(page.locator('#i18n-catalogues')).toBeAttached();
    await expect(page.locator('.privacy-banner')).toBeAttached();
    await expect(page.locator('.privacy-banner')).toBeHidden();
  });

  test('the home header shows only with show_home_header', async ({ page }) => {
    await openHome(page, site('parque'));
    await expect(page.getByText('Bem-vindo às fotos de parque aquático!')).toBeVisible();
    await openHome(page, site('corrida'));
    await expect(page.getByText(/Bem-vindo às fotos de/)).toHaveCount(0);
  });

  test('optional buttons follow the flags; facial recognition starts with the period', async ({ page }) => {
    await useLocale(page, 'en');
    await openHome(page, site('parque'));
    const ways = page.getByRole('navigation', { name: 'Other ways to find your photos' });
    await expect(ways.getByRole('button')).toHaveCount(0);

    await openHome(page, site('demo'));
    await expect(ways.getByRole('button')).toHaveText(['Search for a customer', 'Facial recognition', 'Send photos']);
    await ways.getByRole('button', { name: 'Facial recognition' }).click();
    const dialog = page.getByRole('dialog', { name: 'When were you at the event?' });
    await expect(dialog.getByRole('grid')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(ways.getByRole('button', { name: 'Facial recognition' })).toBeFocused();
  });

  test('send photos goes to the gallery send-photos flow', async ({ page }) => {
    await openHome(page, site('demo'));
    await page.getByRole('button', { name: 'Enviar fotos' }).click();
    await expect(page).toHaveURL(/\/gallery\?send=1$/);
  });
});
