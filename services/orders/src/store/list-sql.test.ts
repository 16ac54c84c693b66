import { orderSortFields } from '@smista/contracts';
import { listCriteria, type ListRequest } from '../domain';
import { counterFilterSql, filterSql, orderBySql, SORT_EXPRESSIONS } from './list-sql';

const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
const none: ListRequest = { integrationId: 0, page: 0, pageSize: 0, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '' };

describe('filterSql', () => {
  it('always filters by the merchant', () => {
    expect(filterSql(MERCHANT, listCriteria(none), { withStatus: true })).toEqual({ where: 'o.merchant_id = $1', params: [MERCHANT] });
  });

  it('adds each given filter as a parameter, never as text', () => {
    const criteria = listCriteria({
      ...none,
      integrationId: 12,
      status: 'SHIPPED',
      marketplace: 'ebay',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
      search: "o'Brien%",
    });
    const { where, params } = filterSql(MERCHANT, criteria, { withStatus: true });
    expect(where).toBe(
      'o.merchant_id = $1 AND o.integration_id = $2 AND o.status = $3 AND o.marketplace = $4 AND o.order_date >= $5 AND o.order_date <= $6 AND o.search_text ILIKE $7',
    );
    expect(params).toEqual([MERCHANT, 12, 'spedito', 'ebay', new Date('2026-11-01T00:00:00.000Z'), new Date('2026-11-30T23:59:59.999Z'), "%o'brien\\%%"]);
    expect(where).not.toContain('Brien');
  });

  it('a whole number also finds the order by its own id, both as parameters', () => {
    expect(filterSql(MERCHANT, listCriteria({ ...none, search: ' 42 ' }), { withStatus: true })).toEqual({
      where: 'o.merchant_id = $1 AND (o.search_text ILIKE $2 OR o.id = $3)',
      params: [MERCHANT, '%42%', 42],
    });
    expect(filterSql(MERCHANT, listCriteria({ ...none, search: '12-42' }), { withStatus: true }).where).toBe('o.merchant_id = $1 AND o.search_text ILIKE $2');
  });

  it('leaves the status out for the per-status counts', () => {
    const criteria = listCriteria({ ...none, status: 'TO_SHIP', search: 'rossi' });
    expect(filterSql(MERCHANT, criteria, { withStatus: false })).toEqual({ where: 'o.merchant_id = $1 AND o.search_text ILIKE $2', params: [MERCHANT, '%rossi%'] });
  });
});

describe('orderBySql', () => {
  it('sorts by the field then the id, both the same way (stable pages)', () => {
    expect(orderBySql({ sortBy: 'orderDate', sortOrder: 'desc' })).toBe('o.order_date DESC, o.id DESC');
    expect(orderBySql({ sortBy: 'buyerName', sortOrder: 'asc' })).toBe('lower(o.buyer_name) ASC, o.id ASC');
  });

  it('has an expression for every sort field of the contracts', () => {
    for (const field of orderSortFields) expect(SORT_EXPRESSIONS[field]).toMatch(/^(lower\()?o\.[a-z_]+\)?$/);
  });
});

describe('counterFilterSql', () => {
  it('filters the counters by merchant, integration and marketplace', () => {
    expect(counterFilterSql(MERCHANT, { integrationId: 7, marketplace: 'ebay' })).toEqual({
      where: 'c.merchant_id = $1 AND c.integration_id = $2 AND c.marketplace = $3',
      params: [MERCHANT, 7, 'ebay'],
    });
    expect(counterFilterSql(MERCHANT, {})).toEqual({ where: 'c.merchant_id = $1', params: [MERCHANT] });
  });
});
