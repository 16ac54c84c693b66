/**
 * UPU S10 item identifiers (providers.md "Letter products"): the codes of the international tracked
 * letters, such as `RR123456785IT` — a 2-letter service indicator, an 8-digit serial, one check
 * digit and the 2-letter country of the issuing post (`IT` for Poste Italiane).
 */

/** The country suffix of the codes Poste Italiane issues. */
export const S10_COUNTRY = 'IT';

/** Weights of the 8 serial digits, left to right (UPU S10). */
const WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

const S10 = /^([A-Z]{2})(\d{8})(\d)([A-Z]{2})$/;

/** The parts of an S10 code as written; the check digit is not verified here. */
export interface S10Parts {
  /** Service indicator, e.g. `RR` (registered) or `EE` (EMS). */
  service: string;
  /** The 8-digit serial, zero padding kept. */
  serial: string;
  checkDigit: number;
  /** Issuing country, e.g. `IT`. */
  country: string;
}

/**
 * The check digit of an 8-digit serial: weights 8,6,4,2,3,5,9,7; 11 − (sum mod 11), where 10 becomes
 * 0 and 11 becomes 5. Called when a code is validated and for every code of an expanded range.
 * Throws a `RangeError` for anything but exactly 8 digits (a programming error, not user input).
 *
 * @example s10CheckDigit('12345678') // 5, as in RR123456785IT
 */
export function s10CheckDigit(serial8: string): number {
  if (!/^\d{8}$/.test(serial8)) throw new RangeError(`An S10 serial has 8 digits, got "${serial8}"`);
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += (serial8.charCodeAt(i) - 48) * WEIGHTS[i]!;
  const check = 11 - (sum % 11);
  return check === 10 ? 0 : check === 11 ? 5 : check;
}

/**
 * Splits a code already trimmed and upper-cased into its S10 parts; null when it does not have the
 * S10 shape (2 letters, 9 digits, 2 letters). The check digit is read, not verified.
 *
 * @example parseS10('RR123456785IT') // { service: 'RR', serial: '12345678', checkDigit: 5, country: 'IT' }
 */
export function parseS10(code: string): S10Parts | null {
  const match = S10.exec(code);
  if (!match) return null;
  return { service: match[1]!, serial: match[2]!, checkDigit: Number(match[3]), country: match[4]! };
}

/**
 * Whether `code` is a well-formed S10 code whose check digit is right; with `country`, the suffix
 * must also be that country. Case-sensitive: callers upper-case what the user typed first.
 *
 * @example isValidS10('RR123456785IT') // true
 * @example isValidS10('RR123456784IT') // false: the check digit of 12345678 is 5
 * @example isValidS10('RR123456785FR', 'IT') // false: not issued in Italy
 */
export function isValidS10(code: string, country?: string): boolean {
  const parts = parseS10(code);
  if (!parts) return false;
  if (country !== undefined && parts.country !== country) return false;
  return parts.checkDigit === s10CheckDigit(parts.serial);
}

/**
 * The S10 code of a service indicator, a serial (a number or a string of digits, padded to 8) and a
 * country, with its check digit computed. Used to expand a range serial by serial. Throws a
 * `RangeError` for a service or country that is not 2 capital letters or a serial outside 0–99999999.
 *
 * @example formatS10('RR', 123456, 'IT') // 'RR001234568IT'
 */
export function formatS10(service: string, serial: number | string, country: string = S10_COUNTRY): string {
  if (!/^[A-Z]{2}$/.test(service)) throw new RangeError(`An S10 service indicator is 2 capital letters, got "${service}"`);
  if (!/^[A-Z]{2}$/.test(country)) throw new RangeError(`An S10 country is 2 capital letters, got "${country}"`);
  const digits = typeof serial === 'number' ? (Number.isInteger(serial) && serial >= 0 ? String(serial) : '') : serial;
  if (!/^\d{1,8}$/.test(digits)) throw new RangeError(`An S10 serial is 0–99999999, got "${serial}"`);
  const serial8 = digits.padStart(8, '0');
  return `${service}${serial8}${s10CheckDigit(serial8)}${country}`;
}
