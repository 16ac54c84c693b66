/**
 * What the orders list shows, read from and written to the URL's query (spec §2: the query
 * parameters are the single source of truth, so a reload or a shared link shows the same view).
 * Pure: the page turns `useSearchParams` into an {@link OrdersView} with {@link readOrdersView},
 * changes it with the kit's `changeListView` (spec §4: any change but the page goes back to page 1),
 * and writes it back with {@link writeOrdersView}.
 */
import {
  ORDER_PAGE_SIZE_DEFAULT,
  orderStatusFilters,
  readOrdersUrlQuery,
  type OrderMarketplaceFilter,
  type OrderSortField,
  type OrderStatusFilter,
} from '@smista/contracts';

/** Spec §9: the page sizes offered (shipments' list names them; the orders list offers the same). */
export const PAGE_SIZES = [10, 20, 50, 100] as const;

/** The list's view: every §2 query parameter, with the defaults filled in. */
export interface OrdersView {
  /** An integration tab (`GET /api/orders/integration/{id}`); null is 'Tutti'. */
  integration: number | null;
  page: number;
  pageSize: number;
  sortBy: OrderSortField;
  sortOrder: 'asc' | 'desc';
  /** '' when not searching. */
  search: string;
  /** A §4 filter value; null is every status. */
  status: OrderStatusFilter | null;
  marketplace: OrderMarketplaceFilter | null;
  /** Calendar days, `yyyy-MM-dd` (the date inputs' format); null when open. */
  startDate: string | null;
  endDate: string | null;
  /** Only the orders with 'Peso mancante' (issue 25); null: every order. */
  weightMissing: true | null;
}

/** Spec §2 defaults: page 1, 20 per page, newest orders first. */
export const DEFAULT_VIEW: OrdersView = {
  integration: null,
  page: 1,
  pageSize: ORDER_PAGE_SIZE_DEFAULT,
  sortBy: 'orderDate',
  sortOrder: 'desc',
  search: '',
  status: null,
  marketplace: null,
  startDate: null,
  endDate: null,
  weightMissing: null,
};

/**
 * The status tabs: 'Tutti', then one per status in the contracts' order (Da pagare, Da spedire, In
 * transito, Spedito, Consegnato, Annullato). Every order has exactly one status, so every order is
 * in exactly one tab besides 'Tutti' and their counts add up to it (issue 19).
 */
export const STATUS_TABS: readonly ('all' | OrderStatusFilter)[] = ['all', ...(Object.keys(orderStatusFilters) as OrderStatusFilter[])];

/** The parts of the view that narrow the list (what 'Rimuovi filtri' clears). */
export const FILTER_KEYS = ['integration', 'status', 'marketplace', 'search', 'startDate', 'endDate', 'weightMissing'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

const STATUS_BY_STORED = Object.fromEntries(Object.entries(orderStatusFilters).map(([filter, stored]) => [stored, filter])) as Record<
  string,
  OrderStatusFilter
>;

/**
 * The view a URL query asks for. Each parameter is read with the contracts' `readOrdersUrlQuery`
 * (the gateway's own rules), so a bad value falls back to its default instead of breaking the
 * screen; a start date after the end date drops both.
 *
 * @example readOrdersView(new URLSearchParams('status=to_ship&page=0')) // status 'TO_SHIP', page 1
 */
export function readOrdersView(params: URLSearchParams): OrdersView {
  const query = readOrdersUrlQuery(params);
  let startDate = query.startDate ? query.startDate.slice(0, 10) : null;
  let endDate = query.endDate ? query.endDate.slice(0, 10) : null;
  if (startDate && endDate && startDate > endDate) {
    startDate = null;
    endDate = null;
  }
  return {
    integration: query.integration ?? null,
    page: query.page,
    pageSize: query.pageSize,
    sortBy: query.sortBy,
    sortOrder: query.sortOrder,
    search: query.search ?? '',
    status: query.status ? (STATUS_BY_STORED[query.status] ?? null) : null,
    marketplace: query.marketplace ?? null,
    startDate,
    endDate,
    weightMissing: query.weightMissing === true ? true : null,
  };
}

/**
 * The URL query of a view: only the values that differ from the defaults, in a fixed order, so
 * that the plain list has a bare address and equal views have equal links.
 *
 * @example writeOrdersView({ ...DEFAULT_VIEW, status: 'SHIPPED', page: 2 }).toString() // 'status=SHIPPED&page=2'
 */
export function writeOrdersView(view: OrdersView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.integration !== null) params.set('integration', String(view.integration));
  if (view.status) params.set('status', view.status);
  if (view.marketplace) params.set('marketplace', view.marketplace);
  if (view.search.trim()) params.set('search', view.search.trim());
  if (view.startDate) params.set('startDate', view.startDate);
  if (view.endDate) params.set('endDate', view.endDate);
  if (view.weightMissing) params.set('weightMissing', 'true');
  if (view.sortBy !== DEFAULT_VIEW.sortBy) params.set('sortBy', view.sortBy);
  if (view.sortOrder !== DEFAULT_VIEW.sortOrder) params.set('sortOrder', view.sortOrder);
  if (view.page !== DEFAULT_VIEW.page) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_VIEW.pageSize) params.set('pageSize', String(view.pageSize));
  return params;
}

