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

export function openCheckout(locale: Locale): void {
  $paymentMethod.set(defaultPaymentMethod(locale));
  clearPayment();
  $checkoutStep.set('summary');
  const order = $order.get().data;
  if (order) analytics.event('begin_checkout', orderParams(order));
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

/** Runs a payment call; a failure keeps what was known (a PIX code stays on screen) and says why. */
async function pay(work: (orderId: string) => Promise<Payment>): Promise<void> {
  const orderId = $order.get().data?.id;
  if (!orderId) return;
  const payment = await run(() => work(orderId));
  // Paid: the order is read again (now completed) and the modal shows the success step.
  if (payment?.status === 'PAID' && (await refreshOrder())) {
    const order = $order.get().data;
    if (order) analytics.event('purchase', purchaseParams(order));
    goToStep('success');
  }
  // The cart changed while paying (the charge was undone): show the new total to pay.
  if ($payment.get().error === 'ORDER_CHANGED') await refreshOrder();
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

/** Seconds between two checks of a pending PIX payment (section 9). */
const PIX_CHECK_SECONDS = 5;

/**
 * Seconds until the next check of a pending PIX payment. While a screen watches it and the code
 * waits to be paid, it counts down and checks the payment, again and again.
 */
export const $pixCountdown = atom(PIX_CHECK_SECONDS);

onMount($pixCountdown, () => {
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const left = $pixCountdown.get();
    if (left > 1) return $pixCountdown.set(left - 1);
    $pixCountdown.set(PIX_CHECK_SECONDS);
    void checkPixPayment();
  };
  const stopCounting = () => {
    clearInterval(timer);
    timer = undefined;
  };
  const unsubscribe = $payment.subscribe(({ data }) => {
    if (!isPendingPix(data)) return stopCounting();
    if (timer !== undefined) return;
    $pixCountdown.set(PIX_CHECK_SECONDS);
    timer = setInterval(tick, 1000);
  });
  return () => {
    unsubscribe();
    stopCounting();
  };
});

/** The live PIX charge's QR code image, fetched afresh for each new code. */
export function pixQrCodeUrl(): string | null {
  const orderId = $order.get().data?.id;
  return orderId ? api.pixQrCodeUrl(orderId, Date.now()) : null;
}

function clearPayment(): void {
  $payment.set({ loading: false, error: null, data: null });
}

/** Leaving the gallery closes the checkout and forgets the payment (section 4). */
export function clearCheckout(): void {
  closeCheckout();
  clearPayment();
}
