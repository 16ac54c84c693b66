import { format } from 'date-fns';
import { it } from 'date-fns/locale';

/** A date in the Italian locale (spec §9), e.g. "22 nov 2026"; the raw text when unparseable. */
export function formatItalianDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'd MMM yyyy', { locale: it });
}

/** A date and time in the Italian locale, e.g. "22 nov 2026, 14:05". */
export function formatItalianDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, "d MMM yyyy, HH:mm", { locale: it });
}

/** A count with the Italian thousands separator ("100.000"). */
export function formatCount(n: number): string {
  return n.toLocaleString('it-IT');
}

/** A date as the marketplace screens show it, e.g. "05/03/2026"; the raw text when unparseable. */
export function formatNumericDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'dd/MM/yyyy');
}

/** Spec §2 integration detail: "dd/MM/yyyy HH:mm", e.g. "05/03/2026 14:05". */
export function formatNumericDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'dd/MM/yyyy HH:mm');
}
