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

/** What the gallery says when its media cannot be shown (section 8). */
export function galleryErrorMessage(code: ApiErrorCode): MessageKey {
  switch (code) {
    case 'CARD_EMPTY_PHOTO':
    case 'CARD_EMPTY_MEDIA':
      return 'gallery.empty';
    case 'NETWORK_ERROR':
      return 'errors.network';
    default:
      return 'gallery.error';
  }
}
