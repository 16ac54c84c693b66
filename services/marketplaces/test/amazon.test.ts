import { status } from '@grpc/grpc-js';
import { amazonMessages, marketplaceMessages as m } from '@smista/contracts';
import { AMAZON_SANDBOX_APP, amazonAuthorizeAs, amazonSandboxControl, startAmazonSandbox, type AmazonSandbox } from '@smista/sandboxes';
import { createLogger } from '@smista/service-kit';
import { adaptersConfigWith, createMarketplaceAdapter } from '../src/adapters';
import { completeWith, connectedIntegration, consentFor, failure, finishedJob, importedOrders, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * Amazon through the service, as the screens drive it: GetOAuthParams, Seller Central's consent
 * page, CompleteOAuth with the redirect's query (`spapi_oauth_code`, `selling_partner_id`, a state
 * bound to the user and merchant, used once), a sync that imports the seller's merchant-fulfilled
 * orders, a seller whose addresses Amazon withholds imported all the same, a shipment's tracking
 * confirmed once with Amazon's carrier codes, and a revoked consent (invalid_grant) turning the
 * integration to Errore with eBay's warning. The real identity, merchants and marketplaces
 * services, the Amazon sandbox; usage plans made fast on both sides (the pacing at Amazon's rates is
 * `src/adapters/amazon/pacer.test.ts`).
 */

const SELLER = { sellerId: 'A2SERVIZIO', storeName: 'Servizio Prova', email: 'venditore@servizio-prova.it', password: 'Servizio1!' };
const WITHHELD = { sellerId: 'A2RISERVATO', storeName: 'Dati Riservati', email: 'venditore@riservato.it', password: 'Riservato1!' };
const ORDERS = 60;
const FAST = 'searchOrders=50/50,getOrder=50/50,confirmShipment=50/50,getMarketplaceParticipations=50/50';

let amazon: AmazonSandbox;
let stack: MarketplacesStack;
let merchant: TestMerchant;

beforeAll(async () => {
  const fast = { rate: 50, burst: 50 };
  amazon = await startAmazonSandbox({
    port: 0,
    sellers: [{ ...SELLER, orders: ORDERS, seed: 21 }, { ...WITHHELD, orders: 12, seed: 22, fbaShare: 0 }],
    usagePlans: { searchOrders: fast, getOrder: fast, confirmShipment: fast, getMarketplaceParticipations: fast },
  });
  stack = await startMarketplacesStack({
    env: {
      AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId,
      AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId,
      AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret,
      AMAZON_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      AMAZON_CONSENT_URL: amazon.url,
      AMAZON_LWA_URL: amazon.url,
      AMAZON_API_URL: amazon.url,
      AMAZON_RATE_LIMITS: FAST,
      // Pages of 20: the window is read in pagination-token pages.
      SYNC_PAGE_SIZE: '20',
    },
    options: { pollMs: 200 },
  });
  merchant = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await amazon?.close();
}, 30_000);

const control = () => amazonSandboxControl(amazon.url);
const integrations = async () => Number((await stack.pool.query('SELECT count(*)::int AS n FROM integrations')).rows[0].n);

const consent = (who: TestMerchant, seller: { email: string; password: string }) => consentFor(who, 'amazon', (url) => amazonAuthorizeAs(url, seller));
const complete = (who: TestMerchant, callback: URL) => completeWith(who, 'amazon', callback);
const connected = (who: TestMerchant, seller: typeof SELLER) => connectedIntegration(who, 'amazon', (url) => amazonAuthorizeAs(url, seller), (i) => i.username === seller.storeName);

it("connects the seller from Seller Central's consent page; the state is this user's and is used once", async () => {
  const { params, callback } = await consent(merchant, SELLER);
  const url = new URL(params.consentUrl);
  expect(`${url.origin}${url.pathname}`).toBe(`${amazon.url}/apps/authorize/consent`);
  expect(url.searchParams.get('application_id')).toBe(AMAZON_SANDBOX_APP.applicationId);
  expect(url.searchParams.get('state')).toMatch(/^amazon\./);
  expect(callback.searchParams.get('selling_partner_id')).toBe(SELLER.sellerId);

  // Another user's merchant cannot use this consent's state.
  const other = await stack.newMerchant();
  expect(await failure(complete(other, callback))).toMatchObject({ code: status.FAILED_PRECONDITION });
  const before = await integrations();
  const { integration } = await complete(merchant, callback);
  expect(integration).toMatchObject({ provider: 'amazon', status: 'active', username: SELLER.storeName });
  expect(await integrations()).toBe(before + 1);
  // The state was spent: the same redirect again connects nothing more.
  expect(await failure(complete(merchant, callback))).toMatchObject({ code: status.FAILED_PRECONDITION });
  // The tokens are sealed at rest (`<seller>/Atza|…`) and appear in no log line.
  const tokens = await stack.openTokens(integration!.id);
  const raw = (tokens.accessToken ?? '').split('/')[1] ?? '';
  expect(raw).toMatch(/^Atza\|/);
  expect(stack.logText()).not.toContain(raw);
}, 60_000);

