import { atom } from 'nanostores';
import type { ApiErrorCode } from '../lib/api/types.ts';
import { isValidCardCode, isValidSecret, normalizeCardCode, normalizeSecret } from '@gallery/contract/card-code';
import { saveCardSecret } from '../lib/card-secret.ts';
import { homeErrorModal, type HomeModal, type HomeSource } from '../lib/error-messages.ts';
import { galleryPath } from '../lib/routes.ts';
import type { Organization } from '../tenant/organization.ts';
import { $card, loadCard } from './card.ts';
import { $media, loadMedias } from './media.ts';

/** The card just found empty (its normalised code, and its access code under two-factor): the arrival notice (stores/notify.ts) is for it. */
export const $emptyCard = atom<{ card: string; secret?: string | undefined } | null>(null);

// The home's islands (the forms, the other ways, the QR scanner, the facial modal, the error
// modals) meet here: none holds state another needs.

/** The ways to find photos that are a form on the home. */
export type HomeForm = 'card' | 'customer' | 'credential';

/** The form the visitor switched to; null: the organization's initial form. */
export const $chosenForm = atom<HomeForm | null>(null);

/** The form the home shows: the one chosen, else the organization's initial form (the card form when it has no customer fields). */
export function shownForm(chosen: HomeForm | null, organization: Pick<Organization, 'initialForm' | 'customerFormFields'>): HomeForm {
  if (chosen) return chosen;
  if (organization.initialForm === 'customer' && organization.customerFormFields.length === 0) return 'card';
  return organization.initialForm;
}

export function chooseForm(form: HomeForm): void {
  $chosenForm.set(form);
}

/** The credential QR scanner's modal (opened from the credential form and the other ways). */
export const $qrScannerOpen = atom(false);
export const openQrScanner = (): void => $qrScannerOpen.set(true);
export const closeQrScanner = (): void => $qrScannerOpen.set(false);

/** The facial search's modal. */
export const $facialOpen = atom(false);
export const openFacialModal = (): void => $facialOpen.set(true);
export const closeFacialModal = (): void => $facialOpen.set(false);

/** The error modal open on the home (section 8), with the code that opened it. */
export const $homeModal = atom<{ kind: HomeModal; code: ApiErrorCode } | null>(null);

/** Opens the modal this error calls for; answers whether one opened (else the form shows text). */
export function showHomeError(code: ApiErrorCode, source: HomeSource): boolean {
  const kind = homeErrorModal(code, source);
  if (kind) $homeModal.set({ kind, code });
  return kind !== null;
}

export function openHomeModal(kind: HomeModal, code: ApiErrorCode = 'UNKNOWN_ERROR'): void {
  $homeModal.set({ kind, code });
}

export function closeHomeModal(): void {
  $homeModal.set(null);
}

export type OpenOutcome = { kind: 'invalid' } | { kind: 'failed'; code: ApiErrorCode } | { kind: 'gallery'; path: string };

/**
 * The card form's submit (section 4, Home): a valid code (and, with two-factor, a secret of at
 * least six characters) loads the card and its media; with sold or unsold media the answer is the
 * gallery path, keeping the credential. The secret is kept for the session for the gallery.
 */
export async function openCard(
  organization: { id: number; twoFactor: boolean },
  typed: string,
  typedSecret: string,
  credential: string | null,
): Promise<OpenOutcome> {
  if (!isValidCardCode(typed)) return { kind: 'invalid' };
  if (organization.twoFactor && !isValidSecret(typedSecret)) return { kind: 'invalid' };
  const code = normalizeCardCode(typed);
  const secret = organization.twoFactor ? normalizeSecret(typedSecret) : undefined;
  const card = await loadCard(organization.id, code, secret);
  if (!card) {
    const error = $card.get().error ?? 'UNKNOWN_ERROR';
    if (error === 'CARD_EMPTY_MEDIA') $emptyCard.set({ card: code, secret });
    return { kind: 'failed', code: error };
  }
  const media = await loadMedias(organization.id, [code], secret);
  if (!media) return { kind: 'failed', code: $media.get().error ?? 'UNKNOWN_ERROR' };
  if (media.sold.length + media.notSold.length === 0) {
    $emptyCard.set({ card: code, secret });
    return { kind: 'failed', code: 'CARD_EMPTY_MEDIA' };
  }
  if (secret) saveCardSecret(code, secret);
  return { kind: 'gallery', path: galleryPath(code, credential) };
}
