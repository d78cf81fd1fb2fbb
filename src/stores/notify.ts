import type { Locale } from '../i18n/index.ts';
import { api } from '../lib/api/index.ts';
import type { ArrivalTarget } from '../lib/api/types.ts';
import { asyncStore, runner } from './async-state.ts';

// "E-mail me when my photos arrive" (issue #29): the home's empty-card modal offers it for the card
// just looked up ($emptyCard, set by the home's look-up), the facial search for the days it
// searched while some of their photos are still being processed ($facialNoticePeriod); the API
// sends one e-mail when those photos land. Loaded with the form, when either opens.

/** The request: `data` is the address once the API took it. */
export const $arrivalNotice = asyncStore<string>();
const run = runner($arrivalNotice);

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The form opens afresh for each card or period. */
export function resetArrivalNotice(): void {
  run.reset();
}

/** Asks the API for the notice; without an address that looks like one, or without consent, nothing is sent. */
export async function requestArrivalNotice(organizationId: number, target: ArrivalTarget, typed: string, consent: boolean, locale: Locale): Promise<boolean> {
  const email = typed.trim();
  if (!consent || !EMAIL.test(email)) {
    $arrivalNotice.set({ loading: false, error: 'VALIDATION_ERROR', data: null });
    return false;
  }
  return (
    (await run(async () => {
      await api.notifyOnArrival(organizationId, target, email, locale);
      return email;
    })) !== null
  );
}
