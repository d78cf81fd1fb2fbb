import { persistentAtom } from '@nanostores/persistent';

/** Whether this browser accepted the privacy notice (localStorage `privacyAccepted`). */
export const $privacyAccepted = persistentAtom<boolean>('privacyAccepted', false, {
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
