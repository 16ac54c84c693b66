import type { MarketplaceIntegrationJson } from '@smista/contracts';
import {
  asksStoreDomain,
  authorizeUrlFor,
  storeDomainOf,
  autoTrackingHintOf,
  canRefreshToken,
  connectConfig,
  connectModeOf,
  formatConfig,
  integrationNameOf,
  integrationsOf,
  isSecretSetting,
  missingSettings,
  settingLabel,
  statusBadgeOf,
  syncJobOf,
  tokenStatusOf,
} from './marketplace-rules';

const EBAY_SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
];

describe('connectModeOf', () => {
  it('sends eBay (consent page and adapter) through OAuth and the rest through the connect dialog', () => {
    expect(connectModeOf({ oauthUrl: 'https://auth.ebay.com/oauth2/authorize', supported: true })).toBe('oauth');
    expect(connectModeOf({ oauthUrl: null, supported: true })).toBe('settings');
    expect(connectModeOf({ oauthUrl: 'https://sellercentral.amazon.it/apps/authorize', supported: false })).toBe('settings');
    expect(connectModeOf({ oauthUrl: '', supported: true })).toBe('settings');
  });
});

describe('authorizeUrlFor (spec §7, providers.md)', () => {
  const state = `ebay.${'Ab_-'.repeat(10)}xyz`;
  const params = { authorizeUrl: 'https://auth.ebay.com/oauth2/authorize', clientId: 'Smista-App-PRD-1a2b', redirectUri: 'Smista-Smista-App-abcd', scopes: EBAY_SCOPES, state };

  it('asks for a code with redirect_uri, state, client_id and the scopes space-separated', () => {
    const url = new URL(authorizeUrlFor(params));
    expect(url.origin + url.pathname).toBe('https://auth.ebay.com/oauth2/authorize');
    expect([...url.searchParams.keys()]).toEqual(['response_type', 'redirect_uri', 'state', 'client_id', 'scope']);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('Smista-Smista-App-abcd');
    expect(url.searchParams.get('state')).toBe(state);
    expect(url.searchParams.get('client_id')).toBe('Smista-App-PRD-1a2b');
    expect(url.searchParams.get('scope')).toBe(EBAY_SCOPES.join(' '));
  });

  it('percent-encodes every value, spaces as %20 (not +)', () => {
    const url = authorizeUrlFor({ ...params, redirectUri: 'a b&c' });
    expect(url).toContain('redirect_uri=a%20b%26c');
    expect(url).toContain(`scope=${EBAY_SCOPES.map(encodeURIComponent).join('%20')}`);
    expect(url).not.toContain('+');
  });

  it('appends to an authorize address that already has a query', () => {
    expect(authorizeUrlFor({ ...params, authorizeUrl: 'http://127.0.0.1:8161/oauth2/authorize?locale=it_IT', scopes: ['s'] })).toBe(
      `http://127.0.0.1:8161/oauth2/authorize?locale=it_IT&response_type=code&redirect_uri=Smista-Smista-App-abcd&state=${state}&client_id=Smista-App-PRD-1a2b&scope=s`,
    );
  });
});

describe('the connect dialog (spec §2, §5)', () => {
  it('masks the settings whose name contains key or secret (and token or password), in any case', () => {
    expect(['apiKey', 'client_secret', 'SHARED_SECRET', 'keystring', 'accessKeyId'].every(isSecretSetting)).toBe(true);
    expect(['refreshToken', 'accessToken', 'password'].every(isSecretSetting)).toBe(true);
    expect(['shopDomain', 'sellerId', 'clientId', 'region', 'marketplaceId'].some(isSecretSetting)).toBe(false);
  });

  it('labels known settings in Italian and the others in words', () => {
    expect(settingLabel('shopDomain')).toBe('Dominio del negozio');
    expect(settingLabel('storeHash')).toBe('Store hash');
    expect(settingLabel('shop_url')).toBe('Shop url');
    expect(settingLabel('API-TOKEN')).toBe('Api token');
    expect(settingLabel('toString')).toBe('To string');
  });

  it('finds the required settings left empty or blank, in order', () => {
    const required = ['shopDomain', 'apiKey', 'apiSecret'];
    expect(missingSettings(required, {})).toEqual(required);
    expect(missingSettings(required, { shopDomain: 'negozio.myshopify.com', apiKey: '   ', apiSecret: 's' })).toEqual(['apiKey']);
    expect(missingSettings(required, { shopDomain: 'x', apiKey: 'k', apiSecret: 's' })).toEqual([]);
    expect(missingSettings([], {})).toEqual([]);
  });

  it('sends every required setting trimmed, nothing else', () => {
    expect(connectConfig(['shopDomain', 'apiKey'], { shopDomain: ' x.myshopify.com ', apiKey: 'k', other: 'no' })).toEqual({ shopDomain: 'x.myshopify.com', apiKey: 'k' });
  });
});

describe('tokenStatusOf (spec §4)', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is Valido while the refresh token expires in the future', () => {
    expect(tokenStatusOf('2028-05-01T00:00:00Z', now)).toBe('valid');
    expect(tokenStatusOf('2026-11-23T12:00:01Z', now)).toBe('valid');
  });
  it('is Scaduto once it expired, at the very instant, or when unknown', () => {
    expect(tokenStatusOf('2026-11-23T12:00:00Z', now)).toBe('expired');
    expect(tokenStatusOf('2025-01-01T00:00:00Z', now)).toBe('expired');
    expect(tokenStatusOf(null, now)).toBe('expired');
    expect(tokenStatusOf('mai', now)).toBe('expired');
  });
});

