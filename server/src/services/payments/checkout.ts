import type { DatabaseSync } from 'node:sqlite';
import QRCode from 'qrcode';
import type { WirePaymentAnswer, WirePaymentStatus } from '../../../../src/lib/api/wire.ts';
import { ApiError } from '../../errors.ts';
import { findOrder } from '../../repositories/orders.ts';
import {
  findPaymentByCharge,
  insertPayment,
  listPayments,
  setPaymentStatus,
  updatePayment,
  type PaymentRow,
} from '../../repositories/payments.ts';
import { atomically } from '../../db.ts';
import { newId } from '../ids.ts';
import { checkoutProblems, loadOrder, payOrder, viewOrder } from '../orders.ts';
import { GatewayInputError, type Charge, type ChargeStatus, type PaymentGateway, type PaymentMethod } from './gateway.ts';
import type { SandboxGateway } from './sandbox.ts';

export interface ShopPayments {
  db: DatabaseSync;
  gateway: PaymentGateway;
}

export type CheckoutBody = { card_hash: string } | { pix: true };

const LIVE: readonly ChargeStatus[] = ['pending', 'processing', 'paid'];
const MAX_CARD_HASH = 4096;

const wireStatus = (status: ChargeStatus) => status.toUpperCase() as WirePaymentStatus;

function paymentAnswer(payment: Pick<PaymentRow, 'status' | 'pix_text'>): WirePaymentAnswer {
  return { error: false, message: 'OK', status: wireStatus(payment.status), pix_text: payment.pix_text };
}

// One checkout at a time per order: a double click waits for the first and then finds its
// charge instead of making a second one.
const locks = new Map<string, Promise<unknown>>();

async function withOrderLock<T>(orderId: string, work: () => Promise<T>): Promise<T> {
  const previous = locks.get(orderId) ?? Promise.resolve();
  const run = previous.then(work, work);
  const settled = run.catch(() => undefined);
  locks.set(orderId, settled);
  try {
    return await run;
  } finally {
    if (locks.get(orderId) === settled) locks.delete(orderId);
  }
}

/** Reads `{ card_hash }` or `{ pix: true }`; anything else is a 400 naming the field. */
export function parseCheckoutBody(body: unknown): CheckoutBody {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'the body must be { card_hash } or { pix: true }');
  }
  const { card_hash: cardHash, pix } = body as Record<string, unknown>;
  if (cardHash !== undefined && pix !== undefined) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'send either card_hash or pix, not both');
  }
  if (pix !== undefined) {
    if (pix !== true) throw new ApiError(400, 'VALIDATION_ERROR', 'pix must be true');
    return { pix: true };
  }
  if (typeof cardHash !== 'string' || !cardHash || cardHash.length > MAX_CARD_HASH || !/^[A-Za-z0-9+/]+=*$/.test(cardHash)) {
    throw new ApiError(400, 'VALIDATION_ERROR', 'card_hash must be the base64 card hash (or send pix: true)');
  }
  return { card_hash: cardHash };
}

/** Records a charge's outcome; a paid charge pays the order in the same transaction. */
function record(db: DatabaseSync, payment: Pick<PaymentRow, 'id' | 'order_id' | 'method' | 'idempotency_key'>, charge: Charge, gateway: string): void {
  atomically(db, () => {
    insertPayment(db, { ...payment, gateway, amount_cents: charge.amount, status: charge.status });
    updatePayment(db, payment.id, {
      status: charge.status,
      charge_id: charge.id,
      pix_text: charge.pixText,
      card_last4: charge.cardLast4,
      card_brand: charge.cardBrand,
    });
    if (charge.status === 'paid') settle(db, payment.order_id, payment.id);
  });
}

/** The order is paid: its media become sold, and other charges still pending are dropped. */
function settle(db: DatabaseSync, orderId: string, paymentId: string): void {
  payOrder(db, orderId);
  for (const other of listPayments(db, orderId)) {
    if (other.id !== paymentId && (other.status === 'pending' || other.status === 'processing')) {
      setPaymentStatus(db, other.id, 'canceled');
    }
  }
}

/**
 * `POST /api/v1/payment/checkout/:orderId`. Idempotent: while a charge of the same method is
 * pending or paid for the current total, it is answered again instead of charging twice.
 */
