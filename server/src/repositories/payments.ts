import type { DatabaseSync } from 'node:sqlite';
import type { ChargeStatus, PaymentMethod } from '../services/payments/gateway.ts';

export interface PaymentRow {
  id: string;
  order_id: string;
  method: PaymentMethod;
  gateway: string;
  charge_id: string | null;
  idempotency_key: string;
  amount_cents: number;
  status: ChargeStatus;
  pix_text: string | null;
  card_last4: string | null;
  card_brand: string | null;
  /** JSON list of the media this payment sells, fixed at checkout (`amount_cents` is its total). */
  media_ids: string;
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  'id, order_id, method, gateway, charge_id, idempotency_key, amount_cents, status, pix_text, card_last4, card_brand, media_ids, created_at, updated_at';
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function insertPayment(
  db: DatabaseSync,
  payment: Pick<PaymentRow, 'id' | 'order_id' | 'method' | 'gateway' | 'idempotency_key' | 'amount_cents' | 'status' | 'media_ids'>,
): void {
  db.prepare(
    `INSERT INTO payments (id, order_id, method, gateway, idempotency_key, amount_cents, status, media_ids)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    payment.id,
    payment.order_id,
    payment.method,
    payment.gateway,
    payment.idempotency_key,
    payment.amount_cents,
    payment.status,
    payment.media_ids,
  );
}

/** Drops an attempt the gateway never took (bad card data, PSP unreachable): its key can be used again. */
export function deletePayment(db: DatabaseSync, id: string): void {
  db.prepare('DELETE FROM payments WHERE id = ?').run(id);
}

/** What the gateway answered of the charge; the status is set apart (`setPaymentStatus`). */
export function setPaymentCharge(
  db: DatabaseSync,
  id: string,
  charge: Pick<PaymentRow, 'charge_id' | 'pix_text' | 'card_last4' | 'card_brand'>,
): void {
  db.prepare(
    `UPDATE payments SET charge_id = ?, pix_text = ?, card_last4 = ?, card_brand = ?, updated_at = ${NOW} WHERE id = ?`,
  ).run(charge.charge_id, charge.pix_text, charge.card_last4, charge.card_brand, id);
}

export function findPayment(db: DatabaseSync, id: string): PaymentRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM payments WHERE id = ?`).get(id) as PaymentRow | undefined;
}

export function setPaymentStatus(db: DatabaseSync, id: string, status: ChargeStatus): void {
  db.prepare(`UPDATE payments SET status = ?, updated_at = ${NOW} WHERE id = ?`).run(status, id);
}

/** Oldest first. */
export function listPayments(db: DatabaseSync, orderId: string): PaymentRow[] {
  return db
    .prepare(`SELECT ${COLUMNS} FROM payments WHERE order_id = ? ORDER BY created_at, rowid`)
    .all(orderId) as unknown as PaymentRow[];
}

export function findPaymentByCharge(db: DatabaseSync, chargeId: string): PaymentRow | undefined {
  return db.prepare(`SELECT ${COLUMNS} FROM payments WHERE charge_id = ?`).get(chargeId) as PaymentRow | undefined;
}

/** Pending payments of an order (an order change cancels them: their amount is stale). */
export function cancelPendingPayments(db: DatabaseSync, orderId: string): number {
  const result = db
    .prepare(
      `UPDATE payments SET status = 'canceled', updated_at = ${NOW} WHERE order_id = ? AND status IN ('pending', 'processing')`,
    )
    .run(orderId);
  return Number(result.changes);
}

export interface SandboxChargeRow {
  id: string;
  order_id: string;
  method: PaymentMethod;
  amount_cents: number;
  status: ChargeStatus;
  idempotency_key: string;
  pix_text: string | null;
  card_last4: string | null;
  card_brand: string | null;
}

const CHARGE_COLUMNS = 'id, order_id, method, amount_cents, status, idempotency_key, pix_text, card_last4, card_brand';

export function insertSandboxCharge(db: DatabaseSync, charge: SandboxChargeRow): void {
  db.prepare(
    `INSERT INTO sandbox_charges (${CHARGE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    charge.id,
    charge.order_id,
    charge.method,
    charge.amount_cents,
    charge.status,
    charge.idempotency_key,
    charge.pix_text,
    charge.card_last4,
    charge.card_brand,
  );
}

export function findSandboxCharge(db: DatabaseSync, id: string): SandboxChargeRow | undefined {
  return db.prepare(`SELECT ${CHARGE_COLUMNS} FROM sandbox_charges WHERE id = ?`).get(id) as SandboxChargeRow | undefined;
}

export function findSandboxChargeByKey(db: DatabaseSync, key: string): SandboxChargeRow | undefined {
  return db
    .prepare(`SELECT ${CHARGE_COLUMNS} FROM sandbox_charges WHERE idempotency_key = ?`)
    .get(key) as SandboxChargeRow | undefined;
}

export function setSandboxChargeStatus(db: DatabaseSync, id: string, status: ChargeStatus): void {
  db.prepare(`UPDATE sandbox_charges SET status = ?, updated_at = ${NOW} WHERE id = ?`).run(status, id);
}
