import type { TrackingStatus } from '@smista/contracts';

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

/*
 * GLS tracking events to Smista's statuses (issue 26). GLS writes a numeric `Codice` and an upper-case
 * `Stato`; its table of result codes ("codici risultato", the spreadsheet GLS hands integrators) is
 * not public, so the codes come from where the column says and GLS's own words decide where a code
 * is unknown or missing (the international leg has none).
 *
 * | Codice | meaning | Smista | source |
 * |---|---|---|---|
 * | 901, 909 | shipment data received by GLS (no movement yet) | info | [3p] third-party clients; the sandbox's 901 |
 * | 902, 903, 904, 907, 908, 14, 17, 22, 25, 26, 27, 28, 35 | departed, hub, arrived at the destination branch, other moves | in_transit | [3p]; the sandbox's 902 departed, 903 hub, 904 branch |
 * | 905 | IN CONSEGNA: out for delivery | out_for_delivery | [3p]; the sandbox |
 * | 906 | CONSEGNATA.: delivered | delivered | [3p]; the sandbox |
 * | 68 | IN GIACENZA: held at the branch, waiting for the sender's instructions | held | the sandbox ([open] for GLS) |
 * | 910 | RESO AL MITTENTE: returned to the sender | returned | the sandbox ([open] for GLS) |
 * | 1, 4, 5, 8, 10, 12, 29, 66, 67, 77 | not delivered: recipient absent, address wrong, refused, damaged… | exception | [3p]; the sandbox's 1 'DESTINATARIO ASSENTE' |
 *
 * The words come first for the two states the code table leaves [open]: 'reso al mittente', 'in
 * restituzione', 'rientrata', 'consegnata al mittente' (returned) win over any code, and 'giacenza'
 * (held) over any code but 906 (a delivery after a giacenza is a delivery), so a GLS code we file
 * under exception whose text says giacenza is held. Without a known code: 'non consegnata',
 * 'mancata consegna', 'destinatario assente', 'rifiutata', 'indirizzo errato' are exception; 'in
 * consegna' is out_for_delivery and is read before 'consegnata', which it must never be taken for.
 */
const DELIVERED = new Set(['906']);
const OUT_FOR_DELIVERY = new Set(['905']);
const HELD = new Set(['68']);
const RETURNED = new Set(['910']);
const EXCEPTION = new Set(['1', '4', '5', '8', '10', '12', '29', '66', '67', '77']);
const IN_TRANSIT = new Set(['14', '17', '22', '25', '26', '27', '28', '35', '902', '903', '904', '907', '908']);
const INFO = new Set(['901', '909']);

const RETURNED_WORDS = /\bres[ao] al mittente|in restituzione|rientrat[ao]|restituit[ao] al mittente|consegnat[ao] al mittente|ritorno al mittente/;
const HELD_WORDS = /giacenz/;
const EXCEPTION_WORDS = /non consegnat|mancata consegna|destinatario assente|rifiutat|indirizzo errat|non riuscit|danneggiat|smarrit/;

/**
 * One GLS tracking event to Smista's status: GLS's words for a return, the delivery code, GLS's
 * words for a giacenza, then the other codes, then its words (the table above).
 *
 * @example trackingStatusOf('906', 'CONSEGNATA.') // 'delivered'
 * trackingStatusOf('905', 'IN CONSEGNA') // 'out_for_delivery'
 * trackingStatusOf('68', 'IN GIACENZA PRESSO LA SEDE GLS') // 'held'
 */
export function trackingStatusOf(code: string, text: string): TrackingStatus {
  const t = text.toLowerCase();
  const c = code.trim().replace(/^0+(?=\d)/, '');
  if (RETURNED_WORDS.test(t)) return 'returned';
  if (DELIVERED.has(c)) return 'delivered';
  if (HELD_WORDS.test(t)) return 'held';
  if (OUT_FOR_DELIVERY.has(c)) return 'out_for_delivery';
  if (HELD.has(c)) return 'held';
  if (RETURNED.has(c)) return 'returned';
  if (EXCEPTION.has(c)) return 'exception';
  if (IN_TRANSIT.has(c)) return 'in_transit';
  if (INFO.has(c)) return 'info';
  if (EXCEPTION_WORDS.test(t)) return 'exception';
  if (/\bin consegna\b/.test(t)) return 'out_for_delivery';
  if (/consegnat/.test(t)) return 'delivered';
  if (/transit|partit|arrivat|affidat|smistament/.test(t)) return 'in_transit';
  return 'info';
}

/** Whether a country travels as a GLS domestic shipment (`TipoSpedizione` N) rather than international (P). */
export function isDomestic(countryCode: string): boolean {
  return countryCode.trim().toUpperCase() === 'IT';
}
