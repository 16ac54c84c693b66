/**
 * The arithmetic every paged list of the remotes shares: how a change of the view moves the page,
 * which items a page shows, which page buttons the footer offers, and the selection's toggle.
 * Pure; the remotes keep what their views mean (filters, tabs, sort) and the URL they write.
 */

/**
 * The view after a change (spec §4): a change of anything but the page (a filter, a tab, the page
 * size, the sort) goes back to page 1, because the old page number would point somewhere else in
 * the list; a change of page alone keeps everything else, and a patch that names a page keeps it.
 *
 * @example changeListView({ page: 4, status: null }, { status: 'error' }) // { page: 1, status: 'error' }
 */
export function changeListView<View extends { page: number }>(view: View, patch: Partial<View>): View {
  const next = { ...view, ...patch };
  const changed = (Object.keys(patch) as (keyof View)[]).some((key) => key !== 'page' && patch[key] !== view[key]);
  if (changed && patch.page === undefined) next.page = 1;
  return next;
}

/**
 * The first and last position (1-based) of a page's items; 0 - 0 for an empty list.
 *
 * @example pageRange(2, 20, 45) // { from: 21, to: 40 }
 */
export function pageRange(page: number, pageSize: number, totalItems: number): { from: number; to: number } {
  if (totalItems <= 0 || pageSize <= 0 || page < 1) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * pageSize + 1, totalItems);
  return { from, to: Math.min(page * pageSize, totalItems) };
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

/**
 * The page sizes a footer offers: the usual ones, plus the view's own when a link asked for another
 * (so the select never lies about the size in force), in order.
 *
 * @example pageSizeOptions([10, 20, 50], 30) // [10, 20, 30, 50]
 */
export function pageSizeOptions(sizes: readonly number[], current: number): number[] {
  return sizes.includes(current) ? [...sizes] : [...sizes, current].sort((a, b) => a - b);
}

/**
 * A selection with one id switched: added when absent, removed when present. A new set; the
 * given one is left as it was.
 *
 * @example toggleId(new Set([1, 2]), 2) // Set {1}
 */
export function toggleId(selected: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(selected);
  if (!next.delete(id)) next.add(id);
  return next;
}
