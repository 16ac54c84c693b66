import { changeListView } from '@smista/ui-kit';
import { orderStatuses, orderStatusFilters, type OrderStatusFilter } from '@smista/contracts';
import { clearFilters, DEFAULT_VIEW, STATUS_TABS, hasFilters, nextSort, ordersApiPath, panelFilterCount, readOrdersView, writeOrdersView, type OrdersView } from './orders-view';

const read = (query: string) => readOrdersView(new URLSearchParams(query));

describe('readOrdersView', () => {
  it('fills in the spec §2 defaults for a bare address', () => {
    expect(read('')).toEqual(DEFAULT_VIEW);
    expect(DEFAULT_VIEW).toMatchObject({ page: 1, pageSize: 20, sortBy: 'orderDate', sortOrder: 'desc' });
  });

  it('reads every parameter', () => {
    expect(
      read('integration=3&page=4&pageSize=50&sortBy=total&sortOrder=ASC&search=%20Rossi%20&status=to_ship&marketplace=EBAY&startDate=2026-11-01&endDate=2026-11-30&weightMissing=true'),
    ).toEqual({
      integration: 3,
      page: 4,
      pageSize: 50,
      sortBy: 'total',
      sortOrder: 'asc',
      search: 'Rossi',
      status: 'TO_SHIP',
      marketplace: 'ebay',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      weightMissing: true,
    });
    expect(read('status=da_spedire').status).toBe('TO_SHIP');
    expect(read('weightMissing=forse').weightMissing).toBeNull();
    expect(read('status=DELIVERED').status).toBe('DELIVERED');
    expect(read('status=annullato').status).toBe('CANCELLED');
  });

  it('falls back to the default of each bad value, keeping the good ones', () => {
    expect(read('page=0&pageSize=abc&sortBy=password&sortOrder=up&status=lost&marketplace=amazonia&integration=-2&startDate=ieri&status=TO_SHIP')).toEqual(DEFAULT_VIEW);
    expect(read('page=0&status=SHIPPED')).toEqual({ ...DEFAULT_VIEW, status: 'SHIPPED' });
    expect(read(`search=${'x'.repeat(201)}`).search).toBe('');
  });

  it('clamps a huge page size as the gateway does, and drops a reversed date range', () => {
    expect(read('pageSize=10000').pageSize).toBe(100);
    expect(read('startDate=2026-12-01&endDate=2026-11-01')).toMatchObject({ startDate: null, endDate: null });
    expect(read('startDate=2026-11-05&endDate=2026-11-05')).toMatchObject({ startDate: '2026-11-05', endDate: '2026-11-05' });
  });
});

describe('writeOrdersView', () => {
  it('writes only what differs from the defaults', () => {
    expect(writeOrdersView(DEFAULT_VIEW).toString()).toBe('');
    expect(writeOrdersView({ ...DEFAULT_VIEW, status: 'SHIPPED', page: 2 }).toString()).toBe('status=SHIPPED&page=2');
    expect(writeOrdersView({ ...DEFAULT_VIEW, search: '   ' }).toString()).toBe('');
  });

  it('round-trips through readOrdersView, so a reload shows the same view', () => {
    const views: OrdersView[] = [
      { ...DEFAULT_VIEW, integration: 9, page: 3, pageSize: 10, sortBy: 'buyerName', sortOrder: 'asc', search: 'Maria Rossi', status: 'DELIVERED', marketplace: 'ebay', startDate: '2026-01-01', endDate: '2026-01-31' },
      { ...DEFAULT_VIEW, pageSize: 100, sortOrder: 'asc' },
      { ...DEFAULT_VIEW, search: 'a&b=c?#' },
    ];
    for (const view of views) expect(readOrdersView(new URLSearchParams(writeOrdersView(view).toString()))).toEqual(view);
  });
});

