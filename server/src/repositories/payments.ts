import type { Selectable } from 'kysely';
import { now, type Db, type Schema } from '../db.ts';
import type { ChargeStatus } from '../services/payments/gateway.ts';

/** A payment attempt as stored, without the insertion-order `rowid` (only sorting uses it). */
export type PaymentRow = Omit<Selectable<Schema['payments']>, 'rowid'>;

const COLUMNS = [
  'id',
  'order_id',
  'method',
  'gateway',
  'charge_id',
  'idempotency_key',
  'amount_cents',
  'status',
  'pix_text',
  'pix_txid',
  'card_last4',
  'card_brand',
  'media_ids',
  'created_at',
  'updated_at',
] as const;

export async function insertPayment(
  db: Db,
  payment: Pick<PaymentRow, 'id' | 'order_id' | 'method' | 'gateway' | 'idempotency_key' | 'amount_cents' | 'status' | 'media_ids'>,
): Promise<void> {
  const at = now();
  await db
    .insertInto('payments')
    .values({ ...payment, created_at: at, updated_at: at })
    .execute();
}

/** Drops an attempt the gateway refused to take (bad card data): its key can be used again. */
export async function deletePayment(db: Db, id: string): Promise<void> {
  await db.deleteFrom('payments').where('id', '=', id).execute();
}

/** What the gateway answered of the charge; the status is set apart (`setPaymentStatus`). */
export async function setPaymentCharge(
  db: Db,
  id: string,
  charge: Pick<PaymentRow, 'charge_id' | 'pix_text' | 'pix_txid' | 'card_last4' | 'card_brand'>,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      charge_id: charge.charge_id,
      pix_text: charge.pix_text,
      pix_txid: charge.pix_txid,
      card_last4: charge.card_last4,
      card_brand: charge.card_brand,
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

export function findPayment(db: Db, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function setPaymentStatus(db: Db, id: string, status: ChargeStatus): Promise<void> {
  await db.updateTable('payments').set({ status, updated_at: now() }).where('id', '=', id).execute();
}

/** Oldest first. */
export function listPayments(db: Db, orderId: string): Promise<PaymentRow[]> {
  return db.selectFrom('payments').select(COLUMNS).where('order_id', '=', orderId).orderBy('created_at').orderBy('rowid').execute();
}

export function findPaymentByCharge(db: Db, chargeId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').select(COLUMNS).where('charge_id', '=', chargeId).executeTakeFirst();
}

// Still processing, or canceled (a cart change, the order paid otherwise) before the gateway's
// answer was recorded: without a charge id, the gateway may still hold a charge for it.
const UNRESOLVED: readonly ChargeStatus[] = ['processing', 'canceled'];

/** An attempt whose charge, if the gateway made one, was never recorded (the process died first). */
export function isUnresolved(payment: Pick<PaymentRow, 'charge_id' | 'status'>): boolean {
  return payment.charge_id === null && UNRESOLVED.includes(payment.status);
}

/** The unresolved attempts of one order, or of every order; oldest first. */
export function listUnresolvedPayments(db: Db, orderId?: string): Promise<PaymentRow[]> {
  let query = db.selectFrom('payments').select(COLUMNS).where('charge_id', 'is', null).where('status', 'in', UNRESOLVED);
  if (orderId !== undefined) query = query.where('order_id', '=', orderId);
  return query.orderBy('created_at').orderBy('rowid').execute();
}

/** Whether the order has a pending or processing payment, which a change of its sale cancels. */
export async function hasPendingPayments(db: Db, orderId: string): Promise<boolean> {
  const found = await db
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'processing'])
    .limit(1)
    .executeTakeFirst();
  return found !== undefined;
}

/** Pending payments of an order (an order change cancels them: their amount is stale). */
export async function cancelPendingPayments(db: Db, orderId: string): Promise<number> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'canceled', updated_at: now() })
    .where('order_id', '=', orderId)
    .where('status', 'in', ['pending', 'processing'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export type SandboxChargeRow = Omit<Selectable<Schema['sandbox_charges']>, 'created_at' | 'updated_at'>;

const CHARGE_COLUMNS = ['id', 'order_id', 'method', 'amount_cents', 'status', 'idempotency_key', 'pix_text', 'pix_txid', 'card_last4', 'card_brand'] as const;

export async function insertSandboxCharge(db: Db, charge: SandboxChargeRow): Promise<void> {
  const at = now();
  await db
    .insertInto('sandbox_charges')
    .values({ ...charge, created_at: at, updated_at: at })
    .execute();
}

export function findSandboxCharge(db: Db, id: string): Promise<SandboxChargeRow | undefined> {
  return db.selectFrom('sandbox_charges').select(CHARGE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export function findSandboxChargeByKey(db: Db, key: string): Promise<SandboxChargeRow | undefined> {
  return db.selectFrom('sandbox_charges').select(CHARGE_COLUMNS).where('idempotency_key', '=', key).executeTakeFirst();
}

export async function setSandboxChargeStatus(db: Db, id: string, status: ChargeStatus): Promise<void> {
  await db.updateTable('sandbox_charges').set({ status, updated_at: now() }).where('id', '=', id).execute();
}
