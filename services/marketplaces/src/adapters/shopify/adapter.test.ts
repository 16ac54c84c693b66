import { shopifyMessages } from '@smista/contracts';
import { SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, startShopifySandbox, type ShopifySandbox } from '@smista/sandboxes';
import { createLogger, DomainError } from '@smista/service-kit';
import { MarketplaceError, type MarketplaceAdapter } from '../adapter';
import { buildDeliveryEvent } from './build';
import { deliveryUserErrorsFailure, userErrorsFailure } from './errors';
import { callbackSignature, createShopifyAdapter, shopDomainOf, shopifyAuthorizeUrl, unitWeights, verifyCallback, type ShopifySettings } from './index';

/*
 * The Shopify adapter against the Shopify sandbox over real HTTP, on a clock the test moves (the
 * sandbox's bucket restores on it, the adapter's pacer waits on it): the shop's domain refused
 * before any call, the install callback's checks, pacing that spends a Basic bucket without one
 * THROTTLED answer, both throttled forms, resuming a window at an offset, an order's values, a
 * revoked install.
 */

const logger = createLogger('shopify-adapter-test', 'silent');
const SHOP = 'bottega-adapter.myshopify.com';
const OWNER = { email: 'titolare@bottega-adapter.it', password: 'Negozio1!' };

let clock = Date.parse('2026-11-20T10:00:00.000Z');
let waited = 0;
const deps = () => ({ logger, now: () => clock, wait: async (ms: number) => void ((waited += ms), (clock += ms)), http: { retries: { maxRetries: 0, baseDelayMs: 1, maxDelayMs: 2 } } });

let shopify: ShopifySandbox;
let settings: ShopifySettings;
let adapter: MarketplaceAdapter;
let credential: string;
let refresh: string;

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

async function connect(a: MarketplaceAdapter) {
  const callback = new URL(await shopifyInstallAs(shopifyAuthorizeUrl(a.authorizeParams('Bottega-Adapter'), 'st'), OWNER));
  return a.exchangeCode(callback.searchParams.get('code')!, Object.fromEntries(callback.searchParams));
}

beforeAll(async () => {
  shopify = await startShopifySandbox({ port: 0, now: () => new Date(clock), shops: [{ shop: SHOP, orders: 120, seed: 5 }] });
  settings = { clientId: SHOPIFY_SANDBOX_APP.clientId, clientSecret: SHOPIFY_SANDBOX_APP.clientSecret, redirectUrl: 'http://127.0.0.1:9/marketplace/callback', shopUrl: `${shopify.url}/store/{shop}`, apiVersion: '2026-10', notifyCustomer: true, maxConcurrentRequests: 4 };
  adapter = createShopifyAdapter(settings, deps());
  const tokens = await connect(adapter);
  credential = tokens.accessToken;
  refresh = tokens.refreshToken!;
});
afterAll(async () => {
  await adapter?.close();
  await shopify?.close();
});

const window = () => ({ filterBy: 'created' as const, from: new Date(clock - 90 * 86_400_000), to: new Date(clock) });

