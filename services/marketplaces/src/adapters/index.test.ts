import { createLogger, NotSupportedError } from '@smista/service-kit';
import { createMarketplaceAdapter, isMarketplaceSupported, MarketplaceError, type EbaySettings } from './index';

/* The factory the marketplaces service calls: eBay has an adapter, the other four say so in Italian. */

const logger = createLogger('marketplaces-test', 'silent');
const settings: EbaySettings = {
  clientId: 'Smista-Smista-SBX-a1b2c3d4e-5f6a7b8c',
  clientSecret: 'SBX-1b2c3d4e5f6a-7b8c',
  ruName: 'Smista-Smista-Smista-abcdefgh',
  authUrl: 'https://auth.sandbox.ebay.com',
  apiUrl: 'https://api.sandbox.ebay.com',
  identityUrl: 'https://apiz.sandbox.ebay.com',
  maxConcurrentRequests: 4,
};

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

describe('createMarketplaceAdapter', () => {
  it('builds the eBay adapter', async () => {
    const adapter = createMarketplaceAdapter(' eBay ', settings, logger);
    expect(adapter.identifier).toBe('ebay');
    expect(adapter.authorizeParams()).toMatchObject({ authorizeUrl: 'https://auth.sandbox.ebay.com/oauth2/authorize', clientId: settings.clientId, redirectUri: settings.ruName });
    await adapter.close();
  });

  it.each([
    ['amazon', 'Amazon'],
    ['shopify', 'Shopify'],
    ['aliexpress', 'AliExpress'],
    ['etsy', 'Etsy'],
  ])('refuses %s with NOT_SUPPORTED naming the marketplace', (identifier, name) => {
    const error = thrown(() => createMarketplaceAdapter(identifier, settings, logger));
    expect(error).toBeInstanceOf(NotSupportedError);
    expect(error).toMatchObject({
      code: 'NOT_SUPPORTED',
      provider: name,
      message: `Operazione non supportata da ${name}: collegamento dell'account e sincronizzazione degli ordini (non ancora disponibile)`,
    });
    expect(isMarketplaceSupported(identifier)).toBe(false);
  });

  it('refuses an identifier outside the catalogue the same way', () => {
    expect(thrown(() => createMarketplaceAdapter('vinted', settings, logger))).toMatchObject({ code: 'NOT_SUPPORTED', provider: 'vinted' });
    expect(isMarketplaceSupported('ebay')).toBe(true);
  });

  it('answers spec §5 messages when the eBay app is not configured, before any call', async () => {
    const adapter = createMarketplaceAdapter('ebay', { ...settings, clientId: ' ', clientSecret: '' }, logger);
    const error = thrown(() => adapter.authorizeParams());
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_id mancante' });
    await expect(adapter.exchangeCode('v^1.1#code')).rejects.toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_id mancante' });
    const noSecret = createMarketplaceAdapter('ebay', { ...settings, clientSecret: '' }, logger);
    await expect(noSecret.refreshAccessToken('v^1.1#refresh')).rejects.toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_secret mancante' });
    const noRuName = createMarketplaceAdapter('ebay', { ...settings, ruName: '' }, logger);
    expect(thrown(() => noRuName.authorizeParams())).toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: RuName (redirect_uri) mancante' });
    await Promise.all([adapter.close(), noSecret.close(), noRuName.close()]);
  });
});
