/**
 * Amounts travel as decimal text ("12.34") and are stored as numeric(12,2): at most 10 digits before
 * the point. Arithmetic (a line's total from its unit price) is done in cents, never in floats.
 */

const DECIMAL = /^(-?)(\d{1,10})(?:[.,](\d+))?$/;

/**
 * Cents of a decimal text, rounded half away from zero to 2 decimals; null when it is not a
 * number we can store (empty, not decimal, 11 digits or more before the point).
 *
 * @example toCents('12.345') // 1235n
 */
export function toCents(text: string): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  let cents = BigInt(whole) * 100n + BigInt((fraction + '00').slice(0, 2));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  return sign === '-' && cents !== 0n ? -cents : cents;
}

/** "12.34" from cents. */
export function formatCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** The largest amount numeric(12,2) holds, in cents. */
export const MAX_CENTS = 999_999_999_999n;