it("syncs every merchant-fulfilled order of the seller's window, by pagination-token pages", async () => {
  const integration = await connected(merchant, SELLER);
  const started = await merchant.api.startSync({ merchantId: merchant.merchantId, integrationId: integration.id, triggeredBy: '' });
  const job = await finishedJob(merchant.api, merchant.merchantId, started.id);
  const merchantFulfilled = (await control().orders(SELLER.sellerId)).filter((o) => o.fulfilledBy === 'MERCHANT');
  expect(job).toMatchObject({ status: 'completed', ordersFound: merchantFulfilled.length, ordersSynced: merchantFulfilled.length });
  const imported = (await importedOrders(stack.pool)).filter((e) => e.order?.marketplace === 'amazon' && e.integrationId === integration.id);
  expect(new Set(imported.map((e) => e.order!.externalId))).toEqual(new Set(merchantFulfilled.map((o) => o.orderId)));
  const order = imported.find((e) => e.order!.status === 'da_spedire')!.order!;
  expect(order.shippingAddress?.address).toMatchObject({ name: expect.any(String), addressLine1: expect.any(String), postalCode: expect.stringMatching(/^\d{5}$/), countryCode: 'IT' });
  expect(order.items[0]).toMatchObject({ sku: expect.any(String), title: expect.any(String), quantity: expect.any(Number), unitPrice: expect.stringMatching(/^\d+\.\d{2}$/) });
  expect(imported.some((e) => e.order!.express)).toBe(true);
  const searches = amazon.requests().filter((r) => r.operation === 'searchOrders');
  expect(searches[0]!.query).toMatchObject({ fulfilledBy: 'MERCHANT', marketplaceIds: 'APJ6JRA9NG5V4', includedData: 'BUYER,RECIPIENT,FULFILLMENT,PACKAGES,PROCEEDS' });
  expect(searches.filter((r) => r.query.paginationToken).length).toBeGreaterThan(0);
}, 120_000);

it('imports the orders of a seller whose addresses Amazon withholds (no restricted role) instead of failing the sync', async () => {
  const other = await stack.newMerchant();
  const integration = await connected(other, WITHHELD);
  await control().setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, false);
  try {
    const started = await other.api.startSync({ merchantId: other.merchantId, integrationId: integration.id, triggeredBy: '' });
    const job = await finishedJob(other.api, other.merchantId, started.id);
    expect(job).toMatchObject({ status: 'completed', ordersSynced: 12 });
    const imported = (await importedOrders(stack.pool)).filter((e) => e.integrationId === integration.id);
    expect(imported).toHaveLength(12);
    for (const e of imported.filter((x) => x.order!.externalOrderStatus !== 'PENDING')) {
      expect(e.order!.shippingAddress?.address).toMatchObject({ name: '', addressLine1: '', postalCode: '', city: expect.any(String), countryCode: 'IT' });
    }
  } finally {
    await control().setRestrictedRole(AMAZON_SANDBOX_APP.applicationId, true);
  }
}, 120_000);

it("confirms a shipment's tracking to Amazon once (GLS, Poste Italiane, else Other with the carrier's name), with the items and quantities", async () => {
  const integration = await connected(merchant, SELLER);
  const open = (await control().orders(SELLER.sellerId)).filter((o) => o.fulfilledBy === 'MERCHANT' && o.fulfillmentStatus === 'UNSHIPPED');
  expect(open.length).toBeGreaterThanOrEqual(3);
  const push = (order: (typeof open)[number], carrierCode: string, trackingNumber: string, shipmentId: number) => ({
    merchantId: '',
    integrationId: integration.id,
    externalOrderId: order.orderId,
    lineItems: order.items.map((i) => ({ lineItemId: i.orderItemId, quantity: i.quantityOrdered })),
    carrierCode,
    trackingNumber,
    shippedDate: new Date().toISOString(),
    shipmentId,
    orderId: 0,
  });

  const made = await merchant.api.pushTracking(push(open[0]!, 'gls', 'MI 555 666 777', 9201));
  expect(made).toMatchObject({ ok: true, alreadyPushed: false });
  const again = await merchant.api.pushTracking(push(open[0]!, 'gls', 'MI 555 666 777', 9201));
  expect(again).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: made.fulfillmentId });
  await merchant.api.pushTracking(push(open[1]!, 'poste_delivery', 'PD123456789IT', 9202));
  await merchant.api.pushTracking(push(open[2]!, 'brt', 'BRT0099887766', 9203));
  const held = new Map((await control().orders(SELLER.sellerId)).map((o) => [o.orderId, o]));
  expect(held.get(open[0]!.orderId)!.packages).toEqual([expect.objectContaining({ carrierCode: 'GLS', trackingNumber: 'MI555666777', viaApi: true, items: open[0]!.items.map((i) => ({ orderItemId: i.orderItemId, quantity: i.quantityOrdered })) })]);
  expect(held.get(open[1]!.orderId)!.packages).toEqual([expect.objectContaining({ carrierCode: 'Poste Italiane', carrierName: null })]);
  expect(held.get(open[2]!.orderId)!.packages).toEqual([expect.objectContaining({ carrierCode: 'Other', carrierName: 'brt' })]);
  expect(amazon.requests().filter((r) => r.operation === 'confirmShipment' && r.status === 204)).toHaveLength(3);
}, 60_000);

