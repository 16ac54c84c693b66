import { ApiError } from '@smista/ui-kit';
import {
  integrationPath,
  listOf,
  marketplaceKeys,
  merchantIntegrationPath,
  oauthParamsPath,
  shouldRetryIntegration,
  INTEGRATION_RETRY_DELAY_MS,
} from './marketplaces-api';

describe('marketplaceKeys', () => {
  it('nests one integration under its merchant list, merchants apart, the catalogue outside', () => {
    expect(marketplaceKeys.integrations('m1')).toEqual(['marketplaces', 'm1', 'integrations']);
    expect(marketplaceKeys.integration('m1', '7')).toEqual(['marketplaces', 'm1', 'integrations', '7']);
    expect(marketplaceKeys.integration('m1', '7').slice(0, 3)).toEqual([...marketplaceKeys.integrations('m1')]);
    expect(marketplaceKeys.integrations('m1')).not.toEqual(marketplaceKeys.integrations('m2'));
    expect(marketplaceKeys.catalogue()).toEqual(['marketplaces', 'catalogue']);
  });
  it("is the key the shell's dashboard tile and callback and the settings panel use for the list", () => {
    expect(marketplaceKeys.integrations('m1')).toEqual(['marketplaces', 'm1', 'integrations']);
  });
});

describe('paths (spec §7)', () => {
  it('names both path families, ids escaped', () => {
    expect(merchantIntegrationPath('m-1', '4/2')).toBe('/api/merchants/m-1/integrations/4%2F2');
    expect(integrationPath(42)).toBe('/api/integrations/42');
    expect(oauthParamsPath('ebay')).toBe('/api/marketplace/ebay/oauth-params');
  });
});

describe('listOf (spec §3: a list may be an array or carry data)', () => {
  it('reads both forms, and anything else as empty', () => {
    expect(listOf([1, 2])).toEqual([1, 2]);
    expect(listOf({ data: [3] })).toEqual([3]);
    expect(listOf({ items: [3] })).toEqual([]);
    expect(listOf(null)).toEqual([]);
    expect(listOf('x')).toEqual([]);
  });
});

describe('shouldRetryIntegration (spec §7: 3 retries, 500 ms)', () => {
  it('retries a failure up to three times', () => {
    const error = new ApiError(503, 'busy');
    expect([0, 1, 2, 3].map((n) => shouldRetryIntegration(n, error))).toEqual([true, true, true, false]);
    expect(shouldRetryIntegration(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(INTEGRATION_RETRY_DELAY_MS).toBe(500);
  });
  it('never retries an answer the server would repeat (4xx)', () => {
    expect(shouldRetryIntegration(0, new ApiError(404, '{"message":"Integrazione non trovata"}'))).toBe(false);
    expect(shouldRetryIntegration(0, new Error('400: bad'))).toBe(false);
  });
});