/** Whether any filter narrows the list (then 'Rimuovi filtri' shows). */
export function hasFilters(view: OrdersView): boolean {
  return FILTER_KEYS.some((key) => (key === 'search' ? view.search.trim() !== '' : view[key] !== null));
}

/** The filters of the filter panel that are set (its button shows the number). */
export function panelFilterCount(view: OrdersView): number {
  return [view.status, view.integration, view.marketplace, view.startDate, view.endDate, view.weightMissing].filter((v) => v !== null).length;
}

/** 'Rimuovi filtri': every filter cleared, page 1; page size and sort stay. */
export function clearFilters(view: OrdersView): OrdersView {
  return { ...DEFAULT_VIEW, pageSize: view.pageSize, sortBy: view.sortBy, sortOrder: view.sortOrder };
}

/** Columns whose natural first order is newest or largest first. */
const DESCENDING_FIRST: ReadonlySet<OrderSortField> = new Set(['orderDate', 'createdAt', 'shipByDate', 'total', 'itemsCount']);

/**
 * A click on a sortable column header: the same column flips its order; another column starts
 * with its natural order (dates and amounts descending, text ascending).
 *
 * @example nextSort(DEFAULT_VIEW, 'orderDate') // { sortBy: 'orderDate', sortOrder: 'asc' }
 */
export function nextSort(view: Pick<OrdersView, 'sortBy' | 'sortOrder'>, field: OrderSortField): Pick<OrdersView, 'sortBy' | 'sortOrder'> {
  if (view.sortBy === field) return { sortBy: field, sortOrder: view.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortOrder: DESCENDING_FIRST.has(field) ? 'desc' : 'asc' };
}

/**
 * The API call of a view (spec §7): `GET /api/orders` or, with an integration tab,
 * `GET /api/orders/integration/{id}`, with every list parameter (page, size and sort always, the
 * filters when set; dates as calendar days, which the gateway reads as whole days).
 *
 * @example ordersApiPath({ ...DEFAULT_VIEW, integration: 3 })
 * // '/api/orders/integration/3?page=1&pageSize=20&sortBy=orderDate&sortOrder=desc'
 */
export function ordersApiPath(view: OrdersView): string {
  const params = new URLSearchParams({
    page: String(view.page),
    pageSize: String(view.pageSize),
    sortBy: view.sortBy,
    sortOrder: view.sortOrder,
  });
  if (view.search.trim()) params.set('search', view.search.trim());
  if (view.status) params.set('status', view.status);
  if (view.marketplace) params.set('marketplace', view.marketplace);
  if (view.startDate) params.set('startDate', view.startDate);
  if (view.endDate) params.set('endDate', view.endDate);
  if (view.weightMissing) params.set('weightMissing', 'true');
  const base = view.integration !== null ? `/api/orders/integration/${view.integration}` : '/api/orders';
  return `${base}?${params.toString()}`;
}