it("turns the integration to Errore with eBay's warning when Amazon refuses the refresh token (invalid_grant); imports stop", async () => {
  const integration = await connected(merchant, SELLER);
  await control().revokeConsent(SELLER.sellerId);
  expect(await failure(merchant.api.refreshToken({ merchantId: '', id: integration.id }))).toEqual({ code: status.FAILED_PRECONDITION, details: amazonMessages.refreshRefused });
  const broken = await merchant.api.getIntegration({ merchantId: '', id: integration.id });
  expect(broken).toMatchObject({ status: 'error', statusMessage: amazonMessages.refreshRefused, tokenWarning: m.tokenRefused('Amazon') });
  expect(await failure(merchant.api.startSync({ merchantId: '', integrationId: integration.id, triggeredBy: '' }))).toEqual({ code: status.FAILED_PRECONDITION, details: amazonMessages.refreshRefused });
}, 60_000);

describe('the usage plan shared by every replica (PostgreSQL)', () => {
  it("two replicas' adapters spend one bucket per seller at Amazon's real plan: 18 searches (2 of the 20 kept in reserve), then both answer the wait; no 429", async () => {
    const real = await startAmazonSandbox({ port: 0, sellers: [{ sellerId: 'A2REPLICHE', storeName: 'Repliche', email: 'venditore@repliche.it', password: 'Repliche1!', orders: 30, seed: 9 }] });
    const config = adaptersConfigWith({ AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId, AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId, AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret, AMAZON_REDIRECT_URL: 'http://127.0.0.1:9/cb', AMAZON_CONSENT_URL: real.url, AMAZON_LWA_URL: real.url, AMAZON_API_URL: real.url });
    const logger = createLogger('amazon-replicas', 'silent');
    const [a, b] = [createMarketplaceAdapter('amazon', config, logger, { pool: stack.pool }), createMarketplaceAdapter('amazon', config, logger, { pool: stack.pool })];
    try {
      const callback = new URL(await amazonAuthorizeAs(a.consentUrl(a.authorizeParams(), 'amazon.r'), { email: 'venditore@repliche.it', password: 'Repliche1!' }));
      const { accessToken } = await a.exchangeCode(callback.searchParams.get('spapi_oauth_code')!, Object.fromEntries(callback.searchParams));
      const window = { accessToken, filterBy: 'created' as const, from: new Date(Date.now() - 100 * 86_400_000), to: new Date(Date.now() - 3_600_000), limit: 10 };
      // A sync's pages alternate between the replicas: the second reads on from the token the first stored.
      const first = await a.fetchOrdersPage({ ...window, offset: 0 });
      const second = await b.fetchOrdersPage({ ...window, offset: first.nextOffset! });
      expect(second.orders.map((o) => o.externalId)).not.toContain(first.orders[0]!.externalId);
      expect(real.requests().filter((r) => r.operation === 'searchOrders').map((r) => Boolean(r.query.paginationToken))).toEqual([false, true]);
      for (let i = 0; i < 16; i++) await (i % 2 ? a : b).fetchOrdersPage({ ...window, offset: 0 });
      for (const replica of [a, b]) expect(await replica.fetchOrdersPage({ ...window, offset: 0 }).catch((e: unknown) => e)).toMatchObject({ code: 'QUOTA_EXCEEDED' });
      const searches = real.requests().filter((r) => r.operation === 'searchOrders');
      expect(searches).toHaveLength(18);
      expect(searches.every((r) => r.status === 200)).toBe(true);
      const { rows } = await stack.pool.query(`SELECT rate, burst FROM marketplace_rate_buckets WHERE bucket = 'amazon|A2REPLICHE|searchOrders'`);
      expect(rows).toEqual([{ rate: 0.0056, burst: 18 }]);
    } finally {
      await Promise.all([a.close(), b.close(), real.close()]);
    }
  }, 60_000);
});
