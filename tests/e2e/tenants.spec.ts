import { expect, test } from '@playwright/test';
import { SITES_PORT } from '../../playwright.config.ts';
import { expectNoAxeViolations, site, useLocale } from './support/sites.ts';

/** parque's SITE_BANNER (tests/fixtures/organizations/parque.json): a server that is down. */
const PARQUE_BANNER = 'http://banner.localhost:9/parque.svg';

test.describe('each organization gets its own branded site', () => {
  test('titles: the name capitalised, plus " - Galeria" on the gallery', async ({ page }) => {
    await page.goto(site('parque'));
    await expect(page).toHaveTitle('Parque aquático');
    await page.goto(site('parque', '/gallery/AB-CDEF-123'));
    await expect(page).toHaveTitle('Parque aquático - Galeria');
    await page.goto(site('corrida'));
    await expect(page).toHaveTitle('Corrida da Serra');
  });

  test('branding files from the tenant folder, defaults when missing', async ({ page }) => {
    await page.goto(site('parque'));
    const logo = page.getByRole('banner').getByRole('img', { name: 'parque aquático' });
    await expect(logo).toHaveAttribute('src', '/branding/logo.svg');
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', '/branding/favicon.svg');

    await page.goto(site('corrida'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Corrida da Serra' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('img')).toHaveCount(0);
    await expect(page.locator('link[rel=icon]')).toHaveAttribute('href', '/favicon.svg');
  });

  test("the gallery banner is SITE_BANNER's URL, else the tenant file for the language, else nothing: never a broken image", async ({ page }) => {
    // parque's SITE_BANNER points at a server that is down: its own file for the language shows.
    await page.goto(site('parque', '/gallery/AB-CDEF-123'));
    const banner = page.locator('img.gallery-banner');
    await expect(banner).toHaveAttribute('src', '/branding/banner-pt.svg');
    await expect.poll(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    // Whole, at most SITE_BANNER's height (120 px here).
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(120);
    await useLocale(page, 'en');
    await page.reload();
    await expect(page.locator('img.gallery-banner')).toHaveAttribute('src', '/branding/banner-en.svg');
    // When the URL answers, it is the banner.
    await page.route(PARQUE_BANNER, (route) =>
      route.fulfill({ contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="80"/>' }),
    );
    await page.reload();
    await expect(page.locator('img.gallery-banner')).toHaveAttribute('src', PARQUE_BANNER);
    await expect.poll(() => page.locator('img.gallery-banner').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(600);
    // corrida's SITE_BANNER is down too and it has no banner files: no banner at all.
    await page.goto(site('corrida', '/gallery/AB-CDEF-123'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('img.gallery-banner')).toHaveCount(0);
  });

  test('per-tenant messages override the base catalogue, per locale', async ({ page }) => {
    await page.goto(site('parque'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encontre suas fotos do parque');
    await page.goto(site('corrida'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Encontre suas fotos');
  });

  test('the help link is the organization help URL, opened in a new tab', async ({ page }) => {
    await page.goto(site('parque'));
    const help = page.locator('footer').getByRole('link', { name: /Precisa de ajuda/ });
    await expect(help).toHaveAttribute('href', 'https://ajuda.parque.example/faq');
    await expect(help).toHaveAttribute('target', '_blank');
  });

  test('without a help URL the footer mails the contact, with the typed card code', async ({ page }) => {
    await page.goto(site('demo'));
    await expect(page.locator('form[data-hydrated]')).toBeVisible();
    const mail = page.locator('footer').getByRole('link', { name: /contato@demo\.example/ });
    // No card typed yet: a plain request for help, no placeholder for the code.
    await expect(mail).toHaveAttribute('href', 'mailto:contato@demo.example?subject=Ajuda%20com%20minhas%20fotos&body=Ol%C3%A1!%20Preciso%20de%20ajuda.');
    await page.getByLabel('Código do cartão').pressSequentially('DEMO00001');
    const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
    expect(href).toContain('mailto:contato@demo.example?subject=Ajuda com o cartão DE-MO00-001');
    expect(href).toContain('body=Olá! Preciso de ajuda com o cartão DE-MO00-001.');
  });

  test('a help link that is an e-mail address mails it, with the card code, in the same tab', async ({ page }) => {
    // The provider gave an e-mail as external_help_url: the live organization says so.
    await page.route('**/api/v1/organization/demo', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { organization: Record<string, unknown> };
      await route.fulfill({ response, json: { ...answer, organization: { ...answer.organization, external_help_url: 'ajuda@demo.example' } } });
    });
    const live = page.waitForResponse((res) => res.url().includes('/api/v1/organization/demo'));
    await page.goto(site('demo'));
    await live;
    await expect(page.locator('form[data-hydrated]')).toBeVisible();
    await page.getByLabel('Código do cartão').pressSequentially('DEMO00001');
    const mail = page.locator('footer').getByRole('link', { name: /ajuda@demo\.example/ });
    await expect(mail).not.toHaveAttribute('target', /.+/);
    const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
    expect(href).toContain('mailto:ajuda@demo.example?subject=Ajuda com o cartão DE-MO00-001');
    expect(href).toContain('body=Olá! Preciso de ajuda com o cartão DE-MO00-001.');
    await expect(page.locator('footer').getByRole('link', { name: /contato@demo\.example/ })).toHaveCount(0);
  });

  test('legal pages open in a new tab and carry the web name', async ({ page, context }) => {
    await page.goto(site('parque'));
    const [terms] = await Promise.all([
      context.waitForEvent('page'),
      page
        .locator('footer')
        .getByRole('link', { name: /Termos de uso/ })
        .click(),
    ]);
    await expect(terms).toHaveURL(site('parque', '/terms'));
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Termos de Uso');
    await expect(terms.locator('.legal-site')).toHaveText('parque');
  });

  test('routing rules: /gallery/* is the gallery, anything else goes home, rules shipped for hosts', async ({ page, request }) => {
    // Node cannot resolve *.localhost, so the API request names the host in its header.
    const file = async (name: string) => (await request.get(`http://127.0.0.1:${SITES_PORT}/${name}`, { headers: { host: 'corrida.localhost' } })).text();
    await page.goto(site('corrida', '/gallery'));
    await expect(page).toHaveTitle('Corrida da Serra - Galeria');
    await page.goto(site('corrida', '/prices/../admin'));
    await expect(page).toHaveURL(site('corrida', '/'));
    const redirects = await file('_redirects');
    expect(redirects).toContain('/gallery/* /gallery/index.html 200');
    const headers = await file('_headers');
    expect(headers).toContain('immutable');
  });
});

test.describe('languages', () => {
  test('the home offers pt and en flags; choosing one stores it and reloads in it', async ({ page }) => {
    await page.goto(site('demo'));
    const flags = page.getByRole('navigation', { name: 'Idioma' }).getByRole('button');
    await expect(flags).toHaveText(['Português', 'English']);
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'English' }).click()]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your photos');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
  });

  test('the gallery offers pt, en and es flags; choosing one stores it and reloads in it', async ({ page }) => {
    await page.goto(site('demo', '/gallery/DE-MO00-001'));
    const flags = page.getByRole('navigation', { name: 'Idioma' }).getByRole('button');
    await expect(flags).toHaveText(['Português', 'English', 'Español']);
    expect(await flags.locator('img').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toEqual([
      '/flags/br.svg',
      '/flags/us.svg',
      '/flags/es.svg',
    ]);
    await expect(page.getByRole('button', { name: 'Português' })).toHaveAttribute('aria-pressed', 'true');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Español' }).click()]);
    await expect(page.getByRole('heading', { name: 'Tus fotos están listas' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('es');
  });

  for (const [locale, expected] of [
    ['en', 'Find your photos'],
    ['es', 'Encuentra tus fotos'],
  ] as const) {
    test(`a visitor with ${locale} stored never sees Portuguese painted first`, async ({ page }) => {
      await useLocale(page, locale);
      // Record every text the visitor could see, frame by frame, from the first paint on.
      await page.addInitScript(() => {
        const seen: string[] = [];
        (window as unknown as { seen: string[] }).seen = seen;
        const record = () => {
          if (document.body && getComputedStyle(document.body).visibility !== 'hidden') seen.push(document.body.innerText);
          requestAnimationFrame(record);
        };
        requestAnimationFrame(record);
      });
      await page.goto(site('demo'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(expected);
      // The text can be in place a frame before the page is painted shown: wait for that frame.
      const seenNow = () => page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      await expect.poll(async () => (await seenNow()).length).toBeGreaterThan(0);
      const seen = await seenNow();
      expect(seen.filter((text) => /Encontre suas fotos|Carregar cartão|Código do cartão/.test(text))).toEqual([]);
    });
  }
});

test.describe('an organization that fails to load', () => {
  test('its site is the error page, with retry and a help mail carrying the address', async ({ page }) => {
    await page.goto(site('quebrado', '/gallery/AB-CDEF-123'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Desculpe o transtorno, mas houve um erro ao carregar a pagina.');
    await expect(page.getByText('Em caso do erro persistir, favor entrar em contato pelo o email:')).toBeVisible();
    const mail = page.getByRole('link', { name: 'contato@fotos.example' });
    const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
    expect(href).toBe(`mailto:contato@fotos.example?subject=Ajuda para acessar o site&body=${site('quebrado', '/gallery/AB-CDEF-123')}`);
    // The retry asks the API again (a reload alone cannot recover); the organization is still missing.
    const asked = page.waitForResponse((res) => res.url().endsWith('/api/v1/organization/quebrado'));
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    expect((await asked).status()).toBe(404);
    await expect(page.getByRole('status')).toHaveText('Ainda não foi possível carregar a página. Tente novamente em instantes.');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Desculpe o transtorno/);
  });
});

test.describe('accessibility', () => {
  for (const [name, url] of [
    ['home', site('demo')],
    ['gallery', site('demo', '/gallery/DE-MO00-001')],
    ['terms', site('demo', '/terms')],
    ['privacy policy', site('demo', '/privacy-policy')],
    ['error page', site('quebrado')],
    ['branded home', site('parque')],
  ] as const) {
    test(`axe finds no violations on the ${name}`, async ({ page }) => {
      await page.goto(url);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }
});
