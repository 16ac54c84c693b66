import { shipmentMessages as m } from '@smista/contracts';
import { listCriteria, totalOf, type ListRequest } from './list-query';

const none: ListRequest = { page: 0, pageSize: 0, status: '', carrierIntegrationId: 0, search: '', orderId: 0 };

function invalid(request: Partial<ListRequest>): string | undefined {
  try {
    listCriteria({ ...none, ...request });
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

describe('listCriteria', () => {
  it('defaults: page 1 of 20, every status, no filter', () => {
    expect(listCriteria(none)).toEqual({ page: 1, pageSize: 20 });
  });

  it('clamps the page size, reads the status filters case-free, escapes the search', () => {
    expect(listCriteria({ ...none, page: 3, pageSize: 500, status: 'DA_STAMPARE', carrierIntegrationId: 7, search: ' Rossi_50% ', orderId: 9 })).toEqual({
      page: 3,
      pageSize: 100,
      status: 'da_stampare',
      carrierIntegrationId: 7,
      orderId: 9,
      searchPattern: '%rossi\\_50\\%%',
    });
    expect(listCriteria({ ...none, status: 'all' }).status).toBeUndefined();
    expect(listCriteria({ ...none, status: 'failed' }).status).toBe('error');
    expect(listCriteria({ ...none, status: 'Shipped' }).status).toBe('shipped');
  });

  it('refuses bad values with the contracts messages', () => {
    expect(invalid({ status: 'boh' })).toBe(m.statusInvalid);
    expect(invalid({ page: -1 })).toBe(m.pageInvalid);
    expect(invalid({ pageSize: -1 })).toBe(m.pageSizeInvalid);
    expect(invalid({ carrierIntegrationId: -3 })).toBe(m.carrierFilterInvalid);
    expect(invalid({ search: 'x'.repeat(201) })).toBe(m.searchTooLong);
  });

  it('the total is the filtered tab, or all', () => {
    const counts = { all: 10, pending: 4, processing: 0, shipped: 5, delivered: 0, error: 1, cancelled: 0, da_stampare: 3 };
    expect(totalOf(counts, undefined)).toBe(10);
    expect(totalOf(counts, 'da_stampare')).toBe(3);
  });
});
