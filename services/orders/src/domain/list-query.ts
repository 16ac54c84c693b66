import { orderStatuses, ordersQuerySchema, type OrderMarketplaceFilter, type OrderSortField, type OrderStatus } from '@smista/contracts';
import { likePattern } from '@smista/service-kit';

/** ListOrders as this module reads it (the generated `ListOrdersRequest` fits it). */
export interface ListRequest {
  integrationId: number;
  page: number;
  pageSize: number;
  sortBy: string;
  sortOrder: string;
  search: string;
  status: string;
  marketplace: string;
  startDate: string;
  endDate: string;
  /** Only the orders with 'Peso mancante' (issue 25). */
  weightMissing?: boolean;
}

/** The list's filters, sort and page, checked: what the store turns into SQL. */
export interface ListCriteria {
  integrationId?: number;
  status?: OrderStatus;
  marketplace?: OrderMarketplaceFilter;
  /** LIKE pattern of the search term (`search.ts`), matched against `search_text`. */
  searchPattern?: string;
  /** A search that is a whole number is also Smista's own order id (the shipment drawer's 'ID ordine', `/orders/{id}`). */
  searchId?: number;
  /** Inclusive bounds on the order date. */
  from?: Date;
  to?: Date;
  /** Only the orders a line of which has no weight ('Peso mancante'). */
  weightMissing?: boolean;
  sortBy: OrderSortField;
  sortOrder: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * The criteria of a ListOrders request, by the same rules as the gateway's query
 * (`ordersQuerySchema` of the contracts: Italian messages, pageSize clamped to 100, a date-only
 * end date covering its whole day). Zero values are "not given" (proto3): page 1, pageSize 20,
 * orderDate desc. A bad value throws the schema's ZodError (INVALID_ARGUMENT with its message).
 *
 * @example listCriteria({ ...request, status: 'TO_SHIP', search: 'rossi' })
 */
export function listCriteria(request: ListRequest): ListCriteria {
  const given = (v: string) => (v === '' ? undefined : v);
  const q = ordersQuerySchema.parse({
    page: request.page === 0 ? undefined : String(request.page),
    pageSize: request.pageSize === 0 ? undefined : String(request.pageSize),
    sortBy: given(request.sortBy),
    sortOrder: given(request.sortOrder),
    search: given(request.search),
    status: given(request.status),
    marketplace: given(request.marketplace),
    startDate: given(request.startDate),
    endDate: given(request.endDate),
  });
  return {
    // Another merchant's (or an unknown) integration id simply matches nothing.
    integrationId: request.integrationId === 0 ? undefined : request.integrationId,
    status: q.status,
    marketplace: q.marketplace,
    searchPattern: likePattern(q.search),
    ...orderIdSearched(q.search),
    from: q.startDate ? new Date(q.startDate) : undefined,
    to: q.endDate ? new Date(q.endDate) : undefined,
    weightMissing: request.weightMissing === true ? true : undefined,
    sortBy: q.sortBy,
    sortOrder: q.sortOrder,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/**
 * The order id a search names when it is a whole number from 1 (ids are bigserials; 15 digits
 * stay exact): `{ searchId }`, else nothing.
 *
 * @example orderIdSearched(' 42 ') // { searchId: 42 }
 * @example orderIdSearched('12-40014') // {}
 */
export function orderIdSearched(search: string | undefined): { searchId?: number } {
  const term = (search ?? '').trim();
  if (!/^\d{1,15}$/.test(term)) return {};
  const id = Number(term);
  return id >= 1 ? { searchId: id } : {};
}

/** Rows to skip before the page. */
export function offsetOf(criteria: Pick<ListCriteria, 'page' | 'pageSize'>): number {
  return (criteria.page - 1) * criteria.pageSize;
}

/**
 * Whether the counts can come from the kept per-status counters (filters on integration,
 * marketplace and status only) instead of counting the matching rows (a search, a date range, 'Peso mancante').
 */
export function countableFromCounters(criteria: ListCriteria): boolean {
  return criteria.searchPattern === undefined && criteria.from === undefined && criteria.to === undefined && !criteria.weightMissing;
}

/** Every status with its count (0 when absent). */
export function completeCounts(counts: Partial<Record<OrderStatus, number>>): Record<OrderStatus, number> {
  return Object.fromEntries(orderStatuses.map((s) => [s, counts[s] ?? 0])) as Record<OrderStatus, number>;
}

/** The list's total: the count of the filtered status, or of every status. */
export function totalOf(counts: Record<OrderStatus, number>, status: OrderStatus | undefined): number {
  return status ? counts[status] : orderStatuses.reduce((sum, s) => sum + counts[s], 0);
}

