import { orderKeys, TO_SHIP_COUNT_KEY } from './orders-api';

describe('orderKeys', () => {
  it('nests lists and orders under their merchant, one list entry per API path', () => {
    expect(orderKeys.list('m1', '/api/orders?page=1')).toEqual(['orders', 'm1', 'list', '/api/orders?page=1']);
    expect(orderKeys.detail('m1', 7)).toEqual(['orders', 'm1', 'detail', 7]);
    const prefix = (key: readonly unknown[], of: readonly unknown[]) => expect(key.slice(0, of.length)).toEqual([...of]);
    prefix(orderKeys.list('m1', 'x'), orderKeys.lists('m1'));
    prefix(orderKeys.detail('m1', 7), orderKeys.merchant('m1'));
    expect(orderKeys.lists('m1')).not.toEqual(orderKeys.lists('m2'));
  });
  it("shares the other screens' keys for the merchant's integrations, its shipments and the shell's tile", () => {
    expect(orderKeys.marketplaceIntegrations('m1')).toEqual(['marketplaces', 'm1', 'integrations']);
    expect(orderKeys.carrierIntegrations('m1')).toEqual(['carriers', 'm1', 'integrations']);
    expect(orderKeys.shipments('m1')).toEqual(['shipments', 'm1']);
    expect(TO_SHIP_COUNT_KEY).toEqual(['/api/orders', 'to-ship-count']);
  });
});
