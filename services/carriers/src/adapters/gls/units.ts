import type { TrackingStatus } from '../adapter';

/*
 * GLS Italy's units and codes to ours: kilograms with a comma, euro with a comma, dd/mm/yy dates in
 * Italian local time, and the tracking event codes of GLS's table ("codici risultato").
 */

/**
 * Grams to GLS's `PesoReale`: kilograms with one decimal and a comma, rounded up to the next 100 g
 * (declaring less than the real weight is what a carrier charges extra for), at least `0,1`.
 *
 * @example gramsToKg(2500) // '2,5'; gramsToKg(1234) // '1,3'
 */
export function gramsToKg(grams: number): string {
  const tenths = Math.max(1, Math.ceil(Math.round(grams) / 100));
  return `${Math.floor(tenths / 10)},${tenths % 10}`;
}

/** GLS's comma-decimal kilograms to grams. @example kgToGrams('2,5') // 2500 */
export function kgToGrams(kg: string): number {
  const value = Number(kg.trim().replace(/\./g, '').replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 1000) : NaN;
}

/** Euro cents to GLS's `ImportoContrassegno`: two decimals, a comma, no thousands separator. @example centsToEuro(123410) // '1234,10' */
export function centsToEuro(cents: number): string {
  const whole = Math.round(cents);
  return `${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/** The UTC offset of Europe/Rome at an instant, in minutes (60 in winter, 120 in summer). */
function romeOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name ?? '');
  return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/**
 * A GLS date (`dd/mm/yy` or `dd/mm/yyyy`) and time (`HH:MM[:SS]`, optional) in Italian local time,
 * as ISO-8601 UTC; undefined when the date cannot be read.
 *
 * @example glsDateTimeToIso('05/03/26', '10:00') // '2026-03-05T09:00:00.000Z'
 */
export function glsDateTimeToIso(date: string, time = ''): string | undefined {
  const d = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(date.trim());
  if (!d) return undefined;
  const t = /^(\d{1,2})[:.](\d{2})(?::(\d{2}))?$/.exec(time.trim());
  const year = d[3]!.length === 2 ? 2000 + Number(d[3]) : Number(d[3]);
  const [month, day] = [Number(d[2]), Number(d[1])];
  const [hour, minute, second] = t ? [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)] : [0, 0, 0];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the wall-clock time taken as UTC is right except within the hour of a change.
  const offset = romeOffsetMinutes(new Date(asUtc - romeOffsetMinutes(new Date(asUtc)) * 60_000));
  return new Date(asUtc - offset * 60_000).toISOString();
}

/** GLS event codes (table "codici risultato", as third-party clients read it) by what they mean to us. */
const DELIVERED = new Set(['906']);
const EXCEPTION = new Set(['1', '4', '5', '8', '10', '12', '29', '66', '67', '68', '77']);
const IN_TRANSIT = new Set(['14', '17', '22', '25', '26', '27', '28', '35', '902', '903', '904', '905', '907', '908']);
const INFO = new Set(['901', '909']);

/**
 * One GLS tracking event to our status: by its code, and by its text when the code is absent or
 * unknown (the international leg has no codes).
 *
 * @example trackingStatusOf('906', 'CONSEGNATA.') // 'delivered'
 */
export function trackingStatusOf(code: string, text: string): TrackingStatus {
  const c = code.trim().replace(/^0+(?=\d)/, '');
  if (DELIVERED.has(c)) return 'delivered';
  if (EXCEPTION.has(c)) return 'exception';
  if (IN_TRANSIT.has(c)) return 'in_transit';
  if (INFO.has(c)) return 'info';
  const t = text.toLowerCase();
  if (/non consegnat|mancata consegna|giacenz|rifiutat|destinatario assente|indirizzo errat|non riuscit|reso al mittente/.test(t)) return 'exception';
  if (/consegnat/.test(t)) return 'delivered';
  if (/transit|partit|arrivat|in consegna|affidat|smistament/.test(t)) return 'in_transit';
  return 'info';
}

/** Whether a country travels as a GLS domestic shipment (`TipoSpedizione` N) rather than international (P). */
export function isDomestic(countryCode: string): boolean {
  return countryCode.trim().toUpperCase() === 'IT';
}
