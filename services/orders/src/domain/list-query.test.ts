import { ZodError } from 'zod';
import { orderMessages as m } from '@smista/contracts';
import { completeCounts, countableFromCounters, listCriteria, offsetOf, orderIdSearched, totalOf, type ListRequest } from './list-query';

const none: ListRequest = { integrationId: 0, page: 0, pageSize: 0, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '' };

function refusal(request: Partial<ListRequest>): string {
  try {
    listCriteria({ ...none, ...request });
  } catch (err) {
    if (err instanceof ZodError) return err.issues[0].message;
    throw err;
  }
  throw new Error('expected a refusal');
}

describe('listCriteria', () => {
  it('defaults: page 1 of 20, order date newest first, no filter', () => {
    expect(listCriteria(none)).toEqual({
      integrationId: undefined,
      status: undefined,
      marketplace: undefined,
      searchPattern: undefined,
      from: undefined,
      to: undefined,
      sortBy: 'orderDate',
      sortOrder: 'desc',
      page: 1,
      pageSize: 20,
    });
  });

  it('reads every filter', () => {
    expect(
      listCriteria({
        integrationId: 12,
        page: 3,
        pageSize: 50,
        sortBy: 'total',
        sortOrder: 'ASC',
        search: ' Niccolò ',
        status: 'TO_SHIP',
        marketplace: 'eBay',
        startDate: '2026-11-01',
        endDate: '2026-11-30',
      }),
    ).toEqual({
      integrationId: 12,
      status: 'da_spedire',
      marketplace: 'ebay',
      searchPattern: '%niccolo%',
      from: new Date('2026-11-01T00:00:00.000Z'),
      // A date-only end covers its whole day.
      to: new Date('2026-11-30T23:59:59.999Z'),
      sortBy: 'total',
      sortOrder: 'asc',
      page: 3,
      pageSize: 50,
    });
  });

  it('accepts the stored status values too', () => {
    expect(listCriteria({ ...none, status: 'consegnato' }).status).toBe('consegnato');
    // Issue 19: the orders held for their payment have their filter too.
    expect(listCriteria({ ...none, status: 'TO_PAY' }).status).toBe('da_pagare');
    expect(listCriteria({ ...none, status: 'da_pagare' }).status).toBe('da_pagare');
    expect(listCriteria({ ...none, status: 'all' }).status).toBeUndefined();
  });

  it('clamps pageSize to 100 (documented, not refused)', () => {
    expect(listCriteria({ ...none, pageSize: 10_000 }).pageSize).toBe(100);
  });

  it.each([
    [{ page: -1 }, m.pageInvalid],
    [{ pageSize: -5 }, m.pageSizeInvalid],
    [{ sortBy: 'price' }, m.sortByInvalid],
    [{ sortOrder: 'up' }, m.sortOrderInvalid],
    [{ status: 'LOST' }, m.statusInvalid],
    [{ marketplace: 'wish' }, m.marketplaceInvalid],
    [{ startDate: 'ieri' }, m.startDateInvalid],
    [{ endDate: '2026-02-30' }, m.endDateInvalid],
    [{ startDate: '2026-12-01', endDate: '2026-11-01' }, m.dateRangeInvalid],
    [{ search: 'x'.repeat(201) }, m.searchTooLong],
  ])('refuses %j with its Italian message', (request, message) => {
    expect(refusal(request)).toBe(message);
  });
});

describe('paging and counts', () => {
  it('offset of a page', () => {
    expect(offsetOf({ page: 1, pageSize: 20 })).toBe(0);
    expect(offsetOf({ page: 4, pageSize: 25 })).toBe(75);
  });

  it('counters answer filters on integration, marketplace and status; a search or a date range is counted', () => {
    const base = listCriteria(none);
    expect(countableFromCounters({ ...base, integrationId: 3, marketplace: 'ebay', status: 'spedito' })).toBe(true);
    expect(countableFromCounters({ ...base, searchPattern: '%x%' })).toBe(false);
    expect(countableFromCounters({ ...base, from: new Date() })).toBe(false);
    expect(countableFromCounters({ ...base, to: new Date() })).toBe(false);
  });

  it('every status has a count; the total is the filtered status or the sum', () => {
    const counts = completeCounts({ da_spedire: 4, consegnato: 6 });
    expect(counts).toEqual({ da_pagare: 0, da_spedire: 4, in_transito: 0, spedito: 0, consegnato: 6, annullato: 0 });
    expect(totalOf(counts, undefined)).toBe(10);
    expect(totalOf(counts, 'consegnato')).toBe(6);
    expect(totalOf(counts, 'annullato')).toBe(0);
  });
});

describe('orderIdSearched', () => {
  it('a whole number from 1 is also an order id', () => {
    expect(orderIdSearched(' 42 ')).toEqual({ searchId: 42 });
    expect(orderIdSearched('007')).toEqual({ searchId: 7 });
    expect(orderIdSearched('999999999999999')).toEqual({ searchId: 999_999_999_999_999 });
    expect(listCriteria({ ...none, search: '42' })).toMatchObject({ searchPattern: '%42%', searchId: 42 });
  });

  it('anything else is only text', () => {
    for (const search of [undefined, '', '0', '-3', '4.5', '12-40014', 'rossi 42', '9'.repeat(16)]) expect({ search, id: orderIdSearched(search) }).toEqual({ search, id: {} });
    expect(listCriteria({ ...none, search: 'rossi' })).not.toHaveProperty('searchId');
  });
});
