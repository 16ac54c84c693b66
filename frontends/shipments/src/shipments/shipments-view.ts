/**
 * What the shipments list shows, read from and written to the URL's query (page, pageSize, status,
 * carrier, search), so a reload or a shared link shows the same view. Pure: the page turns
 * `useSearchParams` into a {@link ShipmentsView} with {@link readShipmentsView}, changes it with the
 * kit's `changeListView` (spec §4: any change but the page goes back to page 1) and writes it back
 * with {@link writeShipmentsView}.
 */
import { readShipmentsUrlQuery, SHIPMENT_PAGE_SIZE_DEFAULT, SHIPMENT_PAGE_SIZES, type ShipmentStatusFilter } from '@smista/contracts';

/** Spec §9: the page sizes offered. */
export const PAGE_SIZES = SHIPMENT_PAGE_SIZES;

/** The list's view, with the defaults filled in. */
export interface ShipmentsView {
  page: number;
  pageSize: number;
  /** A status filter; null is 'Tutte'. */
  status: ShipmentStatusFilter | null;
  /** A carrier integration's id; null is 'Tutti i corrieri'. */
  carrier: number | null;
  /** '' when not searching. */
  search: string;
}

/** Spec §9 defaults: page 1, 20 per page, every status and carrier. */
export const DEFAULT_VIEW: ShipmentsView = { page: 1, pageSize: SHIPMENT_PAGE_SIZE_DEFAULT, status: null, carrier: null, search: '' };

/** The tabs of spec §2, by the count of `meta.statusCounts` each shows. */
export type StatusTabKey = 'all' | 'pending' | 'shipped' | 'error' | 'da_stampare';

/** Spec §2 status tabs and the filter value each sets. */
export const STATUS_TABS: readonly { key: StatusTabKey; status: ShipmentStatusFilter | null }[] = [
  { key: 'all', status: null },
  { key: 'pending', status: 'pending' },
  { key: 'shipped', status: 'shipped' },
  { key: 'error', status: 'error' },
  { key: 'da_stampare', status: 'da_stampare' },
];

/**
 * The view a URL query asks for, each parameter read with the contracts' `readShipmentsUrlQuery`
 * (the gateway's own rules): a bad value falls back to its default instead of breaking the screen.
 *
 * @example readShipmentsView(new URLSearchParams('status=ERROR&page=0')) // status 'error', page 1
 */
export function readShipmentsView(params: URLSearchParams): ShipmentsView {
  const query = readShipmentsUrlQuery(params);
  return {
    page: query.page,
    pageSize: query.pageSize,
    status: query.status ?? null,
    carrier: query.carrier ?? null,
    search: query.search ?? '',
  };
}

/**
 * The URL query of a view: only what differs from the defaults, in a fixed order, so the plain
 * list has a bare address and equal views have equal links.
 *
 * @example writeShipmentsView({ ...DEFAULT_VIEW, status: 'shipped', page: 2 }).toString() // 'status=shipped&page=2'
 */
export function writeShipmentsView(view: ShipmentsView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.carrier !== null) params.set('carrier', String(view.carrier));
  if (view.search.trim()) params.set('search', view.search.trim());
  if (view.page !== DEFAULT_VIEW.page) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_VIEW.pageSize) params.set('pageSize', String(view.pageSize));
  return params;
}

/** Whether the search or the carrier narrows the list (the tabs are not filters to clear). */
export function hasFilters(view: ShipmentsView): boolean {
  return view.search.trim() !== '' || view.carrier !== null;
}

/** 'Rimuovi filtri': search and carrier cleared, page 1; the tab and the page size stay. */
export function clearFilters(view: ShipmentsView): ShipmentsView {
  return { ...view, search: '', carrier: null, page: 1 };
}

/**
 * The API call of a view (spec §7): page and size always, status, carrier and search when set
 * (absent means all).
 *
 * @example shipmentsApiPath({ ...DEFAULT_VIEW, carrier: 3 }) // '/api/shipments?page=1&pageSize=20&carrier=3'
 */
export function shipmentsApiPath(view: ShipmentsView): string {
  const params = new URLSearchParams({ page: String(view.page), pageSize: String(view.pageSize) });
  if (view.status) params.set('status', view.status);
  if (view.carrier !== null) params.set('carrier', String(view.carrier));
  if (view.search.trim()) params.set('search', view.search.trim());
  return `/api/shipments?${params.toString()}`;
}
