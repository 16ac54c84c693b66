import {
  createMarketplaceIntegrationSchema,
  isMaskedSetting,
  italianDate,
  marketplaceMessages as m,
  missingSettings,
  oauthCallbackSchema,
  startSyncSchema,
  syncJobsQuerySchema,
} from './marketplaces';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('spec §5 marketplace connect', () => {
  it('missingSettings lists the empty required settings in order', () => {
    expect(missingSettings(['shopId', 'apiKey', 'apiSecret'], { apiKey: 'k', apiSecret: ' ' })).toEqual(['shopId', 'apiSecret']);
    expect(m.settingsMissing(['shopId', 'apiSecret'])).toBe('I seguenti campi sono obbligatori: shopId, apiSecret');
  });
  it('masks the setting names containing key or secret', () => {
    expect(['apiKey', 'appSecret', 'clientSecret', 'shopId', 'accessToken'].filter(isMaskedSetting)).toEqual(['apiKey', 'appSecret', 'clientSecret']);
  });
  it('has the §5 texts', () => {
    expect(m.oauthNotSupported('Amazon')).toBe("Il marketplace Amazon non supporta l'autenticazione OAuth");
    expect(m.authorizationDenied('access_denied')).toBe('Autorizzazione negata: access_denied');
    expect(m.callbackParamsMissing).toBe("Parametri mancanti nella callback. Impossibile completare l'autenticazione.");
    expect(m.clientIdMissing).toBe('Parametri OAuth incompleti: client_id mancante');
  });
});

describe('oauthCallbackSchema', () => {
  it('accepts what the shell sends, trimmed; every field optional (the service answers §5)', () => {
    expect(oauthCallbackSchema.parse({ code: ' v^1.1#i^1 ', marketplace: 'ebay', merchantId: 'm', state: ' ebay.abc ' })).toEqual({ code: 'v^1.1#i^1', marketplace: 'ebay', merchantId: 'm', error: '', state: 'ebay.abc', callback: {} });
    expect(oauthCallbackSchema.parse({})).toEqual({ code: '', marketplace: '', merchantId: '', error: '', state: '', callback: {} });
  });
  it('refuses a code longer than any marketplace issues', () => {
    expect(firstMessage(oauthCallbackSchema.safeParse({ code: 'x'.repeat(5000) }))).toBe(m.tooLong);
  });
});

describe('createMarketplaceIntegrationSchema', () => {
  it('takes config as an object or as JSON text, values as text', () => {
    const body = { type: 'marketplace', provider: 'Shopify', merchantId: 'm', config: { shopDomain: 'bottega', port: 443 }, active: true };
    expect(createMarketplaceIntegrationSchema.parse(body)).toEqual({ type: 'marketplace', provider: 'shopify', merchantId: 'm', config: { shopDomain: 'bottega', port: '443' }, active: true });
    expect(createMarketplaceIntegrationSchema.parse({ provider: 'etsy', config: '{"shopId":"12"}' }).config).toEqual({ shopId: '12' });
    expect(createMarketplaceIntegrationSchema.parse({ provider: 'etsy' }).config).toEqual({});
  });
  it.each([
    ['no provider', { config: {} }, m.marketplaceRequired],
    ['another type', { type: 'carrier', provider: 'etsy' }, m.typeInvalid],
    ['config not an object', { provider: 'etsy', config: [1] }, m.configInvalid],
    ['config bad JSON', { provider: 'etsy', config: '{' }, m.configInvalid],
    ['a nested setting', { provider: 'etsy', config: { shopId: { a: 1 } } }, m.settingInvalid('shopId')],
    ['active not a boolean', { provider: 'etsy', active: 'si' }, m.activeInvalid],
  ])('refuses %s in Italian', (_name, body, message) => {
    expect(firstMessage(createMarketplaceIntegrationSchema.safeParse(body))).toBe(message);
  });
});

describe('sync query and body', () => {
  it('integrationId: absent 0, digits a number, anything else -1 (answered NOT_FOUND by the service)', () => {
    expect(syncJobsQuerySchema.parse({})).toEqual({ integrationId: 0, limit: 20 });
    expect(syncJobsQuerySchema.parse({ integrationId: '42', limit: '5' })).toEqual({ integrationId: 42, limit: 5 });
    expect(syncJobsQuerySchema.parse({ integrationId: 'abc' }).integrationId).toBe(-1);
  });
  it('limit outside 1..100 is refused in Italian', () => {
    expect(firstMessage(syncJobsQuerySchema.safeParse({ limit: '0' }))).toBe(m.jobLimitInvalid);
    expect(firstMessage(syncJobsQuerySchema.safeParse({ limit: '1000' }))).toBe(m.jobLimitInvalid);
    expect(firstMessage(syncJobsQuerySchema.safeParse({ limit: 'tanti' }))).toBe(m.jobLimitInvalid);
  });
  it('triggeredBy: user by default, auto allowed, schedule is the server’s own', () => {
    expect(startSyncSchema.parse({})).toEqual({ triggeredBy: 'user' });
    expect(startSyncSchema.parse({ triggeredBy: 'auto' })).toEqual({ triggeredBy: 'auto' });
    expect(firstMessage(startSyncSchema.safeParse({ triggeredBy: 'schedule' }))).toBe(m.triggeredByInvalid);
  });
});

it('italianDate writes dd/MM/yyyy in Rome time', () => {
  expect(italianDate(new Date('2026-12-31T23:30:00Z'))).toBe('01/01/2027');
});