describe("the shop's domain and the install callback", () => {
  it('takes the name or the myshopify domain, and refuses anything else in Italian before any call', async () => {
    expect(['negozio', ' Negozio ', 'negozio.myshopify.com', 'https://negozio.myshopify.com/'].map(shopDomainOf)).toEqual(Array(4).fill('negozio.myshopify.com'));
    const calls = (await shopifySandboxControl(shopify.url).stats()).calls;
    for (const bad of ['negozio.com', 'neg ozio', '-negozio', 'negozio.myshopify.com.evil.it']) {
      expect(() => adapter.authorizeParams(bad)).toThrow(shopifyMessages.shopDomainInvalid(bad));
    }
    expect(() => adapter.authorizeParams('')).toThrow(shopifyMessages.shopDomainRequired);
    expect((await shopifySandboxControl(shopify.url).stats()).calls).toBe(calls);
    expect(adapter.authorizeParams('negozio')).toMatchObject({ authorizeUrl: `${shopify.url}/store/negozio.myshopify.com/admin/oauth/authorize`, scopes: ['read_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders', 'write_fulfillments'] });
  });

  it("checks the callback's HMAC, age and shop before the code is used", async () => {
    const secret = SHOPIFY_SANDBOX_APP.clientSecret;
    const nowS = Math.floor(clock / 1000);
    const signed = (p: Record<string, string>) => ({ ...p, hmac: callbackSignature(p, secret) });
    const good = signed({ code: 'c0de', host: 'aG9zdA', shop: 'negozio.myshopify.com', state: 's t', timestamp: String(nowS) });
    expect(verifyCallback(good, secret, clock)).toBe('negozio.myshopify.com');
    const refused = (p: Record<string, string>) => {
      try {
        verifyCallback(p, secret, clock);
      } catch (err) {
        return { code: (err as MarketplaceError).code, message: (err as Error).message };
      }
      return undefined;
    };
    expect(refused({ ...good, state: 'altro' })).toEqual({ code: 'CODE_REFUSED', message: shopifyMessages.callbackSignatureInvalid });
    expect(refused({ ...good, hmac: good.hmac.slice(0, -2) })).toEqual({ code: 'CODE_REFUSED', message: shopifyMessages.callbackSignatureInvalid });
    expect(refused(signed({ ...good, timestamp: String(nowS - 91) }))).toEqual({ code: 'CODE_REFUSED', message: shopifyMessages.callbackExpired });
    expect(refused(signed({ ...good, shop: 'negozio.example.com' }))).toEqual({ code: 'CODE_REFUSED', message: shopifyMessages.callbackShopInvalid });
    expect(refused({ code: 'c0de' })).toEqual({ code: 'CODE_REFUSED', message: shopifyMessages.callbackIncomplete });

    // A tampered callback reaches no token endpoint: the code stays unused and still works after.
    const callback = new URL(await shopifyInstallAs(shopifyAuthorizeUrl(adapter.authorizeParams(SHOP), 'st'), OWNER));
    const params = Object.fromEntries(callback.searchParams);
    expect(await failure(adapter.exchangeCode(params.code!, { ...params, state: 'cambiato' }))).toMatchObject({ code: 'CODE_REFUSED' });
    expect((await adapter.exchangeCode(params.code!, params)).accessToken).toMatch(new RegExp(`^${SHOP}/shpat_`));
  });
});

describe('orders', () => {
  it('spends a Basic bucket at its restore rate: 250 orders read without one THROTTLED answer', async () => {
    const before = shopify.requests().length;
    waited = 0;
    const page = await adapter.fetchOrdersPage({ accessToken: credential, ...window(), offset: 0, limit: 250 });
    expect(page.orders.length).toBeGreaterThan(100);
    expect(page.total).toBe(page.orders.length);
    const calls = shopify.requests().slice(before);
    expect(calls.filter((c) => c.codes.includes('THROTTLED'))).toEqual([]);
    // More than a bucket's worth was read: the adapter waited for the restore instead of being refused.
    expect(waited).toBeGreaterThan(5_000);
  });

  it('resumes a window at an offset it did not hand out (another replica) with the same orders', async () => {
    const first = await adapter.fetchOrdersPage({ accessToken: credential, ...window(), offset: 0, limit: 30 });
    const second = await adapter.fetchOrdersPage({ accessToken: credential, ...window(), offset: first.nextOffset!, limit: 30 });
    const other = createShopifyAdapter(settings, deps());
    // The job's lease runs out before another replica takes it: the shop's bucket has restored meanwhile.
    clock += 30_000;
    try {
      const resumed = await other.fetchOrdersPage({ accessToken: credential, ...window(), offset: 30, limit: 30 });
      expect(resumed.orders.map((o) => o.externalId)).toEqual(second.orders.map((o) => o.externalId));
      expect(resumed.nextOffset).toBe(second.nextOffset);
      const past = await other.fetchOrdersPage({ accessToken: credential, ...window(), offset: 5_000, limit: 30 });
      expect(past).toMatchObject({ orders: [], nextOffset: null });
    } finally {
      await other.close();
    }
  });

  it("maps an order to Smista's values: statuses, lines, totals as decimal text, the express shipping line, grams", async () => {
    const page = await adapter.fetchOrdersPage({ accessToken: credential, ...window(), offset: 0, limit: 120 });
    const express = page.orders.find((o) => o.shippingService === 'Spedizione espressa 24h')!;
    expect(express.express).toBe(true);
    expect(page.orders.find((o) => o.shippingService === 'Spedizione standard')!.express).toBe(false);
    for (const order of page.orders) {
      expect(order.total).toMatch(/^\d+\.\d{2}$/);
      expect(order.currency).toBe('EUR');
      expect(order.shippingAddress?.address?.countryCode).toBe('IT');
      expect(order.items.every((i) => i.sku && i.title && i.quantity > 0 && /^\d+\.\d{2}$/.test(i.unitPrice) && i.weightGrams > 0)).toBe(true);
      const raw = JSON.parse(order.rawJson) as { totalWeight: string };
      const grams = order.items.reduce((n, i) => n + i.weightGrams * i.quantity, 0);
      expect(Math.abs(grams - Number(raw.totalWeight))).toBeLessThanOrEqual(order.items.reduce((n, i) => n + i.quantity, 0));
    }
    expect(new Set(page.orders.map((o) => o.status))).toEqual(new Set(['da_spedire', 'spedito', 'annullato']));
    expect(page.orders.some((o) => o.items.some((i) => i.fulfillmentStatus === 'spedito'))).toBe(true);
    expect(unitWeights(900, [1, 2])).toEqual([300, 300]);
  });

  it('waits out a bucket another replica emptied (THROTTLED 200), and answers THROTTLED that persists or a 429 as QUOTA_EXCEEDED with its wait', async () => {
    const control = shopifySandboxControl(shopify.url);
    const blind = createShopifyAdapter(settings, deps());
    try {
      await control.drainBucket(SHOP, 0);
      waited = 0;
      expect((await blind.fetchOrdersPage({ accessToken: credential, ...window(), offset: 0, limit: 10 })).orders).toHaveLength(10);
      expect(waited).toBeGreaterThanOrEqual(3_000);
      await control.injectFault({ kind: 'throttled', count: 3, httpStatus: 200 });
      const quota = await failure(blind.fetchOrdersPage({ accessToken: credential, ...window(), offset: 0, limit: 10 }));
      expect(quota).toMatchObject({ code: 'QUOTA_EXCEEDED', message: shopifyMessages.quotaExceeded, details: { providerCode: 'THROTTLED', httpStatus: 200 } });
      expect((quota as MarketplaceError).details.retryAfterMs).toBeGreaterThanOrEqual(1_000);
      clock += 60_000;
      await control.injectFault({ kind: 'throttled', count: 1, httpStatus: 429, retryAfterSeconds: 7 });
      expect(await failure(blind.getIdentity(credential))).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 7_000, httpStatus: 429 } });
    } finally {
      await control.clearFaults();
      await blind.close();
    }
  });
});

