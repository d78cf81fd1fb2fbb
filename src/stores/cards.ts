import { atom } from 'nanostores';
import { api } from '../lib/api/index.ts';
import { ApiError } from '../lib/api/client.ts';
import type { Card } from '../lib/api/types.ts';
import { isValidCardCode, normalizeCardCode } from '@gallery/contract/card-code';
import { withAddedCards } from '../lib/routes.ts';
import { asyncStore, runner } from './async-state.ts';

/** The cards whose media the gallery shows: the one in the address first, then those added. */
export const $galleryCards = atom<string[]>([]);

/** Cards added to the address's (?cards=) that the API does not know (mistyped, withdrawn): left out of the gallery. */
export const $leftOutCards = atom<string[]>([]);

/** The check of a card being added (it must exist and have media). */
export const $cardCheck = asyncStore<Card>();
const run = runner($cardCheck);

export function startGalleryCards(first: string): void {
  $galleryCards.set([normalizeCardCode(first)]);
}

/** A gallery opened with ?cards= (the facial search's choice) shows those cards after the first. */
export function addGalleryCardCodes(codes: readonly string[]): void {
  const current = $galleryCards.get();
  const more = codes.filter((code) => !current.includes(code));
  if (more.length) $galleryCards.set([...current, ...more]);
}

/**
 * The codes of a credential's cards with media (a gallery opened with ?credential= shows them
 * after the card in the address). A failed look-up gives none: that card still shows.
 */
export async function credentialCardCodes(organizationId: number, credential: string): Promise<string[]> {
  const cards = await api.getCredentialCards(organizationId, credential).catch(() => []);
  return cards.map((card) => card.code);
}

/**
 * Adds a card after asking the API that it opens; answers false (with the error in $cardCheck)
 * otherwise. A code under 9 characters is refused without asking (section 5).
 */
export async function addGalleryCard(organizationId: number, typed: string, secret?: string): Promise<boolean> {
  const code = normalizeCardCode(typed);
  if (!isValidCardCode(code)) {
    $cardCheck.set({ loading: false, error: 'CARD_NOT_FOUND', data: null });
    return false;
  }
  if ($galleryCards.get().includes(code)) {
    $cardCheck.set({ loading: false, error: null, data: null });
    return true;
  }
  const card = await run(() => api.getCard(organizationId, code, secret));
  if (!card) return false;
  setVisitorCards([...$galleryCards.get(), code]);
  return true;
}

/**
 * One card the API does not know refuses the gallery's cards as a whole (CARD_NOT_FOUND): the
 * added ones it does not know are left out, so the others show. The first, the address's own,
 * stays: the gallery then says it is not found.
 */
export async function leaveOutUnknownCards(organizationId: number, error: unknown, secret?: string): Promise<void> {
  const [first, ...added] = $galleryCards.get();
  if (!first || !added.length || !isCardNotFound(error)) return;
  const unknown = await Promise.all(added.map((code) => api.getCard(organizationId, code, secret).then(() => false, isCardNotFound)));
  const left = added.filter((_, index) => unknown[index]);
  if (!left.length) return;
  $leftOutCards.set([...$leftOutCards.get(), ...left]);
  setVisitorCards([first, ...added.filter((_, index) => !unknown[index])]);
}

const isCardNotFound = (error: unknown) => error instanceof ApiError && error.code === 'CARD_NOT_FOUND';

/** The first card (the one in the address) stays. */
export function removeGalleryCard(code: string): void {
  const [first, ...rest] = $galleryCards.get();
  if (!first || code === first) return;
  setVisitorCards([first, ...rest.filter((c) => c !== code)]);
}

/**
 * Cards the visitor adds or removes go into the address too (?cards=), so a reload or a shared
 * link shows the same gallery, and with it the same cart.
 */
function setVisitorCards(codes: string[]): void {
  $galleryCards.set(codes);
  const next = withAddedCards(window.location.href, codes.slice(1));
  if (next !== window.location.href) history.replaceState(history.state, '', next);
}

export function clearCardCheck(): void {
  run.reset();
}

export function clearGalleryCards(): void {
  $galleryCards.set([]);
  $leftOutCards.set([]);
  clearCardCheck();
}
