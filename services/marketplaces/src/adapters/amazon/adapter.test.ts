import { amazonMessages } from '@smista/contracts';
import { createLogger } from '@smista/service-kit';
import { AMAZON_SANDBOX_APP, amazonAuthorizeAs, amazonSandboxControl, startAmazonSandbox, type AmazonSandbox } from '@smista/sandboxes';
import { MarketplaceError } from '../adapter';
import { adaptersConfigWith } from '../index';
import { amazonCarrierOf, amazonSettingsFrom, createAmazonAdapter, isExpressServiceLevel, amazonOrderStatusOf, amazonPaymentStatusOf, parseAmazonRateLimits } from './index';

/*
 * The Amazon adapter against its sandbox at Amazon's own usage plans (searchOrders 0.0056/s, burst
 * 20): it spends the burst (but a tenth kept in reserve) and then answers the wait itself, so Amazon never answers 429; a 429 it
 * meets anyway is QUOTA_EXCEEDED with the wait of `x-amzn-RateLimit-Limit`. Plus the consent URL,
 * the refusals made before any call, and the units.
 */

const SELLER = { sellerId: 'A2UNITA', storeName: 'Unità', email: 'venditore@unita.it', password: 'Unita1!' };
const logger = createLogger('amazon-adapter-test', 'silent');
let amazon: AmazonSandbox;

const configFor = (url: string, extra: Record<string, unknown> = {}) =>
  adaptersConfigWith({
    AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId,
    AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId,
    AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret,
    AMAZON_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
    AMAZON_CONSENT_URL: url,
    AMAZON_LWA_URL: url,
    AMAZON_API_URL: url,
    ...extra,
  });

beforeAll(async () => {
  amazon = await startAmazonSandbox({ port: 0, sellers: [{ ...SELLER, orders: 30, seed: 5 }] });
});
afterAll(async () => {
  await amazon?.close();
});

async function connect(adapter: ReturnType<typeof createAmazonAdapter>): Promise<string> {
  const callback = new URL(await amazonAuthorizeAs(adapter.consentUrl(adapter.authorizeParams(), 'amazon.unit'), SELLER));
  return (await adapter.exchangeCode(callback.searchParams.get('spapi_oauth_code')!, Object.fromEntries(callback.searchParams))).accessToken;
}

const windowOf = () => ({ filterBy: 'created' as const, from: new Date(Date.now() - 100 * 86_400_000), to: new Date(), offset: 0, limit: 5 });

it("spends searchOrders' burst of 20 but the two it keeps in reserve, then answers the ~3-minute wait itself: Amazon never answers 429", async () => {
  const adapter = createAmazonAdapter(amazonSettingsFrom(configFor(amazon.url)), { logger });
  try {
    const accessToken = await connect(adapter);
    for (let i = 0; i < 18; i++) expect((await adapter.fetchOrdersPage({ accessToken, ...windowOf() })).orders).toHaveLength(5);
    const waited = await adapter.fetchOrdersPage({ accessToken, ...windowOf() }).catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(MarketplaceError);
    expect(waited).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: expect.any(Number) } });
    expect((waited as MarketplaceError).details.retryAfterMs).toBeGreaterThan(170_000);
    expect((waited as MarketplaceError).message).toBe(amazonMessages.quotaExceeded('3 minuti'));
    const searches = amazon.requests().filter((r) => r.operation === 'searchOrders');
    expect(searches).toHaveLength(18);
    expect(searches.every((r) => r.status === 200)).toBe(true);
  } finally {
    await adapter.close();
  }
});

it('answers a 429 it meets (another client spent the plan) as QUOTA_EXCEEDED with the wait of x-amzn-RateLimit-Limit', async () => {
  const adapter = createAmazonAdapter(amazonSettingsFrom(configFor(amazon.url)), { logger, http: { retries: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 1 } } });
  try {
    const accessToken = await connect(adapter);
    await amazonSandboxControl(amazon.url).injectFault({ kind: 'quota', count: 1, rateLimit: 0.5, operation: 'getOrder' });
    const refused = await adapter.fetchOrder({ accessToken, externalOrderId: (await amazonSandboxControl(amazon.url).orders(SELLER.sellerId))[0]!.orderId }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 2000, httpStatus: 429 } });
  } finally {
    await adapter.close();
  }
});

it('refuses before any call: an app without client id, a consent return without the seller; a draft app asks version=beta', async () => {
  const calls = (await amazonSandboxControl(amazon.url).stats()).calls;
  const unconfigured = createAmazonAdapter(amazonSettingsFrom(configFor(amazon.url, { AMAZON_CLIENT_ID: '' })), { logger });
  expect(() => unconfigured.authorizeParams()).toThrow(amazonMessages.clientIdMissing);
  const adapter = createAmazonAdapter(amazonSettingsFrom(configFor(amazon.url, { AMAZON_DRAFT_APP: true })), { logger });
  await expect(adapter.exchangeCode('ANcode', { state: 'amazon.x' })).rejects.toMatchObject({ code: 'CODE_REFUSED', message: amazonMessages.sellerMissing });
  await expect(adapter.fetchOrder({ accessToken: 'not-ours', externalOrderId: '402-1234567-1234567' })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
  const url = new URL(adapter.consentUrl(adapter.authorizeParams(), 'amazon.s'));
  expect(Object.fromEntries(url.searchParams)).toEqual({ application_id: AMAZON_SANDBOX_APP.applicationId, state: 'amazon.s', redirect_uri: 'http://127.0.0.1:9/marketplace/callback', version: 'beta' });
  expect((await amazonSandboxControl(amazon.url).stats()).calls).toBe(calls);
  await Promise.all([adapter.close(), unconfigured.close()]);
});

it("maps Amazon's values to Smista's: statuses, the service level's express marker, the carrier codes", () => {
  expect(['PENDING', 'UNSHIPPED', 'PARTIALLY_SHIPPED', 'SHIPPED', 'CANCELLED'].map(amazonOrderStatusOf)).toEqual(['da_spedire', 'da_spedire', 'da_spedire', 'spedito', 'annullato']);
  expect(['PENDING', 'UNSHIPPED', 'CANCELLED'].map(amazonPaymentStatusOf)).toEqual(['in_attesa', 'pagato', 'fallito']);
  expect(['STANDARD', 'FREE_ECONOMY', 'EXPEDITED', 'NEXT_DAY', 'SAME_DAY'].map(isExpressServiceLevel)).toEqual([false, false, true, true, true]);
  expect(amazonCarrierOf('gls')).toEqual({ carrierCode: 'GLS' });
  expect(amazonCarrierOf('posta_1')).toEqual({ carrierCode: 'Poste Italiane' });
  expect(amazonCarrierOf('brt')).toEqual({ carrierCode: 'Other', carrierName: 'brt' });
  expect(parseAmazonRateLimits('searchOrders=1/5')).toMatchObject({ searchOrders: { rate: 1, burst: 5 }, getOrder: { rate: 0.5, burst: 30 } });
  expect(parseAmazonRateLimits('nonEsiste=1/5')).toEqual(expect.stringContaining('AMAZON_RATE_LIMITS'));
});
