import type { ComponentType } from 'react';
import type { PageMetaJson } from '@smista/contracts';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import { formatCount } from '../lib/format';
import { pageButtons, pageRange, pageSizeOptions } from '../lib/list-view';
import { uiText } from '../lib/ui-text';
import { Button } from './button';
import { NativeSelect } from './native-select';

/** What the server said of the list's pages: the part of the contracts' `PageMetaJson` the footer reads. */
export type PagerMeta = Pick<PageMetaJson, 'pageSize' | 'totalItems' | 'totalPages'>;

/**
 * The footer's text from the list's own words, the counts in the Italian style.
 *
 * @example shownText(3, 20, 12345, (f, t, n) => `Mostrando ${f} - ${t} di ${n} ordini`) // 'Mostrando 41 - 60 di 12.345 ordini'
 */
export function shownText(page: number, pageSize: number, totalItems: number, shown: (from: string, to: string, total: string) => string): string {
  const { from, to } = pageRange(page, pageSize, totalItems);
  return shown(formatCount(from), formatCount(to), formatCount(Math.max(totalItems, 0)));
}

export interface PagerFooterProps {
  meta: PagerMeta;
  /** The page and size the view asks for (a page past the end shows as the last). */
  view: { page: number; pageSize: number };
  /** Moves to a page, or changes the size (the list's `setView`). */
  setView: (patch: { page?: number; pageSize?: number }) => void;
  /** The usual page sizes; the view's own is added when a link asked for another. */
  pageSizes: readonly number[];
  /** The next page is loading: the page buttons wait. */
  busy: boolean;
  /** The list's own words: the footer's accessible name ('Paginazione degli ordini') and 'Mostrando X - Y di N ordini'. */
  text: { label: string; shown: (from: string, to: string, total: string) => string };
  /**
   * `orders` → `orders-pagination`, `orders-shown`, `orders-page-size`, `orders-first`,
   * `orders-prev`, `orders-page-number` (`aria-current="page"` on the current), `orders-page-of`,
   * `orders-next`, `orders-last`.
   */
  testIdPrefix: string;
}

/**
 * The footer of a paged list: 'Mostrando X - Y di N ...', the rows-per-page select and, when there
 * is more than one page, first / previous / the page numbers / next / last. On a phone the numbers
 * give way to 'Pagina X di Y', so the row fits 390 px.
 */
export function PagerFooter({ meta, view, setView, pageSizes, busy, text, testIdPrefix }: PagerFooterProps) {
  const { pageSize } = view;
  const onPage = (page: number) => setView({ page });
  const id = (name: string) => `${testIdPrefix}-${name}`;
  const totalPages = Math.max(meta.totalPages, 1);
  const page = Math.min(view.page, totalPages);
  const step = (hint: string, to: number, disabled: boolean, name: string, Icon: ComponentType<{ 'aria-hidden'?: boolean }>) => (
    <Button variant="outline" size="icon" className="h-8 w-8" onClick={() => onPage(to)} disabled={disabled || busy} aria-label={hint} title={hint} data-testid={id(name)}>
      <Icon aria-hidden />
    </Button>
  );
  return (
    <nav className="flex flex-col gap-3 text-sm lg:flex-row lg:items-center lg:justify-between" aria-label={text.label} data-testid={id('pagination')}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="text-muted-foreground" data-testid={id('shown')}>
          {shownText(page, meta.pageSize || pageSize, meta.totalItems, text.shown)}
        </span>
        <label className="flex items-center gap-2 text-muted-foreground">
          <span className="whitespace-nowrap">{uiText.pager.pageSize}</span>
          <NativeSelect value={String(pageSize)} onChange={(e) => setView({ pageSize: Number(e.target.value) })} className="h-8 w-20" data-testid={id('page-size')}>
            {pageSizeOptions(pageSizes, pageSize).map((size) => (
              <option key={size} value={String(size)}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </label>
      </div>
      {meta.totalPages > 1 ? (
        <div className="flex items-center gap-1 self-center lg:self-auto">
          {step(uiText.pager.first, 1, page <= 1, 'first', ChevronsLeft)}
          {step(uiText.pager.previous, page - 1, page <= 1, 'prev', ChevronLeft)}
          <span className="whitespace-nowrap px-2 tabular-nums text-muted-foreground sm:hidden" data-testid={id('page-of')}>
            {uiText.pager.pageOf(formatCount(page), formatCount(totalPages))}
          </span>
          <div className="hidden items-center gap-1 sm:flex">
            {pageButtons(page, totalPages).map((item, index) =>
              item === 'gap' ? (
                <span key={`gap-${index}`} className="px-1 text-muted-foreground" aria-hidden>
                  …
                </span>
              ) : (
                <Button
                  key={item}
                  variant={item === page ? 'default' : 'ghost'}
                  size="sm"
                  className="h-8 min-w-8 px-2 tabular-nums"
                  onClick={() => onPage(item)}
                  disabled={busy && item !== page}
                  aria-current={item === page ? 'page' : undefined}
                  aria-label={uiText.pager.page(item)}
                  data-testid={id('page-number')}
                >
                  {item}
                </Button>
              ),
            )}
          </div>
          {step(uiText.pager.next, page + 1, page >= totalPages, 'next', ChevronRight)}
          {step(uiText.pager.last, totalPages, page >= totalPages, 'last', ChevronsRight)}
        </div>
      ) : null}
    </nav>
  );
}
