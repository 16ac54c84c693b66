import { shipmentKeys } from './shipments-api';

describe('shipmentKeys', () => {
  it('nests lists, details and runs under their merchant, one list entry per API path', () => {
    expect(shipmentKeys.list('m1', '/api/shipments?page=1&pageSize=20')).toEqual(['shipments', 'm1', 'list', '/api/shipments?page=1&pageSize=20']);
    expect(shipmentKeys.detail('m1', 7)).toEqual(['shipments', 'm1', 'detail', 7]);
    expect(shipmentKeys.runs('m1')).toEqual(['shipments', 'm1', 'process-runs']);
    const prefix = (key: readonly unknown[], of: readonly unknown[]) => expect(key.slice(0, of.length)).toEqual([...of]);
    prefix(shipmentKeys.list('m1', 'x'), shipmentKeys.lists('m1'));
    prefix(shipmentKeys.detail('m1', 7), shipmentKeys.merchant('m1'));
    prefix(shipmentKeys.runs('m1'), shipmentKeys.merchant('m1'));
    expect(shipmentKeys.lists('m1')).not.toEqual(shipmentKeys.lists('m2'));
  });
  it("shares the other screens' keys for the carrier integrations and the orders", () => {
    expect(shipmentKeys.carrierIntegrations('m1')).toEqual(['carriers', 'm1', 'integrations']);
    expect(shipmentKeys.orders('m1')).toEqual(['orders', 'm1']);
  });
});
