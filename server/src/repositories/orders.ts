import type { DatabaseSync } from 'node:sqlite';
import type { MediaKind } from './media.ts';

export interface OrderRow {
  id: string;
  organization_id: number;
  first_card_id: string;
  /** 0 open, 1 paid, 2 canceled. */
  status: number;
  pdv: string | null;
  tz: string | null;
  /** JSON of the saved customer, or null. */
  customer: string | null;
  /** JSON of the saved address, or null. */
  address: string | null;
  finished_at: string | null;
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface OrderCardRow {
  card_id: string;
  code: string;
  position: number;
}

export interface OrderItemRow {
  id: number;
  product_id: number;
  /** null for the all-digital package. */
  media_id: string | null;
  /** The media's kind, null for the package. */
  kind: MediaKind | null;
  /** The media's sold fields (null for the package), for the sold rule. */
  sold_at_venue: number | null;
  sold_order_id: string | null;
}

const COLUMNS =
  'id, organization_id, first_card_id, status, pdv, tz, customer, address, finished_at, paid_at, created_at, updated_at';
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function findOrder(db: DatabaseSync, id: string): OrderRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM orders WHERE id = ?`).get(id) as OrderRow | undefined;
}

export function listOrdersOfOrganization(db: DatabaseSync, organizationId: number): OrderRow[] {
  return db
    .prepare(`SELECT ${COLUMNS} FROM orders WHERE organization_id = ? ORDER BY created_at`)
    .all(organizationId) as unknown as OrderRow[];
}

/** The visitor's open order of a first card (one at most, by a unique index). */
export function findOpenOrder(
  db: DatabaseSync,
  organizationId: number,
  firstCardId: string,
  visitorKey: string,
): OrderRow | undefined {
  return db
    .prepare(`SELECT ${COLUMNS} FROM orders WHERE organization_id = ? AND first_card_id = ? AND visitor_key = ? AND status = 0`)
    .get(organizationId, firstCardId, visitorKey) as OrderRow | undefined;
}

export function insertOrder(
  db: DatabaseSync,
  order: { id: string; organizationId: number; firstCardId: string; visitorKey: string; pdv: string | null; tz: string | null },
): void {
  db.prepare('INSERT INTO orders (id, organization_id, first_card_id, visitor_key, pdv, tz) VALUES (?, ?, ?, ?, ?, ?)').run(
    order.id,
    order.organizationId,
    order.firstCardId,
    order.visitorKey,
    order.pdv,
    order.tz,
  );
}

/** Records a change so `updated_at` tells when the order last moved. */
export function touchOrder(db: DatabaseSync, id: string): void {
  db.prepare(`UPDATE orders SET updated_at = ${NOW} WHERE id = ?`).run(id);
}

export function listOrderCards(db: DatabaseSync, orderId: string): OrderCardRow[] {
  return db
    .prepare(
      `SELECT oc.card_id, c.code, oc.position FROM order_cards oc JOIN cards c ON c.id = oc.card_id
       WHERE oc.order_id = ? ORDER BY oc.position`,
    )
    .all(orderId) as unknown as OrderCardRow[];
}

/** Adds a card once; answers whether it was new. */
export function addOrderCard(db: DatabaseSync, orderId: string, cardId: string): boolean {
  const result = db
    .prepare(
      `INSERT INTO order_cards (order_id, card_id, position)
       VALUES (?, ?, (SELECT coalesce(max(position), -1) + 1 FROM order_cards WHERE order_id = ?))
       ON CONFLICT (order_id, card_id) DO NOTHING`,
    )
    .run(orderId, cardId, orderId);
  return Number(result.changes) > 0;
}

/** Removes a card and every item of its media; answers whether the card was in the order. */
export function removeOrderCard(db: DatabaseSync, orderId: string, cardId: string): boolean {
  db.prepare(
    `DELETE FROM order_items WHERE order_id = ? AND media_id IN (SELECT id FROM media WHERE card_id = ?)`,
  ).run(orderId, cardId);
  const result = db.prepare('DELETE FROM order_cards WHERE order_id = ? AND card_id = ?').run(orderId, cardId);
  return Number(result.changes) > 0;
}

export function listOrderItems(db: DatabaseSync, orderId: string): OrderItemRow[] {
  return db
    .prepare(
      `SELECT i.id, i.product_id, i.media_id, m.kind, m.sold_at_venue, m.sold_order_id
       FROM order_items i LEFT JOIN media m ON m.id = i.media_id
       WHERE i.order_id = ? ORDER BY i.id`,
    )
    .all(orderId) as unknown as OrderItemRow[];
}

/** Puts a media under a product; a media already in the order moves instead of doubling. */
export function upsertOrderMedia(db: DatabaseSync, orderId: string, productId: number, mediaId: string): void {
  db.prepare(
    `INSERT INTO order_items (order_id, product_id, media_id) VALUES (?, ?, ?)
     ON CONFLICT (order_id, media_id) WHERE media_id IS NOT NULL DO UPDATE SET product_id = excluded.product_id`,
  ).run(orderId, productId, mediaId);
}

export function removeOrderMedia(db: DatabaseSync, orderId: string, productId: number, mediaId: string): boolean {
  const result = db
    .prepare('DELETE FROM order_items WHERE order_id = ? AND product_id = ? AND media_id = ?')
    .run(orderId, productId, mediaId);
  return Number(result.changes) > 0;
}

export function addOrderPackage(db: DatabaseSync, orderId: string, productId: number): void {
  db.prepare(
    `INSERT INTO order_items (order_id, product_id, media_id) VALUES (?, ?, NULL)
     ON CONFLICT (order_id, product_id) WHERE media_id IS NULL DO NOTHING`,
  ).run(orderId, productId);
}

export function removeOrderPackage(db: DatabaseSync, orderId: string, productId: number): boolean {
  const result = db
    .prepare('DELETE FROM order_items WHERE order_id = ? AND product_id = ? AND media_id IS NULL')
    .run(orderId, productId);
  return Number(result.changes) > 0;
}

export function setOrderCustomer(db: DatabaseSync, orderId: string, customerJson: string): void {
  db.prepare(`UPDATE orders SET customer = ?, updated_at = ${NOW} WHERE id = ?`).run(customerJson, orderId);
}

export function setOrderAddress(db: DatabaseSync, orderId: string, addressJson: string): void {
  db.prepare(`UPDATE orders SET address = ?, updated_at = ${NOW} WHERE id = ?`).run(addressJson, orderId);
}

export function setOrderFinished(db: DatabaseSync, orderId: string): void {
  db.prepare(`UPDATE orders SET finished_at = coalesce(finished_at, ${NOW}), updated_at = ${NOW} WHERE id = ?`).run(
    orderId,
  );
}

/** Open to paid; answers false when the order was not open (already paid or canceled). */
export function markOrderPaid(db: DatabaseSync, orderId: string): boolean {
  const result = db
    .prepare(`UPDATE orders SET status = 1, paid_at = ${NOW}, updated_at = ${NOW} WHERE id = ? AND status = 0`)
    .run(orderId);
  return Number(result.changes) > 0;
}

/** Marks media as covered by a paid order; media already sold by another order keep theirs. */
export function markMediaSoldByOrder(db: DatabaseSync, orderId: string, mediaIds: readonly string[]): void {
  db.prepare(
    `UPDATE media SET sold_order_id = ? WHERE sold_order_id IS NULL AND id IN (SELECT value FROM json_each(?))`,
  ).run(orderId, JSON.stringify(mediaIds));
}
