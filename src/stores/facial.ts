import { atom, computed, map } from 'nanostores';
import { facialSearchParams } from '../lib/analytics-events.ts';
import { api } from '../lib/api/index.ts';
import type { FaceSearchResult } from '../lib/api/types.ts';
import {
  canSearchFaces,
  cardsToOpen,
  FALLBACK_DELAY_MS,
  firstFacialStep,
  NO_FACE_CARD_CHOICE,
  searchPeriod,
  withCode,
  type FaceCardChoice,
  type FacialStep,
  type Period,
} from '../lib/facial.ts';
import { analytics } from './analytics.ts';
import { asyncStore, runner } from './async-state.ts';

/** The facial modal's step (section 2); the modal itself opens and closes with its island. */
export const $facialStep = atom<FacialStep>('period');

/** The calendar step: the days picked, the terms, and whether Next was refused. */
export interface FacialPeriodState extends Period {
  terms: boolean;
  refused: boolean;
}
export const $facialPeriod = map<FacialPeriodState>({ start: '', end: '', terms: false, refused: false });

/** The facial search's cards; a failed search keeps the last found ones for the fallback. */
export const $faceSearch = asyncStore<FaceSearchResult>();
const run = runner($faceSearch, { keepOnFailure: true });

/**
 * The days searched while some of their photos are still being processed (the answer's
 * `pending`): the results offer an e-mail when they are (stores/notify.ts); null otherwise.
 */
export const $facialNoticePeriod = computed([$faceSearch, $facialPeriod], (search, period): Period | null =>
  search.data && search.data.pending > 0 ? searchPeriod(period) : null,
);

/** What the visitor said of the cards found; every new answer starts with all of them ticked. */
export const $faceCardChoice = atom<FaceCardChoice>(NO_FACE_CARD_CHOICE);

/** The cards View gallery opens (none: the button is disabled). */
export const $faceCardsToOpen = computed([$faceSearch, $faceCardChoice], (search, choice) => cardsToOpen(search.data?.cards ?? [], choice));

/** "Not me" (dropped) or its undo: a dropped card is left out of the gallery. */
export function dropFaceCard(code: string, dropped: boolean): void {
  const choice = $faceCardChoice.get();
  $faceCardChoice.set({ ...choice, dropped: withCode(choice.dropped, code, dropped) });
}

/** A found card's box: ticked cards open in the gallery (one or more, section 2). */
export function tickFaceCard(code: string, ticked: boolean): void {
  const choice = $faceCardChoice.get();
  $faceCardChoice.set({ ...choice, unticked: withCode(choice.unticked, code, !ticked) });
}

/** A failed search after earlier results: the select step comes back after FALLBACK_DELAY_MS. */
export const $facialFallingBack = atom(false);
let fallback: ReturnType<typeof setTimeout> | undefined;

function stopFallback(): void {
  clearTimeout(fallback);
  fallback = undefined;
  $facialFallingBack.set(false);
}

/** Counts the modal's openings: a search answers the opening it was made in, or nothing. */
let opening = 0;

/** Every opening starts afresh: credential mode at the QR step, otherwise at the calendar. */
export function startFacial(credentialMode: boolean): void {
  opening++;
  stopFallback();
  clearFaceSearch();
  $facialPeriod.set({ start: '', end: '', terms: false, refused: false });
  $facialStep.set(firstFacialStep(credentialMode));
}

export function showFacialStep(step: FacialStep): void {
  stopFallback();
  $facialStep.set(step);
}

/** The days picked on the calendar (YYYY-MM-DD, '' for none). */
export function pickFacialPeriod(period: Period): void {
  $facialPeriod.set({ ...$facialPeriod.get(), start: period.start, end: period.end });
}

export function acceptFacialTerms(accepted: boolean): void {
  $facialPeriod.setKey('terms', accepted);
}

/** Next on the calendar: the camera with the terms and at least one day, else the reason why not. */
export function confirmFacialPeriod(): boolean {
  const { terms, ...period } = $facialPeriod.get();
  const ready = canSearchFaces(terms, period);
  $facialPeriod.setKey('refused', !ready);
  if (ready) $facialStep.set('camera');
  return ready;
}

/**
 * Searches the period for the selfies' faces: found cards are the select step. A failure after
 * earlier results goes back to them after 5 seconds (section 4); the error stays to say why.
 */
export async function searchFaces(organizationId: number, photos: Blob[]): Promise<FaceSearchResult | null> {
  const before = $faceSearch.get().data;
  const { start, end } = searchPeriod($facialPeriod.get());
  const asked = opening;
  const found = await run(() => api.searchFaces(organizationId, start, end, photos));
  if (asked !== opening) return null;
  analytics.event('facial_search', facialSearchParams(photos.length, found?.cards ?? null));
  if (found) {
    $faceCardChoice.set(NO_FACE_CARD_CHOICE);
    showFacialStep('select');
  } else if (before) {
    stopFallback();
    $facialFallingBack.set(true);
    fallback = setTimeout(() => showFacialStep('select'), FALLBACK_DELAY_MS);
  }
  return found;
}

function clearFaceSearch(): void {
  run.reset();
  $faceCardChoice.set(NO_FACE_CARD_CHOICE);
}

/** Closing the modal stops a pending fallback. */
export function closeFacial(): void {
  stopFallback();
}
