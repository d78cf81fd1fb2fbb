import { expect, test } from '@playwright/test';
import { useLocale } from './support/sites.ts';

// The demo tenant served at baseURL: organization name 'Demo', web name 'demo', contact 'contato@demo.example'.
const WEB_NAME = 'demo';
const UPDATED = '29 de abril de 2021';
const CONTACT = 'contato@demo.example';

test('/terms shows the Terms of Service of the organization, dated, in 20 numbered sections', async ({ page }) => {
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/terms\/?$/);

  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'Termos de Uso' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const header = article.locator('header');
  await expect(header.getByText(WEB_NAME, { exact: true })).toBeVisible();
  await expect(header.getByText(`Última atualização: ${UPDATED}`)).toBeVisible();

  // Exactly 20 sections, numbered 1. to 20. in order.
  const sections = article.getByRole('heading', { level: 2 });
  await expect(sections).toHaveCount(20);
  await expect(sections).toHaveText(Array.from({ length: 20 }, (_, i) => new RegExp(`^${i + 1}\\. \\S`)));

  await expect(article.getByRole('link', { name: 'Política de Privacidade' })).toHaveAttribute('href', '/privacy-policy');
});

test('/privacy-policy shows the Privacy Policy: card data not stored, rights by e-mail to the contact address', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page).toHaveURL(/\/privacy-policy\/?$/);

  const article = page.getByRole('article');
  await expect(article.getByRole('heading', { level: 1, name: 'Política de Privacidade' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  const header = article.locator('header');
  await expect(header.getByText(WEB_NAME, { exact: true })).toBeVisible();
  await expect(header.getByText(`Última atualização: ${UPDATED}`)).toBeVisible();

  await expect(article.getByText(/dados do seu cartão não são armazenados/i)).toBeVisible();
  await expect(article).toContainText(/notas fiscais/);
  await expect(article).toContainText(/newsletters/);
  for (const right of ['acesso', 'correção', 'eliminação', 'portabilidade', 'revogação do consentimento']) {
    await expect(article.getByText(right, { exact: true })).toBeVisible();
  }

  const contactLinks = article.getByRole('link', { name: CONTACT });
  await expect(contactLinks.first()).toBeVisible();
  expect(new Set(await contactLinks.evaluateAll((links) => links.map((link) => link.getAttribute('href'))))).toEqual(new Set([`mailto:${CONTACT}`]));

  await expect(article.getByRole('link', { name: 'Termos de Uso' })).toHaveAttribute('href', '/terms');
});

test('a visitor who chose English sees the Portuguese legal pages at once, marked as Portuguese', async ({ page }) => {
  await useLocale(page, 'en');
  for (const path of ['/terms', '/privacy-policy']) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    // No island renders a language here, so nothing may wait for one (the page would stay blank).
    expect(await page.evaluate(() => 'localePending' in document.documentElement.dataset)).toBe(false);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(page.getByRole('article')).toBeVisible();
  }
});
