import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order, Payment } from '../../src/lib/api/types.ts';

// The payment side of the API, faked: a PIX code that the "bank" pays later, and a card that
// is refused or approved by its number.
const bank = vi.hoisted(() => ({ pixPaid: false, calls: [] as string[], total: 2500 }));

vi.mock('../../src/lib/card-hash.ts', () => ({ encryptCardHash: async (_key: string, card: { card_number: string }) => `hash:${card.card_number}` }));
vi.mock('../../src/lib/api/index.ts', async () => {
  const { ApiError: Refusal } = await import('../../src/lib/api/client.ts');
  const order = (): Order => ({
    id: 'o1',
    cards: ['DEMO00001'],
    items: [{ mediaId: 'a', productId: 1 }],
    allDigitalId: null,
    photos: 1,
    videos: 0,
    total: bank.total,
    status: bank.pixPaid ? 1 : 0,
    completed: bank.pixPaid,
    customer: null,
  });
  const pix = (): Payment => ({ method: 'pix', status: bank.pixPaid ? 'PAID' : 'PENDING', pixText: '000201' });
  return {
    ApiError: Refusal,
    api: {
      getOrder: async () => order(),
      getPaymentKey: async () => 'KEY',
      payByPix: async () => (bank.calls.push('pix'), pix()),
      getPayment: async () => (bank.calls.push('check'), pix()),
      payByCard: async (_o: string, hash: string) => {
        bank.calls.push(hash);
        if (hash.endsWith('0028')) throw new Refusal('REFUSED', 402);
        if (hash.endsWith('0036')) {
          // Photos were added in another tab while the charge was made: the API undid it.
          bank.total = 7000;
          throw new Refusal('ORDER_CHANGED', 409);
        }
        bank.pixPaid = true;
        return { method: 'creditCard', status: 'PAID', pixText: null } satisfies Payment;
      },
    },
  };
});

const { $checkoutStep, $payment, $paymentMethod, $pixCountdown, checkPixPayment, defaultPaymentMethod, generatePix, openCheckout, payByCard } = await import(
  '../../src/stores/checkout.ts'
);
const { $order } = await import('../../src/stores/order.ts');

const card = (card_number: string) => ({
  card_number,
  card_holder_name: 'MARIA',
  card_expiration_month: '12',
  card_expiration_year: '2031',
  card_cvv: '123',
});

beforeEach(() => {
  bank.pixPaid = false;
  bank.calls = [];
  bank.total = 2500;
  $order.set({
    loading: false,
    error: null,
    data: { id: 'o1', cards: ['DEMO00001'], items: [], allDigitalId: null, photos: 1, videos: 0, total: 2500, status: 0, completed: false, customer: null },
  });
  openCheckout('pt');
  $checkoutStep.set('payment');
});

describe('the checkout store', () => {
  it('defaults to PIX in Portuguese and to the card in other languages (section 4)', () => {
    expect(defaultPaymentMethod('pt')).toBe('pix');
    expect(defaultPaymentMethod('en')).toBe('creditCard');
    openCheckout('es');
    expect($paymentMethod.get()).toBe('creditCard');
    expect($checkoutStep.get()).toBe('summary');
  });

  it('keeps the PIX code while pending and moves to success once a check finds it paid', async () => {
    await generatePix();
    expect($payment.get().data).toEqual({ method: 'pix', status: 'PENDING', pixText: '000201' });
    await checkPixPayment();
    expect($checkoutStep.get()).toBe('payment');
    bank.pixPaid = true;
    await checkPixPayment();
    expect($checkoutStep.get()).toBe('success');
    expect($order.get().data?.completed).toBe(true);
    expect(bank.calls).toEqual(['pix', 'check', 'check']);
  });

  it('sends only the encrypted card; a refusal is an error and the step stays, an approval succeeds', async () => {
    await payByCard(card('4000000000000028'));
    expect($payment.get()).toMatchObject({ loading: false, error: 'REFUSED' });
    expect($checkoutStep.get()).toBe('payment');
    await payByCard(card('4000000000000010'));
    expect($payment.get()).toMatchObject({ error: null, data: { status: 'PAID' } });
    expect($checkoutStep.get()).toBe('success');
    expect(bank.calls).toEqual(['hash:4000000000000028', 'hash:4000000000000010']);
  });

  it('says so when the cart changed while paying, and shows the new total to pay', async () => {
    await payByCard(card('4000000000000036'));
    expect($payment.get()).toMatchObject({ loading: false, error: 'ORDER_CHANGED' });
    expect($checkoutStep.get()).toBe('payment');
    expect($order.get().data?.total).toBe(7000);
  });

  describe('while a screen watches a pending PIX', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('counts down 5 s and checks, again and again, and stops once paid or unwatched', async () => {
      const seen: number[] = [];
      const unwatch = $pixCountdown.subscribe((left) => seen.push(left));
      await generatePix();
      await vi.advanceTimersByTimeAsync(4000);
      expect(bank.calls).toEqual(['pix']);
      await vi.advanceTimersByTimeAsync(1000);
      expect(bank.calls).toEqual(['pix', 'check']);
      expect(seen.slice(-6)).toEqual([5, 4, 3, 2, 1, 5]);
      bank.pixPaid = true;
      await vi.advanceTimersByTimeAsync(5000);
      expect($checkoutStep.get()).toBe('success');
      await vi.advanceTimersByTimeAsync(20_000);
      expect(bank.calls).toEqual(['pix', 'check', 'check']);
      unwatch();
    });

    it('never checks while nobody watches', async () => {
      await generatePix();
      await vi.advanceTimersByTimeAsync(20_000);
      expect(bank.calls).toEqual(['pix']);
    });
  });
});