describe('statusBadgeOf (spec §2 detail, §4)', () => {
  it('names the statuses of the spec', () => {
    expect(statusBadgeOf({ status: 'active', active: true })).toEqual({ key: 'active', label: 'Attivo', variant: 'success' });
    expect(statusBadgeOf({ status: 'pending', active: true })).toMatchObject({ label: 'In attesa', variant: 'warning' });
    expect(statusBadgeOf({ status: 'error', active: true })).toMatchObject({ label: 'Errore', variant: 'destructive' });
    expect(statusBadgeOf({ status: 'inactive', active: true })).toMatchObject({ label: 'Disattivato' });
    expect(statusBadgeOf({ status: 'in_progress' as never, active: true })).toMatchObject({ key: 'in_progress', label: 'In corso...' });
  });
  it("says 'Disattivato' for a switched-off integration whatever its status", () => {
    expect(statusBadgeOf({ status: 'active', active: false })).toMatchObject({ key: 'inactive', label: 'Disattivato', variant: 'secondary' });
    expect(statusBadgeOf({ status: 'error', active: false }).label).toBe('Disattivato');
  });
  it('shows an unknown status as it is', () => {
    expect(statusBadgeOf({ status: 'revoked' as never, active: true })).toEqual({ key: 'revoked', label: 'revoked', variant: 'outline' });
    expect(statusBadgeOf({ status: 'constructor' as never, active: true }).label).toBe('constructor');
  });
});

describe('the rest of the integration', () => {
  const integration = (over: Partial<MarketplaceIntegrationJson>) => ({ id: 1, provider: 'ebay', marketplaceName: 'eBay', username: null, ...over }) as MarketplaceIntegrationJson;

  it('refreshes a token only through a marketplace with an OAuth address (unknown: the server decides)', () => {
    expect(canRefreshToken({ oauthUrl: 'https://auth.ebay.com/oauth2/authorize' })).toBe(true);
    expect(canRefreshToken({ oauthUrl: null })).toBe(false);
    expect(canRefreshToken(undefined)).toBe(true);
  });

  it('names an integration by marketplace and account', () => {
    expect(integrationNameOf(integration({ username: 'negozio_rossi' }))).toBe('eBay (negozio_rossi)');
    expect(integrationNameOf(integration({}))).toBe('eBay');
    expect(integrationNameOf(integration({ marketplaceName: '' }))).toBe('ebay');
  });

  it("picks a marketplace's integrations", () => {
    const list = [integration({ id: 1 }), integration({ id: 2, provider: 'amazon' }), integration({ id: 3 })];
    expect(integrationsOf(list, 'ebay').map((i) => i.id)).toEqual([1, 3]);
    expect(integrationsOf(list, 'etsy')).toEqual([]);
  });

  it('formats the provider config as JSON, keeps other text, and has nothing for empty', () => {
    expect(formatConfig('{"marketplaceId":"EBAY_IT","scopes":["a"]}')).toBe('{\n  "marketplaceId": "EBAY_IT",\n  "scopes": [\n    "a"\n  ]\n}');
    expect(formatConfig('non json')).toBe('non json');
    expect(formatConfig('{}')).toBeNull();
    expect(formatConfig('  ')).toBeNull();
    expect(formatConfig(null)).toBeNull();
  });

  it('shows the running sync, else the last one', () => {
    const running = { id: 2 } as never;
    const last = { id: 1 } as never;
    expect(syncJobOf({ currentJob: running, lastJob: last })).toBe(running);
    expect(syncJobOf({ currentJob: null, lastJob: last })).toBe(last);
    expect(syncJobOf({ currentJob: null, lastJob: null })).toBeNull();
  });
});

describe('autoTrackingHintOf', () => {
  it("names the integration's own marketplace where it takes tracking (the catalogue's capability)", () => {
    expect(autoTrackingHintOf({ provider: 'ebay', marketplaceName: 'eBay' })).toBe('Invia a eBay il numero di tracking di ogni nuova etichetta');
    expect(autoTrackingHintOf({ provider: 'ebay', marketplaceName: '' })).toBe('Invia a eBay il numero di tracking di ogni nuova etichetta');
  });

  it('offers the switch for every marketplace of the catalogue (each takes tracking back), none outside it', () => {
    expect(autoTrackingHintOf({ provider: 'aliexpress', marketplaceName: 'AliExpress' })).toBe('Invia a AliExpress il numero di tracking di ogni nuova etichetta');
    expect(autoTrackingHintOf({ provider: 'vinted' as never, marketplaceName: 'Vinted' })).toBeNull();
    expect(autoTrackingHintOf({ provider: 'etsy', marketplaceName: 'Etsy' })).toBe('Invia a Etsy il numero di tracking di ogni nuova etichetta');
    expect(autoTrackingHintOf({ provider: 'shopify', marketplaceName: 'Shopify' })).toBe('Invia a Shopify il numero di tracking di ogni nuova etichetta');
  });
});

describe('the store domain of a marketplace whose consent page is the store’s own', () => {
  it('is asked where the consent page has {shop} in its address (Shopify), not for eBay', () => {
    expect(asksStoreDomain({ oauthUrl: 'https://{shop}/admin/oauth/authorize' })).toBe(true);
    expect(asksStoreDomain({ oauthUrl: 'https://auth.ebay.com/oauth2/authorize' })).toBe(false);
    expect(asksStoreDomain({ oauthUrl: null })).toBe(false);
  });

  it('takes the name or the myshopify domain, and nothing else', () => {
    expect(['negozio', ' Negozio ', 'negozio.myshopify.com', 'https://negozio.myshopify.com/'].map(storeDomainOf)).toEqual(Array(4).fill('negozio.myshopify.com'));
    for (const bad of ['', '   ', 'negozio.com', 'neg ozio', '-negozio', 'negozio.myshopify.com.evil.it']) expect(storeDomainOf(bad)).toBeNull();
  });
});
