/**
 * Where the shell mounts this remote and the paths its pages link to. The shell mounts the same
 * module twice (app.tsx): at `/dashboard/orders/*` (the sidebar's 'Ordini') and at `/orders/*`
 * (the list too, and `/orders/{orderId}` for one order, spec §2 protected routes); the routes are
 * relative to the mount, so the remote tells them apart by the path it is rendered under.
 */

/** The mounts of this remote in the shell. */
export type Mount = 'dashboard' | 'orders' | 'catalogue';

/** The product catalogue (issue 25): the shell mounts this remote there too. */
export const CATALOGUE_PATH = '/catalogo';

/** The list as the sidebar opens it. */
export const DASHBOARD_ORDERS_PATH = '/dashboard/orders';
/** 'Nuovo ordine' (issue 25): the manual order form; the shipments screen's 'Nuova' opens it too. */
export const NEW_ORDER_PATH = '/dashboard/orders/new';
/** 'Importa CSV' (issue 25): orders from a CSV file, previewed and imported as a job. */
export const CSV_IMPORT_PATH = '/dashboard/orders/import';
/** The list's other address, and the base of one order's page. */
export const ORDERS_PATH = '/orders';
/** 'Configura le integrazioni' (spec §2 empty state) leads to 'Integrazioni Marketplace'. */
export const MARKETPLACES_PATH = '/dashboard/marketplaces';
/** 'Collega un corriere' when the merchant has no active carrier. */
export const CARRIERS_PATH = '/carriers';
/** The shipments list (the shipments remote). */
export const SHIPMENTS_PATH = '/dashboard/shipments';

/**
 * The shipments list searched for an order (the list searches by order id, customer or tracking).
 *
 * @example shipmentsOfOrderPath('12-345') // '/dashboard/shipments?search=12-345'
 */
export function shipmentsOfOrderPath(externalId: string): string {
  return `${SHIPMENTS_PATH}?${new URLSearchParams({ search: externalId }).toString()}`;
}

/**
 * The mount a browser path is under: `/catalogo` and below, `/orders` and below, else the dashboard's list.
 *
 * @example mountOf('/orders/42') // 'orders'
 */
export function mountOf(pathname: string): Mount {
  const under = (base: string) => pathname === base || pathname.startsWith(`${base}/`);
  if (under(CATALOGUE_PATH)) return 'catalogue';
  return under(ORDERS_PATH) ? 'orders' : 'dashboard';
}

/** `/orders/{orderId}`. */
export function orderDetailPath(orderId: number | string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(String(orderId))}`;
}

/**
 * The order id of `/orders/{orderId}` when it is a whole number ≥ 1 (ids are database serials);
 * null otherwise, which the page shows as 'Ordine non trovato' without asking the server.
 *
 * @example parseOrderId('42') // 42
 */
export function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** What an order's page receives from the list in the history state: where 'Torna agli ordini' goes. */
export interface OrderLinkState {
  /** The list's path and query, e.g. `/dashboard/orders?status=TO_SHIP&page=2`. */
  from: string;
}

/**
 * Where 'Torna agli ordini' leads: the list the order was opened from (with its filters), when
 * the history state names one of this remote's lists; else the dashboard's list.
 *
 * @example backPathOf({ from: '/orders?page=3' }) // '/orders?page=3'
 */
export function backPathOf(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as Partial<OrderLinkState>).from : undefined;
  if (typeof from === 'string') {
    const path = from.split(/[?#]/)[0];
    if (path === DASHBOARD_ORDERS_PATH || path === ORDERS_PATH) return from;
  }
  return DASHBOARD_ORDERS_PATH;
}