export function checkout({ db, gateway }: ShopPayments, orderId: string, rawBody: unknown): Promise<WirePaymentAnswer> {
  const body = parseCheckoutBody(rawBody);
  const method: PaymentMethod = 'pix' in body ? 'pix' : 'creditCard';
  return withOrderLock(orderId, async () => {
    const order = loadOrder(db, orderId);
    const payments = listPayments(db, orderId);
    if (order.status === 1) {
      const paid = payments.find((payment) => payment.status === 'paid' && payment.method === method);
      if (paid) return paymentAnswer(paid);
      throw new ApiError(409, 'ORDER_CLOSED');
    }
    if (order.status !== 0) throw new ApiError(409, 'ORDER_CLOSED');
    const view = viewOrder(db, order);
    const problems = checkoutProblems(view);
    if (problems.length) throw new ApiError(400, 'VALIDATION_ERROR', problems.join('; '));
    const live = payments.find(
      (payment) => payment.method === method && LIVE.includes(payment.status) && payment.amount_cents === view.total,
    );
    if (live) return paymentAnswer(live);
    // The key is the attempt's number, so retrying the same attempt after a crash finds the
    // gateway's charge instead of creating another.
    const payment = { id: newId(), order_id: orderId, method, idempotency_key: `${orderId}-${method}-${payments.length + 1}` };
    let charge: Charge;
    try {
      charge =
        'pix' in body
          ? await gateway.createPixCharge({ orderId, amount: view.total, idempotencyKey: payment.idempotency_key })
          : await gateway.createCardCharge({
              orderId,
              amount: view.total,
              cardHash: body.card_hash,
              idempotencyKey: payment.idempotency_key,
            });
    } catch (error) {
      if (error instanceof GatewayInputError) throw new ApiError(400, 'VALIDATION_ERROR', error.message);
      throw error;
    }
    record(db, payment, charge, gateway.name);
    if (charge.status === 'refused') throw new ApiError(402, 'REFUSED');
    return { error: false, message: 'OK', status: wireStatus(charge.status), pix_text: charge.pixText };
  });
}

/**
 * Brings our record of a charge in line with the gateway (after a webhook, or when polling a
 * pending one). A charge paid after the order changed (its pending record was canceled) pays the
 * order only when it covers the current total; otherwise it stays recorded for a refund.
 */
export async function syncCharge({ db, gateway }: ShopPayments, chargeId: string): Promise<PaymentRow> {
  const charge = await gateway.getCharge(chargeId);
  const payment = findPaymentByCharge(db, chargeId);
  if (!charge || !payment) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  atomically(db, () => {
    if (charge.status === payment.status) return;
    if (charge.status === 'paid') {
      const wasLive = payment.status === 'pending' || payment.status === 'processing';
      setPaymentStatus(db, payment.id, 'paid');
      const order = findOrder(db, payment.order_id);
      if (order?.status === 0 && (wasLive || charge.amount >= viewOrder(db, order).total)) settle(db, order.id, payment.id);
      return;
    }
    // A record we canceled stays canceled unless the money actually arrived (above).
    if (payment.status !== 'canceled') setPaymentStatus(db, payment.id, charge.status);
  });
  const updated = findPaymentByCharge(db, chargeId);
  if (!updated) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  return updated;
}

/** The order's latest payment attempt; a pending one is re-read from the gateway first. */
export async function paymentStatus(deps: ShopPayments, orderId: string): Promise<WirePaymentAnswer> {
  const latest = listPayments(deps.db, orderId).at(-1);
  if (!latest) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  if ((latest.status === 'pending' || latest.status === 'processing') && latest.charge_id) {
    return paymentAnswer(await syncCharge(deps, latest.charge_id));
  }
  return paymentAnswer(latest);
}

/** The QR code of the order's live PIX charge, as PNG. */
export async function pixQrCode({ db }: ShopPayments, orderId: string): Promise<Buffer> {
  const pix = listPayments(db, orderId)
    .filter((payment) => payment.method === 'pix' && LIVE.includes(payment.status) && payment.pix_text)
    .at(-1);
  if (!pix?.pix_text) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  return QRCode.toBuffer(pix.pix_text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/** `POST /api/v1/payment/webhook`: the body only says which charge moved; the charge is re-read. */
export async function handleWebhook(
  deps: ShopPayments,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
): Promise<WirePaymentAnswer> {
  const parsed = deps.gateway.parseWebhook(body, headers);
  if (!parsed) throw new ApiError(400, 'VALIDATION_ERROR', 'not a webhook of the configured gateway');
  return paymentAnswer(await syncCharge(deps, parsed.chargeId));
}

/**
 * `payment:confirm <orderId>`: the sandbox settles the order's pending PIX charge, then the
 * same path as a webhook records it.
 */
export async function confirmPixPayment(
  deps: { db: DatabaseSync; gateway: SandboxGateway },
  orderId: string,
): Promise<WirePaymentAnswer> {
  loadOrder(deps.db, orderId);
  const pending = listPayments(deps.db, orderId)
    .filter((payment) => payment.method === 'pix' && payment.status === 'pending' && payment.charge_id)
    .at(-1);
  if (!pending?.charge_id) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  await deps.gateway.confirmPix(pending.charge_id);
  return paymentAnswer(await syncCharge(deps, pending.charge_id));
}
