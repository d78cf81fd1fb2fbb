import type { MessageKey } from '../i18n/index.ts';
import type { ApiErrorCode } from './api/types.ts';

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
