import { marketplaceMessages as m } from '@smista/contracts';
import { assertOAuthMarketplace, assertSettingsConnect, marketplaceByIdentifier, type Marketplace } from './index';

const base = { description: 'd', logoUrl: '/assets/marketplaces/x.svg', active: true, apiDocUrl: null, maxOrdersLimit: 0 };
const ebay: Marketplace = { ...base, id: 1, identifier: 'ebay', name: 'eBay', oauth: true, requiredSettings: [], supported: true };
const shopify: Marketplace = { ...base, id: 3, identifier: 'shopify', name: 'Shopify', oauth: false, requiredSettings: ['shopDomain', 'accessToken'], supported: false };
const catalogue = [ebay, shopify];

function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (err) {
    const e = err as { code: string; message: string };
    return { code: e.code, message: e.message };
  }
  throw new Error('expected a refusal');
}

describe('marketplaceByIdentifier', () => {
  it('finds a marketplace whatever the case and spaces', () => {
    expect(marketplaceByIdentifier(catalogue, ' EBay ')).toBe(ebay);
  });
  it("answers 'Marketplace non trovato' for an identifier outside the catalogue", () => {
    expect(refusal(() => marketplaceByIdentifier(catalogue, 'zalando'))).toEqual({ code: 'MARKETPLACE_NOT_FOUND', message: m.marketplaceNotFound });
  });
});

describe('assertOAuthMarketplace', () => {
  it('lets an OAuth marketplace with an adapter through', () => {
    expect(() => assertOAuthMarketplace(ebay)).not.toThrow();
  });
  it('refuses a marketplace without OAuth with spec §5 message naming it', () => {
    expect(refusal(() => assertOAuthMarketplace(shopify))).toEqual({ code: 'OAUTH_NOT_SUPPORTED', message: "Il marketplace Shopify non supporta l'autenticazione OAuth" });
  });
  it('refuses an OAuth marketplace whose adapter is still to come', () => {
    expect(refusal(() => assertOAuthMarketplace({ ...ebay, supported: false })).code).toBe('MARKETPLACE_NOT_AVAILABLE');
  });
});

describe('assertSettingsConnect (the connect dialog)', () => {
  it('lists every empty required setting first, in catalogue order (spec §5)', () => {
    expect(refusal(() => assertSettingsConnect(shopify, { shopDomain: '  ' }))).toEqual({
      code: 'SETTINGS_MISSING',
      message: 'I seguenti campi sono obbligatori: shopDomain, accessToken',
    });
  });
  it('then refuses a marketplace without an adapter in Italian: nothing pretends to work', () => {
    const r = refusal(() => assertSettingsConnect(shopify, { shopDomain: 'bottega', accessToken: 'shpat_1' }));
    expect(r).toEqual({ code: 'MARKETPLACE_NOT_AVAILABLE', message: m.marketplaceNotAvailable('Shopify') });
  });
  it('sends eBay to its OAuth button', () => {
    expect(refusal(() => assertSettingsConnect(ebay, {}))).toEqual({ code: 'CONNECT_WITH_OAUTH', message: m.connectWithOAuth('eBay') });
  });
});
