import { status } from '@grpc/grpc-js';
import { aliexpressMessages, marketplaceMessages as m } from '@smista/contracts';
import { ALIEXPRESS_SANDBOX_APP, aliexpressAuthorizeAs, aliexpressSandboxControl, startAliexpressSandbox, type AliexpressSandbox } from '@smista/sandboxes';
import { completeWith, connectedIntegration, consentFor, failure, finishedJob, importedOrders, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * AliExpress through the service, as the screens drive it: GetOAuthParams (the Open Platform's
 * authorize page with Smista's app key), CompleteOAuth (the signed /rest token call; tokens sealed,
 * in no log line, the refresh token's expiry from refresh_token_valid_time), a sync importing the
 * seller's orders in order.get pages (express by the buyer's service), tracking by order.fulfill
 * once per shipment with the logistics service of our carrier, a carrier without one refused before
 * any call, the 30-day warning and a revoked authorization turning the integration to Errore. The
 * real identity, merchants and marketplaces services, the AliExpress sandbox.
 */

const SELLER = { sellerId: '2204445556', userNick: 'Servizio AliExpress', email: 'venditore@servizio-ali.it', password: 'Servizio1!' };
const ORDERS = 45;

let ali: AliexpressSandbox;
let stack: MarketplacesStack;
let merchant: TestMerchant;

beforeAll(async () => {
  ali = await startAliexpressSandbox({ port: 0, sellers: [{ ...SELLER, orders: ORDERS, seed: 29 }] });
  stack = await startMarketplacesStack({
    env: {
      ALIEXPRESS_APP_KEY: ALIEXPRESS_SANDBOX_APP.appKey,
      ALIEXPRESS_APP_SECRET: ALIEXPRESS_SANDBOX_APP.appSecret,
      ALIEXPRESS_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      ALIEXPRESS_AUTH_URL: ali.url,
      ALIEXPRESS_API_URL: ali.url,
      // Pages of 20: the window is read in order.get pages.
      SYNC_PAGE_SIZE: '20',
    },
    options: { pollMs: 200 },
  });
  merchant = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await ali?.close();
}, 30_000);

const control = () => aliexpressSandboxControl(ali.url);
const integrations = async () => Number((await stack.pool.query('SELECT count(*)::int AS n FROM integrations')).rows[0].n);

async function consent(who: TestMerchant, allow = true) {
  // A refusal comes back from the authorize page with `error` and the state, and no code.
  return consentFor(who, 'aliexpress', async (url) => (allow ? aliexpressAuthorizeAs(url, SELLER) : `http://127.0.0.1:9/marketplace/callback?error=access_denied&state=${encodeURIComponent(new URL(url).searchParams.get('state') ?? '')}`));
}
const complete = (who: TestMerchant, callback: URL) => completeWith(who, 'aliexpress', callback);
const connected = (who: TestMerchant) => connectedIntegration(who, 'aliexpress', (url) => aliexpressAuthorizeAs(url, SELLER));

it("connects the seller from AliExpress's authorize page: the state is this user's and used once, tokens sealed and never logged", async () => {
  const { params, callback } = await consent(merchant);
  const url = new URL(params.consentUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${ali.url}/oauth/authorize`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ response_type: 'code', force_auth: 'true', redirect_uri: 'http://127.0.0.1:9/marketplace/callback', client_id: ALIEXPRESS_SANDBOX_APP.appKey, state: params.state });
  expect(JSON.stringify(params)).not.toContain(ALIEXPRESS_SANDBOX_APP.appSecret);

  // Another merchant's user cannot use this consent's state.
  const other = await stack.newMerchant();
  expect(await failure(complete(other, callback))).toMatchObject({ code: status.FAILED_PRECONDITION });
  const before = await integrations();
  const { integration } = await complete(merchant, callback);
  expect(integration).toMatchObject({ provider: 'aliexpress', status: 'active', username: SELLER.sellerId, externalUserId: SELLER.sellerId });
  expect(await integrations()).toBe(before + 1);
  expect(await failure(complete(merchant, callback))).toMatchObject({ code: status.FAILED_PRECONDITION });

  const tokens = await stack.openTokens(integration!.id);
  const raw = (tokens.accessToken ?? '').split('/')[1] ?? '';
  expect(raw.length).toBeGreaterThan(10);
  expect(stack.logText()).not.toContain(raw);
  expect(stack.logText()).not.toContain(ALIEXPRESS_SANDBOX_APP.appSecret);
  // The token answer's expire_time (30 days) and refresh_token_valid_time (60 days) are the expiries.
  const stored = await merchant.api.getIntegration({ merchantId: '', id: integration!.id });
  expect(Math.round((Date.parse(stored.accessTokenExpiresAt) - Date.now()) / 86_400_000)).toBe(30);
  expect(Math.round((Date.parse(stored.refreshTokenExpiresAt) - Date.now()) / 86_400_000)).toBe(60);
  expect(stored.tokenWarning).toBe('');
}, 60_000);

it('refuses a callback whose authorization the seller cancelled, connecting nothing', async () => {
  const { callback } = await consent(merchant, false);
  const before = await integrations();
  expect(await failure(complete(merchant, callback))).toEqual({ code: status.FAILED_PRECONDITION, details: 'Autorizzazione negata: access_denied' });
  expect(await integrations()).toBe(before);
}, 60_000);

it("syncs every order of the seller's window in order.get pages, with its receipt address and express by the buyer's service", async () => {
  const integration = await connected(merchant);
  const started = await merchant.api.startSync({ merchantId: merchant.merchantId, integrationId: integration.id, triggeredBy: '' });
  const job = await finishedJob(merchant.api, merchant.merchantId, started.id);
  expect(job).toMatchObject({ status: 'completed', ordersFound: ORDERS, ordersSynced: ORDERS });
  const imported = (await importedOrders(stack.pool)).filter((e) => e.integrationId === integration.id);
  const held = await control().orders(SELLER.sellerId);
  expect(new Set(imported.map((e) => e.order!.externalId))).toEqual(new Set(held.map((o) => o.orderId)));
  for (const e of imported) {
    const order = held.find((o) => o.orderId === e.order!.externalId)!;
    expect(e.order!.express).toBe(/premium/i.test(order.logisticsService));
    expect(e.order!.shippingAddress?.address?.countryCode).toBe('IT');
  }
  expect(imported.some((e) => e.order!.express)).toBe(true);
  const pages = ali.requests().filter((r) => r.method === 'aliexpress.solution.order.get' && r.sellerId === SELLER.sellerId);
  expect(pages.map((r) => JSON.parse(r.params.param0!).current_page)).toEqual(expect.arrayContaining([1, 2, 3]));
}, 120_000);

it("sends a shipment's tracking to AliExpress once (GLS and Poste Italiane by their logistics services); a carrier without one is refused before any call", async () => {
  const integration = await connected(merchant);
  const open = (await control().orders(SELLER.sellerId)).filter((o) => o.status === 'WAIT_SELLER_SEND_GOODS' && o.fulfilments.length === 0);
  expect(open.length).toBeGreaterThanOrEqual(3);
  const push = (order: (typeof open)[number], carrierCode: string, trackingNumber: string, shipmentId: number) => ({
    merchantId: '',
    integrationId: integration.id,
    externalOrderId: order.orderId,
    lineItems: order.items.map((i) => ({ lineItemId: i.childId, quantity: i.quantity })),
    carrierCode,
    trackingNumber,
    shippedDate: new Date().toISOString(),
    shipmentId,
    orderId: 0,
  });
  const fulfils = () => ali.requests().filter((r) => r.method === 'aliexpress.solution.order.fulfill').length;
  const made = await merchant.api.pushTracking(push(open[0]!, 'gls', 'MI 555 666 777', 9401));
  expect(made).toMatchObject({ ok: true, alreadyPushed: false });
  const again = await merchant.api.pushTracking(push(open[0]!, 'gls', 'MI 555 666 777', 9401));
  expect(again).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: made.fulfillmentId });
  await merchant.api.pushTracking(push(open[1]!, 'poste_delivery', 'PD123456789IT', 9402));
  expect(fulfils()).toBe(2);
  const refused = await merchant.api.pushTracking(push(open[2]!, 'brt', 'BRT0099887766', 9403));
  expect(refused).toMatchObject({ ok: false, errorMessage: aliexpressMessages.serviceNameMissing('brt') });
  expect(fulfils()).toBe(2);
  const held = new Map((await control().orders(SELLER.sellerId)).map((o) => [o.orderId, o]));
  expect(held.get(open[0]!.orderId)!.fulfilments).toEqual([{ serviceName: 'GLS_IT', logisticsNo: 'MI555666777', sendType: 'all' }]);
  expect(held.get(open[1]!.orderId)!.fulfilments).toEqual([{ serviceName: 'POSTE_ITALIANE', logisticsNo: 'PD123456789IT', sendType: 'all' }]);
  expect(held.get(open[2]!.orderId)!.fulfilments).toEqual([]);
}, 60_000);

it('warns 30 days before the refresh token runs out; a revoked authorization turns the integration to Errore with the reason and stops imports', async () => {
  const integration = await connected(merchant);
  await stack.pool.query(`UPDATE integrations SET refresh_token_expires_at = now() + interval '20 days' WHERE id = $1`, [integration.id]);
  expect((await merchant.api.getIntegration({ merchantId: '', id: integration.id })).tokenWarning).toMatch(/^L'autorizzazione AliExpress scade il \d{2}\/\d{2}\/\d{4}/);
  await control().revokeConsent(SELLER.sellerId);
  const refused = await failure(merchant.api.refreshToken({ merchantId: '', id: integration.id }));
  expect(refused).toMatchObject({ code: status.FAILED_PRECONDITION, details: expect.stringMatching(/^AliExpress ha rifiutato la richiesta del token: /) });
  const broken = await merchant.api.getIntegration({ merchantId: '', id: integration.id });
  expect(broken).toMatchObject({ status: 'error', statusMessage: refused.details, tokenWarning: m.tokenRefused('AliExpress') });
  expect(await failure(merchant.api.startSync({ merchantId: '', integrationId: integration.id, triggeredBy: '' }))).toEqual({ code: status.FAILED_PRECONDITION, details: refused.details });
}, 60_000);
