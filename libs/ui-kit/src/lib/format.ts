/** Formats every screen writes the same way (spec §9: the Italian locale, the browser's time zone). */

/**
 * A count with the Italian thousands separator.
 *
 * @example formatCount(12345) // '12.345'
 */
export function formatCount(n: number): string {
  return n.toLocaleString('it-IT');
}

/** A date from the API's text; null when there is none or it is not a date. */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DATE = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * A calendar date in the Italian locale; the raw text when it is not a date, '' when none.
 *
 * @example formatDate('2026-11-22T10:00:00') // '22 nov 2026'
 */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? DATE.format(date) : (value ?? '');
}

/**
 * A date and time in the Italian locale; the raw text when it is not a date, '' when none.
 *
 * @example formatDateTime('2026-03-05T14:05:00') // '5 mar 2026, 14:05'
 */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? DATE_TIME.format(date) : (value ?? '');
}
