import { aliexpressMessages } from '@smista/contracts';
import { MarketplaceError } from '../adapter';

/*
 * AliExpress's seller order dates are wall-clock `yyyy-MM-dd HH:mm:ss` in US Pacific time
 * (providers.md: "in US Pacific time according to clients" [open]: ALIEXPRESS_TIME_ZONE). The
 * conversion goes through the time zone database (Intl), so the daylight-saving changes (second
 * Sunday of March, first Sunday of November) are where the zone puts them.
 */

export const ALIEXPRESS_DEFAULT_TIME_ZONE = 'America/Los_Angeles';

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f;
}

function wallParts(ms: number, timeZone: string): [number, number, number, number, number, number] {
  const parts = Object.fromEntries(formatterOf(timeZone).formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  return [Number(parts.year), Number(parts.month), Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)];
}

/** The zone's offset from UTC at an instant, in ms (Pacific: −8 h in winter, −7 h in summer). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const [y, mo, d, h, mi, s] = wallParts(ms, timeZone);
  return Date.UTC(y, mo - 1, d, h, mi, s) - Math.floor(ms / 1000) * 1000;
}

/**
 * An AliExpress wall-clock date as an instant. A time that happens twice (the autumn hour) is the
 * first (still daylight time); a time that never happens (the spring hour) moves forward an hour.
 *
 * @example aliexpressDateToUtc('2026-07-01 10:00:00').toISOString() // '2026-07-01T17:00:00.000Z'
 */
export function aliexpressDateToUtc(text: string, timeZone = ALIEXPRESS_DEFAULT_TIME_ZONE): Date {
  const m = WALL.exec(text.trim());
  if (!m) throw new MarketplaceError('REQUEST_REFUSED', aliexpressMessages.unreadableDate(text.slice(0, 40)));
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
  // The zone's offsets half a day either side: they differ only around a change.
  const candidates = [...new Set([zoneOffsetMs(asUtc - 43_200_000, timeZone), zoneOffsetMs(asUtc + 43_200_000, timeZone)])].map((offset) => asUtc - offset);
  const wanted = wallOf(asUtc, 'UTC');
  const real = candidates.filter((at) => wallOf(at, timeZone) === wanted).sort((a, b) => a - b);
  // Twice (autumn): the first; never (spring): the offset before the change, an hour later on the clock.
  return new Date(real[0] ?? candidates[0]!);
}

const wallOf = (ms: number, timeZone: string) => {
  const [y, mo, d, h, mi, s] = wallParts(ms, timeZone);
  return `${y}-${mo}-${d} ${h}:${mi}:${s}`;
};

/**
 * An instant as AliExpress's wall-clock text in its zone (a query's window).
 *
 * @example utcToAliexpressDate(new Date('2026-01-15T20:30:00Z')) // '2026-01-15 12:30:00'
 */
export function utcToAliexpressDate(at: Date, timeZone = ALIEXPRESS_DEFAULT_TIME_ZONE): string {
  const [y, mo, d, h, mi, s] = wallParts(at.getTime(), timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${y}-${two(mo)}-${two(d)} ${two(h)}:${two(mi)}:${two(s)}`;
}
