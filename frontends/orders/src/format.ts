/** Spec §9: default currency EUR. */
const DEFAULT_CURRENCY = 'EUR';

/**
 * An amount in the order's currency, Italian style ("12.345,50 €", "12,00 USD"). Amounts come as
 * text (spec §3 total); one that is not a number shows as it came, and an unknown currency code
 * shows the number with the code after it.
 *
 * @example formatMoney('12345.5', 'EUR') // '12.345,50 €'
 */
export function formatMoney(amount: string | number | null | undefined, currency: string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const value = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(value)) return String(amount);
  const code = (currency ?? '').trim().toUpperCase() || DEFAULT_CURRENCY;
  try {
    return new Intl.NumberFormat('it-IT', { style: 'currency', currency: code }).format(value);
  } catch {
    return `${new Intl.NumberFormat('it-IT', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)} ${code}`;
  }
}
