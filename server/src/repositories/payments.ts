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
  created_at: string;
  updated_at: string;
}

const COLUMNS =
  'id, order_id, method, gateway, charge_id, idempotency_key, amount_cents, status, pix_text, card_last4, card_brand, created_at, updated_at';
const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function insertPayment(
  db: DatabaseSync,
  payment: Pick<PaymentRow, 'id' | 'order_id' | 'method' | 'gateway' | 'idempotency_key' | 'amount_cents' | 'status'>,
): void {
  db.prepare(
    `INSERT INTO payments (id, order_id, method, gateway, idempotency_key, amount_cents, status) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    payment.id,
    payment.order_id,
    payment.method,
    payment.gateway,
    payment.idempotency_key,
    payment.amount_cents,
    payment.status,
  );
}

export function updatePayment(
  db: DatabaseSync,
  id: string,
  change: Pick<PaymentRow, 'status' | 'charge_id' | 'pix_text' | 'card_last4' | 'card_brand'>,
): void {
  db.prepare(
    `UPDATE payments SET status = ?, charge_id = ?, pix_text = ?, card_last4 = ?, card_brand = ?, updated_at = ${NOW}
     WHERE id = ?`,
  ).run(change.status, change.charge_id, change.pix_text, change.card_last4, change.card_brand, id);
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
