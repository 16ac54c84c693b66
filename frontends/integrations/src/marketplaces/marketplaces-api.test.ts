import { integrationPath, marketplaceKeys, merchantIntegrationPath, oauthParamsPath } from './marketplaces-api';

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
