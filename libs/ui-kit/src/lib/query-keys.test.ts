import { carrierIntegrationsKey, carrierIntegrationsQuery, merchantListKeys, orderQueryKeys, shipmentQueryKeys } from './query-keys';

describe('merchantListKeys', () => {
  const keys = merchantListKeys('orders');
  const prefix = (key: readonly unknown[], of: readonly unknown[]) => expect(key.slice(0, of.length)).toEqual([...of]);

  it('nests lists and details under their merchant, one list entry per API path', () => {
    expect(keys.all).toEqual(['orders']);
    expect(keys.list('m1', '/api/orders?page=1')).toEqual(['orders', 'm1', 'list', '/api/orders?page=1']);
    expect(keys.detail('m1', 7)).toEqual(['orders', 'm1', 'detail', 7]);
    prefix(keys.merchant('m1'), keys.all);
    prefix(keys.lists('m1'), keys.merchant('m1'));
    prefix(keys.list('m1', 'x'), keys.lists('m1'));
    prefix(keys.detail('m1', 7), keys.merchant('m1'));
  });

  it('keeps merchants and resources apart', () => {
    expect(keys.lists('m1')).not.toEqual(keys.lists('m2'));
    expect(orderQueryKeys.merchant('m1')).toEqual(['orders', 'm1']);
    expect(shipmentQueryKeys.merchant('m1')).toEqual(['shipments', 'm1']);
  });

  it("shares the carrier integrations' key of every screen", () => {
    expect(carrierIntegrationsKey('m1')).toEqual(['carriers', 'm1', 'integrations']);
  });

  it('asks the carrier integrations under that key, retrying as spec §7 says', () => {
    const query = carrierIntegrationsQuery('m1');
    expect(query.queryKey).toEqual(['carriers', 'm1', 'integrations']);
    expect(query.retryDelay).toBe(500);
    expect(query.retry(0, new Error('503: busy'))).toBe(true);
    expect(query.retry(0, new Error('403: {"message":"no"}'))).toBe(false);
  });
});
