// Whose order it is: the visitor key that made it, compared on every call that reads or changes it.
import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findKeyedOrder, findOrder, type KeyedOrderRow, type OrderRow } from '../repositories/orders.ts';
import { sameText } from './ids.ts';

export async function loadOrder(db: Db, orderId: string): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * Whether a call presents the visitor key the order was made with (the X-Visitor-Key header),
 * compared in constant time. Orders made before keys have none: they are nobody's.
 */
export function isOwner(order: KeyedOrderRow, visitorKey: string | undefined): boolean {
  return typeof order.visitor_key === 'string' && visitorKey !== undefined && sameText(visitorKey, order.visitor_key);
}

export async function keyedOrder(db: Db, orderId: string, options?: { lock: boolean }): Promise<KeyedOrderRow> {
  const order = await findKeyedOrder(db, orderId, options);
  if (!order) throw new ApiError(404, 'ORDER_NOT_FOUND');
  return order;
}

/**
 * The order, when the call proves it is its browser's: nobody else changes or pays it (403
 * FORBIDDEN). With `lock`, its row stays locked until the caller's transaction ends.
 */
export async function ownOrder(db: Db, orderId: string, visitorKey: string | undefined, options?: { lock: boolean }): Promise<OrderRow> {
  const order = await keyedOrder(db, orderId, options);
  if (!isOwner(order, visitorKey)) throw new ApiError(403, 'FORBIDDEN', "the order is another browser's");
  return order;
}
