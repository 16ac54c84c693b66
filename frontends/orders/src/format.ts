import { format } from 'date-fns';
import { it } from 'date-fns/locale';
import { t } from './messages';

/** Spec §9: default currency EUR. */
const DEFAULT_CURRENCY = 'EUR';

const parse = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A date in the Italian locale (spec §9), e.g. "22 nov 2026"; the raw text when unparseable, '' when none. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, 'd MMM yyyy', { locale: it }) : (value ?? '');
}

/** A date and time in the Italian locale, e.g. "22 nov 2026, 14:05". */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, 'd MMM yyyy, HH:mm', { locale: it }) : (value ?? '');
}

/** A count with the Italian thousands separator ("100.000"). */
export function formatCount(n: number): string {
  return n.toLocaleString('it-IT');
}

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

/** A marketplace's display name ('eBay'); an identifier the screen does not know shows as it came. */
export function marketplaceName(identifier: string): string {
  const names: Readonly<Record<string, string>> = t.marketplaceNames;
  return Object.hasOwn(names, identifier) ? names[identifier] : identifier;
}
