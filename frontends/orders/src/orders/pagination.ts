/** The list footer's arithmetic: which orders a page shows, its text, and the page buttons. */
import { formatCount } from '../format';
import { t } from '../messages';

/**
 * The first and last position (1-based) of a page's orders; 0 - 0 for an empty list.
 *
 * @example pageRange(2, 20, 45) // { from: 21, to: 40 }
 */
export function pageRange(page: number, pageSize: number, totalItems: number): { from: number; to: number } {
  if (totalItems <= 0 || pageSize <= 0 || page < 1) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, totalItems);
  return { from, to: Math.min(page * pageSize, totalItems) };
}

/**
 * The footer text.
 *
 * @example shownText(3, 20, 12345) // 'Mostrando 41 - 60 di 12.345 ordini'
 */
export function shownText(page: number, pageSize: number, totalItems: number): string {
  const { from, to } = pageRange(page, pageSize, totalItems);
  return t.pagination.shown(formatCount(from), formatCount(to), formatCount(Math.max(totalItems, 0)));
}

/** A page button, or a gap ('…') between distant pages. */
export type PageButton = number | 'gap';

/**
 * The page buttons: the first, the last, and the current with a neighbour on each side; a gap
 * where pages are left out (one missing page is shown instead of a gap).
 *
 * @example pageButtons(6, 20) // [1, 'gap', 5, 6, 7, 'gap', 20]
 */
export function pageButtons(current: number, totalPages: number): PageButton[] {
  if (totalPages <= 0) return [];
  const wanted = new Set([1, totalPages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= totalPages));
  const pages = [...wanted].sort((a, b) => a - b);
  const out: PageButton[] = [];
  for (const page of pages) {
    const last = out.at(-1);
    if (typeof last === 'number' && page - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && page - last > 2) out.push('gap');
    out.push(page);
  }
  return out;
}
