/** The merchants' calendar: a "day" (the distinta's, the workday's) is a day in Italy. */
export const BUSINESS_TIME_ZONE = 'Europe/Rome';

/** Today's date in Italy, `YYYY-MM-DD`. */
export function todayInItaly(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Milliseconds Italy is ahead of UTC at `instant` (+1 h in winter, +2 h in summer). */
function offsetMs(instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: BUSINESS_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(instant));
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instants [from, to) of a calendar day in Italy; null for a date that does not exist.
 *
 * @example italianDay('2026-03-29') // 23 hours: the clocks go forward that night
 */
export function italianDay(date: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const midnightUtc = Date.UTC(y, m - 1, d);
  const check = new Date(midnightUtc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  const startOf = (utcMidnight: number) => utcMidnight - offsetMs(utcMidnight - offsetMs(utcMidnight));
  return { from: new Date(startOf(midnightUtc)), to: new Date(startOf(midnightUtc + 86_400_000)) };
}