describe('the delivery (reportDelivery: fulfillmentEventCreate DELIVERED)', () => {
  /** Ships an open order of the shop through the adapter: the fulfilment id the service stores. */
  async function shipOne(tracking: string): Promise<{ orderId: string; fulfillmentId: string }> {
    const open = (await shopifySandboxControl(shopify.url).orders(SHOP)).find((o) => !o.cancelled && o.remainingQuantity > 0 && o.fulfillments.length === 0)!;
    const lineItems = open.lineItems.map((l) => ({ lineItemId: l.id.replace(/^gid:\/\/shopify\/LineItem\//, ''), quantity: l.quantity }));
    const { fulfillmentId } = await adapter.pushTracking({ accessToken: credential, externalOrderId: open.legacyResourceId, lineItems, carrierCode: 'gls', trackingNumber: tracking, shippedDate: new Date(clock) });
    return { orderId: open.id, fulfillmentId };
  }

  it('builds the event from the stored fulfilment id and the time, refusing a malformed id before any call', async () => {
    expect(buildDeliveryEvent('5000000123', new Date('2026-11-20T10:15:00Z'))).toEqual({ fulfillmentId: 'gid://shopify/Fulfillment/5000000123', status: 'DELIVERED', happenedAt: '2026-11-20T10:15:00.000Z' });
    expect(buildDeliveryEvent('gid://shopify/Fulfillment/42', new Date(0)).fulfillmentId).toBe('gid://shopify/Fulfillment/42');
    const calls = (await shopifySandboxControl(shopify.url).stats()).calls;
    expect(await failure(adapter.reportDelivery!({ accessToken: credential, fulfillmentId: 'F-1', happenedAt: new Date(clock) }))).toMatchObject({ message: shopifyMessages.fulfillmentIdInvalid('F-1') });
    expect((await shopifySandboxControl(shopify.url).stats()).calls).toBe(calls);
  });

  it("tells the shop's GraphQL endpoint DELIVERED on the fulfilment with the carrier's time, and reads the event's id", async () => {
    const { orderId, fulfillmentId } = await shipOne('MI700800900');
    const happenedAt = new Date(clock - 3_600_000);
    const { eventId } = await adapter.reportDelivery!({ accessToken: credential, fulfillmentId, happenedAt });
    expect(eventId).toMatch(/^gid:\/\/shopify\/FulfillmentEvent\/\d+$/);
    const events = await shopifySandboxControl(shopify.url).fulfillmentEvents(SHOP);
    expect(events.filter((e) => e.id === eventId)).toEqual([expect.objectContaining({ orderId, fulfillmentId: `gid://shopify/Fulfillment/${fulfillmentId}`, status: 'DELIVERED', happenedAt: happenedAt.toISOString() })]);
  });

  it("puts Shopify's refusals in Italian: an unknown fulfilment, a shop connected without write_fulfillments (reconnect), THROTTLED", async () => {
    expect(await failure(adapter.reportDelivery!({ accessToken: credential, fulfillmentId: '1', happenedAt: new Date(clock) }))).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: shopifyMessages.deliveryRefused("l'evasione di questa spedizione non esiste più su Shopify"),
      details: { providerCode: 'USER_ERROR' },
    });
    expect(deliveryUserErrorsFailure([])).toBeUndefined();
    const { fulfillmentId } = await shipOne('MI700800901');
    const params = adapter.authorizeParams('bottega-adapter');
    const callback = new URL(await shopifyInstallAs(shopifyAuthorizeUrl({ ...params, scopes: params.scopes.filter((s) => s !== 'write_fulfillments') }, 'vecchio'), OWNER));
    const older = await adapter.exchangeCode(callback.searchParams.get('code')!, Object.fromEntries(callback.searchParams));
    const denied = await failure(adapter.reportDelivery!({ accessToken: older.accessToken, fulfillmentId, happenedAt: new Date(clock) }));
    expect(denied).toMatchObject({ code: 'REQUEST_REFUSED', message: shopifyMessages.deliveryScopeMissing, details: { providerCode: 'ACCESS_DENIED' } });
    expect(denied.message).toMatch(/^Ricollega il negozio Shopify per concedere /);
    const control = shopifySandboxControl(shopify.url);
    await control.injectFault({ kind: 'throttled', count: 1, httpStatus: 429, retryAfterSeconds: 4 });
    try {
      expect(await failure(adapter.reportDelivery!({ accessToken: credential, fulfillmentId, happenedAt: new Date(clock) }))).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 4_000, httpStatus: 429 } });
    } finally {
      await control.clearFaults();
    }
    expect((await control.fulfillmentEvents(SHOP)).filter((e) => e.fulfillmentId === `gid://shopify/Fulfillment/${fulfillmentId}`)).toEqual([]);
  });
});

