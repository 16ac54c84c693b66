/**
 * ListOrders and GetOrder against a merchant whose orders arrived as real events: every filter,
 * sort, search, page, meta and count compared with a reference computed here from the stored rows.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { orderMessages as m, orderStatuses, type OrderStatus } from '@smista/contracts';
import { orders } from '@smista/proto';
import { searchKey } from '@smista/service-kit';
import { importedOrder } from './support/events';
import { failure, startOrdersStack, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;
let shop: TestMerchant;
let other: TestMerchant;
const INTEGRATION_A = 8_100_001;
const INTEGRATION_B = 8_100_002;
const OTHER_INTEGRATION = 8_100_003;

/** A stored order as the reference model reads it. */
interface Ref {
  id: number;
  externalId: string;
  integrationId: number;
  marketplace: string;
  buyerName: string;
  search: string;
  total: number;
  status: OrderStatus;
  orderDate: string;
  createdAt: string;
  shipByDate: string | null;
  itemsCount: number;
}
let all: Ref[] = [];

const STATUSES: OrderStatus[] = ['da_spedire', 'da_spedire', 'spedito', 'consegnato', 'annullato', 'in_transito', 'consegnato'];
const NAMES = ['Giulia Rossi', 'niccolò bianchi', 'Élodie Dubois', 'Marco ROSSI', 'Anna Verdi', 'Sconto 50% Srl', 'jürgen müller', 'Zeno Rossetti'];

async function loadReference(): Promise<Ref[]> {
  const { rows } = await stack.pool.query(
    `SELECT id, external_id, integration_id, marketplace, buyer_name, buyer_email, external_username, total::float8 AS total, status,
            to_char(order_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS order_date,
            to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS created_at,
            to_char(ship_by_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS ship_by_date, items_count
       FROM orders WHERE merchant_id = $1`,
    [shop.merchantId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    externalId: r.external_id,
    integrationId: Number(r.integration_id),
    marketplace: r.marketplace,
    buyerName: r.buyer_name,
    search: searchKey(r.external_id, r.buyer_name, r.buyer_email, r.external_username),
    total: r.total,
    status: r.status,
    orderDate: r.order_date,
    createdAt: r.created_at,
    shipByDate: r.ship_by_date,
    itemsCount: r.items_count,
  }));
}

