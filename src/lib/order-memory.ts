// What this browser remembers of its orders (localStorage): a random visitor key that makes
// order creation idempotent for this browser only, and the id of its order per organization and
// first card. Orders belong to the browser that made them: another browser typing the same card
// code gets an order of its own, and the API answers an order's customer data, and takes its
// changes and payments, only with the key it was made with (the API client sends it).
// Without storage (refused, private mode) both live in memory, as long as the page.
import { persistentAtom, persistentMap } from '@nanostores/persistent';
import { VISITOR_KEY_PATTERN } from '@gallery/contract/rules';
import { normalizeCardCode } from '@gallery/contract/card-code';

// Both follow other tabs (a key one tab made is every tab's), and read storage again when idle.
const $storedVisitorKey = persistentAtom<string | undefined>('visitorKey', undefined);
/** Order ids by `<organization id>:<first card>`, stored as `order:<organization id>:<first card>`. */
const $orderIds = persistentMap<Record<string, string | undefined>>('order:', {});

// A key the storage refused to keep (full): the page's own from then on.
let pageKey: string | undefined;

/** 24 random bytes, base64url (32 characters): the API takes 22 to 64 of [A-Za-z0-9_-]. */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** This browser's visitor key, made once. */
export function visitorKey(): string {
  try {
    const stored = $storedVisitorKey.get();
    if (stored !== undefined && VISITOR_KEY_PATTERN.test(stored)) return stored;
    pageKey ??= randomKey();
    $storedVisitorKey.set(pageKey);
  } catch {
    // Storage refused a write: the page's own key.
  }
  return (pageKey ??= randomKey());
}

const orderKey = (organizationId: number, firstCard: string) => `${organizationId}:${normalizeCardCode(firstCard)}`;

/** The id of the order this browser made for this organization and first card, if any. */
export function readOrderId(organizationId: number, firstCard: string): string | null {
  try {
    return $orderIds.get()[orderKey(organizationId, firstCard)] ?? null;
  } catch {
    // Reading an idle store writes what it read back: a storage refusing writes refuses that too.
    return null;
  }
}

export function saveOrderId(organizationId: number, firstCard: string, orderId: string): void {
  try {
    $orderIds.setKey(orderKey(organizationId, firstCard), orderId);
  } catch {
    // Storage full or refused: the visitor key still finds the order again.
  }
}