describe('tokens and refusals', () => {
  it("puts fulfillmentCreate's userErrors in Italian", () => {
    expect(userErrorsFailure([{ message: 'Invalid fulfillment order line item quantity requested.' }])).toMatchObject({ code: 'REQUEST_REFUSED', message: shopifyMessages.fulfillmentRefused("quantità degli articoli non valida per l'ordine di evasione") });
    expect(userErrorsFailure([{ message: 'Fulfillment order 7 has an unfulfillable status= closed.' }])).toMatchObject({ code: 'ALREADY_FULFILLED' });
    expect(userErrorsFailure([])).toBeUndefined();
  });

  it('refreshes before expiry; after the owner uninstalls, the token is TOKEN_EXPIRED and the refresh REFRESH_REFUSED', async () => {
    const fresh = await adapter.refreshAccessToken(refresh);
    expect(fresh.accessTokenExpiresAt.getTime()).toBe(clock + 3600 * 1000);
    expect(fresh.refreshToken).toMatch(new RegExp(`^${SHOP}/shprt_`));
    expect((await adapter.getIdentity(fresh.accessToken)).userId).toBe(SHOP);
    await shopifySandboxControl(shopify.url).revokeConsent(SHOP);
    expect(await failure(adapter.getIdentity(fresh.accessToken))).toMatchObject({ code: 'TOKEN_EXPIRED', message: shopifyMessages.tokenExpired });
    expect(await failure(adapter.refreshAccessToken(fresh.refreshToken!))).toMatchObject({ code: 'REFRESH_REFUSED', message: shopifyMessages.refreshRefused });
    expect(await failure(adapter.refreshAccessToken('not-a-credential'))).toMatchObject({ code: 'REFRESH_REFUSED' });
  });
});
