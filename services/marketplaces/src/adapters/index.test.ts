import { MARKETPLACE_CATALOGUE } from '@smista/contracts';
import { createLogger, NotSupportedError } from '@smista/service-kit';
import { adaptersConfigWith, adaptersEnv, createMarketplaceAdapter, isMarketplaceSupported, MarketplaceError, SUPPORTED_MARKETPLACES, type AdaptersConfig } from './index';

/* The adapters table the marketplaces service builds from: every marketplace of the catalogue has an adapter; an identifier outside it is refused in Italian. */

const logger = createLogger('marketplaces-test', 'silent');
const config: AdaptersConfig = adaptersConfigWith({
  EBAY_CLIENT_ID: 'Smista-Smista-SBX-a1b2c3d4e-5f6a7b8c',
  EBAY_CLIENT_SECRET: 'SBX-1b2c3d4e5f6a-7b8c',
  EBAY_RU_NAME: 'Smista-Smista-Smista-abcdefgh',
  EBAY_AUTH_URL: 'https://auth.sandbox.ebay.com',
  EBAY_API_URL: 'https://api.sandbox.ebay.com',
  EBAY_IDENTITY_URL: 'https://apiz.sandbox.ebay.com',
  MARKETPLACE_MAX_CONCURRENT_REQUESTS: 4,
});

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

describe('createMarketplaceAdapter', () => {
  it('builds the eBay adapter from the configuration, through its settings.ts', async () => {
    const adapter = createMarketplaceAdapter(' eBay ', config, logger);
    expect(adapter.identifier).toBe('ebay');
    expect(adapter.authorizeParams()).toMatchObject({ authorizeUrl: 'https://auth.sandbox.ebay.com/oauth2/authorize', clientId: config.EBAY_CLIENT_ID, redirectUri: config.EBAY_RU_NAME });
    expect(adapter.consentPageUrl()).toBe('https://auth.sandbox.ebay.com/oauth2/authorize');
    await adapter.close();
  });

  it('declares each adapter’s environment for config.ts', () => {
    expect(Object.keys(adaptersEnv).sort()).toEqual([
      'ALIEXPRESS_API_URL', 'ALIEXPRESS_APP_KEY', 'ALIEXPRESS_APP_SECRET', 'ALIEXPRESS_AUTH_URL', 'ALIEXPRESS_LOGISTICS_SERVICES', 'ALIEXPRESS_REDIRECT_URL', 'ALIEXPRESS_TIME_ZONE',
      'AMAZON_API_URL', 'AMAZON_APPLICATION_ID', 'AMAZON_CLIENT_ID', 'AMAZON_CLIENT_SECRET', 'AMAZON_CONSENT_URL', 'AMAZON_DRAFT_APP',
      'AMAZON_LWA_URL', 'AMAZON_MARKETPLACE_IDS', 'AMAZON_PACING_MAX_WAIT_MS', 'AMAZON_RATE_LIMITS', 'AMAZON_REDIRECT_URL',
      'EBAY_API_URL', 'EBAY_AUTH_URL', 'EBAY_CLIENT_ID', 'EBAY_CLIENT_SECRET', 'EBAY_IDENTITY_URL', 'EBAY_RU_NAME',
      'ETSY_API_URL', 'ETSY_CARRIER_NAMES', 'ETSY_CONNECT_URL', 'ETSY_DAILY_QUOTA_RESERVE', 'ETSY_KEYSTRING', 'ETSY_REDIRECT_URL', 'ETSY_SHARED_SECRET', 'ETSY_TOKEN_URL',
      'SHOPIFY_API_VERSION', 'SHOPIFY_CLIENT_ID', 'SHOPIFY_CLIENT_SECRET', 'SHOPIFY_NOTIFY_CUSTOMER', 'SHOPIFY_REDIRECT_URL', 'SHOPIFY_SHOP_URL',
    ]);
  });

  it('has an adapter for the catalogue’s marketplaces that have one, in catalogue order, each agreeing with its entry', async () => {
    expect(SUPPORTED_MARKETPLACES).toEqual(['ebay', 'amazon', 'shopify', 'aliexpress', 'etsy']);
    for (const id of SUPPORTED_MARKETPLACES) {
      const adapter = createMarketplaceAdapter(id, config, logger);
      const entry = MARKETPLACE_CATALOGUE.find((m) => m.id === id)!;
      expect({ connectMethod: adapter.connectMethod, capabilities: adapter.capabilities }).toEqual({ connectMethod: entry.connectMethod, capabilities: entry.capabilities });
      await adapter.close();
    }
  });

  it('refuses an identifier outside the catalogue with NOT_SUPPORTED naming it as given', () => {
    const error = thrown(() => createMarketplaceAdapter('vinted', config, logger));
    expect(error).toBeInstanceOf(NotSupportedError);
    expect(error).toMatchObject({
      code: 'NOT_SUPPORTED',
      provider: 'vinted',
      message: "Operazione non supportata da vinted: collegamento dell'account e sincronizzazione degli ordini (non ancora disponibile)",
    });
    expect(isMarketplaceSupported('vinted')).toBe(false);
    expect(isMarketplaceSupported(' AliExpress ')).toBe(true);
    expect(thrown(() => createMarketplaceAdapter('constructor', config, logger))).toMatchObject({ code: 'NOT_SUPPORTED', provider: 'constructor' });
    expect(isMarketplaceSupported('ebay')).toBe(true);
  });

  it('answers spec §5 messages when the eBay app is not configured, before any call', async () => {
    const adapter = createMarketplaceAdapter('ebay', { ...config, EBAY_CLIENT_ID: ' ', EBAY_CLIENT_SECRET: '' }, logger);
    const error = thrown(() => adapter.authorizeParams());
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_id mancante' });
    await expect(adapter.exchangeCode('v^1.1#code')).rejects.toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_id mancante' });
    const noSecret = createMarketplaceAdapter('ebay', { ...config, EBAY_CLIENT_SECRET: '' }, logger);
    await expect(noSecret.refreshAccessToken('v^1.1#refresh')).rejects.toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_secret mancante' });
    const noRuName = createMarketplaceAdapter('ebay', { ...config, EBAY_RU_NAME: '' }, logger);
    expect(thrown(() => noRuName.authorizeParams())).toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: RuName (redirect_uri) mancante' });
    await Promise.all([adapter.close(), noSecret.close(), noRuName.close()]);
  });
});
