// The checkout store driven as the modal drives it, with nanostores' own test helpers; the API is
// the real client over a fake network: a PIX code that the "bank" pays later, and a card (really
// encrypted with the gateway's key) that is refused or approved by its number.
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  $checkoutStep,
  $payment,
  $paymentMethod,
  $checkCountdown,
  checkPixPayment,
  choosePaymentMethod,
  defaultPaymentMethod,
  isPaidUnconfirmed,
  generatePix,
  openCheckout,
  payByCard,
} from '../../src/stores/checkout.ts';
import { $order } from '../../src/stores/order.ts';
import { type Asked, cardGateway, fakeNetwork, lines, photoLine, Refusal, wireOrder } from '../factories/network.ts';

const gateway = cardGateway();
/**
 * What the API holds, and the network: `lose` names the paths whose answers are lost on the way
 * back (the request reaches the API), and every answer waits for `hold` when there is one.
 */
const bank = { paid: false, total: 2500, cards: [] as string[], lose: new Set<string>(), hold: undefined as Promise<void> | undefined };
let asked: Asked[];

/** The API's order, key and payment routes for order o1. */
function paymentApi(): Asked[] {
  return fakeNetwork(async (asked) => {
    await bank.hold;
    const answer = paymentAnswer(asked);
    if (bank.lose.has(asked.path)) throw new Error('connection reset');
    return answer;
  });
}

/** What the API answers (and does) for each request. */
function paymentAnswer({ method, path, body }: Asked): unknown {
  if (path === '/api/v1/order/o1')
    return {
      error: false,
      order: wireOrder({
        items: [photoLine(1, ['a'], bank.total)],
        photos_count: 1,
        total: bank.total,
        status: bank.paid ? 1 : 0,
        completed: bank.paid,
      }),
    };
  if (path === '/api/v1/payment/public_key') return { error: false, public_key: gateway.publicKey };
  const pix = () => ({ error: false, status: bank.paid ? 'PAID' : 'PENDING', pix_text: '000201' });
  if (path === '/api/v1/payment/o1' && method === 'GET') return pix();
  if (path !== '/api/v1/payment/checkout/o1') throw new Refusal('NOT_FOUND', 404);
  if (bank.paid) throw new Refusal('ORDER_CLOSED', 409);
  if ((body as { pix?: true }).pix) return pix();
  const number = gateway.cardNumber((body as { card_hash: string }).card_hash);
  bank.cards.push(number);
  if (number.endsWith('0028')) throw new Refusal('REFUSED', 402);
  if (number.endsWith('0036')) {
    // Photos were added in another tab while the charge was made: the API undid it.
    bank.total = 7000;
    throw new Refusal('ORDER_CHANGED', 409);
  }
  bank.paid = true;
  return { error: false, status: 'PAID', pix_text: null };
}

/** The payment calls made: charges and status checks, without the order's re-reads. */
const payments = () => lines(asked).filter((line) => line.includes('/payment/'));
/** How many times the order was read. */
const orderReads = () => lines(asked).filter((line) => line === 'GET /api/v1/order/o1').length;

const card = (card_number: string) => ({
  card_number,
  card_holder_name: 'MARIA',
  card_expiration_month: '12',
  card_expiration_year: '2031',
  card_cvv: '123',
});

beforeEach(async () => {
  Object.assign(bank, { paid: false, total: 2500, cards: [], lose: new Set(), hold: undefined });
  asked = paymentApi();
  $order.set({
    loading: false,
    error: null,
    data: { id: 'o1', cards: ['DEMO00001'], items: [], allDigitalId: null, photos: 1, videos: 0, total: 2500, status: 0, completed: false, customer: null },
  });
  await openCheckout('pt');
  $checkoutStep.set('payment');
  // What opening asked (the order read again) is not counted below.
  asked.length = 0;
});

afterEach(() => {
  cleanStores($checkoutStep, $payment, $paymentMethod, $checkCountdown, $order);
  vi.unstubAllGlobals();
});

