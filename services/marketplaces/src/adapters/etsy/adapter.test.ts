import { randomBytes } from 'node:crypto';
import { etsyMessages } from '@smista/contracts';
import { createLogger } from '@smista/service-kit';
import { ETSY_SANDBOX_APP, etsyAuthorizeAs, etsySandboxControl, startEtsySandbox, type EtsySandbox, type EtsySandboxControl } from '@smista/sandboxes';
import { codeChallengeOf } from '../../domain';
import { MarketplaceError, type MarketplaceAdapter } from '../adapter';
import { adaptersConfigWith } from '../index';
import { createEtsyAdapter, etsyCarrierNameOf, etsyConsentUrl, etsyMoneyText, etsyOrderStatusOf, etsyPaymentStatusOf, etsySettingsFrom, etsyTrackingForm, isExpressUpgrade, parseEtsyCarrierNames, parseEtsyReceipt, slowDownDelayMs, ETSY_DEFAULT_CARRIER_NAMES } from './index';

/*
 * The Etsy adapter against its sandbox, and its pure parts: the consent URL with the PKCE
 * challenge (RFC 7636's example), the code exchange that needs the verifier, Money converted
 * exactly, the receipts' express marker and missing phone, the two 403s of a bad shared secret as a
 * configuration error sent once (never retried), the 429's retry-after, a day's quota running low,
 * the tracking form (form-encoded, Etsy's carrier_name, `other` otherwise) once per receipt.
 */

const SELLER = { userId: 71234567, shopId: 55566677, shopName: 'UnitaArtigiana', email: 'venditore@unita-etsy.it', password: 'Unita1!' };
const logger = createLogger('etsy-adapter-test', 'silent');
let etsy: EtsySandbox;
let control: EtsySandboxControl;

const configFor = (url: string, extra: Record<string, unknown> = {}) =>
  adaptersConfigWith({
    ETSY_KEYSTRING: ETSY_SANDBOX_APP.keystring,
    ETSY_SHARED_SECRET: ETSY_SANDBOX_APP.sharedSecret,
    ETSY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
    ETSY_CONNECT_URL: url,
    ETSY_TOKEN_URL: url,
    ETSY_API_URL: url,
    ...extra,
  });
const adapterFor = (extra: Record<string, unknown> = {}) => createEtsyAdapter(etsySettingsFrom(configFor(etsy.url, extra)), { logger, http: { retries: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2 } } });

beforeAll(async () => {
  etsy = await startEtsySandbox({ port: 0, sellers: [{ ...SELLER, receipts: 30, seed: 7 }], quota: { perSecond: 1000, perDay: 100_000 } });
  control = etsySandboxControl(etsy.url);
});
afterAll(async () => {
  await etsy?.close();
});
afterEach(async () => {
  await control.clearFaults();
  await control.setQuota({ perSecond: 1000, perDay: 100_000, usedToday: 0 });
});

async function connect(adapter: MarketplaceAdapter): Promise<{ accessToken: string; refreshToken: string }> {
  const verifier = randomBytes(32).toString('base64url');
  const callback = new URL(await etsyAuthorizeAs(adapter.consentUrl({ ...adapter.authorizeParams(), codeChallenge: codeChallengeOf(verifier) }, 'etsy.unit'), SELLER));
  const tokens = await adapter.exchangeCode(callback.searchParams.get('code')!, {}, verifier);
  return { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken! };
}

