import { formatDistanceToNow } from 'date-fns';
import { it } from 'date-fns/locale';
import { parseDate } from '@smista/ui-kit';

/**
 * How long ago (or how far ahead), in Italian with its suffix (spec §2 'Data': relative time),
 * e.g. "circa 2 ore fa", "3 giorni fa"; '' when there is no valid date. Dates and times are the
 * kit's (`formatDate`, `formatDateTime`), the same on every screen.
 *
 * @example formatRelative(new Date(Date.now() - 5 * 60_000).toISOString()) // '5 minuti fa'
 */
export function formatRelative(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? formatDistanceToNow(date, { locale: it, addSuffix: true }) : '';
}
