/**
 * The tracking-code pools of the letter services (spec §5, providers.md "Letter products and code
 * pools"): what a merchant may add by hand or by range, decided before anything is stored. Whether a
 * code is already in the pool is the store's question, asked in the same transaction as the insert.
 */
import {
  carrierMessages as m,
  MAX_MANUAL_CODES,
  MAX_RANGE_CODES,
  s10CarrierCodes,
  type PoolCarrierCode,
} from '@smista/contracts';
import { carriersErrors } from './errors';
import { formatS10, parseS10, S10_COUNTRY, s10CheckDigit, type S10Parts } from './s10';

export { formatS10, isValidS10, parseS10, S10_COUNTRY, s10CheckDigit, type S10Parts } from './s10';

/** The longest code a pool accepts (spec §5 rule; also what the contracts schema allows for a range end). */
export const MAX_CODE_LENGTH = 40;

/** Codes named in a message are cut to this many characters, so a pasted paragraph stays readable. */
const SHOWN_CODE_LENGTH = 40;

const ALPHANUMERIC = /^[A-Za-z0-9]+$/;
/** Newline (LF, CRLF or a lone CR from old spreadsheets) or comma. */
const SEPARATORS = /\r\n|[\r\n,]/;

/** Whether a carrier's codes are UPU S10 (the international registered and priority letters). */
export function usesS10(carrier: PoolCarrierCode): boolean {
  return (s10CarrierCodes as readonly string[]).includes(carrier);
}

/**
 * Codes named in a message: up to `max` of them, then "e altri N". One more than `max` is listed in
 * full rather than as "e altri 1". Used by every refusal that names codes (invalid, repeated,
 * already in the pool).
 *
 * @example describeCodes(['A', 'B', 'C', 'D', 'E'], 3) // 'A, B, C e altri 2'
 */
export function describeCodes(codes: readonly string[], max = 10): string {
  const limit = Math.max(1, Math.floor(max));
  const show = (code: string) => (code.length > SHOWN_CODE_LENGTH ? `${code.slice(0, SHOWN_CODE_LENGTH)}…` : code);
  if (codes.length <= limit + 1) return codes.map(show).join(', ');
  const rest = codes.length - limit;
  return `${codes.slice(0, limit).map(show).join(', ')} e altri ${rest.toLocaleString('it-IT')}`;
}

/**
 * The codes of a manual addition (`method: manual`), split, trimmed, upper-cased and checked; throws
 * the Italian refusal otherwise. Called by `AddTrackingCodes` before the pool is locked.
 *
 * - split by newline (LF, CRLF) or comma, also inside each string of a list; blanks dropped;
 * - at least one code, at most `MAX_MANUAL_CODES`;
 * - each code letters and digits only, at most 40 characters; for `posta_pr_intl` and
 *   `posta_rc_intl` an S10 code of Poste Italiane (`RR123456785IT`) with a right check digit;
 * - no code twice in the request (after upper-casing: `abc` and `ABC` are one code).
 *
 * @example parseManualCodes('2iup0001, 2IUP0002\r\n\n2IUP0003', 'posta_1') // ['2IUP0001', '2IUP0002', '2IUP0003']
 * @throws CarriersError `INVALID_CODES` (rule broken) or `DUPLICATE_CODES` (codes repeated, named)
 */
export function parseManualCodes(input: string | readonly string[], carrier: PoolCarrierCode): string[] {
  const typed: string[] = [];
  for (const chunk of typeof input === 'string' ? [input] : input) {
    for (const piece of chunk.split(SEPARATORS)) {
      const code = piece.trim();
      if (code) typed.push(code);
    }
  }
  if (typed.length === 0) throw carriersErrors.invalidCodes(m.codesRequired);
  if (typed.length > MAX_MANUAL_CODES) throw carriersErrors.invalidCodes(m.tooManyCodes(MAX_MANUAL_CODES));

  const problem = usesS10(carrier) ? s10Problems(typed) : domesticProblems(typed);
  if (problem) throw carriersErrors.invalidCodes(problem);

  const codes = typed.map((code) => code.toUpperCase());
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const code of codes) {
    if (seen.has(code)) repeated.add(code);
    else seen.add(code);
  }
  // A code typed twice is a mistake in the request (400), not a conflict with the pool (409).
  if (repeated.size > 0) throw carriersErrors.invalidCodes(m.duplicateInRequest(describeCodes([...repeated])));
  return codes;
}

/**
 * The codes of a range addition (`method: range`), both ends included; throws the Italian refusal
 * when the range is not one. Called by `AddTrackingCodes` before the pool is locked. Linear in the
 * size of the range (100,000 codes take a few milliseconds).
 *
 * - Domestic services (`posta_1`, `posta_rc`): a code is a prefix and a trailing number; DA and A
 *   share the prefix and the width, and the number keeps its zero padding.
 * - International services: DA and A are S10 codes of Poste Italiane with right check digits and the
 *   same service indicator; the 8-digit serial runs from DA to A and each code gets its check digit.
 * - DA after A is refused; more than `MAX_RANGE_CODES` codes are refused; DA = A is one code.
 *
 * @example expandRange('2IUP00000001', '2IUP00000003', 'posta_1') // ['2IUP00000001', '2IUP00000002', '2IUP00000003']
 * @example expandRange('RR123456785IT', 'RR123456808IT', 'posta_rc_intl') // ['RR123456785IT', 'RR123456799IT', 'RR123456808IT']
 * @throws CarriersError `INVALID_CODES`
 */