async function failure(promise: Promise<unknown>): Promise<MarketplaceError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof MarketplaceError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('consent with PKCE', () => {
  it("builds Etsy's consent URL with the S256 challenge (RFC 7636's example) and refuses one without", () => {
    expect(codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const params = { authorizeUrl: 'https://www.etsy.com/oauth/connect', clientId: 'chiave', redirectUri: 'https://smista.example/marketplace/callback', scopes: ['transactions_r', 'transactions_w'], codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM' };
    const url = new URL(etsyConsentUrl(params, 'etsy.abc'));
    expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', client_id: 'chiave', redirect_uri: params.redirectUri, scope: 'transactions_r transactions_w', state: 'etsy.abc', code_challenge: params.codeChallenge, code_challenge_method: 'S256' });
    expect(url.search).toContain('scope=transactions_r%20transactions_w');
    expect(() => etsyConsentUrl({ ...params, codeChallenge: undefined }, 's')).toThrow(etsyMessages.pkceMissing);
  });

  it('exchanges the code only with the verifier, chooses the shop of the user, and answers tokens of 1 h and 90 days', async () => {
    const adapter = adapterFor();
    const before = Date.now();
    const verifier = randomBytes(32).toString('base64url');
    const callback = new URL(await etsyAuthorizeAs(adapter.consentUrl({ ...adapter.authorizeParams(), codeChallenge: codeChallengeOf(verifier) }, 'etsy.x'), SELLER));
    const code = callback.searchParams.get('code')!;
    expect(await failure(adapter.exchangeCode(code, {}))).toMatchObject({ code: 'CODE_REFUSED', message: etsyMessages.pkceMissing });
    expect(await failure(adapter.exchangeCode(code, {}, randomBytes(32).toString('base64url')))).toMatchObject({ code: 'CODE_REFUSED', message: etsyMessages.codeRefused });
    const tokens = await adapter.exchangeCode(code, {}, verifier);
    expect(tokens.accessToken).toMatch(new RegExp(`^${SELLER.shopId}/${SELLER.userId}\\.`));
    expect(tokens.accessTokenExpiresAt.getTime() - before).toBeGreaterThanOrEqual(3_599_000);
    expect(tokens.accessTokenExpiresAt.getTime() - before).toBeLessThan(3_700_000);
    expect(Math.round((tokens.refreshTokenExpiresAt!.getTime() - before) / 86_400_000)).toBe(90);
    expect(await adapter.getIdentity(tokens.accessToken)).toEqual({ userId: String(SELLER.shopId), username: SELLER.shopName, accountType: 'Etsy shop' });
    const refreshed = await adapter.refreshAccessToken(tokens.refreshToken!);
    expect(refreshed.refreshToken).toMatch(new RegExp(`^${SELLER.shopId}/`));
    await control.revokeConsent(SELLER.userId);
    expect(await failure(adapter.refreshAccessToken(refreshed.refreshToken!))).toMatchObject({ code: 'REFRESH_REFUSED', message: etsyMessages.refreshRefused });
    await adapter.close();
  });

  it('refuses to start without the app configured, in Italian', () => {
    const bare = createEtsyAdapter(etsySettingsFrom(adaptersConfigWith({})), { logger });
    expect(() => bare.authorizeParams()).toThrow('Parametri OAuth incompleti: client_id mancante');
    const noRedirect = createEtsyAdapter(etsySettingsFrom(adaptersConfigWith({ ETSY_KEYSTRING: 'k', ETSY_SHARED_SECRET: 's' })), { logger });
    expect(() => noRedirect.authorizeParams()).toThrow('Parametri OAuth incompleti: redirect_uri mancante');
  });
});

describe('calls', () => {
  let adapter: MarketplaceAdapter;
  let accessToken: string;
  const window = () => ({ filterBy: 'created' as const, from: new Date(Date.now() - 400 * 86_400_000), to: new Date(Date.now() + 60_000) });
  beforeAll(async () => {
    adapter = adapterFor();
    accessToken = (await connect(adapter)).accessToken;
  });
  afterAll(async () => {
    await adapter?.close();
  });

  it('sends getShopReceipts by window, oldest first, at most 100 a page, and reads Money exactly with no phone', async () => {
    const page = await adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 500 });
    const sent = etsy.requests().filter((r) => r.operation === 'getShopReceipts').pop()!;
    expect(sent.query).toMatchObject({ limit: '100', offset: '0', sort_on: 'created', sort_order: 'asc' });
    expect(Number(sent.query.min_created)).toBeLessThan(Date.now() / 1000);
    expect(page.orders).toHaveLength(30);
    expect(page.nextOffset).toBeNull();
    for (const order of page.orders) {
      const raw = JSON.parse(order.rawJson) as { grandtotal: { amount: number; divisor: number } };
      expect(order.total).toBe((raw.grandtotal.amount / 100).toFixed(2));
      expect(order.shippingAddress?.phoneNumber).toBe('');
      expect(order.shippingAddress?.countryCode).toBe('IT');
    }
    const modified = await adapter.fetchOrdersPage({ accessToken, ...window(), filterBy: 'modified', offset: 0, limit: 5 });
    expect(etsy.requests().filter((r) => r.operation === 'getShopReceipts').pop()!.query).toMatchObject({ sort_on: 'updated', limit: '5' });
    expect(modified.nextOffset).toBe(5);
  });

  it('marks the receipts whose buyer paid a shipping upgrade as express', async () => {
    const receipts = await control.receipts(SELLER.userId);
    const page = await adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 100 });
    for (const order of page.orders) expect(order.express).toBe(receipts.find((r) => String(r.receiptId) === order.externalId)!.express);
    expect(page.orders.some((o) => o.express)).toBe(true);
  });

  it("answers Etsy's two 403s to a bad shared secret as a configuration error, asked once and never retried", async () => {
    const wrong = adapterFor({ ETSY_SHARED_SECRET: 'segreto-sbagliato' });
    const before = etsy.requests().length;
    const err = await failure(wrong.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 }));
    expect(err).toMatchObject({ code: 'CLIENT_REFUSED', details: { httpStatus: 403 } });
    expect(err.message).toContain("Etsy ha rifiutato la chiave dell'applicazione");
    expect(err.message).toContain("Invalid API key: should be in the format 'keystring:shared_secret'.");
    expect(err.message).not.toContain('segreto-sbagliato');
    expect(etsy.requests().length - before).toBe(1);
    await wrong.close();
  });

  it("waits what Etsy's 429 says (retry-after) and says so", async () => {
    await control.injectFault({ kind: 'quota', count: 5, retryAfterSeconds: 120 });
    const err = await failure(adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 }));
    expect(err).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { retryAfterMs: 120_000 } });
    expect(err.message).toBe('Limite di chiamate Etsy raggiunto: la lettura riprende tra 2 minuti');
  });

  it("slows down when the day's quota runs low, saying so, and not before", async () => {
    const comfortable = await adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 });
    expect(comfortable.slowDown).toBeUndefined();
    await control.setQuota({ perDay: 10_000, usedToday: 9_600 });
    const low = await adapter.fetchOrdersPage({ accessToken, ...window(), offset: 0, limit: 5 });
    expect(low.orders).toHaveLength(5);
    expect(low.slowDown).toEqual({ delayMs: slowDownDelayMs({ perDay: 10_000, remainingToday: 399 }, 0.1), notice: expect.stringContaining('Quota giornaliera di chiamate Etsy quasi esaurita (399 di 10000 rimaste)') });
    expect(slowDownDelayMs({ perDay: 10_000, remainingToday: 400 }, 0.1)).toBe(216_000);
    expect(slowDownDelayMs({ perDay: 10_000, remainingToday: 1_000 }, 0.1)).toBeUndefined();
    expect(slowDownDelayMs({ perDay: 10_000, remainingToday: 3 }, 0.1)).toBe(900_000);
  });

  it('pushes tracking form-encoded with the carrier as Etsy names it, once per receipt; a canceled one is refused', async () => {
    const receipts = await control.receipts(SELLER.userId);
    const open = receipts.filter((r) => r.status === 'paid' && r.shipments.length === 0);
    const push = { accessToken, externalOrderId: String(open[0]!.receiptId), lineItems: [], carrierCode: 'poste_delivery', trackingNumber: 'PD 123 456 789 IT', shippedDate: new Date() };
    const { fulfillmentId } = await adapter.pushTracking(push);
    const sent = etsy.requests().filter((r) => r.operation === 'createReceiptShipment').pop()!;
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.body).toMatchObject({ tracking_code: 'PD123456789IT', carrier_name: 'Poste Italiane' });
    expect(await failure(adapter.pushTracking(push))).toMatchObject({ code: 'ALREADY_FULFILLED' });
    expect((await adapter.getShippingFulfillments(push)).map((f) => [f.fulfillmentId, f.trackingNumber, f.shippingCarrierCode])).toEqual([[fulfillmentId, 'PD123456789IT', 'Poste Italiane']]);
    expect(etsy.requests().filter((r) => r.operation === 'createReceiptShipment')).toHaveLength(1);
    await adapter.pushTracking({ ...push, externalOrderId: String(open[1]!.receiptId), carrierCode: 'brt', trackingNumber: 'BRT1234567' });
    expect(etsy.requests().filter((r) => r.operation === 'createReceiptShipment').pop()!.body).toMatchObject({ carrier_name: 'other' });
    const canceled = receipts.find((r) => r.status === 'canceled');
    if (canceled) expect(await failure(adapter.pushTracking({ ...push, externalOrderId: String(canceled.receiptId) }))).toMatchObject({ code: 'REQUEST_REFUSED' });
    expect(await failure(adapter.pushTracking({ ...push, externalOrderId: String(open[2]!.receiptId), trackingNumber: 'MI/123' }))).toMatchObject({ code: 'REQUEST_REFUSED', message: etsyMessages.trackingInvalid });
  });
});

