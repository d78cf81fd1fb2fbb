// Section 2: `?card=` on the home. A 9-character code is shown as 2-4-3 and submitted by itself
// once per browser session (session storage), unless two-factor is on: then it only fills the
// field, since the visitor still has to type the access code.
import { formatCardCode, isValidCardCode } from '@gallery/contract/card-code';

/** The session-storage key listing the codes already auto-submitted in this session. */
export const AUTO_SUBMITTED_KEY = 'home.autoSubmittedCards';

type SessionStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The code of `?card=` formatted 2-4-3, or null when absent or not 9 letters or digits. */
export function cardFromQuery(search: string): string | null {
  const raw = new URLSearchParams(search).get('card');
  return raw !== null && isValidCardCode(raw) ? formatCardCode(raw) : null;
}

/**
 * Whether this code should be submitted by itself now; records it when so, so coming back to the
 * home (Back button, another tab of the same session) never bounces the visitor again. Each code
 * is auto-submitted at most once per session. Without usable storage it is submitted.
 */
export function takeAutoSubmit(storage: SessionStore | null, code: string, twoFactor: boolean): boolean {
  if (twoFactor) return false;
  try {
    if (!storage) return true;
    const done: unknown = JSON.parse(storage.getItem(AUTO_SUBMITTED_KEY) ?? '[]');
    const list = Array.isArray(done) ? done.filter((item): item is string => typeof item === 'string') : [];
    if (list.includes(code)) return false;
    storage.setItem(AUTO_SUBMITTED_KEY, JSON.stringify([...list, code]));
    return true;
  } catch {
    return true;
  }
}
