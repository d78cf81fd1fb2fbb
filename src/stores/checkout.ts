import { atom, onMount } from 'nanostores';
import type { Locale } from '../i18n/index.ts';
import { orderParams, purchaseParams } from '../lib/analytics-events.ts';
import { api } from '../lib/api/index.ts';
import type { Payment } from '../lib/api/types.ts';
import type { PaymentMethod } from '../lib/api/wire.ts';
import { encryptCardHash, type CardData } from '../lib/card-hash.ts';
import { analytics } from './analytics.ts';
import { $locale } from './locale.ts';
import { asyncStore, runner } from './async-state.ts';
import { $order, refreshOrder } from './order.ts';

/** The finish-order modal's steps, in order (section 2); null while it is closed. */
export type CheckoutStep = 'summary' | 'customer' | 'address' | 'payment' | 'success';
export const $checkoutStep = atom<CheckoutStep | null>(null);

export const $paymentMethod = atom<PaymentMethod>('pix');

/** The latest payment attempt: status and PIX code, with a loading flag and an error (section 4). */
export const $payment = asyncStore<Payment>();

/** PIX for Portuguese (the default language), card otherwise (section 4). */
export function defaultPaymentMethod(locale: Locale): PaymentMethod {
  return locale === 'pt' ? 'pix' : 'creditCard';
}

/** Opens at the summary, with the order read again: another tab of this browser may have changed it. */
export function openCheckout(locale: Locale): Promise<boolean> {
  $paymentMethod.set(defaultPaymentMethod(locale));
  clearPayment();
  $checkoutStep.set('summary');
  const order = $order.get().data;
  if (order) analytics.event('begin_checkout', orderParams(order));
  return refreshOrder();
}

export function goToStep(step: CheckoutStep): void {
  $checkoutStep.set(step);
}

export function closeCheckout(): void {
  $checkoutStep.set(null);
}

export function choosePaymentMethod(method: PaymentMethod): void {
  $paymentMethod.set(method);
  clearPayment();
}

const run = runner($payment, { keepOnFailure: true });

/**
 * The order is read again; once it is paid, the modal shows the success step. A payment whose
 * order cannot be read yet (the network) stays on the payment step, saying it was received, and
 * is read again at each check.
 */
export async function confirmPaidOrder(): Promise<boolean> {
  if (!(await refreshOrder())) return false;
  const order = $order.get().data;
  if (order?.status !== 1) return false;
  analytics.event('purchase', purchaseParams(order));
  goToStep('success');
  return true;
}

/** A payment made whose order is still to be read again (confirmPaidOrder). */
export function isPaidUnconfirmed(payment: Payment | null, step: CheckoutStep | null): boolean {
  return payment?.status === 'PAID' && step === 'payment';
}

/** Runs a payment call; a failure keeps what was known (a PIX code stays on screen) and says why. */
async function pay(work: (orderId: string) => Promise<Payment>): Promise<void> {
  const orderId = $order.get().data?.id;
  if (!orderId) return;
  const payment = await run(() => work(orderId));
  if (payment?.status === 'PAID') {
    await confirmPaidOrder();
    return;
  }
  const { error } = $payment.get();
  // No answer (it may have been lost after the charge), or the order closed (paid by that lost
  // attempt, or in another tab): the order, read again, tells whether it is paid.
  if ((error === 'NETWORK_ERROR' || error === 'ORDER_CLOSED') && (await confirmPaidOrder())) return;
  // The cart changed while paying (the charge was undone): show the new total to pay.
  if (error === 'ORDER_CHANGED') await refreshOrder();
}

/** Card data leaves the browser only encrypted with the gateway's key. */
export function payByCard(card: CardData): Promise<void> {
  return pay(async (orderId) => api.payByCard(orderId, await encryptCardHash(await api.getPaymentKey(), card), $locale.get()));
}

export function generatePix(): Promise<void> {
  return pay((orderId) => api.payByPix(orderId, $locale.get()));
}

export function checkPixPayment(): Promise<void> {
  return pay((orderId) => api.getPayment(orderId, 'pix'));
}

/** A PIX code waiting to be paid. */
export function isPendingPix(payment: Payment | null): boolean {
  return payment?.method === 'pix' && payment.status === 'PENDING' && Boolean(payment.pixText);
}

/** Seconds between two checks (section 9: of a pending PIX payment). */
const CHECK_SECONDS = 5;

/**
 * Seconds until the next check: of a PIX code waiting to be paid, or of the order of a payment
 * made (isPaidUnconfirmed). While a screen watches, it counts down and checks, again and again.
 */
export const $checkCountdown = atom(CHECK_SECONDS);

/** What the next check asks, if anything is to be checked. */
function nextCheck(): (() => Promise<unknown>) | null {
  const payment = $payment.get().data;
  if (isPendingPix(payment)) return checkPixPayment;
  return isPaidUnconfirmed(payment, $checkoutStep.get()) ? confirmPaidOrder : null;
}

onMount($checkCountdown, () => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const left = $checkCountdown.get();
    if (left > 1) return $checkCountdown.set(left - 1);
    $checkCountdown.set(CHECK_SECONDS);
    void nextCheck()?.();
  };
  const stopCounting = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const follow = () => {
    if (!nextCheck()) return stopCounting();
    if (timer !== undefined) return;
    $checkCountdown.set(CHECK_SECONDS);
    timer = setInterval(tick, 1000);
  };
  const unsubscribes = [$payment.subscribe(follow), $checkoutStep.subscribe(follow)];
  return () => {
    for (const unsubscribe of unsubscribes) unsubscribe();
    stopCounting();
  };
});

/** The live PIX charge's QR code image, fetched afresh for each new code. */
export function pixQrCodeUrl(): string | null {
  const orderId = $order.get().data?.id;
  return orderId ? api.pixQrCodeUrl(orderId, Date.now()) : null;
}

function clearPayment(): void {
  run.reset();
}

/** Leaving the gallery closes the checkout and forgets the payment (section 4). */
export function clearCheckout(): void {
  closeCheckout();
  clearPayment();
}
