/**
 * The GLS workday reminder's clock: merchants work in Italian time, so "today" and "the end of the
 * afternoon" are read in Europe/Rome whatever the server's zone, summer time included (Intl, no
 * date library in the services).
 */

export const MERCHANT_TIME_ZONE = 'Europe/Rome';

/** A local time of day. */
export interface Clock {
  hour: number;
  minute: number;
}

/** `'17:30'` → `{ hour: 17, minute: 30 }`; anything else (`'25:00'`, `'5pm'`) → null. */
export function parseClock(text: string): Clock | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The local calendar day (`YYYY-MM-DD`) and time of an instant in a zone. */
export function localParts(instant: Date, timeZone = MERCHANT_TIME_ZONE): { day: string; hour: number; minute: number } {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The merchant's calendar day of an instant (`2026-03-29`). */
export function localDay(instant: Date, timeZone = MERCHANT_TIME_ZONE): string {
  return localParts(instant, timeZone).day;
}

/**
 * The day whose GLS shipments must be checked now, or null: from `remindAt` (local) until
 * midnight it is today; before it, nothing is due. The check runs every minute in every replica;
 * the notification's key (`workday-open:<day>`) keeps it to one per merchant and day.
 *
 * @example workdayReminderDay(new Date('2026-07-01T15:30:00Z'), { hour: 17, minute: 30 }) // '2026-07-01' (17:30 CEST)
 * @example workdayReminderDay(new Date('2026-01-15T16:29:00Z'), { hour: 17, minute: 30 }) // null (17:29 CET)
 */
export function workdayReminderDay(now: Date, remindAt: Clock, timeZone = MERCHANT_TIME_ZONE): string | null {
  const local = localParts(now, timeZone);
  const minutes = local.hour * 60 + local.minute;
  return minutes >= remindAt.hour * 60 + remindAt.minute ? local.day : null;
}
