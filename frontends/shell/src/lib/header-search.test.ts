import type { OrderJson, ShipmentJson } from '@smista/contracts';
import { ApiError } from '@smista/ui-kit';
import {
  allOrdersPath,
  allShipmentsPath,
  groupAnswerOf,
  moveActive,
  ordersSearchPath,
  RESULTS_PER_GROUP,
  searchOptions,
  searchOutcome,
  searchTermOf,
  shipmentsSearchPath,
} from './header-search';

const order = (id: number) => ({ id, externalId: `12-${id}` }) as OrderJson;
const shipment = (id: number) => ({ id, trackingNumber: `MI80${id}` }) as ShipmentJson;
const page = <T>(data: T[], totalItems = data.length) => ({ data, meta: { totalItems } });

describe('searchTermOf', () => {
  it('trims and joins inner spaces', () => {
    expect(searchTermOf('  Mario   Rossi ')).toBe('Mario Rossi');
  });

  it('asks nothing for an empty or one-letter text, but a single digit is an order id', () => {
    expect(searchTermOf('')).toBeNull();
    expect(searchTermOf('   ')).toBeNull();
    expect(searchTermOf(' r ')).toBeNull();
    expect(searchTermOf('7')).toBe('7');
    expect(searchTermOf('ro')).toBe('ro');
  });
});

describe('the requests and the links', () => {
  it('asks the lists for a few of each, the term encoded', () => {
    expect(ordersSearchPath('rossi & figli')).toBe(`/api/orders?search=rossi+%26+figli&page=1&pageSize=${RESULTS_PER_GROUP}`);
    expect(shipmentsSearchPath('MI80')).toBe(`/api/shipments?search=MI80&page=1&pageSize=${RESULTS_PER_GROUP}`);
    expect(allOrdersPath('12-3')).toBe('/dashboard/orders?search=12-3');
    expect(allShipmentsPath('a/b')).toBe('/dashboard/shipments?search=a%2Fb');
  });

  it('an order opens its page, a shipment the shipments screen with its details', () => {
    const { orders, shipments } = searchOptions('x', page([order(4)]), page([shipment(9)]));
    expect(orders.map((o) => o.path)).toEqual(['/orders/4']);
    expect(shipments.map((o) => o.path)).toEqual(['/dashboard/shipments?shipment=9']);
  });
});

describe('searchOptions', () => {
  it('orders first, then shipments, each key unique', () => {
    const { orders, shipments } = searchOptions('x', page([order(1), order(2)]), page([shipment(1)]));
    const all = [...orders, ...shipments];
    expect(all.map((o) => o.key)).toEqual(['order-1', 'order-2', 'shipment-1']);
    expect(new Set(all.map((o) => o.key)).size).toBe(all.length);
  });

  it("adds 'Vedi tutti' to a group with more than it shows, leading to its list searched", () => {
    const { orders, shipments } = searchOptions('rossi', page([order(1), order(2)], 23), page([shipment(1)], 1));
    expect(orders.at(-1)).toEqual({ key: 'orders-all', group: 'orders', kind: 'all', path: '/dashboard/orders?search=rossi', total: 23 });
    expect(shipments.map((o) => o.kind)).toEqual(['shipment']);
  });

  it('never shows more than a group holds, and nothing without an answer', () => {
    const many = Array.from({ length: RESULTS_PER_GROUP + 3 }, (_, i) => order(i + 1));
    expect(searchOptions('x', page(many, 40), undefined).orders.filter((o) => o.kind === 'order')).toHaveLength(RESULTS_PER_GROUP);
    expect(searchOptions('x', undefined, undefined)).toEqual({ orders: [], shipments: [] });
    expect(searchOptions('x', page([], 0), page([], 0))).toEqual({ orders: [], shipments: [] });
  });
});

describe('moveActive', () => {
  it('down from none is the first, up from none the last', () => {
    expect(moveActive(-1, 4, 'ArrowDown')).toBe(0);
    expect(moveActive(-1, 4, 'ArrowUp')).toBe(3);
  });

  it('moves one at a time and wraps at both ends', () => {
    expect(moveActive(1, 4, 'ArrowDown')).toBe(2);
    expect(moveActive(3, 4, 'ArrowDown')).toBe(0);
    expect(moveActive(2, 4, 'ArrowUp')).toBe(1);
    expect(moveActive(0, 4, 'ArrowUp')).toBe(3);
  });

  it('nothing to move through is none; an index past fewer new options starts again', () => {
    expect(moveActive(2, 0, 'ArrowDown')).toBe(-1);
    expect(moveActive(5, 3, 'ArrowDown')).toBe(0);
    expect(moveActive(5, 3, 'ArrowUp')).toBe(2);
  });
});

describe('searchOutcome', () => {
  const ready = (count: number, stale = false) => ({ state: 'ready' as const, count, stale });
  const pending = { state: 'pending' as const };
  const failed = (message?: string) => ({ state: 'failed' as const, message });

  it('results as soon as one kind has any, even beside a failure or a pending answer', () => {
    expect(searchOutcome(ready(2), ready(0))).toEqual({ kind: 'results' });
    expect(searchOutcome(failed(), ready(1))).toEqual({ kind: 'results' });
    expect(searchOutcome(pending, ready(1))).toEqual({ kind: 'results' });
    expect(searchOutcome(ready(1, true), pending)).toEqual({ kind: 'results' });
  });

  it('nothing found only when both answered the current text with nothing', () => {
    expect(searchOutcome(ready(0), ready(0))).toEqual({ kind: 'empty' });
    expect(searchOutcome(ready(0), pending)).toEqual({ kind: 'loading' });
    expect(searchOutcome(ready(0, true), ready(0))).toEqual({ kind: 'loading' });
  });

  it('failed when nothing can be shown and a part could not be asked, with a refusal’s own words', () => {
    expect(searchOutcome(failed(), failed())).toEqual({ kind: 'failed', message: undefined });
    expect(searchOutcome(ready(0), failed('La ricerca può contenere al massimo 200 caratteri'))).toEqual({
      kind: 'failed',
      message: 'La ricerca può contenere al massimo 200 caratteri',
    });
  });
});

describe('groupAnswerOf', () => {
  it('reads a query: pending, ready (stale while it shows the previous text), failed', () => {
    expect(groupAnswerOf({ status: 'pending', data: undefined, error: null, isPlaceholderData: false })).toEqual({ state: 'pending' });
    expect(groupAnswerOf({ status: 'success', data: { data: [1, 2] }, error: null, isPlaceholderData: true })).toEqual({ state: 'ready', count: 2, stale: true });
    expect(groupAnswerOf({ status: 'pending', data: { data: [1] }, error: null, isPlaceholderData: true })).toEqual({ state: 'ready', count: 1, stale: true });
  });

  it("a refusal keeps the server's Italian message; a server or network failure has none", () => {
    expect(groupAnswerOf({ status: 'error', data: undefined, error: new ApiError(400, '{"message":"Ricerca non valida"}'), isPlaceholderData: false })).toEqual({
      state: 'failed',
      message: 'Ricerca non valida',
    });
    expect(groupAnswerOf({ status: 'error', data: undefined, error: new ApiError(503, '{"message":"Servizio non disponibile"}'), isPlaceholderData: false })).toEqual({ state: 'failed', message: undefined });
    expect(groupAnswerOf({ status: 'error', data: undefined, error: new TypeError('Failed to fetch'), isPlaceholderData: false })).toEqual({ state: 'failed', message: undefined });
  });
});
