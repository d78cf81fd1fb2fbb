import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, holdIslandCode, site, useLocale } from './support/sites.ts';
import { openGallery } from './support/gallery.ts';

// The demo sells photos at R$ 25 (1-2), R$ 20 (3-5) and R$ 15 (6+) each, videos at R$ 30 and
// everything digital for R$ 99 (server/src/services/products.ts): the table is the running sum.

/** Each body row of a table as "label | total", with Intl's non-breaking spaces made plain. */
async function rows(page: Page, caption: RegExp): Promise<string[]> {
  const table = page.getByRole('table', { name: caption });
  return table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent!.replace(/\s+/g, ' ').trim()).join(' | ')));
}

test('pt: the prices button opens the table of running totals, the price of each one more and the package', async ({ page }) => {
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  const open = page.getByRole('button', { name: 'Preços' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Tabela de preços' });
  await expect(dialog.getByRole('table', { name: /^Fotos/ })).toBeVisible();
  expect(await rows(page, /^Fotos/)).toEqual([
    '1 foto | R$ 25,00',
    '2 fotos | R$ 50,00',
    '3 fotos | R$ 70,00',
    '4 fotos | R$ 90,00',
    '5 fotos | R$ 110,00',
    '6 fotos | R$ 125,00',
  ]);
  await expect(dialog.getByRole('table', { name: /^Fotos/ }).locator('tfoot')).toHaveText(/Cada foto a mais: R\$\s15,00/);
  expect(await rows(page, /^Vídeos/)).toEqual(['1 vídeo | R$ 30,00']);
  await expect(dialog.getByRole('table', { name: /^Vídeos/ }).locator('tfoot')).toHaveText(/Cada vídeo a mais: R\$\s30,00/);
  const pack = dialog.getByRole('region', { name: 'Pacote completo' });
  await expect(pack).toContainText('Todas as fotos e vídeos dos seus cartões por um só preço.');
  await expect(pack).toContainText(/R\$\s99,00/);
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test("the header's buttons wait disabled until the page has hydrated, then act: never a click that does nothing", async ({ page }) => {
  // The page's scripts are held back: the visitor sees the server's HTML, as on a slow phone.
  const release = await holdIslandCode(page);
  await page.goto(site('demo', '/gallery/DE-MO00-001'), { waitUntil: 'commit' });
  const open = page.getByRole('button', { name: 'Preços' });
  const header = page.getByRole('navigation', { name: 'Ações da galeria' });
  await expect(open).toBeDisabled();
  await expect(header.getByRole('button', { name: /^Carrinho/ })).toBeDisabled();
  await expect(header.getByRole('button', { name: 'English' })).toBeDisabled();
  await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
  release();
  await expect(open).toBeEnabled();
  await open.click();
  await expect(page.getByRole('dialog', { name: 'Tabela de preços' })).toBeVisible();
});

test('en: the same table in English, closed by its button', async ({ page }) => {
  await useLocale(page, 'en');
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  await page.getByRole('button', { name: 'Prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price table' });
  // The products are named in English by their kind, not by the provider's Portuguese ("Foto digital").
  await expect(dialog.getByRole('table', { name: 'Digital photos', exact: true })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Digital videos', exact: true })).toBeVisible();
  await expect(dialog).not.toContainText('Foto digital');
  await expect(dialog).not.toContainText('Vídeo digital');
  expect((await rows(page, /^Digital photos$/)).slice(0, 3)).toEqual(['1 photo | R$25.00', '2 photos | R$50.00', '3 photos | R$70.00']);
  // The package keeps the provider's own description.
  await expect(dialog.getByRole('region', { name: 'Complete package' })).toContainText('R$99.00');
  await expect(dialog.getByRole('region', { name: 'Complete package' })).toContainText('(Todas as fotos e vídeos)');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('es: the products are named in Spanish', async ({ page }) => {
  await useLocale(page, 'es');
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  await page.getByRole('button', { name: 'Precios' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tabla de precios' });
  await expect(dialog.getByRole('table', { name: 'Fotos digitales', exact: true })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Videos digitales', exact: true })).toBeVisible();
  await expect(dialog).not.toContainText('Foto digital');
  await expect(dialog).not.toContainText('Vídeo digital');
  expect((await rows(page, /^Fotos digitales$/)).slice(0, 2)).toEqual(['1 foto | R$ 25,00', '2 fotos | R$ 50,00']);
});

test('a failed load says so and its retry brings the table', async ({ page }) => {
  await useLocale(page, 'en');
  await page.route('**/api/v1/products/**', (route) => route.fulfill({ status: 500, json: { error: true, message: 'INTERNAL_ERROR' } }));
  await openGallery(page, 'demo', '/gallery/DE-MO00-001');
  await page.getByRole('button', { name: 'Prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price table' });
  await expect(dialog.getByRole('alert')).toHaveText(/The prices could not be loaded\./);
  await page.unroute('**/api/v1/products/**');
  await dialog.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('table', { name: 'Digital photos' })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
});

test('an organization that sells online with no products yet says nothing is on sale', async ({ page }) => {
  await useLocale(page, 'en');
  await openGallery(page, 'galeria', '/gallery/GA-LERI-001');
  await page.getByRole('button', { name: 'Prices' }).click();
  const dialog = page.getByRole('dialog', { name: 'Price table' });
  await expect(dialog.getByText('Nothing is on sale right now.')).toBeVisible();
  await expect(dialog.getByRole('table')).toHaveCount(0);
});
