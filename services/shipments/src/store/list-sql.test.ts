import { listCriteria } from '../domain';
import { countsSql, filterSql, PROBLEM_SQL, TAB_SQL } from './list-sql';

const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
const none = { page: 0, pageSize: 0, status: '', carrierIntegrationId: 0, search: '', orderId: 0 };

describe('filterSql', () => {
  it('always filters by the merchant', () => {
    expect(filterSql(MERCHANT, listCriteria(none), { withStatus: true })).toEqual({ where: 's.merchant_id = $1', params: [MERCHANT] });
  });

  it('adds the tab predicate and each filter as a parameter, never as text', () => {
    const { where, params } = filterSql(MERCHANT, listCriteria({ ...none, status: 'error', carrierIntegrationId: 7, search: "o'Brien%" }), { withStatus: true });
    expect(where).toBe(`s.merchant_id = $1 AND ${PROBLEM_SQL} AND s.carrier_integration_id = $2 AND s.search_text ILIKE $3`);
    expect(params).toEqual([MERCHANT, 7, "%o'brien\\%%"]);
    expect(where).not.toContain('Brien');
  });

  it('leaves the tab out for the counts', () => {
    expect(filterSql(MERCHANT, listCriteria({ ...none, status: 'pending', search: 'rossi' }), { withStatus: false })).toEqual({
      where: 's.merchant_id = $1 AND s.search_text ILIKE $2',
      params: [MERCHANT, '%rossi%'],
    });
  });

  it('the problems predicate is the domain rule: error, a pending one not ready, shipped in trouble (issue 26), a refunded order', () => {
    expect(PROBLEM_SQL).toContain(`s.status = 'error'`);
    expect(PROBLEM_SQL).toContain(`(s.status = 'pending' AND (s.parcel_weight_grams IS NULL OR jsonb_array_length(s.customs_missing) > 0))`);
    // Issue 26: the last event held, in trouble or back, or the stored alerts stalled / late (Italian working days, worked out by each read).
    expect(PROBLEM_SQL).toContain(`(s.status = 'shipped' AND (s.tracking_status IN ('held', 'exception', 'returned') OR s.tracking_alerts && ARRAY['stalled', 'late']::text[]))`);
    // The old calendar-day rule is gone: a parcel's age alone never counts.
    expect(PROBLEM_SQL).not.toMatch(/make_interval|tracking_updated_at|shipped_at/);
    // Issue 19: a live shipment of a refunded order.
    expect(PROBLEM_SQL).toContain(`(s.order_payment_status = 'rimborsato' AND s.status IN ('pending', 'processing', 'shipped', 'error'))`);
    expect(TAB_SQL.error).toBe(PROBLEM_SQL);
    expect(TAB_SQL.da_stampare).toBe(`(s.status = 'shipped' AND s.has_label AND s.label_printed_at IS NULL)`);
  });

  it('counts every tab in one statement', () => {
    const sql = countsSql('s.merchant_id = $1');
    for (const tab of Object.keys(TAB_SQL)) expect(sql).toContain(`AS "${tab}"`);
    expect(sql).toMatch(/FROM shipments s WHERE s\.merchant_id = \$1$/);
  });
});
