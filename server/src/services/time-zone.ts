// Calendar days in an organization's time zone, with Intl only (no time zone database of our own).

/** How far the zone's wall clock is ahead of UTC at this instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant (ms since the epoch) a calendar day (YYYY-MM-DD) begins in the time zone. */
export function startOfDay(day: string, timeZone: string): number {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at the guessed instant, not at UTC midnight, so a change of offset that day counts.
  return midnight - offsetAt(midnight - offsetAt(midnight, timeZone), timeZone);
}

/** The day after a calendar day, YYYY-MM-DD. */
export function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}
