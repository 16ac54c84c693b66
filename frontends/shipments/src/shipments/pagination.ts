/** The list footer's arithmetic: which shipments a page shows and its text. */
import { formatCount } from '../format';
import { t } from '../messages';

/**
 * The first and last position (1-based) of a page's shipments; 0 - 0 for an empty list.
 *
 * @example pageRange(2, 20, 45) // { from: 21, to: 40 }
 */
export function pageRange(page: number, pageSize: number, totalItems: number): { from: number; to: number } {
  if (totalItems <= 0 || pageSize <= 0 || page < 1) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, totalItems);
  return { from, to: Math.min(page * pageSize, totalItems) };
}

/**
 * Spec §2 footer: 'Mostrando X - Y di N spedizioni'.
 *
 * @example shownText(3, 20, 12345) // 'Mostrando 41 - 60 di 12.345 spedizioni'
 */
export function shownText(page: number, pageSize: number, totalItems: number): string {
  const { from, to } = pageRange(page, pageSize, totalItems);
  return t.pagination.shown(formatCount(from), formatCount(to), formatCount(Math.max(totalItems, 0)));
}
