// The browser's cart rules: what the order holds and how a refusal of it, or of its payment, reads. Which product sells a
// media and what the package saves are the contract's (@gallery/contract/cart), shared with the API.
import type { MessageKey } from '../i18n/index.ts';
import type { ApiErrorCode, Media, Order } from './api/types.ts';

/** Whether the order buys this media: chosen one by one, or covered by the all-digital package. */
export function isInOrder(order: Order | null, media: Pick<Media, 'id' | 'sold' | 'type'>): boolean {
  if (!order || media.sold || media.type === 'extra') return false;
  return order.allDigitalId !== null || order.items.some((item) => item.mediaId === media.id);
}

/** The text of a refusal about what the cart buys, wherever the visitor meets it (cart, checkout); null for others. */
export function purchaseErrorKey(code: ApiErrorCode | null): 'errors.nothingToBuy' | 'errors.allDigitalNotOffered' | null {
  if (code === 'NOTHING_TO_BUY') return 'errors.nothingToBuy';
  if (code === 'ALL_DIGITAL_NOT_OFFERED') return 'errors.allDigitalNotOffered';
  return null;
}

/** What the payment step says of a failed payment call (section 4); a paid order never gets here. */
export function paymentErrorMessage(code: ApiErrorCode): MessageKey {
  switch (code) {
    case 'REFUSED':
      return 'errors.refused';
    case 'ORDER_CHANGED':
      return 'payment.orderChanged';
    // Closed, yet not paid as far as could be read (paid orders show the success step).
    case 'ORDER_CLOSED':
      return 'payment.closed';
    // Perhaps charged with the answer lost: trying again is safe, an order is never paid twice.
    case 'NETWORK_ERROR':
      return 'payment.unreachable';
    default:
      return purchaseErrorKey(code) ?? 'payment.error';
  }
}