describe("the kit's changeListView on the orders' view", () => {
  const onPage4: OrdersView = { ...DEFAULT_VIEW, page: 4 };
  it('resets the page to 1 when a filter, the size or the sort changes (spec §4)', () => {
    expect(changeListView(onPage4, { status: 'TO_SHIP' }).page).toBe(1);
    expect(changeListView(onPage4, { search: 'rossi' }).page).toBe(1);
    expect(changeListView(onPage4, { integration: 2 }).page).toBe(1);
    expect(changeListView(onPage4, { pageSize: 50 }).page).toBe(1);
    expect(changeListView(onPage4, nextSort(onPage4, 'total')).page).toBe(1);
  });
  it('keeps the page when nothing else changes, and moves it when asked', () => {
    expect(changeListView(onPage4, { status: null }).page).toBe(4);
    expect(changeListView(onPage4, { page: 5 })).toEqual({ ...DEFAULT_VIEW, page: 5 });
    expect(changeListView(onPage4, { page: 2, status: 'SHIPPED' }).page).toBe(2);
  });
});

describe('filters', () => {
  const filtered: OrdersView = { ...DEFAULT_VIEW, page: 3, pageSize: 50, sortBy: 'total', search: 'x', status: 'TO_SHIP', integration: 1, marketplace: 'ebay', startDate: '2026-01-01' };
  it('tells whether anything narrows the list and counts the panel filters', () => {
    expect(hasFilters(DEFAULT_VIEW)).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, search: 'x' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_VIEW, endDate: '2026-01-01' })).toBe(true);
    expect(hasFilters({ ...DEFAULT_VIEW, page: 2, sortOrder: 'asc' })).toBe(false);
    expect(panelFilterCount(filtered)).toBe(4);
  });
  it("'Rimuovi filtri' clears them all and keeps size and sort", () => {
    expect(clearFilters(filtered)).toEqual({ ...DEFAULT_VIEW, pageSize: 50, sortBy: 'total' });
  });
});

describe('nextSort', () => {
  it('flips the same column and starts another in its natural order', () => {
    expect(nextSort(DEFAULT_VIEW, 'orderDate')).toEqual({ sortBy: 'orderDate', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'orderDate', sortOrder: 'asc' }, 'orderDate')).toEqual({ sortBy: 'orderDate', sortOrder: 'desc' });
    expect(nextSort(DEFAULT_VIEW, 'buyerName')).toEqual({ sortBy: 'buyerName', sortOrder: 'asc' });
    expect(nextSort(DEFAULT_VIEW, 'total')).toEqual({ sortBy: 'total', sortOrder: 'desc' });
  });
});

describe('ordersApiPath', () => {
  it('asks GET /api/orders with page, size and sort, and the filters that are set', () => {
    expect(ordersApiPath(DEFAULT_VIEW)).toBe('/api/orders?page=1&pageSize=20&sortBy=orderDate&sortOrder=desc');
    expect(ordersApiPath({ ...DEFAULT_VIEW, search: ' Rossi ', status: 'TO_SHIP', marketplace: 'ebay', startDate: '2026-11-01', endDate: '2026-11-30' })).toBe(
      '/api/orders?page=1&pageSize=20&sortBy=orderDate&sortOrder=desc&search=Rossi&status=TO_SHIP&marketplace=ebay&startDate=2026-11-01&endDate=2026-11-30',
    );
  });
  it('asks the integration route for an integration tab', () => {
    expect(ordersApiPath({ ...DEFAULT_VIEW, integration: 3, page: 2 })).toBe('/api/orders/integration/3?page=2&pageSize=20&sortBy=orderDate&sortOrder=desc');
  });
});

describe('STATUS_TABS (issue 19)', () => {
  it('a tab for every order status besides Tutti, Da pagare first, so the counts add up to Tutti', () => {
    expect(STATUS_TABS).toEqual(['all', 'TO_PAY', 'TO_SHIP', 'IN_TRANSIT', 'SHIPPED', 'DELIVERED', 'CANCELLED']);
    const stored = STATUS_TABS.filter((k) => k !== 'all').map((k) => orderStatusFilters[k as OrderStatusFilter]);
    expect([...stored].sort()).toEqual([...orderStatuses].sort());
  });

  it("reads 'Da pagare' from the URL as the API names it", () => {
    expect(readOrdersView(new URLSearchParams('status=da_pagare')).status).toBe('TO_PAY');
    expect(readOrdersView(new URLSearchParams('status=TO_PAY')).status).toBe('TO_PAY');
  });
});
