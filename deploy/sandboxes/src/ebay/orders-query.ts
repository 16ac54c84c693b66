import { fulfillmentErrors, type EbayFailure } from './errors';
import { DAY } from './generator';
import type { FulfillmentStatus } from './order-model';

/*
 * getOrders' query parameters as eBay reads them: `orderIds` (then everything else is ignored),
 * `limit`, `offset` and `filter` (creationdate, lastmodifieddate, orderfulfillmentstatus), each bad
 * value with eBay's error id.
 */

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
export const MAX_ORDER_IDS = 50;
/** Without a date filter getOrders answers the orders created in the last 90 days. */
export const DEFAULT_WINDOW_DAYS = 90;
/** The longest date range a filter may span (the sandbox's rule: eBay keeps two years of orders). */
export const MAX_RANGE_DAYS = 730;

export type OrdersQuery =
  | { kind: 'ids'; orderIds: string[] }
  | {
      kind: 'window';
      /** Which date the window applies to. */
      field: 'creationDate' | 'lastModifiedDate';
      from: number;
      /** Inclusive; absent for `[from..]` (up to now). */
      to?: number;
      statuses?: ReadonlySet<FulfillmentStatus>;
      limit: number;
      offset: number;
    };

export type Parsed<T> = { ok: true; value: T } | { ok: false; failure: EbayFailure };

/** eBay's instant form, `2016-02-21T08:25:43.511Z` (milliseconds optional here). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** A query parameter as Express gives it (a repeated one as an array: the first counts). */
function param(value: unknown): string | undefined {
  if (Array.isArray(value)) return param(value[0]);
  return typeof value === 'string' ? value : undefined;
}

function parseInstant(text: string): number | undefined {
  if (!INSTANT.test(text)) return undefined;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? undefined : ms;
}

const ALLOWED_STATUS_SETS: readonly (readonly FulfillmentStatus[])[] = [
  ['NOT_STARTED', 'IN_PROGRESS'],
  ['FULFILLED', 'IN_PROGRESS'],
];

function parseRange(name: string, value: string, now: number): Parsed<{ from: number; to?: number }> {
  const m = /^\[([^\]]*)\.\.([^\]]*)\]$/.exec(value.trim());
  if (!m || !m[1]!.trim()) return { ok: false, failure: fulfillmentErrors.badFilterValue(name, value) };
  const from = parseInstant(m[1]!.trim());
  if (from === undefined) return { ok: false, failure: fulfillmentErrors.badDateFormat(m[1]!.trim()) };
  const endText = m[2]!.trim();
  let to: number | undefined;
  if (endText) {
    to = parseInstant(endText);
    if (to === undefined) return { ok: false, failure: fulfillmentErrors.badDateFormat(endText) };
    if (from > to) return { ok: false, failure: fulfillmentErrors.startAfterEnd() };
  }
  if ((to ?? now) - from > MAX_RANGE_DAYS * DAY) return { ok: false, failure: fulfillmentErrors.rangeTooLong(MAX_RANGE_DAYS) };
  return { ok: true, value: to === undefined ? { from } : { from, to } };
}

/**
 * Reads getOrders' query (`req.query`) at `now`.
 *
 * @example
 * parseOrdersQuery({ filter: 'creationdate:[2026-01-01T00:00:00.000Z..]', limit: '200' }, Date.now())
 * // { ok: true, value: { kind: 'window', field: 'creationDate', from: …, limit: 200, offset: 0 } }
 */
export function parseOrdersQuery(query: Record<string, unknown>, now: number): Parsed<OrdersQuery> {
  const ids = param(query.orderIds);
  if (ids !== undefined && ids.trim()) {
    const orderIds = ids
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean);
    if (orderIds.length > MAX_ORDER_IDS) return { ok: false, failure: fulfillmentErrors.tooManyOrderIds(MAX_ORDER_IDS) };
    return { ok: true, value: { kind: 'ids', orderIds } };
  }

  const limitText = param(query.limit);
  let limit = DEFAULT_LIMIT;
  if (limitText !== undefined) {
    limit = /^\d{1,6}$/.test(limitText.trim()) ? Number(limitText.trim()) : NaN;
    if (!(limit >= 1 && limit <= MAX_LIMIT)) return { ok: false, failure: fulfillmentErrors.badLimit(limitText, MAX_LIMIT) };
  }
  const offsetText = param(query.offset);
  let offset = 0;
  if (offsetText !== undefined) {
    if (!/^\d{1,9}$/.test(offsetText.trim())) return { ok: false, failure: fulfillmentErrors.badOffset(offsetText) };
    offset = Number(offsetText.trim());
  }

  const filters = new Map<string, string>();
  const filterText = param(query.filter) ?? '';
  for (const part of filterText.split(',')) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    const name = (colon < 0 ? part : part.slice(0, colon)).trim();
    if (colon < 0 || !['creationdate', 'lastmodifieddate', 'orderfulfillmentstatus'].includes(name.toLowerCase())) {
      return { ok: false, failure: fulfillmentErrors.badFilterName(name) };
    }
    filters.set(name.toLowerCase(), part.slice(colon + 1));
  }

  let statuses: Set<FulfillmentStatus> | undefined;
  const statusText = filters.get('orderfulfillmentstatus');
  if (statusText !== undefined) {
    const m = /^\{([^}]*)\}$/.exec(statusText.trim());
    const wanted = m ? m[1]!.split('|').map((s) => s.trim()) : [];
    const allowed = ALLOWED_STATUS_SETS.find((set) => set.length === wanted.length && set.every((s) => wanted.includes(s)));
    if (!allowed) return { ok: false, failure: fulfillmentErrors.badFilterValue('orderfulfillmentstatus', statusText) };
    statuses = new Set(allowed);
  }

  // lastmodifieddate is ignored when creationdate is given (eBay's rule).
  const created = filters.get('creationdate');
  const modified = filters.get('lastmodifieddate');
  const field = created !== undefined ? 'creationDate' : modified !== undefined ? 'lastModifiedDate' : undefined;
  let range: { from: number; to?: number } = { from: now - DEFAULT_WINDOW_DAYS * DAY };
  if (field) {
    const parsed = parseRange(field === 'creationDate' ? 'creationdate' : 'lastmodifieddate', (created ?? modified)!, now);
    if (!parsed.ok) return parsed;
    range = parsed.value;
  }
  return {
    ok: true,
    value: { kind: 'window', field: field ?? 'creationDate', ...range, ...(statuses ? { statuses } : {}), limit, offset },
  };
}

/**
 * The query string eBay writes in `href`, `next` and `prev`: the caller's filter, limit and offset
 * (brackets, braces and pipes percent-encoded as eBay does).
 */
export function pageQuery(filter: string | undefined, limit: number, offset: number): string {
  const parts: string[] = [];
  if (filter) parts.push(`filter=${encodeURIComponent(filter).replace(/%3A/gi, ':').replace(/%2C/gi, ',')}`);
  parts.push(`limit=${limit}`, `offset=${offset}`);
  return parts.join('&');
}
