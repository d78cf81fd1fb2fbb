// Rules of the facial search (sections 2, 5 and 9): the steps, the period, the capture rhythm and
// the delays.

/** After each capture another is blocked this long. */
export const CAPTURE_COOLDOWN_MS = 3000;
/** The countdown before a capture, in seconds. */
export const CAPTURE_COUNTDOWN = 3;
/** A failed search with photos taken (or a failed re-search) goes to card selection after this. */
export const FALLBACK_DELAY_MS = 5000;
/** At most this many captures are sent (the API takes 1 to 5). */
export const MAX_CAPTURES = 5;

/**
 * The facial modal's steps (section 2). The camera's settings (mirror, front or rear) sit inside
 * the camera step; the search runs from it and its answer is the select step.
 */
export type FacialStep = 'qrcode' | 'period' | 'camera' | 'select';

/** Credential mode (an organization that finds its visitors by credential) starts at the QR step. */
export function firstFacialStep(credentialMode: boolean): FacialStep {
  return credentialMode ? 'qrcode' : 'period';
}

/** A period as the API takes it: two YYYY-MM-DD days, '' where none is chosen yet. */
export interface Period {
  start: string;
  end: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const time = (day: string) => (DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN);

/** The day after a YYYY-MM-DD day (the end date's default), or '' for anything else. */
export function nextDay(day: string): string {
  const start = time(day);
  return Number.isNaN(start) ? '' : new Date(start + 86_400_000).toISOString().slice(0, 10);
}

/** A period of at least 2 days: the end on or after the day after the start. */
export function isValidPeriod(start: string, end: string): boolean {
  const from = nextDay(start);
  return from !== '' && !Number.isNaN(time(end)) && end >= from;
}

/**
 * The period searched: the end defaults to the start plus 1 day when none after the start is
 * picked, so one date picked is that day and the next (section 5).
 */
export function searchPeriod(period: Period): Period {
  return period.end > period.start ? period : { start: period.start, end: nextDay(period.start) };
}

/** The search may start: the terms accepted and at least one date (section 5). */
export function canSearchFaces(terms: boolean, period: Period): boolean {
  const searched = searchPeriod(period);
  return terms && isValidPeriod(searched.start, searched.end);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The YYYY-MM-DD of a calendar's day (a calendar's days are local midnights, not UTC ones). */
export function dayOfDate(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The calendar's day (local midnight) of a YYYY-MM-DD day, or undefined for anything else. */
export function dateOfDay(day: string): Date | undefined {
  if (Number.isNaN(time(day))) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/**
 * The days a calendar's range picked. A range of one day (the first click, or the same day
 * twice) keeps its end: the calendar shows the one day, searchPeriod adds the next.
 */
export function periodOfRange(range: { from?: Date | undefined; to?: Date | undefined } | undefined): Period {
  return { start: range?.from ? dayOfDate(range.from) : '', end: range?.to ? dayOfDate(range.to) : '' };
}

/** A day as the visitor's language writes it (pt-BR and es: 21/11/2026; en-US: 11/21/2026), or ''. */
export function formatDay(day: string, localeTag: string): string {
  const date = dateOfDay(day);
  return date ? new Intl.DateTimeFormat(localeTag, { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date) : '';
}

/**
 * A calendar day's full name, its number written as the button shows it ("Sunday, November 1,
 * 2026", not date-fns' "November 1st": a button's name must contain its visible text, WCAG 2.5.3).
 */
export function fullDayName(date: Date, localeTag: string): string {
  return new Intl.DateTimeFormat(localeTag, { dateStyle: 'full' }).format(date);
}

/**
 * From this similarity (0 to 1, the API's) a card's match reads "very likely you": the face
 * bench (bench/face-quality.bench.ts) measured no two different people that close.
 */
export const LIKELY_SIMILARITY = 0.9;

export type MatchConfidence = 'likely' | 'possible';

export function matchConfidence(similarity: number): MatchConfidence {
  return similarity >= LIKELY_SIMILARITY ? 'likely' : 'possible';
}

/** The visitor's say on the cards found: those that are not them ("Not me"), those left unticked. */
export interface FaceCardChoice {
  dropped: readonly string[];
  unticked: readonly string[];
}

export const NO_FACE_CARD_CHOICE: FaceCardChoice = { dropped: [], unticked: [] };

/** The list with `code` in it or not. */
export function withCode(list: readonly string[], code: string, included: boolean): string[] {
  const rest = list.filter((c) => c !== code);
  return included ? [...rest, code] : rest;
}

/** The cards the gallery opens with, in the order found: neither dropped nor unticked. */
export function cardsToOpen(cards: ReadonlyArray<{ code: string }>, choice: FaceCardChoice): string[] {
  return cards.map((card) => card.code).filter((code) => !choice.dropped.includes(code) && !choice.unticked.includes(code));
}
