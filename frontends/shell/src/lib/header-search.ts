/**
 * The header's search (issue 19): as the merchant types, the selected merchant's orders (by order
 * id, marketplace order id, buyer) and shipments (by tracking number, recipient, order) through the
 * lists' own endpoints, a few of each, grouped 'Ordini' / 'Spedizioni'. What is asked, what each
 * result opens and how the keyboard moves through them is pure and decided here; the component
 * (`layout/header-search.tsx`) renders it.
 */
import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { shipmentDetailsLink, type OrderJson, type OrderPageJson, type ShipmentJson, type ShipmentPageJson } from '@smista/contracts';
import { apiFetch, orderQueryKeys, refusalMessageOf, shipmentQueryKeys } from '@smista/ui-kit';

/** Results of each kind shown at most; 'Vedi tutti…' leads to the list with the rest. */
export const RESULTS_PER_GROUP = 5;
/** Shorter text asks nothing (every order would match one letter), unless it is an order id. */
export const MIN_SEARCH_LENGTH = 2;

/**
 * The term to search for what is typed: trimmed, inner spaces as one; null while it is too short
 * to ask (under {@link MIN_SEARCH_LENGTH} characters, unless it is a number: an order id).
 *
 * @example searchTermOf('  Mario   Rossi ') // 'Mario Rossi'
 * @example searchTermOf('7') // '7'
 * @example searchTermOf('r') // null
 */
export function searchTermOf(typed: string): string | null {
  const term = typed.trim().replace(/\s+/g, ' ');
  if (term === '') return null;
  return term.length >= MIN_SEARCH_LENGTH || /^\d+$/.test(term) ? term : null;
}

/**
 * `GET /api/orders` for a term: the first {@link RESULTS_PER_GROUP}, newest first.
 *
 * @example ordersSearchPath('rossi') // '/api/orders?search=rossi&page=1&pageSize=5'
 */
export function ordersSearchPath(term: string): string {
  return `/api/orders?${new URLSearchParams({ search: term, page: '1', pageSize: String(RESULTS_PER_GROUP) }).toString()}`;
}

/**
 * `GET /api/shipments` for a term: the first {@link RESULTS_PER_GROUP}, newest first.
 *
 * @example shipmentsSearchPath('MI80') // '/api/shipments?search=MI80&page=1&pageSize=5'
 */
export function shipmentsSearchPath(term: string): string {
  return `/api/shipments?${new URLSearchParams({ search: term, page: '1', pageSize: String(RESULTS_PER_GROUP) }).toString()}`;
}

/** `/orders/{id}`: the order's page. */
export const orderResultPath = (orderId: number) => `/orders/${encodeURIComponent(String(orderId))}`;

/** The orders list searched for the term (every match, not only the first few). */
export const allOrdersPath = (term: string) => `/dashboard/orders?${new URLSearchParams({ search: term }).toString()}`;

/** The shipments list searched for the term. */
export const allShipmentsPath = (term: string) => `/dashboard/shipments?${new URLSearchParams({ search: term }).toString()}`;

/** A choice of the dropdown: a result, or 'Vedi tutti…' of its group. `key` is unique in the list. */
export type SearchOption =
  | { key: string; group: 'orders'; kind: 'order'; path: string; order: OrderJson }
  | { key: string; group: 'shipments'; kind: 'shipment'; path: string; shipment: ShipmentJson }
  | { key: string; group: 'orders' | 'shipments'; kind: 'all'; path: string; total: number };

/**
 * The options of one answer of each kind, in the dropdown's order (orders, then shipments), with
 * 'Vedi tutti…' after a group that has more than it shows.
 *
 * @example searchOptions('rossi', { data: [o1], meta: { totalItems: 1 } }, undefined) // [{ kind: 'order', path: '/orders/1', … }]
 */
export function searchOptions(
  term: string,
  orders: Pick<OrderPageJson, 'data'> & { meta: { totalItems: number } } | undefined,
  shipments: Pick<ShipmentPageJson, 'data'> & { meta: { totalItems: number } } | undefined,
): { orders: SearchOption[]; shipments: SearchOption[] } {
  const orderOptions: SearchOption[] = (orders?.data ?? []).slice(0, RESULTS_PER_GROUP).map((order) => ({
    key: `order-${order.id}`,
    group: 'orders',
    kind: 'order',
    path: orderResultPath(order.id),
    order,
  }));
  if (orders && orders.meta.totalItems > orderOptions.length && orderOptions.length > 0) {
    orderOptions.push({ key: 'orders-all', group: 'orders', kind: 'all', path: allOrdersPath(term), total: orders.meta.totalItems });
  }
  const shipmentOptions: SearchOption[] = (shipments?.data ?? []).slice(0, RESULTS_PER_GROUP).map((shipment) => ({
    key: `shipment-${shipment.id}`,
    group: 'shipments',
    kind: 'shipment',
    path: shipmentDetailsLink(shipment.id),
    shipment,
  }));
  if (shipments && shipments.meta.totalItems > shipmentOptions.length && shipmentOptions.length > 0) {
    shipmentOptions.push({ key: 'shipments-all', group: 'shipments', kind: 'all', path: allShipmentsPath(term), total: shipments.meta.totalItems });
  }
  return { orders: orderOptions, shipments: shipmentOptions };
}

