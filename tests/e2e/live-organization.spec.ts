// The organization at run time (sections 2 and 4; fixture vivo, used by no other spec): the page
// paints with the organization baked at build time, then loads it from the API, which decides.
// A flag the provider changes acts on the next page load without a build; when the API cannot
// be reached the page shows the error page, whose retry loads the organization again.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { FIXTURES_DIR } from '../support/fixtures.ts';
import { openHome } from './home-support.ts';
import { site, useLocale } from './support/sites.ts';

const VIVO = JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'organizations', 'vivo.json'), 'utf8')) as {
  has_facial_recognition: boolean;
  features_organization: Record<string, unknown>;
};

/** The provider changes the organization with the admin CLI, as in production: no build follows. */
function upsertVivo(change: (org: typeof VIVO) => void): void {
  const org = structuredClone(VIVO);
  change(org);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vivo-')), 'vivo.json');
  fs.writeFileSync(file, JSON.stringify(org));
  execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', 'org:upsert', file], { env: { ...process.env, DATA_DIR: E2E_DATA_DIR } });
}

test.describe.configure({ mode: 'serial' });
test.afterAll(() => upsertVivo(() => undefined));

test('a flag switched by the provider acts on the next page load, without a build', async ({ page }) => {
  await useLocale(page, 'en');
  await openHome(page, site('vivo'));
  await expect(page.getByRole('button', { name: 'Facial recognition' })).toBeVisible();
  await expect(page.getByLabel('Access code')).toHaveCount(0);

  upsertVivo((org) => {
    org.has_facial_recognition = false;
    org.features_organization['two_factor_authentication'] = true;
  });
  const loaded = page.waitForResponse((res) => res.url().includes('/api/v1/organization/vivo'));
  await page.reload();
  expect((await loaded).status()).toBe(200);
  // The baked page still offers the facial search; the live organization takes it away.
  await expect(page.getByRole('button', { name: 'Facial recognition' })).toHaveCount(0);
  await expect(page.getByLabel('Access code')).toBeVisible();
});

test('an unreachable API shows the error page; its retry loads the organization again', async ({ page }) => {
  await useLocale(page, 'pt');
  await page.route('**/api/v1/organization/vivo', (route) => route.abort('connectionrefused'));
  await page.goto(site('vivo'));
  const error = page.getByRole('heading', { name: 'Desculpe o transtorno, mas houve um erro ao carregar a pagina.' });
  await expect(error).toBeVisible();
  await expect(page.getByLabel('Código do cartão')).toHaveCount(0);
  const mail = page.getByRole('link', { name: 'contato@fotos.example' });
  const href = decodeURIComponent((await mail.getAttribute('href')) ?? '');
  expect(href).toContain('subject=Ajuda para acessar o site');
  expect(href).toContain(`body=${site('vivo')}`);

  // The API is back: the retry calls it, and the home appears.
  await page.unroute('**/api/v1/organization/vivo');
  const retried = page.waitForResponse((res) => res.url().includes('/api/v1/organization/vivo'));
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  expect((await retried).status()).toBe(200);
  await expect(error).toHaveCount(0);
  await expect(page.getByLabel('Código do cartão')).toBeVisible();
});

test('the gallery too shows the error page when the organization cannot be loaded', async ({ page }) => {
  await useLocale(page, 'en');
  // The gallery's first answer brings the organization too.
  await page.route(/\/api\/v1\/(organization\/vivo$|medias\/\d+\/VIVO00001\/gallery\?)/, (route) => route.abort('connectionrefused'));
  await page.goto(site('vivo', '/gallery/VI-VO00-001'));
  await expect(page.getByRole('heading', { name: 'Sorry for the inconvenience, but there was an error loading the page.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled();
});

test("the run-time error page shows the tenant's error banner, as the build-time one does", async ({ page }) => {
  await useLocale(page, 'pt');
  await page.route(/\/api\/v1\/(organization\/vivo$|medias\/\d+\/VIVO00001\/gallery\?)/, (route) => route.abort('connectionrefused'));
  await page.goto(site('vivo', '/gallery/VI-VO00-001'));
  await expect(page.getByRole('heading', { name: 'Desculpe o transtorno, mas houve um erro ao carregar a pagina.' })).toBeVisible();
  // tests/fixtures/tenants/vivo/branding/error-banner.svg, copied into the site by the build.
  const banner = page.locator('.error-page img.error-banner');
  await expect(banner).toHaveAttribute('src', /^\/branding\/error-banner\.svg$/);
  await expect.poll(() => banner.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
});
