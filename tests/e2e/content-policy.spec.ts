import { expect, test, type Page } from '@playwright/test';
import { checkoutToPayment } from './support/checkout.ts';
import { openGallery } from './support/gallery.ts';
import { site } from './support/sites.ts';

// Every page carries a Content-Security-Policy (its <meta>, written by the build with the hashes
// of its inline scripts, plus the sites' headers): the home, the gallery, the checkout down to
// the PIX QR code and the error page run under it without a single violation, and a script
// slipped into the page does not run.

/** Every policy violation the page reports, as `<directive> <blocked URI>`. */
async function violationsOf(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (line: string) => violations.push(line));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportViolation(line: string): void }).reportViolation(`${event.effectiveDirective} ${event.blockedURI} on ${location.pathname}`),
    ),
  );
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test('home, gallery and checkout run under their policy without a violation; a slipped-in script does not run', async ({ page }) => {
  test.setTimeout(60_000);
  const violations = await violationsOf(page);

  const home = await page.goto(site('demo'));
  expect(home!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(home!.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.locator('meta[http-equiv="content-security-policy"]')).toHaveAttribute('content', /script-src 'self' 'sha256-/);
  await expect(page.locator('form[data-hydrated]')).toBeVisible();
  await page.getByLabel('Código do cartão').fill('DE-POLI-001');
  await page.getByRole('button', { name: 'Carregar cartão' }).click();
  await expect(page).toHaveURL(/\/gallery\/DE-POLI-001$/);

  await openGallery(page, 'demo', '/gallery/DE-POLI-001');
  const thumb = page.getByRole('button', { name: 'Escolher para o carrinho: Foto 1 do cartão DE-POLI-001' });
  await expect(thumb).toBeVisible();
  await expect
    .poll(() =>
      page
        .locator('.gallery img')
        .first()
        .evaluate((img) => (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);

  const dialog = await checkoutToPayment(page, 'DE-POLI-001', 'politica@example.com');
  await dialog.getByRole('button', { name: 'Gerar código de pagamento' }).click();
  const qr = dialog.getByRole('img', { name: 'QR code do PIX' });
  await expect.poll(() => qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect(violations).toEqual([]);

  // The listener hears what the policy refuses: a script injected into the page is refused, and never runs.
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true;';
    document.body.append(script);
  });
  await expect.poll(() => violations.join('\n')).toMatch(/script-src-elem inline on \/gallery\/DE-POLI-001/);
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();
});

test('a home whose first form is the customer search (no streamed-in form to swap by script) runs under the policy too', async ({ page }) => {
  const violations = await violationsOf(page);
  await page.goto(site('corrida'));
  await expect(page.locator('form.customer-form[data-hydrated]')).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveAttribute('type', 'password');
  expect(violations).toEqual([]);
});

test("the error page's script runs under the policy too: the help mail carries the address, the retry asks the API", async ({ page }) => {
  const violations = await violationsOf(page);
  await page.goto(site('quebrado', '/gallery/AB-CDEF-123'));
  await expect(page.getByRole('link', { name: 'contato@fotos.example' })).toHaveAttribute('href', /&body=http%3A%2F%2Fquebrado\.localhost/);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('status')).not.toBeEmpty();
  expect(violations).toEqual([]);
});

test('no page can be framed by another site, the checkout included', async ({ page }) => {
  const refused = page.waitForEvent('console', (message) => /frame-ancestors 'none'/.test(message.text()));
  await page.setContent(`<iframe src="${site('demo', '/gallery/DE-POLI-001')}"></iframe>`);
  await refused;
});