/** The keys that move through the options. */
export type MoveKey = 'ArrowDown' | 'ArrowUp';

/**
 * The active option after a key, among `count` (-1: none). Down from none is the first and up from
 * none the last; past either end it wraps around.
 *
 * @example moveActive(-1, 4, 'ArrowDown') // 0
 * @example moveActive(0, 4, 'ArrowUp') // 3
 */
export function moveActive(active: number, count: number, key: MoveKey): number {
  if (count <= 0) return -1;
  if (key === 'ArrowDown') return active < 0 || active >= count - 1 ? 0 : active + 1;
  return active <= 0 || active >= count ? count - 1 : active - 1;
}

/** What one kind's answer is for the dropdown. */
export type GroupAnswer =
  | { state: 'pending' }
  | { state: 'failed'; message?: string }
  | { state: 'ready'; count: number; stale: boolean };

/**
 * What the dropdown says as a whole: results (each group shows its own, or its own failure),
 * still searching, nothing found, or the search failed (nothing to show and a part of it could not
 * be asked: 'no results' would not be true).
 */
export type SearchOutcome = { kind: 'results' } | { kind: 'loading' } | { kind: 'empty' } | { kind: 'failed'; message?: string };

/**
 * The outcome of both answers. An answer still showing the previous term's results (`stale`) counts
 * as results, but never as 'nothing found' for the new term.
 *
 * @example searchOutcome({ state: 'ready', count: 0, stale: false }, { state: 'failed' }) // { kind: 'failed' }
 */
export function searchOutcome(orders: GroupAnswer, shipments: GroupAnswer): SearchOutcome {
  const both = [orders, shipments];
  const failed = both.filter((a): a is Extract<GroupAnswer, { state: 'failed' }> => a.state === 'failed');
  const message = failed.find((a) => a.message)?.message;
  if (failed.length === both.length) return { kind: 'failed', message };
  if (both.some((a) => a.state === 'ready' && a.count > 0)) return { kind: 'results' };
  if (both.some((a) => a.state === 'pending' || (a.state === 'ready' && a.stale))) return { kind: 'loading' };
  if (failed.length > 0) return { kind: 'failed', message };
  return { kind: 'empty' };
}

/** The answer of one query as {@link searchOutcome} reads it: a refusal (4xx) keeps the server's Italian reason. */
export function groupAnswerOf(query: Pick<UseQueryResult<{ data: unknown[] }>, 'status' | 'data' | 'error' | 'isPlaceholderData'>): GroupAnswer {
  if (query.status === 'error') return { state: 'failed', message: refusalMessageOf(query.error) };
  if (query.data === undefined) return { state: 'pending' };
  return { state: 'ready', count: query.data.data.length, stale: query.isPlaceholderData };
}

/** `value`, once it has stayed the same for `delayMs`; a null (nothing to search) passes at once. */
export function useDebounced<T>(value: T | null, delayMs: number): T | null {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === null) {
      setSettled(null);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return value === null ? null : settled;
}

/**
 * The two searches of a term for the selected merchant. Their keys are the lists' own (the kit's
 * `orderQueryKeys` / `shipmentQueryKeys`), so a change made on a screen refreshes them too. A term
 * that changes leaves its request without an observer: TanStack Query aborts it through `signal`
 * (a stale answer never arrives late over a newer one), and the previous results stay on screen
 * until the new ones come.
 */
export function useHeaderSearch(merchantId: string | undefined, term: string | null) {
  const enabled = Boolean(merchantId) && term !== null;
  const ordersPath = ordersSearchPath(term ?? '');
  const shipmentsPath = shipmentsSearchPath(term ?? '');
  const orders = useQuery({
    queryKey: orderQueryKeys.list(merchantId ?? '', ordersPath),
    queryFn: ({ signal }) => apiFetch<OrderPageJson>(ordersPath, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const shipments = useQuery({
    queryKey: shipmentQueryKeys.list(merchantId ?? '', shipmentsPath),
    queryFn: ({ signal }) => apiFetch<ShipmentPageJson>(shipmentsPath, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  return { orders, shipments };
}
