import { format, formatDistanceToNow } from 'date-fns';
import { it } from 'date-fns/locale';
import { t } from './messages';

const parse = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/**
 * How long ago (or how far ahead), in Italian with its suffix (spec §2 'Data': relative time),
 * e.g. "circa 2 ore fa", "3 giorni fa"; '' when there is no valid date.
 *
 * @example formatRelative(new Date(Date.now() - 5 * 60_000).toISOString()) // '5 minuti fa'
 */
export function formatRelative(value: string | null | undefined): string {
  const date = parse(value);
  return date ? formatDistanceToNow(date, { locale: it, addSuffix: true }) : '';
}

/** A date and time in the Italian locale, e.g. "22 nov 2026, 14:05"; the raw text when unparseable, '' when none. */
export function formatDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, 'd MMM yyyy, HH:mm', { locale: it }) : (value ?? '');
}

/** A calendar date in the Italian locale, e.g. "22 nov 2026". */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? format(date, 'd MMM yyyy', { locale: it }) : (value ?? '');
}

/** A count with the Italian thousands separator ("12.345"). */
export function formatCount(n: number): string {
  return n.toLocaleString('it-IT');
}

/**
 * A carrier's or marketplace's display name from its code ('gls' → 'GLS'); a code the screen does
 * not know shows as it came.
 */
export function providerName(code: string | null | undefined): string {
  const key = (code ?? '').trim().toLowerCase();
  return Object.hasOwn(t.providerNames, key) ? t.providerNames[key] : (code ?? '');
}