beforeAll(async () => {
  stack = await startOrdersStack();
  shop = await stack.newMerchant();
  other = await stack.newMerchant();
  const ids: string[] = [];
  for (let n = 0; n < 45; n++) {
    const base = Date.UTC(2026, 9, 1, 8) + n * 11 * 3_600_000;
    // Pairs of orders placed at the same instant: the id decides their order.
    const orderDate = new Date(n % 10 === 1 ? base - 11 * 3_600_000 : base).toISOString();
    ids.push(
      await stack.publishOrder(
        shop.merchantId,
        n % 3 === 0 ? INTEGRATION_B : INTEGRATION_A,
        importedOrder(n, {
          externalId: `${String(10 + n).padStart(2, '0')}-${String(40_000 + n * 7).padStart(5, '0')}-${String(n).padStart(5, '0')}`,
          marketplace: n % 3 === 0 ? 'amazon' : 'ebay',
          buyerName: NAMES[n % NAMES.length],
          status: STATUSES[n % STATUSES.length],
          // Some not paid: those to ship among them wait in da_pagare (issue 19).
          paymentStatus: n % 9 === 0 ? 'fallito' : n % 9 === 4 ? 'in_attesa' : 'pagato',
          total: [5, 100, 15.5, 42, 9.99, 250, 0.5][n % 7].toFixed(2),
          orderDate,
          lastModifiedAt: orderDate,
          shipByDate: n % 4 === 0 ? '' : new Date(Date.parse(orderDate) + (n % 5) * 86_400_000).toISOString(),
        }),
      ),
    );
  }
  ids.push(await stack.publishOrder(other.merchantId, OTHER_INTEGRATION, importedOrder(99, { buyerName: 'Giulia Rossi' })));
  await stack.handled(ids);
  all = await loadReference();
  expect(all).toHaveLength(45);
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

const list = (request: Partial<orders.ListOrdersRequest>, api = shop.api) => api.listOrders(orders.ListOrdersRequest.fromPartial({ includeCounts: true, ...request }));

type SortKey = 'orderDate' | 'total' | 'buyerName' | 'status' | 'externalId' | 'createdAt' | 'shipByDate' | 'itemsCount';
const sortValue: Record<SortKey, (r: Ref) => string | number | null> = {
  orderDate: (r) => r.orderDate,
  total: (r) => r.total,
  buyerName: (r) => r.buyerName.toLowerCase(),
  status: (r) => r.status,
  externalId: (r) => r.externalId,
  createdAt: (r) => r.createdAt,
  shipByDate: (r) => r.shipByDate,
  itemsCount: (r) => r.itemsCount,
};

/**
 * PostgreSQL's order: the field (NULLs last ascending, first descending; text by code point, the
 * database's C collation), then the id the same way.
 */
function sorted(rows: Ref[], by: SortKey, dir: 'asc' | 'desc'): Ref[] {
  const sign = dir === 'asc' ? 1 : -1;
  const cmp = (a: string | number | null, b: string | number | null): number => {
    if (a === b) return 0;
    if (a === null) return 1;
    if (b === null) return -1;
    return a < b ? -1 : 1;
  };
  return [...rows].sort((a, b) => {
    const va = sortValue[by](a);
    const vb = sortValue[by](b);
    if (va === null || vb === null) return va === vb ? sign * (a.id - b.id) : va === null ? sign : -sign;
    return sign * (cmp(va, vb) || a.id - b.id);
  });
}

function countsOf(rows: Ref[]): Record<string, number> {
  return Object.fromEntries(orderStatuses.map((s) => [s, rows.filter((r) => r.status === s).length]));
}
const countsAnswered = (res: orders.ListOrdersResponse) => Object.fromEntries(res.statusCounts.map((c) => [c.status, c.count]));

describe('the default list', () => {
  it('page 1 of 20, newest order first, id breaking ties; meta and per-status counts', async () => {
    const res = await list({});
    expect(res.orders.map((o) => o.id)).toEqual(sorted(all, 'orderDate', 'desc').slice(0, 20).map((r) => r.id));
    expect(res.meta).toEqual({ page: 1, pageSize: 20, totalItems: 45, totalPages: 3, hasNextPage: true, hasPrevPage: false });
    expect(countsAnswered(res)).toEqual(countsOf(all));
  });

  it('rows carry their address and items (one query for the page), no payload', async () => {
    const { orders: rows } = await list({ pageSize: 5 });
    for (const o of rows) {
      expect(o.shippingAddress).toMatchObject({ id: expect.any(Number), address: { name: expect.any(String), city: expect.any(String), countryCode: expect.stringMatching(/^[A-Z]{2}$/) } });
      expect(o.items.length).toBeGreaterThan(0);
      expect(o.items.reduce((s, i) => s + i.quantity, 0)).toBe(o.itemsCount);
      expect(o.originalDataJson).toBe('');
      expect(o.merchantId).toBe(shop.merchantId);
    }
  });

  it('counts only when asked', async () => {
    const res = await list({ includeCounts: false, status: 'consegnato' });
    expect(res.statusCounts).toEqual([]);
    expect(res.meta?.totalItems).toBe(all.filter((r) => r.status === 'consegnato').length);
  });
});

describe('pagination', () => {
  it('walking every page of 7 gives every order once, in order; the meta follows', async () => {
    const seen: number[] = [];
    for (let page = 1; page <= 7; page++) {
      const res = await list({ page, pageSize: 7, sortBy: 'total', sortOrder: 'asc' });
      expect(res.meta).toEqual({ page, pageSize: 7, totalItems: 45, totalPages: 7, hasNextPage: page < 7, hasPrevPage: page > 1 });
      seen.push(...res.orders.map((o) => o.id));
    }
    expect(seen).toEqual(sorted(all, 'total', 'asc').map((r) => r.id));
  });

  it('a page past the end is empty with the right meta; pageSize over 100 is clamped to 100', async () => {
    const past = await list({ page: 9, pageSize: 10 });
    expect(past.orders).toEqual([]);
    expect(past.meta).toEqual({ page: 9, pageSize: 10, totalItems: 45, totalPages: 5, hasNextPage: false, hasPrevPage: true });
    const clamped = await list({ pageSize: 10_000 });
    expect(clamped.meta?.pageSize).toBe(100);
    expect(clamped.orders).toHaveLength(45);
  });
});

describe('sorting', () => {
  const fields: SortKey[] = ['orderDate', 'total', 'buyerName', 'status', 'externalId', 'createdAt', 'shipByDate', 'itemsCount'];
  it.each(fields.flatMap((f) => [[f, 'asc'] as const, [f, 'desc'] as const]))('by %s %s, then by id', async (sortBy, sortOrder) => {
    const res = await list({ sortBy, sortOrder, pageSize: 100 });
    expect(res.orders.map((o) => o.id)).toEqual(sorted(all, sortBy, sortOrder).map((r) => r.id));
  });

  it('totals sort as numbers, not as text', async () => {
    const res = await list({ sortBy: 'total', sortOrder: 'asc', pageSize: 100 });
    const totals = res.orders.map((o) => Number(o.total));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(res.orders[0].total).toBe('0.50');
  });
});

describe('filters', () => {
  it.each(['TO_SHIP', 'da_spedire', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'IN_TRANSIT'])('status %s: the rows of that status; the tabs count every status with the other filters', async (status) => {
    const res = await list({ status, pageSize: 100 });
    const expected = all.filter((r) => r.status === res.orders[0]?.status);
    expect(res.orders.length).toBeGreaterThan(0);
    expect(res.orders.map((o) => o.id)).toEqual(sorted(expected, 'orderDate', 'desc').map((r) => r.id));
    expect(res.meta?.totalItems).toBe(expected.length);
    expect(countsAnswered(res)).toEqual(countsOf(all));
  });

  it('integration and marketplace', async () => {
    const a = await list({ integrationId: INTEGRATION_A, pageSize: 100 });
    expect(a.orders.map((o) => o.id)).toEqual(sorted(all.filter((r) => r.integrationId === INTEGRATION_A), 'orderDate', 'desc').map((r) => r.id));
    expect(countsAnswered(a)).toEqual(countsOf(all.filter((r) => r.integrationId === INTEGRATION_A)));
    const amazon = await list({ marketplace: 'AMAZON', pageSize: 100 });
    expect(amazon.orders.map((o) => o.id).sort()).toEqual(all.filter((r) => r.marketplace === 'amazon').map((r) => r.id).sort());
    expect(amazon.meta?.totalItems).toBe(15);
    const both = await list({ integrationId: INTEGRATION_A, marketplace: 'amazon' });
    expect(both.meta?.totalItems).toBe(0);
    expect(both.orders).toEqual([]);
  });

  it("another merchant's integration id simply finds nothing", async () => {
    const res = await list({ integrationId: OTHER_INTEGRATION });
    expect(res.orders).toEqual([]);
    expect(res.meta?.totalItems).toBe(0);
    expect(countsAnswered(res)).toEqual(Object.fromEntries(orderStatuses.map((s) => [s, 0])));
  });

  it.each([
    ['a buyer name, any case', 'ROSSI'],
    ['a name without its accents', 'niccolo'],
    ['a name with accents', 'Müller'],
    ['an e-mail fragment', '@example.it'],
    ['a username', 'anna_'],
    ['part of an order id', '-40014-'],
    ['a whole order id', '12-40014-00002'],
    ['a literal percent sign', '50%'],
    ['an underscore that is not a wildcard', 'o_d'],
    ['nothing that exists', 'zzzz-nessuno'],
  ])('search: %s', async (_what, term) => {
    const key = searchKey(term);
    const expected = all.filter((r) => r.search.includes(key));
    const res = await list({ search: term, pageSize: 100 });
    expect(res.orders.map((o) => o.id)).toEqual(sorted(expected, 'orderDate', 'desc').map((r) => r.id));
    expect(res.meta?.totalItems).toBe(expected.length);
    expect(countsAnswered(res)).toEqual(countsOf(expected));
  });

  it("search: a whole number is also the order's own id (what the shipment drawer shows as 'ID ordine'), of this merchant only", async () => {
    // An order whose text does not hold its id: only the id itself can find it.
    const target = all.find((r) => !r.search.includes(String(r.id)))!;
    expect(target).toBeDefined();
    const term = String(target.id);
    const expected = all.filter((r) => r.id === target.id || r.search.includes(term));
    const res = await list({ search: ` ${term} `, pageSize: 100 });
    expect(res.orders.map((o) => o.id)).toEqual(sorted(expected, 'orderDate', 'desc').map((r) => r.id));
    expect(res.orders.map((o) => o.id)).toContain(target.id);
    expect(res.meta?.totalItems).toBe(expected.length);
    expect(countsAnswered(res)).toEqual(countsOf(expected));
    // Another merchant's order id finds nothing here, and this merchant's finds nothing there.
    const foreign = await list({ search: term }, other.api);
    expect(foreign.orders.map((o) => o.id)).not.toContain(target.id);
  });

  it('dates: inclusive bounds on the order date; a date-only end covers its whole day', async () => {
    const from = '2026-10-05';
    const to = '2026-10-09';
    const inRange = all.filter((r) => r.orderDate >= '2026-10-05T00:00:00' && r.orderDate <= '2026-10-09T23:59:59.999');
    const res = await list({ startDate: from, endDate: to, pageSize: 100 });
    expect(res.orders.map((o) => o.id)).toEqual(sorted(inRange, 'orderDate', 'desc').map((r) => r.id));
    expect(res.meta?.totalItems).toBe(inRange.length);
    expect(countsAnswered(res)).toEqual(countsOf(inRange));

    // An instant as a bound includes the order placed at that very instant.
    const exact = sorted(all, 'orderDate', 'asc')[10];
    const at = `${exact.orderDate.slice(0, 23)}Z`;
    const fromExact = await list({ startDate: at, pageSize: 100 });
    expect(fromExact.orders.map((o) => o.id)).toContain(exact.id);
    expect(fromExact.meta?.totalItems).toBe(all.filter((r) => r.orderDate >= exact.orderDate).length);
    const toExact = await list({ endDate: at, pageSize: 100 });
    expect(toExact.orders.map((o) => o.id)).toContain(exact.id);
    expect(toExact.meta?.totalItems).toBe(all.filter((r) => r.orderDate <= exact.orderDate).length);
  });

  it('everything at once: status, integration, marketplace, search, dates, sort and page', async () => {
    const expected = all.filter(
      (r) => r.integrationId === INTEGRATION_A && r.marketplace === 'ebay' && r.search.includes('rossi') && r.orderDate >= '2026-10-02' && r.orderDate <= '2026-10-20T23:59:59.999',
    );
    const res = await list({ integrationId: INTEGRATION_A, marketplace: 'ebay', search: 'rossi', startDate: '2026-10-02', endDate: '2026-10-20', status: 'TO_SHIP', sortBy: 'buyerName', sortOrder: 'asc', pageSize: 2, page: 1 });
    const toShip = expected.filter((r) => r.status === 'da_spedire');
    expect(res.orders.map((o) => o.id)).toEqual(sorted(toShip, 'buyerName', 'asc').slice(0, 2).map((r) => r.id));
    expect(res.meta?.totalItems).toBe(toShip.length);
    expect(countsAnswered(res)).toEqual(countsOf(expected));
  });
});

describe('the counts', () => {
  it('kept counters (no search, no dates) agree with counting the rows (a date range over everything)', async () => {
    const kept = await list({});
    const counted = await list({ startDate: '2000-01-01', endDate: '2100-01-01' });
    expect(countsAnswered(kept)).toEqual(countsAnswered(counted));
    const keptA = await list({ integrationId: INTEGRATION_A, marketplace: 'ebay' });
    const countedA = await list({ integrationId: INTEGRATION_A, marketplace: 'ebay', startDate: '2000-01-01' });
    expect(countsAnswered(keptA)).toEqual(countsAnswered(countedA));
  });

  it('every status has a count (da_pagare too) and they add up to the total, as the tabs show them', async () => {
    expect(all.some((r) => r.status === 'da_pagare')).toBe(true);
    for (const request of [{}, { integrationId: INTEGRATION_A }, { search: 'rossi' }, { startDate: '2026-10-05' }]) {
      const res = await list(request);
      const counts = countsAnswered(res);
      expect(Object.keys(counts).sort()).toEqual([...orderStatuses].sort());
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(res.meta?.totalItems);
    }
    const held = await list({ status: 'TO_PAY', pageSize: 100 });
    expect(held.orders.map((o) => o.id).sort()).toEqual(all.filter((r) => r.status === 'da_pagare').map((r) => r.id).sort());
    expect(held.orders.every((o) => ['in_attesa', 'fallito'].includes(o.paymentStatus))).toBe(true);
  });

  it('follow a status change brought by a newer version', async () => {
    const target = all.find((r) => r.status === 'da_spedire' && r.integrationId === INTEGRATION_A)!;
    const before = countsAnswered(await list({}));
    const n = Number(target.externalId.slice(-5));
    await stack.handled([
      await stack.publishOrder(shop.merchantId, INTEGRATION_A, importedOrder(n, { externalId: target.externalId, status: 'spedito', lastModifiedAt: '2027-01-01T00:00:00.000Z', orderDate: `${target.orderDate}Z` })),
    ]);
    const after = countsAnswered(await list({}));
    expect(after).toEqual({ ...before, da_spedire: before.da_spedire - 1, spedito: before.spedito + 1 });
    expect(countsAnswered(await list({ startDate: '2000-01-01' }))).toEqual(after);
    all = await loadReference();
  });
});

describe('GetOrder', () => {
  it('answers the order with its items, address and the marketplace payload', async () => {
    const ref = all[0];
    const order = await shop.api.getOrder({ merchantId: '', id: ref.id });
    expect(order).toMatchObject({ id: ref.id, externalId: ref.externalId, merchantId: shop.merchantId, integrationId: ref.integrationId, status: ref.status });
    expect(order.items.length).toBeGreaterThan(0);
    expect(order.items[0]).toMatchObject({ externalItemId: expect.any(String), title: expect.any(String), unitPrice: expect.stringMatching(/^\d+\.\d{2}$/), currency: 'EUR' });
    expect(order.shippingAddress?.address?.country).toBeTruthy();
    expect(JSON.parse(order.originalDataJson)).toMatchObject({ orderId: ref.externalId });
    expect(order.total).toMatch(/^\d+\.\d{2}$/);
    expect(order.orderDate).toBe(`${ref.orderDate.slice(0, 23)}Z`);
  });

  it('an unknown id, 0, or another merchant’s order: NOT_FOUND Ordine non trovato', async () => {
    const theirs = (await list({}, other.api)).orders[0];
    const notFound = { code: grpcStatus.NOT_FOUND, details: m.orderNotFound };
    expect(await failure(shop.api.getOrder({ merchantId: '', id: theirs.id }))).toEqual(notFound);
    expect(await failure(shop.api.getOrder({ merchantId: '', id: 987_654_321 }))).toEqual(notFound);
    expect(await failure(shop.api.getOrder({ merchantId: '', id: 0 }))).toEqual(notFound);
    expect(await failure(shop.api.getOrder({ merchantId: '', id: -4 }))).toEqual(notFound);
    // Naming another merchant for one's own order is the same answer.
    expect(await failure(shop.api.getOrder({ merchantId: other.merchantId, id: all[0].id }))).toEqual(notFound);
  });
});

describe('bad requests', () => {
  it.each([
    [{ page: -1 }, m.pageInvalid],
    [{ pageSize: -1 }, m.pageSizeInvalid],
    [{ sortBy: 'prezzo' }, m.sortByInvalid],
    [{ sortOrder: 'su' }, m.sortOrderInvalid],
    [{ status: 'PERSO' }, m.statusInvalid],
    [{ marketplace: 'wish' }, m.marketplaceInvalid],
    [{ startDate: '01/11/2026' }, m.startDateInvalid],
    [{ endDate: '2026-11-31' }, m.endDateInvalid],
    [{ startDate: '2026-12-01', endDate: '2026-11-01' }, m.dateRangeInvalid],
    [{ search: 'r'.repeat(201) }, m.searchTooLong],
  ])('%j → INVALID_ARGUMENT with its Italian message', async (request, message) => {
    expect(await failure(list(request))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: message });
  });

  it('naming another merchant in the list request: NOT_FOUND', async () => {
    expect((await failure(list({ merchantId: other.merchantId }))).code).toBe(grpcStatus.NOT_FOUND);
  });

  it('without a selected merchant, or without a caller token: refused', async () => {
    const noMerchant = await stack.as(shop.admin.id, undefined);
    expect((await failure(noMerchant.listOrders(orders.ListOrdersRequest.fromPartial({ includeCounts: true })))).code).toBe(grpcStatus.FAILED_PRECONDITION);
    const { rpc } = await import('@smista/service-kit');
    expect((await failure(rpc(stack.client).listOrders(orders.ListOrdersRequest.fromPartial({ includeCounts: true })))).code).toBe(grpcStatus.UNAUTHENTICATED);
  });
});