export function expandRange(from: string, to: string, carrier: PoolCarrierCode): string[] {
  const first = from.trim();
  const last = to.trim();
  if (!first || !last) throw carriersErrors.invalidCodes(m.rangeRequired);
  const typed = [first, last];
  const problem = usesS10(carrier) ? s10Problems(typed) : domesticProblems(typed);
  if (problem) throw carriersErrors.invalidCodes(problem);
  const [a, b] = [first.toUpperCase(), last.toUpperCase()];
  return usesS10(carrier) ? expandS10(a, b) : expandDomestic(a, b);
}

/** The message refusing domestic codes that are not 1–40 letters and digits, or null. */
function domesticProblems(typed: readonly string[]): string | null {
  // Checked on the code as typed: upper-casing some non-ASCII letters yields ASCII (`ß` → `SS`).
  const bad = typed.filter((code) => code.length > MAX_CODE_LENGTH || !ALPHANUMERIC.test(code));
  return bad.length > 0 ? m.codeInvalid(describeCodes(unique(bad))) : null;
}

/**
 * The message refusing international codes that are not S10 of Poste Italiane or whose check digit
 * is wrong, or null. Both kinds are named in one answer so the merchant fixes the list at once.
 */
function s10Problems(typed: readonly string[]): string | null {
  const malformed: string[] = [];
  const wrongCheck: string[] = [];
  for (const code of typed) {
    const parts = code.length <= MAX_CODE_LENGTH && ALPHANUMERIC.test(code) ? parseS10(code.toUpperCase()) : null;
    if (!parts || parts.country !== S10_COUNTRY) malformed.push(code);
    else if (parts.checkDigit !== s10CheckDigit(parts.serial)) wrongCheck.push(code);
  }
  const messages: string[] = [];
  if (malformed.length > 0) messages.push(m.s10Invalid(describeCodes(unique(malformed))));
  if (wrongCheck.length > 0) messages.push(m.s10CheckDigit(describeCodes(unique(wrongCheck))));
  return messages.length > 0 ? messages.join('. ') : null;
}

/** The trailing number of a domestic code: `2IUP00000025` → prefix `2IUP`, digits `00000025`. */
function splitDomestic(code: string): { prefix: string; digits: string } | null {
  const match = /^(.*?)(\d+)$/.exec(code);
  return match ? { prefix: match[1]!, digits: match[2]! } : null;
}

function expandDomestic(from: string, to: string): string[] {
  const a = splitDomestic(from);
  const b = splitDomestic(to);
  if (!a || !b) throw carriersErrors.invalidCodes(m.rangeNoNumber);
  // Same prefix and same total length means the same digit width, so the padding is kept.
  if (a.prefix !== b.prefix || a.digits.length !== b.digits.length) throw carriersErrors.invalidCodes(m.rangePrefixMismatch);
  // Up to 40 digits: BigInt for the bounds, so no width loses precision.
  const start = BigInt(a.digits);
  const end = BigInt(b.digits);
  const count = rangeCount(start, end);
  const width = a.digits.length;
  const codes = new Array<string>(count);
  if (width <= 15) {
    // Below 2^53: plain numbers, several times faster than BigInt for 100,000 codes.
    const base = Number(start);
    for (let i = 0; i < count; i++) codes[i] = a.prefix + String(base + i).padStart(width, '0');
  } else {
    for (let i = 0; i < count; i++) codes[i] = a.prefix + (start + BigInt(i)).toString().padStart(width, '0');
  }
  return codes;
}

function expandS10(from: string, to: string): string[] {
  const a = parseS10(from) as S10Parts;
  const b = parseS10(to) as S10Parts;
  if (a.service !== b.service || a.country !== b.country) throw carriersErrors.invalidCodes(m.rangePrefixMismatch);
  const start = Number(a.serial);
  const count = rangeCount(BigInt(start), BigInt(b.serial));
  const codes = new Array<string>(count);
  for (let i = 0; i < count; i++) codes[i] = formatS10(a.service, start + i, a.country);
  return codes;
}

/** How many codes from `start` to `end` inclusive; refuses reversed and oversized ranges. */
function rangeCount(start: bigint, end: bigint): number {
  if (end < start) throw carriersErrors.invalidCodes(m.rangeReversed);
  const count = end - start + 1n;
  if (count > BigInt(MAX_RANGE_CODES)) throw carriersErrors.invalidCodes(m.rangeTooLarge(MAX_RANGE_CODES));
  return Number(count);
}

/** The codes once each, in the order first typed (a refusal names a code once). */
function unique(codes: readonly string[]): string[] {
  return [...new Set(codes)];
}
