import { transaction, type Db } from '../../db.ts';
import { ORDER_STATUS } from '../../schema.ts';
import QRCode from 'qrcode';
import type { CheckoutBody, WirePaymentAnswer, WirePaymentStatus } from '@gallery/contract/shop';
import { ApiError } from '../../errors.ts';
import { DEFAULT_LOCALE } from '@gallery/contract/locales';
import { findKeyedOrder, lockMediaForSale, setOrderLocale, type OrderRow } from '../../repositories/orders.ts';
import {
  deletePayment,
  findPayment,
  findPaymentByCharge,
  insertPayment,
  isUnresolved,
  listPayments,
  listUnresolvedPayments,
  setPaymentCharge,
  setPaymentStatus,
  type PaymentRow,
} from '../../repositories/payments.ts';
import { newId } from '../ids.ts';
import { startLoop, type Worker } from '../job-runner.ts';
import { ifOrderFree, withOrderLock } from '../order-lock.ts';
import { loadOrder, ownOrder } from '../order-access.ts';
import { assertSomethingToBuy, checkoutProblems } from '../order-readiness.ts';
import { saleOf, sameSale, viewOrder, type Sale } from '../order-view.ts';
import { queueReceipt } from '../mail-outbox.ts';
import { payOrder } from '../orders.ts';
import { GatewayInputError, type Charge, type ChargeStatus, type PaymentGateway, type PaymentMethod } from './gateway.ts';
import type { SandboxGateway } from './sandbox.ts';

export interface ShopPayments {
  db: Db;
  gateway: PaymentGateway;
}

const LIVE: readonly ChargeStatus[] = ['pending', 'processing', 'paid'];

const wireStatus = (status: ChargeStatus) => status.toUpperCase() as WirePaymentStatus;

function paymentAnswer(payment: Pick<PaymentRow, 'status' | 'pix_text'>): WirePaymentAnswer {
  return { error: false, message: 'OK', status: wireStatus(payment.status), pix_text: payment.pix_text };
}

const snapshot = (payment: Pick<PaymentRow, 'amount_cents' | 'media_ids'>): Sale => ({
  amount: payment.amount_cents,
  mediaIds: JSON.parse(payment.media_ids) as string[],
});

/**
 * A paid charge pays its order (its row locked by the caller) only when the order is still open
 * and still sells exactly what the charge was made for; it then sells the charge's own media and
 * drops the order's other live attempts. Answers whether it did.
 */
async function settle(db: Db, order: OrderRow, payment: PaymentRow): Promise<boolean> {
  if (order.status !== ORDER_STATUS.open) return false;
  const sale = snapshot(payment);
  // Another order paying for the same media waits here, then reads them sold.
  await lockMediaForSale(db, sale.mediaIds);
  if (!sameSale(sale, saleOf(await viewOrder(db, order))) || !(await payOrder(db, order.id, sale.mediaIds))) return false;
  // In the transaction that pays the order: the receipt is queued if and only if it is paid.
  await queueReceipt(db, order);
  for (const other of await listPayments(db, order.id)) {
    if (other.id !== payment.id && (other.status === 'pending' || other.status === 'processing')) {
      await setPaymentStatus(db, other.id, 'canceled');
    }
  }
  return true;
}

/**
 * Records what the gateway says of a charge, in one transaction that holds the order's row (a
 * cart change, a checkout or another answer of the same order waits). Answers 'stale' for a
 * charge that must be undone: paid but no longer matching its order (the cart changed, or the
 * order was paid otherwise), or still payable though its attempt was canceled (the cart changed
 * while it was being made). A canceled attempt otherwise stays canceled. An answer already
 * recorded (two paths learning the same news at once) changes nothing: a second settling would
 * find the order paid and refund it.
 */
async function applyCharge(db: Db, attempt: Pick<PaymentRow, 'id' | 'order_id'>, charge: Charge): Promise<'kept' | 'stale'> {
  return transaction(db, async (db) => {
    const order = await findKeyedOrder(db, attempt.order_id, { lock: true });
    // Read under the order's lock: the other path's answer, if it came first, is in it.
    const payment = await findPayment(db, attempt.id);
    if (!order || !payment) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
    if (payment.charge_id === charge.id && payment.status === charge.status) return 'kept';
    await setPaymentCharge(db, payment.id, {
      charge_id: charge.id,
      pix_text: charge.pixText,
      pix_txid: charge.pixTxid,
      card_last4: charge.cardLast4,
      card_brand: charge.cardBrand,
    });
    if (charge.status === 'paid') {
      // The money arrived either way; a stale one is given back next.
      await setPaymentStatus(db, payment.id, 'paid');
      return (await settle(db, order, payment)) ? 'kept' : 'stale';
    }
    if (payment.status === 'canceled') return charge.status === 'pending' || charge.status === 'processing' ? 'stale' : 'kept';
    await setPaymentStatus(db, payment.id, charge.status);
    return 'kept';
  });
}

/** Undoes a stale charge at the gateway (a pending one canceled, a paid one refunded) and records it. */
async function undo({ db, gateway }: ShopPayments, paymentId: string, chargeId: string): Promise<void> {
  const undone = await gateway.cancelCharge(chargeId);
  if (undone) await setPaymentStatus(db, paymentId, undone.status);
}

