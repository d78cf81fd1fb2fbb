import { persistentAtom } from '@nanostores/persistent';

/** The localStorage key (read before any island by the layout's inline script too). */
export const PRIVACY_STORAGE_KEY = 'privacyAccepted';

/** Whether this browser accepted the privacy notice. */
export const $privacyAccepted = persistentAtom<boolean>(PRIVACY_STORAGE_KEY, false, {
  encode: (accepted: boolean) => (accepted ? 'true' : undefined),
  decode: (stored: string) => stored === 'true',
  listen: false,
});

/** The visitor accepted the notice; without storage it is simply asked again next time. */
export function acceptPrivacy(): void {
  try {
    $privacyAccepted.set(true);
  } catch {
    // Storage full or refused.
  }
}
