import { changeListView } from '@smista/ui-kit';
import { clearFilters, DEFAULT_VIEW, hasFilters, readShipmentsView, shipmentsApiPath, STATUS_TABS, writeShipmentsView } from './shipments-view';

const read = (query: string) => readShipmentsView(new URLSearchParams(query));

describe('readShipmentsView', () => {
  it('gives the spec §9 defaults for a bare address', () => {
    expect(read('')).toEqual({ page: 1, pageSize: 20, status: null, carrier: null, search: '' });
  });
  it('reads every parameter', () => {
    expect(read('page=3&pageSize=50&status=da_stampare&carrier=7&search=%20Rossi%20')).toEqual({
      page: 3,
      pageSize: 50,
      status: 'da_stampare',
      carrier: 7,
      search: 'Rossi',
    });
    expect(read('status=ERROR').status).toBe('error');
    expect(read('status=failed').status).toBe('error');
    expect(read('status=all').status).toBeNull();
  });
  it('falls back to the default of each bad value, keeping the good ones', () => {
    expect(read('page=0&pageSize=abc&status=lost&carrier=-2&search=x')).toEqual({ ...DEFAULT_VIEW, search: 'x' });
    expect(read('pageSize=500').pageSize).toBe(100);
  });
});

describe('writeShipmentsView', () => {
  it('leaves the defaults out, in a fixed order', () => {
    expect(writeShipmentsView(DEFAULT_VIEW).toString()).toBe('');
    expect(writeShipmentsView({ page: 2, pageSize: 50, status: 'shipped', carrier: 4, search: ' 123 ' }).toString()).toBe(
      'status=shipped&carrier=4&search=123&page=2&pageSize=50',
    );
  });
  it('round-trips through readShipmentsView', () => {
    const view = { page: 5, pageSize: 10, status: 'error' as const, carrier: 9, search: 'MI-1' };
    expect(readShipmentsView(writeShipmentsView(view))).toEqual(view);
  });
});

describe("the kit's changeListView on the shipments' view (spec §4: page back to 1 on a filter or size change)", () => {
  const on4 = { ...DEFAULT_VIEW, page: 4 };
  it('resets the page on a new tab, carrier, search or size', () => {
    expect(changeListView(on4, { status: 'error' }).page).toBe(1);
    expect(changeListView(on4, { carrier: 2 }).page).toBe(1);
    expect(changeListView(on4, { search: 'x' }).page).toBe(1);
    expect(changeListView(on4, { pageSize: 50 })).toEqual({ ...DEFAULT_VIEW, pageSize: 50, page: 1 });
  });
  it('keeps the page when nothing else changes, and moves it when asked', () => {
    expect(changeListView(on4, { status: null }).page).toBe(4);
    expect(changeListView(on4, { page: 5 })).toEqual({ ...DEFAULT_VIEW, page: 5 });
  });
});

describe('filters', () => {
  it('counts search and carrier as filters; clearing keeps the tab and size', () => {
    expect(hasFilters(DEFAULT_VIEW)).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, status: 'error' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, search: '  ' })).toBe(false);
    expect(hasFilters({ ...DEFAULT_VIEW, carrier: 1 })).toBe(true);
    expect(clearFilters({ page: 3, pageSize: 50, status: 'error', carrier: 1, search: 'x' })).toEqual({
      page: 1,
      pageSize: 50,
      status: 'error',
      carrier: null,
      search: '',
    });
  });
});

describe('shipmentsApiPath (spec §7)', () => {
  it('always sends page and size, the rest only when set', () => {
    expect(shipmentsApiPath(DEFAULT_VIEW)).toBe('/api/shipments?page=1&pageSize=20');
    expect(shipmentsApiPath({ page: 2, pageSize: 10, status: 'da_stampare', carrier: 3, search: 'Rossi Mario' })).toBe(
      '/api/shipments?page=2&pageSize=10&status=da_stampare&carrier=3&search=Rossi+Mario',
    );
  });
});

describe('STATUS_TABS', () => {
  it('are the five tabs of spec §2 in order', () => {
    expect(STATUS_TABS.map((tab) => tab.key)).toEqual(['all', 'pending', 'shipped', 'error', 'da_stampare']);
  });
});