/** Records a gateway answer (`applyCharge`) and undoes the charge at once when it is stale. */
async function recordCharge(deps: ShopPayments, payment: Pick<PaymentRow, 'id' | 'order_id'>, charge: Charge): Promise<'kept' | 'stale'> {
  const outcome = await applyCharge(deps.db, payment, charge);
  if (outcome === 'stale') await undo(deps, payment.id, charge.id);
  return outcome;
}

/**
 * How long an attempt the gateway does not know is waited for (a request whose sender died or
 * timed out may still be worked on at the PSP); past it, the attempt expires.
 */
export const UNKNOWN_ATTEMPT_GRACE_MS = 60_000;

/**
 * Asks the gateway, by idempotency key, about the order's unresolved attempts (their answer was
 * never recorded: the process died first, or the answer was lost). The caller holds the order's
 * lock, so no checkout of it is under way. A charge found is recorded exactly as a fresh answer
 * is: it pays the order while it still matches it, else it is undone. None found past the grace
 * period: the attempt expires and the order can be paid again. Answers the attempts resolved.
 */
async function reconcileOrder(deps: ShopPayments, orderId: string): Promise<string[]> {
  const resolved: string[] = [];
  for (const payment of await listUnresolvedPayments(deps.db, orderId)) {
    const charge = await deps.gateway.findChargeByKey(payment.idempotency_key);
    if (charge) await recordCharge(deps, payment, charge);
    else if (Date.now() - Date.parse(payment.created_at) >= UNKNOWN_ATTEMPT_GRACE_MS) await setPaymentStatus(deps.db, payment.id, 'expired');
    else continue;
    resolved.push(payment.id);
  }
  return resolved;
}

/** Every order with an unresolved attempt that no checkout holds is reconciled; answers the attempts resolved. */
export async function reconcilePayments(deps: ShopPayments, stopped: () => boolean = () => false): Promise<string[]> {
  const resolved: string[] = [];
  for (const orderId of new Set((await listUnresolvedPayments(deps.db)).map((payment) => payment.order_id))) {
    if (stopped()) break;
    resolved.push(...((await ifOrderFree(deps.db, orderId, () => reconcileOrder(deps, orderId))) ?? []));
  }
  return resolved;
}

/**
 * The pass every API instance runs (server.ts), at start and then every PAYMENT_RECONCILE_MS:
 * nobody else asks about an attempt whose buyer went away.
 */
export function startPaymentReconciler(deps: ShopPayments, { everyMs, log }: { everyMs: number; log: (message: string) => void }): Worker {
  return startLoop(
    'Payment reconciliation',
    everyMs,
    async (stopped) => {
      const resolved = await reconcilePayments(deps, stopped);
      if (resolved.length) log(`Payment attempts left unresolved by an interrupted checkout, resolved with the gateway: ${resolved.join(', ')}`);
    },
    log,
  );
}

/**
 * `POST /api/v1/payment/checkout/:orderId`. Idempotent: while a charge of the same method is
 * pending or paid for the order's current sale, it is answered again instead of charging twice;
 * an earlier attempt whose answer was never recorded is first looked up at the gateway.
 * The attempt is recorded, with its snapshot, before the gateway is asked, so a cart change
 * meanwhile cancels it; a charge that comes back for a changed cart is undone (409 ORDER_CHANGED).
 */
/**
 * Pays the visitor's order (403 FORBIDDEN without its visitor key) with the card hash or by PIX
 * (the route has checked the body against the contract).
 */
