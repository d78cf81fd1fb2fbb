import type { MessageKey } from '../i18n/index.ts';
import type { ApiErrorCode } from './api/types.ts';
import { purchaseErrorKey } from './cart.ts';

/** What the home says when a card cannot be opened (section 8). */
export function homeErrorMessage(code: ApiErrorCode): MessageKey {
  switch (code) {
    case 'CARD_NOT_FOUND':
      return 'errors.invalidCard';
    case 'CARD_EMPTY_MEDIA':
    case 'CARD_EMPTY_PHOTO':
      return 'errors.emptyMedia';
    case 'NETWORK_ERROR':
      return 'errors.network';
    default:
      return 'errors.generic';
  }
}

/** What the gallery says when its media cannot be shown (section 8), and what can help. */
export interface GalleryProblem {
  title: MessageKey;
  text: MessageKey | null;
  /**
   * reload: asking again may help (photos arrive up to 48 hours late, the network comes back);
   * home: only typing the card (and its access code) again can, which the home does.
   */
  action: 'reload' | 'home';
}

export function galleryProblem(code: ApiErrorCode): GalleryProblem {
  switch (code) {
    case 'CARD_EMPTY_PHOTO':
    case 'CARD_EMPTY_MEDIA':
      return { title: 'gallery.empty', text: 'home.availability', action: 'reload' };
    case 'NETWORK_ERROR':
      return { title: 'errors.network', text: null, action: 'reload' };
    case 'CARD_NOT_FOUND':
      return { title: 'errors.invalidCard', text: 'gallery.checkCode', action: 'home' };
    // Two-factor: the gallery was opened without its access code (or with a wrong one).
    case 'CUSTOMER_CODE_NOT_FOUND':
    case 'CARD_NOT_FROM_CUSTOMER':
    case 'TWO_FACTOR_REQUIRED':
      return { title: 'errors.accessCodeTitle', text: 'errors.twoFactor', action: 'home' };
    default:
      return { title: 'gallery.error', text: null, action: 'reload' };
  }
}

/** The error modals of the home (section 8). */
export type HomeModal = 'emptyMedia' | 'accessCode' | 'credentialEmpty' | 'credentialNotFound' | 'generic';

/** Where on the home an error came from: the card form, the customer search or the credential. */
export type HomeSource = 'card' | 'customer' | 'credential';

/**
 * Which modal an API error opens on the home, or null when it is shown as text beside the form
 * (an invalid card, a customer not found).
 */
export function homeErrorModal(code: ApiErrorCode, source: HomeSource): HomeModal | null {
  switch (code) {
    case 'CARD_NOT_FOUND':
      return source === 'card' ? null : 'generic';
    case 'CARD_EMPTY_MEDIA':
    case 'CARD_EMPTY_PHOTO':
      return 'emptyMedia';
    case 'CUSTOMER_CODE_NOT_FOUND':
    case 'CARD_NOT_FROM_CUSTOMER':
      return 'accessCode';
    case 'CUSTOMER_NOT_FOUND':
      return source === 'credential' ? 'credentialNotFound' : source === 'customer' ? null : 'generic';
    default:
      return 'generic';
  }
}

/** The text shown beside the customer form for an API error (null: a modal says it). */
export function customerErrorMessage(code: ApiErrorCode): MessageKey | null {
  return code === 'CUSTOMER_NOT_FOUND' ? 'customer.notFound' : null;
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
