import { atom } from 'nanostores';
import type { Locale } from '../i18n/index.ts';
import { api } from '../lib/api/index.ts';
import { asyncStore, runner } from './async-state.ts';

// "E-mail me when my photos arrive" (issue #29): the home's empty-card modal offers it for the card
// just looked up; the API sends one e-mail when that card's first photos land.

/** The empty card the notice would be for (its normalised code); null: none looked up. */
export const $emptyCard = atom<string | null>(null);

/** The request: `data` is the address once the API took it. */
export const $arrivalNotice = asyncStore<string>();
const run = runner($arrivalNotice);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A card was found empty: the next notice is for it. */
export function offerArrivalNotice(code: string): void {
  $emptyCard.set(code);
  $arrivalNotice.set({ loading: false, error: null, data: null });
}

/** Asks the API for the notice; without an address that looks like one, or without consent, nothing is sent. */
export async function requestArrivalNotice(organizationId: number, typed: string, consent: boolean, locale: Locale): Promise<boolean> {
  const card = $emptyCard.get();
  const email = typed.trim();
  if (!card) return false;
  if (!consent || !EMAIL.test(email)) {
    $arrivalNotice.set({ loading: false, error: 'VALIDATION_ERROR', data: null });
    return false;
  }
  return (
    (await run(async () => {
      await api.notifyOnArrival(organizationId, card, email, locale);
      return email;
    })) !== null
  );
}