export async function checkout(deps: ShopPayments, orderId: string, visitorKey: string | undefined, body: CheckoutBody): Promise<WirePaymentAnswer> {
  const { db, gateway } = deps;
  const method: PaymentMethod = 'pix' in body ? 'pix' : 'creditCard';
  return withOrderLock(db, orderId, async () => {
    await reconcileOrder(deps, orderId);
    // Reading the sale and recording the attempt are one unit under the order's row lock, as a
    // cart change is: a change comes either before (and is in the snapshot) or after (and
    // cancels the attempt).
    const started = await transaction(db, async (db) => {
      const order = await ownOrder(db, orderId, visitorKey, { lock: true });
      const payments = await listPayments(db, orderId);
      if (order.status === ORDER_STATUS.paid) {
        const paid = payments.find((payment) => payment.status === 'paid' && payment.method === method);
        if (paid) return { answer: paymentAnswer(paid) };
        throw new ApiError(409, 'ORDER_CLOSED');
      }
      if (order.status !== ORDER_STATUS.open) throw new ApiError(409, 'ORDER_CLOSED');
      const view = await viewOrder(db, order);
      await assertSomethingToBuy(db, view);
      const problems = checkoutProblems(view);
      if (problems.length) throw new ApiError(400, 'VALIDATION_ERROR', problems.join('; '));
      const sale = saleOf(view);
      // The receipt speaks the language the buyer paid in.
      await setOrderLocale(db, orderId, body.locale ?? DEFAULT_LOCALE);
      const live = payments.find((payment) => payment.method === method && LIVE.includes(payment.status) && sameSale(snapshot(payment), sale));
      if (live) return { answer: paymentAnswer(live) };
      // The key is the attempt's number, so retrying the same attempt after a crash finds the
      // gateway's charge instead of creating another.
      const payment = {
        id: newId(),
        order_id: orderId,
        method,
        gateway: gateway.name,
        idempotency_key: `${orderId}-${method}-${payments.length + 1}`,
        amount_cents: sale.amount,
        media_ids: JSON.stringify(sale.mediaIds),
        status: 'processing' as const,
      };
      await insertPayment(db, payment);
      return { payment, sale, locale: order.locale };
    });
    if ('answer' in started) return started.answer;
    const { payment, sale, locale } = started;
    let charge: Charge;
    try {
      charge =
        'pix' in body
          ? await gateway.createPixCharge({ orderId, amount: sale.amount, idempotencyKey: payment.idempotency_key })
          : await gateway.createCardCharge({
              orderId,
              amount: sale.amount,
              cardHash: body.card_hash,
              idempotencyKey: payment.idempotency_key,
            });
    } catch (error) {
      // Bad card data: the gateway took nothing and the key can be used again; the attempt leaves
      // no trace (the order's language as it was). Any other failure (a timeout, a lost answer)
      // leaves the attempt unresolved: the charge may exist.
      if (!(error instanceof GatewayInputError)) throw error;
      await transaction(db, async (db) => {
        await deletePayment(db, payment.id);
        await setOrderLocale(db, orderId, locale);
      });
      throw new ApiError(400, 'VALIDATION_ERROR', error.message);
    }
    if ((await recordCharge(deps, payment, charge)) === 'stale') throw new ApiError(409, 'ORDER_CHANGED');
    if (charge.status === 'refused') throw new ApiError(402, 'REFUSED');
    return { error: false, message: 'OK', status: wireStatus(charge.status), pix_text: charge.pixText };
  });
}

/**
 * Brings our record of a charge in line with the gateway (after a webhook, or when polling a
 * pending one). A paid charge sells exactly what it was made for, and only while its order is
 * open and unchanged; otherwise the sandbox refunds it (a stale PIX paid after the cart changed).
 */
async function syncCharge(deps: ShopPayments, chargeId: string): Promise<PaymentRow> {
  const charge = await deps.gateway.getCharge(chargeId);
  const payment = await findPaymentByCharge(deps.db, chargeId);
  if (!charge || !payment) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  if (charge.status !== payment.status) await recordCharge(deps, payment, charge);
  const updated = await findPaymentByCharge(deps.db, chargeId);
  if (!updated) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  return updated;
}

/**
 * The order's latest payment attempt; a pending one is re-read from the gateway first, and an
 * unresolved one looked up there unless a checkout of the order is under way.
 */
export async function paymentStatus(deps: ShopPayments, orderId: string): Promise<WirePaymentAnswer> {
  const latest = (await listPayments(deps.db, orderId)).at(-1);
  if (!latest) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  if (isUnresolved(latest) && (await ifOrderFree(deps.db, orderId, () => reconcileOrder(deps, orderId)))?.length) {
    return paymentStatus(deps, orderId);
  }
  if ((latest.status === 'pending' || latest.status === 'processing') && latest.charge_id) {
    return paymentAnswer(await syncCharge(deps, latest.charge_id));
  }
  return paymentAnswer(latest);
}

/** The QR code of the order's live PIX charge, as PNG. */
export async function pixQrCode({ db }: ShopPayments, orderId: string): Promise<Buffer> {
  const pix = (await listPayments(db, orderId)).filter((payment) => payment.method === 'pix' && LIVE.includes(payment.status) && payment.pix_text).at(-1);
  if (!pix?.pix_text) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  return QRCode.toBuffer(pix.pix_text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

/** `POST /api/v1/payment/webhook`: the body only says which charge moved; the charge is re-read. */
export async function handleWebhook(deps: ShopPayments, body: unknown, headers: Record<string, string | string[] | undefined>): Promise<WirePaymentAnswer> {
  const parsed = deps.gateway.parseWebhook(body, headers);
  if (!parsed) throw new ApiError(400, 'VALIDATION_ERROR', 'not a webhook of the configured gateway');
  return paymentAnswer(await syncCharge(deps, parsed.chargeId));
}

/**
 * `payment:confirm <orderId>`: the sandbox settles the order's pending PIX charge, then the
 * same path as a webhook records it.
 */
export async function confirmPixPayment(deps: { db: Db; gateway: SandboxGateway }, orderId: string): Promise<WirePaymentAnswer> {
  await loadOrder(deps.db, orderId);
  const pending = (await listPayments(deps.db, orderId))
    .filter((payment) => payment.method === 'pix' && payment.status === 'pending' && payment.charge_id)
    .at(-1);
  if (!pending?.charge_id) throw new ApiError(404, 'PAYMENT_NOT_FOUND');
  await deps.gateway.confirmPix(pending.charge_id);
  return paymentAnswer(await syncCharge(deps, pending.charge_id));
}
