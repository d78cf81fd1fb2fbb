// The checkout steps the shop's browser tests share: the cart, the pt customer step, the PIX paid
// by the provider's `payment:confirm` (what the PSP's webhook does).
import { execFileSync } from 'node:child_process';
import { expect, type Locator, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../../playwright.config.ts';

/** The order id, read from the payment call the page makes. */
export async function orderIdOfCheckout(page: Page, start: () => Promise<void>): Promise<string> {
  const request = page.waitForRequest((r) => r.url().includes('/api/v1/payment/checkout/'));
  await start();
  return new URL((await request).url()).pathname.split('/').at(-1)!;
}

/** Fills each field named by its exact label. */
export async function fillFields(scope: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await scope.getByLabel(label, { exact: true }).fill(value);
}

/** pt: puts photo 1 of the card in the cart and passes the customer step with a valid CPF; answers the dialog. */
export async function checkoutAsCustomer(page: Page, card: string, email: string): Promise<Locator> {
  await page.getByRole('button', { name: `Escolher para o carrinho: Foto 1 do cartão ${card}` }).click();
  await expect(page.locator('.cart-summary')).toHaveText(/1 item · R\$\s25,00/);
  await page.getByRole('button', { name: 'Finalizar pedido' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Enviar pedido' }).click();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Número do CPF').pressSequentially('52998224725');
  await dialog.getByLabel('Telefone').fill('11912345678');
  await dialog.getByRole('checkbox', { name: /Li e aceito os/ }).check();
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  return dialog;
}

/** pt: checkoutAsCustomer, then an address in São Paulo: answers the dialog at the payment step. */
export async function checkoutToPayment(page: Page, card: string, email: string): Promise<Locator> {
  const dialog = await checkoutAsCustomer(page, card, email);
  await fillFields(dialog, { Rua: 'Rua A', Número: '1', CEP: '01310100', Cidade: 'São Paulo', Estado: 'SP' });
  await dialog.getByRole('button', { name: 'Próximo' }).click();
  return dialog;
}

export function confirmPix(orderId: string): string {
  return execFileSync(process.execPath, ['--no-warnings', 'server/src/cli.ts', 'payment:confirm', orderId], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}
