import { ApiError } from '@smista/ui-kit';
import { t } from '../../messages';

/** The orders-to-ship tile's value: the count, or a dash while it was never read (loading, or failed: never a 0 that looks real). */
export function toShipValue(query: { data?: number }): string {
  return query.data === undefined ? '—' : String(query.data);
}

/** The §8 text of a failed count: 'Errore nel recupero degli ordini: {status} {body}'. */
export function toShipError(error: unknown): string {
  return error instanceof ApiError ? t.dashboard.ordersCountFailed(error.status, error.bodyText) : t.dashboard.ordersCountFailed(0, String(error));
}
