// What this browser remembers of its orders (localStorage): a random visitor key that makes
// order creation idempotent for this browser only, and the id of its order per organization and
// first card. Orders belong to the browser that made them: another browser typing the same card
// code gets an order of its own, and the API answers an order's customer data, and takes its
// changes and payments, only with the key it was made with (the API client sends it).
import { VISITOR_KEY_PATTERN } from '@gallery/contract/rules';
import { normalizeCardCode } from '@gallery/contract/card-code';

const VISITOR_KEY = 'visitorKey';
const ORDER_KEY_PREFIX = 'order:';

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function localStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

// Without storage (refused, private mode) the key lives as long as the page.
let pageKey: string | null = null;

/** 24 random bytes, base64url (32 characters): the API takes 22 to 64 of [A-Za-z0-9_-]. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's visitor key, made once. */
export function visitorKey(storage: Store | null = localStore()): string {
  try {
    const stored = storage?.getItem(VISITOR_KEY);
    if (stored && VISITOR_KEY_PATTERN.test(stored)) return stored;
    if (storage) {
      const key = randomKey();
      storage.setItem(VISITOR_KEY, key);
      return key;
    }
  } catch {
    // Refused: the page's own key below.
  }
  return (pageKey ??= randomKey());
}

const orderKey = (organizationId: number, firstCard: string) => `${ORDER_KEY_PREFIX}${organizationId}:${normalizeCardCode(firstCard)}`;

/** The id of the order this browser made for this organization and first card, if any. */
export function readOrderId(organizationId: number, firstCard: string, storage: Store | null = localStore()): string | null {
  try {
    return storage?.getItem(orderKey(organizationId, firstCard)) ?? null;
  } catch {
    return null;
  }
}

export function saveOrderId(organizationId: number, firstCard: string, orderId: string, storage: Store | null = localStore()): void {
  try {
    storage?.setItem(orderKey(organizationId, firstCard), orderId);
  } catch {
    // Storage full or refused: the visitor key still finds the order again.
  }
}
