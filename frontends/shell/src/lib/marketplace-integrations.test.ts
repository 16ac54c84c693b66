import type { MarketplaceId } from '@smista/contracts';
import { activeMarketplaces, marketplaceIntegrationsKey, MARKETPLACES_QUERY_ROOT } from './marketplace-integrations';

describe('marketplaceIntegrationsKey', () => {
  it("is the integrations remote's key of the merchant's list, under the root the callback invalidates", () => {
    expect(marketplaceIntegrationsKey('m1')).toEqual(['marketplaces', 'm1', 'integrations']);
    expect(marketplaceIntegrationsKey('m1').slice(0, 1)).toEqual([...MARKETPLACES_QUERY_ROOT]);
    expect(marketplaceIntegrationsKey('m1')).not.toEqual(marketplaceIntegrationsKey('m2'));
  });
});

describe('activeMarketplaces (the dashboard tile)', () => {
  const i = (active: boolean, marketplaceName: string, provider: MarketplaceId = 'ebay') => ({ active, marketplaceName, provider });
  it('counts the switched-on integrations and names their marketplaces once', () => {
    expect(activeMarketplaces([i(true, 'eBay'), i(false, 'Amazon', 'amazon'), i(true, 'eBay')])).toEqual({ count: 2, names: ['eBay'] });
    expect(activeMarketplaces([i(true, '', 'etsy')])).toEqual({ count: 1, names: ['etsy'] });
  });
  it('is zero without integrations or with every one switched off', () => {
    expect(activeMarketplaces([])).toEqual({ count: 0, names: [] });
    expect(activeMarketplaces([i(false, 'eBay')])).toEqual({ count: 0, names: [] });
  });
});
