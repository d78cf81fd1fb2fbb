// The two-factor access code of a card, kept for the browser session so the gallery can send it
// with its calls (`?secret=`). Keyed by the normalised card code.
import { normalizeCardCode, normalizeSecret } from '@gallery/contract/card-code';

export const SECRET_KEY_PREFIX = 'cardSecret:';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function saveCardSecret(code: string, secret: string, storage: SessionStore | null = sessionStore()): void {
  try {
    storage?.setItem(SECRET_KEY_PREFIX + normalizeCardCode(code), normalizeSecret(secret));
  } catch {
    // Storage full or refused: the gallery will then ask again (CUSTOMER_CODE_NOT_FOUND).
  }
}

/** The secret saved for this card in this session, if any. */
export function readCardSecret(code: string, storage: SessionStore | null = sessionStore()): string | undefined {
  try {
    return storage?.getItem(SECRET_KEY_PREFIX + normalizeCardCode(code)) ?? undefined;
  } catch {
    return undefined;
  }
}
