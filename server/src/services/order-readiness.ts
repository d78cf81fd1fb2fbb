// Whether an order may be charged: something to buy, the package still offered, customer and address.
import { allDigitalSaving } from '@gallery/contract/cart';
import { toProducts } from '@gallery/contract/products';
import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { listMediaOfCards } from '../repositories/media.ts';
import { listOrderCards, type OrderRow } from '../repositories/orders.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import type { OrderView } from './order-view.ts';
import { productsAnswer } from './products.ts';
import { isSold } from './sold.ts';

/**
 * Whether the all-digital package is offered on this order, by the gallery's own rule
 * (`allDigitalSaving`): something unsold is in reach and the package costs less than buying it
 * one by one.
 */
export async function allDigitalOffered(db: Db, order: OrderRow): Promise<boolean> {
  const organization = await findOrganizationById(db, order.organization_id);
  if (!organization) return false;
  const cardIds = (await listOrderCards(db, order.id)).map((card) => card.card_id);
  const notSold = (await listMediaOfCards(db, cardIds))
    .filter((media) => media.kind !== 'extra' && !isSold(media, organization))
    .map((media) => ({ type: media.kind, sold: false }));
  return allDigitalSaving(toProducts(await productsAnswer(db, order.organization_id)), notSold) > 0;
}

/**
 * Refuses to charge an order that buys nothing (everything in it sold meanwhile, or empty: 409
 * NOTHING_TO_BUY) or holds the package where it is no longer offered (409
 * ALL_DIGITAL_NOT_OFFERED).
 */
export async function assertSomethingToBuy(db: Db, view: OrderView): Promise<void> {
  if (view.mediaToSell.length === 0) throw new ApiError(409, 'NOTHING_TO_BUY');
  if (view.lines.some((line) => line.all_digital) && !(await allDigitalOffered(db, view.order))) {
    throw new ApiError(409, 'ALL_DIGITAL_NOT_OFFERED');
  }
}

/** What checkout needs before a charge: something to pay, the customer and the address. */
export function checkoutProblems(view: OrderView): string[] {
  const problems: string[] = [];
  if (view.total <= 0) problems.push('the order has nothing to pay (add media or the all-digital package)');
  if (!view.order.customer) problems.push('customer is missing');
  if (!view.order.address) problems.push('address is missing');
  return problems;
}