describe('units', () => {
  it('converts Money amount/divisor exactly, without floating point', () => {
    expect(etsyMoneyText({ amount: 2490, divisor: 100 })).toBe('24.90');
    expect(etsyMoneyText({ amount: 1, divisor: 100 })).toBe('0.01');
    expect(etsyMoneyText({ amount: 1999, divisor: 1000 })).toBe('1.999');
    expect(etsyMoneyText({ amount: 5, divisor: 1 })).toBe('5.00');
    expect(etsyMoneyText({ amount: -150, divisor: 100 })).toBe('-1.50');
    // 0.1 + 0.2 in floating point is 0.30000000000000004; as integers it is exact.
    expect(etsyMoneyText({ amount: 30, divisor: 100 })).toBe('0.30');
    expect(etsyMoneyText({ amount: '900719925474099312', divisor: 100 })).toBe('9007199254740993.12');
    expect(etsyMoneyText({ amount: 1000, divisor: 3 })).toBe('333.33');
    expect(etsyMoneyText({ amount: 12.5, divisor: 100 })).toBe('');
    expect(etsyMoneyText({ amount: 100, divisor: 0 })).toBe('');
  });

  it("maps Etsy's statuses, the upgrade and the carriers to Smista's", () => {
    expect(etsyOrderStatusOf('Paid', false)).toBe('da_spedire');
    expect(etsyOrderStatusOf('Completed', true)).toBe('spedito');
    expect(etsyOrderStatusOf('canceled', false)).toBe('annullato');
    expect(etsyOrderStatusOf('Fully Refunded', false)).toBe('annullato');
    expect(etsyPaymentStatusOf('Paid', true)).toBe('pagato');
    expect(etsyPaymentStatusOf('Payment Processing', false)).toBe('in_attesa');
    expect(etsyPaymentStatusOf('Partially Refunded', true)).toBe('parzialmente_rimborsato');
    expect(isExpressUpgrade('Spedizione espressa 24/48h')).toBe(true);
    expect(isExpressUpgrade(null)).toBe(false);
    expect(etsyCarrierNameOf('GLS', ETSY_DEFAULT_CARRIER_NAMES)).toBe('GLS');
    expect(etsyCarrierNameOf('posta_1', ETSY_DEFAULT_CARRIER_NAMES)).toBe('Poste Italiane');
    expect(etsyCarrierNameOf('dhl', ETSY_DEFAULT_CARRIER_NAMES)).toBe('other');
    expect(parseEtsyCarrierNames('brt=BRT, gls=GLS Italy')).toMatchObject({ brt: 'BRT', gls: 'GLS Italy', poste_delivery: 'Poste Italiane' });
    expect(parseEtsyCarrierNames('brt')).toContain('ETSY_CARRIER_NAMES');
    expect(() => adaptersConfigWith({})).not.toThrow();
    expect(etsyTrackingForm({ externalOrderId: '1', trackingNumber: 'MI 1', carrierCode: 'gls' }, { carrierNames: ETSY_DEFAULT_CARRIER_NAMES })).toEqual({ tracking_code: 'MI1', carrier_name: 'GLS', send_bcc: 'false' });
  });

  it('reads a receipt without an address or phone, and its first upgrade as the service', () => {
    const order = parseEtsyReceipt({ receipt_id: 9, status: 'Paid', is_paid: true, is_shipped: false, grandtotal: { amount: 1234, divisor: 100, currency_code: 'EUR' }, transactions: [{ transaction_id: 1, quantity: 2, price: { amount: 617, divisor: 100, currency_code: 'EUR' }, shipping_upgrade: 'Express' }], created_timestamp: 1_700_000_000 });
    expect(order).toMatchObject({ externalId: '9', total: '12.34', express: true, shippingService: 'Express', orderDate: '2023-11-14T22:13:20.000Z' });
    expect(order.items[0]).toMatchObject({ unitPrice: '6.17', total: '12.34', fulfillmentStatus: 'da_spedire' });
    expect(order.shippingAddress).toBeUndefined();
  });
});