describe('the checkout store', () => {
  it('defaults to PIX in Portuguese and to the card in other languages (section 4)', () => {
    expect(defaultPaymentMethod('pt')).toBe('pix');
    expect(defaultPaymentMethod('en')).toBe('creditCard');
    openCheckout('es');
    expect($paymentMethod.get()).toBe('creditCard');
    expect($checkoutStep.get()).toBe('summary');
  });

  it('reads the order again on opening: another tab of this browser may have changed it', async () => {
    bank.total = 7000;
    await openCheckout('pt');
    expect(lines(asked)).toEqual(['GET /api/v1/order/o1']);
    expect($order.get().data?.total).toBe(7000);
    expect($checkoutStep.get()).toBe('summary');
  });

  it('keeps the PIX code while pending and moves to success once a check finds it paid', async () => {
    await generatePix();
    expect($payment.get().data).toEqual({ method: 'pix', status: 'PENDING', pixText: '000201' });
    await checkPixPayment();
    expect($checkoutStep.get()).toBe('payment');
    bank.paid = true;
    await checkPixPayment();
    expect($checkoutStep.get()).toBe('success');
    expect($order.get().data?.completed).toBe(true);
    expect(payments()).toEqual(['POST /api/v1/payment/checkout/o1', 'GET /api/v1/payment/o1', 'GET /api/v1/payment/o1']);
    // With the buyer's language: the receipt's.
    expect(asked[0]?.body).toEqual({ pix: true, locale: 'pt' });
  });

  it('sends only the encrypted card; a refusal is an error and the step stays, an approval succeeds', async () => {
    await payByCard(card('4000000000000028'));
    expect($payment.get()).toMatchObject({ loading: false, error: 'REFUSED' });
    expect($checkoutStep.get()).toBe('payment');
    await payByCard(card('4000000000000010'));
    expect($payment.get()).toMatchObject({ error: null, data: { status: 'PAID' } });
    expect($checkoutStep.get()).toBe('success');
    expect(bank.cards).toEqual(['4000000000000028', '4000000000000010']);
    const charges = asked.filter(({ path }) => path === '/api/v1/payment/checkout/o1');
    expect(charges.map(({ body }) => Object.keys(body as object))).toEqual([
      ['card_hash', 'locale'],
      ['card_hash', 'locale'],
    ]);
    expect(JSON.stringify(charges)).not.toContain('4000');
  });

  it('says so when the cart changed while paying, and shows the new total to pay', async () => {
    await payByCard(card('4000000000000036'));
    expect($payment.get()).toMatchObject({ loading: false, error: 'ORDER_CHANGED' });
    expect($checkoutStep.get()).toBe('payment');
    expect($order.get().data?.total).toBe(7000);
  });

  it('a card charged whose answer was lost: the order, read again, shows it paid', async () => {
    bank.lose.add('/api/v1/payment/checkout/o1');
    await payByCard(card('4000000000000010'));
    expect(bank.cards).toEqual(['4000000000000010']);
    expect($checkoutStep.get()).toBe('success');
    expect($order.get().data?.status).toBe(1);
  });

  it('an order paid meanwhile (another tab): paying again is ORDER_CLOSED and shows the success step, charging nothing', async () => {
    await generatePix();
    bank.paid = true;
    await payByCard(card('4000000000000010'));
    expect(bank.cards).toEqual([]);
    expect($checkoutStep.get()).toBe('success');
  });

  it('with the network gone after the charge, says the payment could not be reached; trying again charges nothing more', async () => {
    bank.lose = new Set(['/api/v1/payment/checkout/o1', '/api/v1/order/o1']);
    await payByCard(card('4000000000000010'));
    expect($payment.get()).toMatchObject({ loading: false, error: 'NETWORK_ERROR' });
    expect($checkoutStep.get()).toBe('payment');
    bank.lose.clear();
    await payByCard(card('4000000000000010'));
    expect($checkoutStep.get()).toBe('success');
    expect(bank.cards).toEqual(['4000000000000010']);
  });

  it('drops a PIX check answered after the visitor chose the card', async () => {
    await generatePix();
    let answer = () => {};
    bank.hold = new Promise((resolve) => (answer = resolve));
    const check = checkPixPayment();
    choosePaymentMethod('creditCard');
    answer();
    await check;
    expect($payment.get()).toEqual({ loading: false, error: null, data: null });
  });

  describe('while a screen watches a pending PIX', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('counts down 5 s and checks, again and again, and stops once paid or unwatched', async () => {
      const seen: number[] = [];
      const unwatch = $checkCountdown.subscribe((left) => seen.push(left));
      await generatePix();
      await vi.advanceTimersByTimeAsync(4000);
      expect(payments()).toEqual(['POST /api/v1/payment/checkout/o1']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(payments()).toEqual(['POST /api/v1/payment/checkout/o1', 'GET /api/v1/payment/o1']);
      expect(seen.slice(-6)).toEqual([5, 4, 3, 2, 1, 5]);
      bank.paid = true;
      await vi.advanceTimersByTimeAsync(5000);
      expect($checkoutStep.get()).toBe('success');
      await vi.advanceTimersByTimeAsync(20_000);
      expect(payments()).toEqual(['POST /api/v1/payment/checkout/o1', 'GET /api/v1/payment/o1', 'GET /api/v1/payment/o1']);
      unwatch();
    });

    it('a payment made whose order cannot be read stays received, and the order is read at each check until it can be', async () => {
      const unwatch = $checkCountdown.subscribe(() => {});
      await generatePix();
      bank.paid = true;
      bank.lose.add('/api/v1/order/o1');
      await vi.advanceTimersByTimeAsync(5000);
      expect($payment.get().data?.status).toBe('PAID');
      expect(isPaidUnconfirmed($payment.get().data, $checkoutStep.get())).toBe(true);
      expect(orderReads()).toBe(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(orderReads()).toBe(2);
      bank.lose.clear();
      await vi.advanceTimersByTimeAsync(5000);
      expect($checkoutStep.get()).toBe('success');
      const seen = asked.length;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(asked.length).toBe(seen);
      unwatch();
    });

    it('never checks while nobody watches', async () => {
      await generatePix();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(payments()).toEqual(['POST /api/v1/payment/checkout/o1']);
    });
  });
});
