import { consentAs, EBAY_SANDBOX_APP, ebaySandboxControl, startEbaySandbox, type EbaySandbox, type EbaySandboxControl } from '@smista/sandboxes';
import { createLogger, DomainError, ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError, type ImportedOrder, type MarketplaceAdapter, type TokenSet } from '../adapter';
import { buildAuthorizeUrl, type EbaySettings, type MarketplaceAdapterOptions } from '../index';
import { createEbayAdapter } from './index';

/*
 * The eBay adapter as the marketplaces service uses it, against the real eBay sandbox
 * (deploy/sandboxes/src/ebay) on a free port: the consent a seller gives on the sandbox's page, the
 * code exchange, identity, a 1,000-order import page by page, refresh, revocation, expired tokens,
 * quota and outages, tracking pushed back with eBay's refusals and the order's fulfilments read
 * back — the URLs and bodies it sent
 * read back from the sandbox's request log, and no token, code or secret in any log line or error.
 */

const SELLER = { username: 'venditore_mille', password: 'Mille1000!' };
const SHOP = { username: 'bottega_spedizioni', password: 'Bottega1!' };

const lines: string[] = [];
const logger = createLogger('marketplaces-test', 'debug', { write: (line: string) => void lines.push(line) });
const secretsSeen = new Set<string>([EBAY_SANDBOX_APP.clientSecret]);

let ebay: EbaySandbox;
let control: EbaySandboxControl;
let settings: EbaySettings;
const open: MarketplaceAdapter[] = [];

function adapterWith(patch: Partial<EbaySettings> = {}, options: MarketplaceAdapterOptions = {}): MarketplaceAdapter {
  const adapter = createEbayAdapter({ ...settings, ...patch }, { logger, http: { retries: { maxRetries: 1, baseDelayMs: 1, maxDelayMs: 2 } }, ...options });
  open.push(adapter);
  return adapter;
}

