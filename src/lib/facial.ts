// Rules of the facial search (sections 5 and 9): the period, the capture rhythm and the delays.

/** After each capture another is blocked this long. */
export const CAPTURE_COOLDOWN_MS = 3000;
/** The countdown before a capture, in seconds. */
export const CAPTURE_COUNTDOWN = 3;
/** A failed search with photos taken (or a failed re-search) goes to card selection after this. */
export const FALLBACK_DELAY_MS = 5000;
/** At most this many captures are sent (the API takes 1 to 5). */
export const MAX_CAPTURES = 5;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const time = (day: string) => (DAY.test(day) ? Date.parse(`${day}T00:00:00Z`) : Number.NaN);

/** The day after a YYYY-MM-DD day (the end date's default), or '' for anything else. */
export function nextDay(day: string): string {
  const start = time(day);
  return Number.isNaN(start) ? '' : new Date(start + 86_400_000).toISOString().slice(0, 10);
}

/** A period of at least 2 days: the end on or after the day after the start. */
export function isValidPeriod(start: string, end: string): boolean {
  const from = time(start);
  const to = time(end);
  return !Number.isNaN(from) && !Number.isNaN(to) && to - from >= 86_400_000;
}
