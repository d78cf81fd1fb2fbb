import { describe, expect, it } from 'vitest';
import type { Media, Order, Products } from '../../src/lib/api/types.ts';
import { allDigitalSaving, productFor } from '@gallery/contract/cart';
import { isInOrder, paymentErrorMessage, purchaseErrorKey } from '../../src/lib/cart.ts';

// The demo's prices: photos R$ 25 (1-2), R$ 20 (3-5), R$ 15 (6+); videos R$ 30; everything R$ 99.
const products: Products = {
  products: [
    {
      id: 1,
      kind: 'photo',
      ranges: [
        { min_photos: 1, max_photos: 2, price: 2500 },
        { min_photos: 3, max_photos: 5, price: 2000 },
        { min_photos: 6, max_photos: null, price: 1500 },
      ],
    },
    { id: 2, kind: 'video', ranges: [{ min_photos: 1, max_photos: null, price: 3000 }] },
  ],
  allDigital: { id: 3, price: 9900, description: 'Tudo' },
};

const media = (id: string, type: Media['type'] = 'photo', sold = false) => ({ id, type, sold });

const order = (overrides: Partial<Order> = {}): Order => ({
  id: 'o1',
  cards: ['DEMO00001'],
  items: [],
  allDigitalId: null,
  photos: 0,
  videos: 0,
  total: 0,
  status: 0,
  completed: false,
  customer: null,
  ...overrides,
});

describe('productFor', () => {
  it('sells a photo under the photo product and a video under the video product', () => {
    expect(productFor(products.products, media('a'))?.id).toBe(1);
    expect(productFor(products.products, media('b', 'video'))?.id).toBe(2);
  });

  it('sells nothing already sold, no extra, and nothing without a product of that kind', () => {
    expect(productFor(products.products, media('a', 'photo', true))).toBeNull();
    expect(productFor(products.products, media('x', 'extra'))).toBeNull();
    expect(productFor(products.products.slice(0, 1), media('b', 'video'))).toBeNull();
  });
});

describe('isInOrder', () => {
  it('holds the media chosen one by one', () => {
    const chosen = order({ items: [{ mediaId: 'a', productId: 1 }] });
    expect(isInOrder(chosen, media('a'))).toBe(true);
    expect(isInOrder(chosen, media('b'))).toBe(false);
    expect(isInOrder(null, media('a'))).toBe(false);
  });

  it('holds every unsold media while the all-digital package is in, but never sold media or extras', () => {
    const packaged = order({ allDigitalId: 3 });
    expect(isInOrder(packaged, media('b'))).toBe(true);
    expect(isInOrder(packaged, media('v', 'video'))).toBe(true);
    expect(isInOrder(packaged, media('s', 'photo', true))).toBe(false);
    expect(isInOrder(packaged, media('x', 'extra'))).toBe(false);
  });
});

describe('allDigitalSaving', () => {
  it('is what buying every unsold media one by one costs over the package', () => {
    // Six photos: 25 + 25 + 20 + 20 + 20 + 15 = 125, and a video 30: 155 against 99.
    const unsold = [...'abcdef'].map((id) => media(id)).concat(media('v', 'video'));
    expect(allDigitalSaving(products, unsold)).toBe(15500 - 9900);
  });

  it('is 0 when the package costs more than buying one by one, or does not exist', () => {
    expect(allDigitalSaving(products, [media('a')])).toBe(0);
    expect(
      allDigitalSaving(
        { ...products, allDigital: null },
        [...'abcdef'].map((id) => media(id)),
      ),
    ).toBe(0);
    // Nothing unsold in reach, or a free package: nothing to offer.
    expect(allDigitalSaving(products, [])).toBe(0);
    expect(
      allDigitalSaving(
        { ...products, allDigital: { id: 9, price: 0, description: '' } },
        [...'abcdef'].map((id) => media(id)),
      ),
    ).toBe(0);
  });
});

describe('purchaseErrorKey', () => {
  it('names the refusals about what the cart buys, and only those', () => {
    expect(purchaseErrorKey('NOTHING_TO_BUY')).toBe('errors.nothingToBuy');
    expect(purchaseErrorKey('ALL_DIGITAL_NOT_OFFERED')).toBe('errors.allDigitalNotOffered');
    expect(purchaseErrorKey('REFUSED')).toBeNull();
    expect(purchaseErrorKey(null)).toBeNull();
  });
});

describe('payment errors', () => {
  it('tells a refusal, a changed cart, a closed order and an unreachable payment apart', () => {
    expect(paymentErrorMessage('REFUSED')).toBe('errors.refused');
    expect(paymentErrorMessage('ORDER_CHANGED')).toBe('payment.orderChanged');
    expect(paymentErrorMessage('ORDER_CLOSED')).toBe('payment.closed');
    // The answer may be lost after the charge: never "the payment could not be made".
    expect(paymentErrorMessage('NETWORK_ERROR')).toBe('payment.unreachable');
    expect(paymentErrorMessage('NOTHING_TO_BUY')).toBe('errors.nothingToBuy');
    expect(paymentErrorMessage('INTERNAL_ERROR')).toBe('payment.error');
  });
});