async function failure(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

/** The redirect eBay sends the browser to once `who` accepts on the consent page. */
async function consent(adapter: MarketplaceAdapter, who: { username: string; password: string }, state = 'ebay'): Promise<URL> {
  return new URL(await consentAs(buildAuthorizeUrl(adapter.authorizeParams(), state), { ...who, accept: true }));
}

async function connect(adapter: MarketplaceAdapter, who: { username: string; password: string }): Promise<TokenSet> {
  const code = (await consent(adapter, who)).searchParams.get('code')!;
  secretsSeen.add(code);
  const tokens = await adapter.exchangeCode(code);
  secretsSeen.add(tokens.accessToken);
  if (tokens.refreshToken) secretsSeen.add(tokens.refreshToken);
  return tokens;
}

const wholeWindow = () => ({ from: new Date(Date.now() - 400 * 86_400_000), to: new Date(Date.now() + 60_000) });

beforeAll(async () => {
  ebay = await startEbaySandbox({
    port: 0,
    sellers: [
      { ...SELLER, orders: 1000, seed: 7 },
      { ...SHOP, orders: 40, seed: 11, accountType: 'INDIVIDUAL' },
    ],
  });
  control = ebaySandboxControl(ebay.url);
  settings = {
    clientId: EBAY_SANDBOX_APP.clientId,
    clientSecret: EBAY_SANDBOX_APP.clientSecret,
    ruName: EBAY_SANDBOX_APP.ruName,
    authUrl: ebay.url,
    apiUrl: `${ebay.url}/`,
    identityUrl: ebay.url,
    maxConcurrentRequests: 4,
  };
});

afterEach(async () => {
  await control.clearFaults();
});

afterAll(async () => {
  await Promise.all(open.map((a) => a.close()));
  await ebay.close();
  // Every token, code and secret the tests met stays out of every log line.
  const log = lines.join('\n');
  for (const secret of secretsSeen) {
    expect(log.includes(secret)).toBe(false);
    expect(log.includes(encodeURIComponent(secret))).toBe(false);
  }
});

describe('consent and code exchange', () => {
  it("opens the sandbox's consent page with our parameters and exchanges the code it redirects with", async () => {
    const adapter = adapterWith();
    const redirect = await consent(adapter, SELLER, 'ebay');
    expect(redirect.origin + redirect.pathname).toBe(EBAY_SANDBOX_APP.acceptUrl);
    expect(redirect.searchParams.get('state')).toBe('ebay');
    expect(redirect.searchParams.get('expires_in')).toBe('299');
    const authorize = ebay.requests().filter((r) => r.endpoint === 'GET /oauth2/authorize').pop()!;
    expect(authorize.query).toMatchObject({ client_id: EBAY_SANDBOX_APP.clientId, redirect_uri: EBAY_SANDBOX_APP.ruName, response_type: 'code', state: 'ebay' });
    expect(authorize.query.scope!.split(' ')).toHaveLength(6);

    const code = redirect.searchParams.get('code')!;
    secretsSeen.add(code);
    const before = Date.now();
    const tokens = await adapter.exchangeCode(code);
    secretsSeen.add(tokens.accessToken).add(tokens.refreshToken!);
    expect(tokens.accessToken).toMatch(/^v\^1\.1#/);
    expect(tokens.refreshToken).toMatch(/^v\^1\.1#/);
    expect(tokens.accessTokenExpiresAt.getTime()).toBeGreaterThanOrEqual(before + 7200_000 - 1000);
    expect(tokens.accessTokenExpiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 7200_000);
    expect(tokens.refreshTokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 47_304_000_000 - 1000);

    const exchange = ebay.requests().filter((r) => r.endpoint === 'POST /identity/v1/oauth2/token').pop()!;
    expect(exchange).toMatchObject({ authorization: 'basic', status: 200, fields: ['grant_type', 'code', 'redirect_uri'] });
    expect(exchange.contentType).toContain('application/x-www-form-urlencoded');

    // Single use: the same code again is CODE_REFUSED.
    expect(await failure(adapter.exchangeCode(code))).toMatchObject({
      code: 'CODE_REFUSED',
      message: "eBay ha rifiutato il codice di autorizzazione: è scaduto o è già stato usato. Collega di nuovo l'account eBay.",
    });
  });

  it('exchanges a code handed over still URL-encoded without encoding it twice', async () => {
    const adapter = adapterWith();
    const redirect = await consent(adapter, SELLER);
    const raw = /[?&]code=([^&]+)/.exec(redirect.search)![1]!;
    expect(raw).toMatch(/%[0-9A-F]{2}/i);
    secretsSeen.add(decodeURIComponent(raw));
    const tokens = await adapter.exchangeCode(raw);
    secretsSeen.add(tokens.accessToken).add(tokens.refreshToken!);
    expect(tokens.refreshToken).toBeTruthy();
  });

  it('reads the seller who consented', async () => {
    const adapter = adapterWith();
    const tokens = await connect(adapter, SELLER);
    const seller = await adapter.getIdentity(tokens.accessToken);
    expect(seller).toMatchObject({ username: SELLER.username, accountType: 'BUSINESS', registrationMarketplaceId: 'EBAY_IT' });
    expect(seller.userId).toBeTruthy();
    expect((await control.sellers()).find((s) => s.username === SELLER.username)?.userId).toBe(seller.userId);
    expect(await adapter.getIdentity((await connect(adapter, SHOP)).accessToken)).toMatchObject({ username: SHOP.username, accountType: 'INDIVIDUAL' });
    const identity = ebay.requests().filter((r) => r.endpoint === 'GET /commerce/identity/v1/user/').pop()!;
    expect(identity).toMatchObject({ method: 'GET', path: '/commerce/identity/v1/user/', authorization: 'bearer', status: 200 });
  });

  it('is CLIENT_REFUSED with a wrong client secret, and refuses an unconfigured app without calling eBay', async () => {
    const code = (await consent(adapterWith(), SELLER)).searchParams.get('code')!;
    secretsSeen.add(code).add('Sbagliato-123');
    const wrong = await failure(adapterWith({ clientSecret: 'Sbagliato-123' }).exchangeCode(code));
    expect(wrong).toBeInstanceOf(MarketplaceError);
    expect(wrong).toMatchObject({ code: 'CLIENT_REFUSED', details: { httpStatus: 401, providerCode: 'invalid_client' } });
    expect(wrong.message).not.toContain('Sbagliato-123');

    const before = ebay.requests().length;
    expect(await failure(adapterWith({ clientId: '' }).exchangeCode(code))).toMatchObject({ code: 'CLIENT_REFUSED', message: 'Parametri OAuth incompleti: client_id mancante' });
    expect(ebay.requests().length).toBe(before);
  });
});

describe('orders', () => {
  let adapter: MarketplaceAdapter;
  let tokens: TokenSet;

  beforeAll(async () => {
    adapter = adapterWith();
    tokens = await connect(adapter, SELLER);
  });

  it('imports a 1,000-order seller page by page, every order exactly once, with items and address', async () => {
    const { from, to } = wholeWindow();
    const seen: ImportedOrder[] = [];
    let offset: number | null = 0;
    let pages = 0;
    while (offset !== null) {
      const page = await adapter.fetchOrdersPage({ accessToken: tokens.accessToken, filterBy: 'created', from, to, offset, limit: 200 });
      expect(page.total).toBe(1000);
      seen.push(...page.orders);
      offset = page.nextOffset;
      pages += 1;
      expect(pages).toBeLessThanOrEqual(5);
    }
    expect(pages).toBe(5);
    const ids = seen.map((o) => o.externalId);
    expect(new Set(ids).size).toBe(1000);
    expect(new Set(ids)).toEqual(new Set((await control.orders(SELLER.username)).map((o) => o.orderId)));

    const calls = ebay.requests().filter((r) => r.endpoint === 'GET /sell/fulfillment/v1/order');
    expect(calls.slice(-5).map((r) => r.query.offset)).toEqual(['0', '200', '400', '600', '800']);
    expect(calls.slice(-1)[0]).toMatchObject({ authorization: 'bearer', status: 200 });
    expect(calls.slice(-1)[0]!.query).toMatchObject({ filter: `creationdate:[${from.toISOString()}..${to.toISOString()}]`, limit: '200' });

    for (const order of seen) {
      expect(order.marketplace).toBe('ebay');
      expect(order.items.length).toBeGreaterThan(0);
      expect(order.total).toMatch(/^\d+\.\d{2}$/);
      expect(order.currency).toMatch(/^[A-Z]{3}$/);
      expect(['da_spedire', 'spedito', 'annullato']).toContain(order.status);
      expect(['in_attesa', 'pagato', 'fallito', 'rimborsato', 'parzialmente_rimborsato']).toContain(order.paymentStatus);
      expect(order.orderDate).toMatch(/Z$/);
      expect(order.shipByDate).toMatch(/Z$/);
      expect(order.shippingAddress?.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(order.shippingAddress?.city).toBeTruthy();
      expect(order.buyerName).toBeTruthy();
      expect(order.externalUsername).toBeTruthy();
      for (const item of order.items) {
        expect(item.externalItemId).toBeTruthy();
        expect(item.quantity).toBeGreaterThanOrEqual(1);
        expect(item.unitPrice).toMatch(/^\d+\.\d{2}$/);
        expect(Math.abs(Number(item.unitPrice) * item.quantity - Number(item.total))).toBeLessThan(0.01 * item.quantity);
        expect(item.imageUrl).toMatch(/^https?:\/\//);
      }
      const raw = JSON.parse(order.rawJson) as { orderId: string };
      expect(raw.orderId).toBe(order.externalId);
      // eBay's privacy rules: an e-mail only for 14 days, the name and first address line for 90.
      const ageDays = (Date.now() - Date.parse(order.orderDate)) / 86_400_000;
      if (ageDays > 14.01) expect(order.buyerEmail).toBe('');
      if (ageDays < 13.99) expect(order.buyerEmail).toContain('@');
      if (ageDays > 90.01) expect(order.shippingAddress?.addressLine1).toBe('');
      if (ageDays < 89.99) expect(order.shippingAddress?.addressLine1).toBeTruthy();
    }
    // The generator's variety reaches us: several statuses, multi-line orders.
    expect(new Set(seen.map((o) => o.status)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(seen.map((o) => o.paymentStatus)).size).toBeGreaterThanOrEqual(2);
    expect(seen.some((o) => o.items.length > 1)).toBe(true);
    expect(seen.some((o) => o.buyerEmail === '')).toBe(true);
  });

  it('reads an order edited on eBay with the last-modified filter', async () => {
    const since = new Date(Date.now() - 1000);
    const [target] = await control.orders(SELLER.username);
    await control.editOrder(SELLER.username, target!.orderId, { orderPaymentStatus: 'FULLY_REFUNDED' });
    const page = await adapter.fetchOrdersPage({ accessToken: tokens.accessToken, filterBy: 'modified', from: since, to: new Date(Date.now() + 60_000), offset: 0, limit: 200 });
    expect(page.orders.map((o) => o.externalId)).toContain(target!.orderId);
    expect(page.orders.find((o) => o.externalId === target!.orderId)).toMatchObject({ paymentStatus: 'rimborsato', externalPaymentStatus: 'FULLY_REFUNDED' });
    expect(ebay.requests().filter((r) => r.endpoint === 'GET /sell/fulfillment/v1/order').pop()!.query.filter).toMatch(/^lastmodifieddate:\[/);
  });

  it("maps eBay's getOrders refusal to its Italian text", async () => {
    const error = await failure(
      adapter.fetchOrdersPage({ accessToken: tokens.accessToken, filterBy: 'created', from: new Date(), to: new Date(Date.now() - 86_400_000), offset: 0, limit: 200 }),
    );
    expect(error).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: 'eBay ha rifiutato la lettura degli ordini: la data di inizio del filtro segue la data di fine (codice 30840)',
      details: { providerCode: '30840', httpStatus: 400 },
    });
  });

  it('is QUOTA_EXCEEDED with the wait eBay asks for, and survives a single 429 through the retry', async () => {
    const request = { accessToken: tokens.accessToken, filterBy: 'created' as const, ...wholeWindow(), offset: 0, limit: 50 };
    await control.injectFault({ kind: 'quota', count: 3, pathPrefix: '/sell/', retryAfterSeconds: 120 });
    const quota = await failure(adapter.fetchOrdersPage(request));
    expect(quota).toBeInstanceOf(MarketplaceError);
    expect(quota).toMatchObject({ code: 'QUOTA_EXCEEDED', message: 'Limite di chiamate eBay raggiunto per il momento: riprova tra qualche minuto', details: { retryAfterMs: 120_000, providerCode: '2001', httpStatus: 429 } });
    await control.clearFaults();

    await control.injectFault({ kind: 'quota', count: 2, pathPrefix: '/sell/' });
    expect(await failure(adapter.fetchOrdersPage(request))).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 60_000 } });

    await control.injectFault({ kind: 'quota', count: 1, pathPrefix: '/sell/' });
    expect((await adapter.fetchOrdersPage(request)).orders).toHaveLength(50);
  });

  it('is the kit’s ProviderUnavailableError when eBay keeps answering 500', async () => {
    await control.injectFault({ kind: 'unavailable', count: 5, pathPrefix: '/sell/' });
    const error = await failure(adapter.fetchOrdersPage({ accessToken: tokens.accessToken, filterBy: 'created', ...wholeWindow(), offset: 0, limit: 10 }));
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(error).toMatchObject({ code: 'PROVIDER_UNAVAILABLE', message: 'eBay non risponde in questo momento. Riprova più tardi.' });
  });
});

describe('tokens', () => {
  it('refreshes the access token; an expired one is TOKEN_EXPIRED, a revoked refresh token REFRESH_REFUSED', async () => {
    const adapter = adapterWith();
    const tokens = await connect(adapter, SHOP);
    const request = { accessToken: tokens.accessToken, filterBy: 'created' as const, ...wholeWindow(), offset: 0, limit: 5 };
    expect((await adapter.fetchOrdersPage(request)).total).toBe(40);

    expect(await control.expireAccessTokens(SHOP.username)).toBeGreaterThan(0);
    const expired = await failure(adapter.fetchOrdersPage(request));
    expect(expired).toMatchObject({ code: 'TOKEN_EXPIRED', message: 'Il token di accesso eBay è scaduto o non è più valido', details: { httpStatus: 401, providerCode: '1001' } });
    expect(await failure(adapter.getIdentity(tokens.accessToken))).toMatchObject({ code: 'TOKEN_EXPIRED' });

    const refreshed = await adapter.refreshAccessToken(tokens.refreshToken!);
    secretsSeen.add(refreshed.accessToken);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toBeUndefined();
    expect(refreshed.accessTokenExpiresAt.getTime()).toBeGreaterThan(Date.now() + 7000_000);
    const refresh = ebay.requests().filter((r) => r.endpoint === 'POST /identity/v1/oauth2/token').pop()!;
    expect(refresh).toMatchObject({ authorization: 'basic', status: 200, fields: ['grant_type', 'refresh_token', 'scope'] });
    expect((await adapter.fetchOrdersPage({ ...request, accessToken: refreshed.accessToken })).total).toBe(40);

    expect(await control.revokeSeller(SHOP.username)).toBeGreaterThan(0);
    const revoked = await failure(adapter.refreshAccessToken(tokens.refreshToken!));
    expect(revoked).toMatchObject({
      code: 'REFRESH_REFUSED',
      message: "eBay ha rifiutato il refresh token: l'autorizzazione è scaduta o è stata revocata. Collega di nuovo l'account eBay.",
      details: { httpStatus: 400, providerCode: 'invalid_grant' },
    });
  });
});

describe('tracking', () => {
  let adapter: MarketplaceAdapter;
  let accessToken: string;

  beforeAll(async () => {
    adapter = adapterWith();
    accessToken = (await connect(adapter, SHOP)).accessToken;
  });

  /** An order still to ship (not cancelled), with its line items and quantities. */
  async function orderToShip(skip = 0): Promise<{ orderId: string; lineItems: { lineItemId: string; quantity: number }[] }> {
    const candidates = (await control.orders(SHOP.username)).filter((o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelState === 'NONE_REQUESTED');
    const summary = candidates[skip]!;
    const order = await control.order(SHOP.username, summary.orderId);
    return { orderId: summary.orderId, lineItems: (order.lineItems as { lineItemId: string; quantity: number }[]).map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })) };
  }

  it('creates the shipping fulfillment (201) and answers its id from Location', async () => {
    const order = await orderToShip(0);
    const shippedDate = new Date(Date.now() - 3_600_000);
    const { fulfillmentId } = await adapter.pushTracking({ accessToken, externalOrderId: order.orderId, lineItems: order.lineItems, carrierCode: 'GLS', trackingNumber: 'MI 123 456 789', shippedDate });
    expect(fulfillmentId).toMatch(/^\d+$/);
    const made = (await control.fulfillments(SHOP.username)).find((f) => f.fulfillmentId === fulfillmentId);
    expect(made).toMatchObject({ orderId: order.orderId, shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789', shippedDate: shippedDate.toISOString(), lineItems: order.lineItems });
    const call = ebay.requests().filter((r) => r.endpoint === 'POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment').pop()!;
    expect(call).toMatchObject({ path: `/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment`, authorization: 'bearer', status: 201 });
    expect(call.fields.sort()).toEqual(['lineItems', 'shippedDate', 'shippingCarrierCode', 'trackingNumber']);

    // Pushing the same items again: eBay's conflict, in Italian.
    const again = await failure(adapter.pushTracking({ accessToken, externalOrderId: order.orderId, lineItems: order.lineItems, carrierCode: 'GLS', trackingNumber: 'MI123456789', shippedDate }));
    expect(again).toMatchObject({ code: 'ALREADY_FULFILLED', message: "eBay ha rifiutato la conferma di spedizione: l'articolo risulta già spedito su eBay (codice 32700)", details: { httpStatus: 409, providerCode: '32700' } });
  });

  it("maps eBay's 32xxx refusals to Italian messages", async () => {
    const order = await orderToShip(1);
    const push = { accessToken, externalOrderId: order.orderId, lineItems: order.lineItems, carrierCode: 'GLS', trackingNumber: 'MI987654321', shippedDate: new Date(Date.now() - 60_000) };
    expect(await failure(adapter.pushTracking({ ...push, externalOrderId: '99-99999-99999' }))).toMatchObject({
      code: 'REQUEST_REFUSED',
      message: 'eBay ha rifiutato la conferma di spedizione: ordine non trovato su eBay (codice 32100)',
      details: { providerCode: '32100' },
    });
    expect(await failure(adapter.pushTracking({ ...push, lineItems: [{ lineItemId: '10000000000000', quantity: 1 }] }))).toMatchObject({
      message: "eBay ha rifiutato la conferma di spedizione: articolo non trovato nell'ordine eBay (codice 32200)",
      details: { providerCode: '32200' },
    });
    expect(await failure(adapter.pushTracking({ ...push, shippedDate: new Date(Date.now() + 86_400_000) }))).toMatchObject({
      message: 'eBay ha rifiutato la conferma di spedizione: data di spedizione non valida (codice 32500)',
      details: { providerCode: '32500' },
    });
    expect(await failure(adapter.pushTracking({ ...push, trackingNumber: 'A'.repeat(41) }))).toMatchObject({
      message: 'eBay ha rifiutato la conferma di spedizione: numero di tracking o corriere non validi (codice 32300)',
      details: { providerCode: '32300' },
    });
    expect(await failure(adapter.pushTracking({ ...push, lineItems: order.lineItems.map((l) => ({ ...l, quantity: l.quantity + 1 })) }))).toMatchObject({ details: { providerCode: '32400' } });
    expect((await control.fulfillments(SHOP.username)).some((f) => f.orderId === order.orderId)).toBe(false);
  });

  it('refuses what eBay would refuse before sending it', async () => {
    const order = await orderToShip(2);
    const before = ebay.requests().length;
    const push = { accessToken, externalOrderId: order.orderId, lineItems: order.lineItems, carrierCode: 'GLS', trackingNumber: 'MI-987/654', shippedDate: new Date() };
    expect(await failure(adapter.pushTracking(push))).toMatchObject({ code: 'INVALID_INPUT', message: 'Numero di tracking non valido per eBay: "MI-987/654" (solo lettere e cifre)' });
    expect(await failure(adapter.pushTracking({ ...push, trackingNumber: 'MI1', lineItems: [] }))).toMatchObject({ code: 'INVALID_INPUT', message: "Indica almeno un articolo dell'ordine da segnare come spedito" });
    expect(await failure(adapter.pushTracking({ ...push, trackingNumber: 'MI1', lineItems: [{ lineItemId: order.lineItems[0]!.lineItemId, quantity: 0 }] }))).toMatchObject({ code: 'INVALID_INPUT' });
    expect(ebay.requests().length).toBe(before);
  });

  it("reads an order's fulfilments back (getShippingFulfillments): ours carries the tracking number as the push sent it", async () => {
    const order = await orderToShip(3);
    expect(await adapter.getShippingFulfillments({ accessToken, externalOrderId: order.orderId })).toEqual([]);
    const shippedDate = new Date(Date.now() - 120_000);
    const { fulfillmentId } = await adapter.pushTracking({ accessToken, externalOrderId: order.orderId, lineItems: order.lineItems, carrierCode: 'poste_delivery', trackingNumber: ' 3UW 1234 5678 ', shippedDate });
    const read = await adapter.getShippingFulfillments({ accessToken, externalOrderId: order.orderId });
    expect(read).toEqual([{ fulfillmentId, lineItems: order.lineItems, shippingCarrierCode: 'PosteItaliane', trackingNumber: '3UW12345678', shippedDate: shippedDate.toISOString() }]);
    expect(adapter.trackingNumberAsSent(' 3UW 1234 5678 ')).toBe(read[0]!.trackingNumber);
    const call = ebay.requests().filter((r) => r.endpoint === 'GET /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment').pop()!;
    expect(call).toMatchObject({ method: 'GET', path: `/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment`, authorization: 'bearer', status: 200 });

    // eBay's refusal of the read, in Italian, and a passing fault; no token in either.
    const unknown = await failure(adapter.getShippingFulfillments({ accessToken, externalOrderId: '99-99999-99999' }));
    expect(unknown).toMatchObject({ code: 'REQUEST_REFUSED', message: 'eBay ha rifiutato la lettura degli ordini: ordine non trovato su eBay (codice 32100)', details: { httpStatus: 404, providerCode: '32100' } });
    expect(JSON.stringify({ ...unknown, message: unknown.message })).not.toContain(accessToken);
    await control.injectFault({ kind: 'quota', count: 5, pathPrefix: `/sell/fulfillment/v1/order/${order.orderId}/shipping_fulfillment`, retryAfterSeconds: 120 });
    expect(await failure(adapter.getShippingFulfillments({ accessToken, externalOrderId: order.orderId }))).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 120_000, providerCode: '2001' } });
  });

  it('keeps tokens out of every error', async () => {
    const error = await failure(adapter.pushTracking({ accessToken, externalOrderId: '99-99999-99999', lineItems: [{ lineItemId: '1', quantity: 1 }], carrierCode: 'GLS', trackingNumber: 'MI1', shippedDate: new Date() }));
    const shown = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    expect(shown).not.toContain(accessToken);
    await control.injectFault({ kind: 'unavailable', count: 5, pathPrefix: '/sell/' });
    const outage = await failure(adapter.fetchOrdersPage({ accessToken, filterBy: 'created', ...wholeWindow(), offset: 0, limit: 1 }));
    expect(JSON.stringify({ ...outage, message: outage.message })).not.toContain(accessToken);
  });

  it('reading the fulfilments with an expired token is TOKEN_EXPIRED', async () => {
    const order = await orderToShip(0);
    await control.expireAccessTokens(SHOP.username);
    expect(await failure(adapter.getShippingFulfillments({ accessToken, externalOrderId: order.orderId }))).toMatchObject({ code: 'TOKEN_EXPIRED', details: { httpStatus: 401, providerCode: '1001' } });
  });
});
