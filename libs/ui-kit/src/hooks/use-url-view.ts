import { useCallback, useEffect, useMemo } from 'react';
import { changeListView } from '../lib/list-view';

/** How a change of the view is written to the URL: a new history entry, or in place (`replace`). */
export interface SetViewOptions {
  replace?: boolean;
}

/** Changes the view: the patch goes through {@link changeListView} (page 1 unless only the page moved). */
export type SetListView<View> = (patch: Partial<View>, options?: SetViewOptions) => void;

/** What the list reads and writes its view with: the router's query and its setter (`useSearchParams()`). */
export interface UrlViewSource<View> {
  params: URLSearchParams;
  setParams: (next: URLSearchParams, options?: SetViewOptions) => void;
  /** The view a query asks for (bad values fall back to their defaults). */
  read: (params: URLSearchParams) => View;
  /** The query of a view (only what differs from the defaults, in a fixed order). */
  write: (view: View) => URLSearchParams;
}

/**
 * The address a view should have when it differs from the one shown: bad values fall back to their
 * defaults and defaults are left out, so equal views have equal links. Null when it is right.
 *
 * @example canonicalQuery(new URLSearchParams('page=1'), read, write)?.toString() // ''
 */
export function canonicalQuery<View>(params: URLSearchParams, read: (params: URLSearchParams) => View, write: (view: View) => URLSearchParams): URLSearchParams | null {
  const canonical = write(read(params));
  return canonical.toString() === params.toString() ? null : canonical;
}

/**
 * A list's view kept in the URL's query, its single source of truth (a reload or a shared link
 * shows the same list): the view as read, `setView` that writes a change (spec §4: any change but
 * the page goes back to page 1), and the address put right in place when it says a view in
 * another way. `read` and `write` must be stable (module functions).
 */
export function useUrlView<View extends { page: number }>({ params, setParams, read, write }: UrlViewSource<View>): { view: View; setView: SetListView<View> } {
  const view = useMemo(() => read(params), [params, read]);
  const setView: SetListView<View> = useCallback(
    (patch, options) => setParams(write(changeListView(view, patch)), { replace: options?.replace }),
    [view, setParams, write],
  );
  useEffect(() => {
    const canonical = canonicalQuery(params, read, write);
    if (canonical) setParams(canonical, { replace: true });
  }, [params, setParams, read, write]);
  return { view, setView };
}

/** What the last answer said of the list's pages, and whether it is the answer for the view shown (not the previous page kept on screen). */
export interface PageAnswer {
  totalPages: number;
  current: boolean;
}

/**
 * The page to step back to when the view asks for one past the end (items gone, a stale link):
 * the last one; null when the page is fine or the answer is not yet the view's own.
 *
 * @example pageToClamp(7, { totalPages: 3, current: true }) // 3
 */
export function pageToClamp(page: number, answer: PageAnswer | undefined): number | null {
  if (!answer || !answer.current || answer.totalPages <= 0 || page <= answer.totalPages) return null;
  return answer.totalPages;
}

/** Steps a view past the end back to the last page, in place (see {@link pageToClamp}). */
export function useClampPage<View extends { page: number }>(view: View, answer: PageAnswer | undefined, setView: SetListView<View>): void {
  const to = pageToClamp(view.page, answer);
  useEffect(() => {
    if (to !== null) setView({ page: to } as Partial<View>, { replace: true });
  }, [to, setView]);
}
