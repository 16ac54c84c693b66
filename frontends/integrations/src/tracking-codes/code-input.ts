import { carrierMessages, s10CarrierCodes, type TrackingCodeStatus } from '@smista/contracts';

/** `POST .../tracking-codes` (spec §7). */
export type AddCodesBody = { method: 'manual'; trackingCodes: string } | { method: 'range'; fromCode: string; toCode: string };

export type CheckedCodes = { ok: true; body: AddCodesBody } | { ok: false; message: string };

/**
 * The codes of a manual entry (spec §5): split by newline or comma, trimmed, empties dropped.
 *
 * @example splitTrackingCodes('2IUP001, 2IUP002\n\n2IUP003') // ['2IUP001', '2IUP002', '2IUP003']
 */
export function splitTrackingCodes(text: string): string[] {
  return text
    .split(/[\n\r,]+/)
    .map((code) => code.trim())
    .filter(Boolean);
}

/**
 * A manual entry ready to send, or 'Inserisci almeno un tracking code'. The text goes as typed:
 * the server splits it the same way and names duplicates and malformed codes.
 */
export function checkManualCodes(text: string): CheckedCodes {
  if (splitTrackingCodes(text).length === 0) return { ok: false, message: carrierMessages.codesRequired };
  return { ok: true, body: { method: 'manual', trackingCodes: text } };
}

/** A range ready to send, or 'Inserisci entrambi i codici DA e A' when either end is missing (spec §5). */
export function checkRange(fromCode: string, toCode: string): CheckedCodes {
  const from = fromCode.trim();
  const to = toCode.trim();
  if (!from || !to) return { ok: false, message: carrierMessages.rangeRequired };
  return { ok: true, body: { method: 'range', fromCode: from, toCode: to } };
}

/** International letter services use UPU S10 codes (`RR12345678 5IT`). */
export function usesS10(carrierCode: string): boolean {
  return (s10CarrierCodes as readonly string[]).includes(carrierCode);
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7];

/**
 * The S10 code of an 8-digit serial with its check digit (providers.md: weights 8,6,4,2,3,5,9,7;
 * 11 − (sum mod 11); 10 → 0, 11 → 5), used for the placeholders.
 *
 * @example s10Code('RR', '12345678') // 'RR123456785IT'
 */
export function s10Code(service: string, serial: string): string {
  const sum = serial.split('').reduce((acc, digit, i) => acc + Number(digit) * S10_WEIGHTS[i], 0);
  const raw = 11 - (sum % 11);
  const check = raw === 10 ? 0 : raw === 11 ? 5 : raw;
  return `${service}${serial}${check}IT`;
}

/** The example codes shown as placeholders: the spec's `2IUP` prefix at home, S10 abroad. */
export function codeExamples(carrierCode: string): { manual: string; from: string; to: string } {
  if (usesS10(carrierCode)) {
    const service = carrierCode === 'posta_rc_intl' ? 'RR' : 'LX';
    return {
      manual: [s10Code(service, '12345678'), s10Code(service, '12345679')].join('\n'),
      from: s10Code(service, '00000001'),
      to: s10Code(service, '00000100'),
    };
  }
  return { manual: '2IUP00000001\n2IUP00000002', from: '2IUP00000001', to: '2IUP00000100' };
}

/** The Gestisci tab's status filter: Tutti, Disponibili, Usati. */
export type CodeFilter = 'all' | Extract<TrackingCodeStatus, 'available' | 'used'>;
export const CODE_FILTERS: readonly CodeFilter[] = ['all', 'available', 'used'];
export const CODES_PAGE_SIZE = 20;

/** The `?status&page&pageSize` of `GET .../tracking-codes` (no status for Tutti). */
export function codeListQuery(filter: CodeFilter, page: number, pageSize = CODES_PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (filter !== 'all') query.set('status', filter);
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return query.toString();
}

/** "Mostrando X - Y di N": the first and last row of a page (0 - 0 when empty). */
export function pageRange(page: number, pageSize: number, totalItems: number): { from: number; to: number } {
  if (totalItems === 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from, to: Math.min(totalItems, page * pageSize) };
}

/** Today in Italy as YYYY-MM-DD (the distinta's default day, whatever the browser's time zone). */
export function todayInItaly(now: Date = new Date()): string {
  // sv-SE formats dates as ISO (YYYY-MM-DD).
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
