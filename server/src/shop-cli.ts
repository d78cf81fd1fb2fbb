import { readJsonFile, UsageError } from './cli-input.ts';
import type { Db } from './db.ts';
import { parseArgs } from 'node:util';
import type { PixConfig } from './config.ts';
import { ApiError } from './errors.ts';
import { findOrganizationByWebName } from './repositories/organizations.ts';
import { confirmPixPayment } from './services/payments/checkout.ts';
import { createSandboxGateway } from './services/payments/sandbox.ts';
import { parseProductsInput, setProducts } from './services/products.ts';

// The shop's admin commands; `cli.ts` dispatches to them.

export const PRODUCTS_SET_USAGE = `products:set --org <webName> <file.json>
      Replaces the organization's products in one transaction from {"products": [...]}:
      per-item products {unities >= 1, is_photo, is_video, description, ranges_price:
      [{min_photos, max_photos|null, price}]} and at most one all-digital package
      {unities: 0, description, price}. Prices are integer cents (2500 = R$ 25,00).
      Old products are archived (orders keep their prices). Every wrong field is named.`;

export const PAYMENT_CONFIRM_USAGE = `payment:confirm <orderId>
      Sandbox only: settles the order's pending PIX charge, as the PSP's webhook would.`;

export async function productsSet(db: Db, args: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args, allowPositionals: true, options: { org: { type: 'string' } } });
  } catch (error) {
    throw new UsageError(`products:set: ${(error as Error).message}`);
  }
  const [file, ...rest] = parsed.positionals;
  if (!parsed.values.org || !file || rest.length) throw new UsageError('products:set needs --org <webName> and one JSON file');
  const organization = await findOrganizationByWebName(db, parsed.values.org);
  if (!organization) throw new UsageError(`unknown organization "${parsed.values.org}"`);
  const json = await readJsonFile(file);
  const result = parseProductsInput(json);
  if (!result.ok) throw new UsageError(`${file} has invalid fields:\n- ${result.problems.join('\n- ')}`);
  const ids = await setProducts(db, organization.id, result.products);
  return `Set ${ids.length} products for ${organization.web_name} (ids ${ids.join(', ')})`;
}

export async function paymentConfirm(db: Db, { dataDir, pix }: { dataDir: string; pix: PixConfig }, args: string[]): Promise<string> {
  const [orderId, ...rest] = args;
  if (!orderId || rest.length) throw new UsageError('payment:confirm takes exactly one order id');
  const gateway = createSandboxGateway({ db, dataDir, pix });
  try {
    const answer = await confirmPixPayment({ db, gateway }, orderId);
    return `Order ${orderId}: payment ${answer.status}`;
  } catch (error) {
    if (error instanceof ApiError) throw new UsageError(`order ${orderId}: ${error.code}`);
    throw error;
  }
}
