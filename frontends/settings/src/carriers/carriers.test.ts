import { canRefreshToken, marketplaceIntegrationKeys, marketplaceManagePath } from './marketplace-integrations-api';
import { carrierIntegrationKeys } from './carriers-api';
import { carrierManagePath, carrierStatusLabel } from './carrier-status';

describe('carrierStatusLabel', () => {
  it("says 'Connesso e attivo' only for an active status, else 'Configurato' (spec §2)", () => {
    expect(carrierStatusLabel('active')).toBe('Connesso e attivo');
    expect(carrierStatusLabel('pending')).toBe('Configurato');
    expect(carrierStatusLabel('error')).toBe('Configurato');
  });
});

describe('carrierManagePath', () => {
  it("opens the integration's setup page in edit mode", () => {
    expect(carrierManagePath({ provider: 'gls', id: 12 })).toBe('/carriers/gls/setup?edit=12');
    expect(carrierManagePath({ provider: 'posta_rc_intl', id: 3 })).toBe('/carriers/posta_rc_intl/setup?edit=3');
  });
});

describe('carrierIntegrationKeys', () => {
  it("is the integrations remote's key for the merchant's list (one cache entry), per merchant", () => {
    expect(carrierIntegrationKeys.list('m1')).toEqual(['carriers', 'm1', 'integrations']);
    expect(carrierIntegrationKeys.list('m1')).not.toEqual(carrierIntegrationKeys.list('m2'));
  });
});

describe('the marketplace panel', () => {
  it("reads the merchant's list under the integrations remote's key (one cache entry), per merchant", () => {
    expect(marketplaceIntegrationKeys.list('m1')).toEqual(['marketplaces', 'm1', 'integrations']);
    expect(marketplaceIntegrationKeys.list('m1')).not.toEqual(marketplaceIntegrationKeys.list('m2'));
    expect(marketplaceIntegrationKeys.catalogue()).toEqual(['marketplaces', 'catalogue']);
  });
  it("leads 'Gestisci' to the integration's detail page", () => {
    expect(marketplaceManagePath(42)).toBe('/dashboard/integration/42');
  });
  it('refreshes a token only through a marketplace with an OAuth address (spec §5)', () => {
    expect(canRefreshToken({ oauthUrl: 'https://auth.ebay.com/oauth2/authorize' })).toBe(true);
    expect(canRefreshToken({ oauthUrl: null })).toBe(false);
    expect(canRefreshToken(undefined)).toBe(true);
  });
});
