import Holidays from 'date-holidays';

/**
 * Italian working days (issue 26: "a parcel that has not moved for 3 working days"): Monday to
 * Friday, except Italy's national holidays (date-holidays' IT calendar: Capodanno, Epifania,
 * Pasquetta, Liberazione, Festa del Lavoro, Repubblica, Ferragosto, Ognissanti, Immacolata,
 * Natale, Santo Stefano). Saturdays do not count: most carriers do not deliver then. Days are
 * Europe/Rome calendar days.
 */
const italy = new Holidays('IT', { timezone: 'Europe/Rome', types: ['public'] });

const romeDay = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Europe/Rome calendar day of an instant, `yyyy-mm-dd`. */
export function romeDate(at: Date): string {
  return romeDay.format(at);
}

const holidayCache = new Map<number, Set<string>>();
function holidaysOf(year: number): Set<string> {
  let days = holidayCache.get(year);
  if (!days) {
    days = new Set(italy.getHolidays(year, 'it').filter((h) => h.type === 'public').map((h) => h.date.slice(0, 10)));
    holidayCache.set(year, days);
  }
  return days;
}

/** Whether a `yyyy-mm-dd` day is an Italian working day. */
export function isWorkingDay(day: string): boolean {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !holidaysOf(date.getUTCFullYear()).has(day);
}

/**
 * The working days wholly between two instants: the days after `from`'s day up to the day before
 * `to`'s, counted when working. A parcel last seen on Friday evening and looked at on the next
 * Thursday has not moved for 3 working days (Mon, Tue, Wed), 2 when Monday was Pasquetta.
 *
 * @example workingDaysBetween(new Date('2026-11-27T17:00:00Z'), new Date('2026-12-03T09:00:00Z')) // 3
 */
export function workingDaysBetween(from: Date, to: Date): number {
  const last = romeDate(to);
  let day = romeDate(from);
  let count = 0;
  // Bounded: beyond a year without movement the answer no longer matters.
  for (let i = 0; i < 400; i++) {
    day = nextDay(day);
    if (day >= last) break;
    if (isWorkingDay(day)) count++;
  }
  return count;
}

function nextDay(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
