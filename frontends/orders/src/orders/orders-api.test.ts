import { ApiError } from '@smista/ui-kit';
import { listOf, orderKeys, shouldRetryIntegration, TO_SHIP_COUNT_KEY } from './orders-api';

describe('orderKeys', () => {
  it('nests lists and orders under their merchant, one list entry per API path', () => {
    expect(orderKeys.list('m1', '/api/orders?page=1')).toEqual(['orders', 'm1', 'list', '/api/orders?page=1']);
    expect(orderKeys.detail('m1', 7)).toEqual(['orders', 'm1', 'detail', 7]);
    const prefix = (key: readonly unknown[], of: readonly unknown[]) => expect(key.slice(0, of.length)).toEqual([...of]);
    prefix(orderKeys.list('m1', 'x'), orderKeys.lists('m1'));
    prefix(orderKeys.detail('m1', 7), orderKeys.merchant('m1'));
    expect(orderKeys.lists('m1')).not.toEqual(orderKeys.lists('m2'));
  });
  it("shares the other screens' keys for the merchant's integrations and the shell's tile", () => {
    expect(orderKeys.marketplaceIntegrations('m1')).toEqual(['marketplaces', 'm1', 'integrations']);
    expect(orderKeys.carrierIntegrations('m1')).toEqual(['carriers', 'm1', 'integrations']);
    expect(TO_SHIP_COUNT_KEY).toEqual(['/api/orders', 'to-ship-count']);
  });
});

describe('shouldRetryIntegration (spec §7: 3 retries)', () => {
  it('retries failures up to three times, never an answer the server would repeat', () => {
    expect(shouldRetryIntegration(0, new ApiError(503, ''))).toBe(true);
    expect(shouldRetryIntegration(2, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryIntegration(3, new ApiError(500, ''))).toBe(false);
    expect(shouldRetryIntegration(0, new ApiError(404, '{"message":"Integrazione non trovata"}'))).toBe(false);
  });
});

describe('listOf', () => {
  it('takes a plain array or a data field (spec §3)', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ data: [3] })).toEqual([3]);
    expect(listOf(null)).toEqual([]);
    expect(listOf({ message: 'x' })).toEqual([]);
  });
});
