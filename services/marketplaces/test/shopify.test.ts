import { status } from '@grpc/grpc-js';
import { shopifyMessages } from '@smista/contracts';
import { SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, startShopifySandbox, type ShopifySandbox } from '@smista/sandboxes';
import { failure, finishedJob, importedOrders, startMarketplacesStack, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * Shopify through the service, as the screens drive it: GetOAuthParams with the shop's domain (a bad
 * one refused in Italian before anything is written), the install page, CompleteOAuth with the
 * callback's whole query (a tampered one connects nothing), then a sync that imports the shop's
 * orders, and a shipment's tracking pushed once with the eBay rules. The real identity, merchants and
 * marketplaces services, the Shopify sandbox.
 */

const SHOP = 'servizio-prova.myshopify.com';
const OWNER = { email: 'titolare@servizio-prova.it', password: 'Servizio1!' };
const ORDERS = 60;

let shopify: ShopifySandbox;
let stack: MarketplacesStack;
let merchant: TestMerchant;

beforeAll(async () => {
  shopify = await startShopifySandbox({ port: 0, shops: [{ shop: SHOP, ...OWNER, orders: ORDERS, seed: 21, plan: 'plus' }] });
  stack = await startMarketplacesStack({
    env: {
      SHOPIFY_CLIENT_ID: SHOPIFY_SANDBOX_APP.clientId,
      SHOPIFY_CLIENT_SECRET: SHOPIFY_SANDBOX_APP.clientSecret,
      SHOPIFY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      SHOPIFY_SHOP_URL: `${shopify.url}/store/{shop}`,
    },
    options: { pollMs: 200 },
  });
  merchant = await stack.newMerchant();
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await shopify?.close();
}, 30_000);

const oauthStates = async () => Number((await stack.pool.query('SELECT count(*)::int AS n FROM oauth_states')).rows[0].n);
const integrations = async () => Number((await stack.pool.query('SELECT count(*)::int AS n FROM integrations')).rows[0].n);

async function install(account: string) {
  const params = await merchant.api.getOAuthParams({ marketplace: 'shopify', account });
  return { params, callback: new URL(await shopifyInstallAs(params.consentUrl, OWNER)) };
}

const complete = (callback: URL, query: Record<string, string> = Object.fromEntries(callback.searchParams)) =>
  merchant.api.completeOAuth({ merchantId: merchant.merchantId, marketplace: 'shopify', code: query.code ?? '', error: '', state: query.state ?? '', callback: query });

it("refuses a shop domain that is not Shopify's in Italian, before any call or state", async () => {
  const states = await oauthStates();
  const calls = (await shopifySandboxControl(shopify.url).stats()).calls;
  for (const bad of ['negozio.it', 'neg ozio']) {
    expect(await failure(merchant.api.getOAuthParams({ marketplace: 'shopify', account: bad }))).toEqual({ code: status.INVALID_ARGUMENT, details: shopifyMessages.shopDomainInvalid(bad) });
  }
  expect(await failure(merchant.api.getOAuthParams({ marketplace: 'shopify', account: '' }))).toEqual({ code: status.INVALID_ARGUMENT, details: shopifyMessages.shopDomainRequired });
  expect(await oauthStates()).toBe(states);
  expect((await shopifySandboxControl(shopify.url).stats()).calls).toBe(calls);
});

it('connects nothing with a tampered callback, nor with a state issued for another consent', async () => {
  const before = await integrations();
  const { callback } = await install('servizio-prova');
  const query = Object.fromEntries(callback.searchParams);
  expect(await failure(complete(callback, { ...query, shop: 'altro-negozio.myshopify.com' }))).toEqual({ code: status.FAILED_PRECONDITION, details: shopifyMessages.callbackSignatureInvalid });
  const second = await install('servizio-prova');
  // The first state was spent by the refused attempt: its own, valid callback is refused too.
  expect(await failure(complete(callback))).toMatchObject({ code: status.FAILED_PRECONDITION });
  expect(await integrations()).toBe(before);
  expect(second.params.state).toMatch(/^shopify\./);
});

it("connects the shop from its install page, then a sync imports every order of the shop's window", async () => {
  const { params, callback } = await install('Servizio-Prova');
  expect(params.consentUrl.startsWith(`${shopify.url}/store/${SHOP}/admin/oauth/authorize?`)).toBe(true);
  expect(new URL(params.consentUrl).searchParams.get('scope')).toBe('read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,write_fulfillments');
  const { integration } = await complete(callback);
  expect(integration).toMatchObject({ provider: 'shopify', status: 'active', username: SHOP });

  const started = await merchant.api.startSync({ merchantId: merchant.merchantId, integrationId: integration!.id, triggeredBy: '' });
  const job = await finishedJob(merchant.api, merchant.merchantId, started.id);
  expect(job).toMatchObject({ status: 'completed', ordersFound: ORDERS, ordersSynced: ORDERS });
  const imported = (await importedOrders(stack.pool)).filter((e) => e.order?.marketplace === 'shopify');
  expect(new Set(imported.map((e) => e.order!.externalId))).toEqual(new Set((await shopifySandboxControl(shopify.url).orders(SHOP)).map((o) => o.legacyResourceId)));
  expect(imported.some((e) => e.order!.express)).toBe(true);
  // The shop's tokens are sealed at rest and appear in no log line.
  const tokens = await stack.openTokens(integration!.id);
  const raw = (tokens.accessToken ?? '').split('/')[1] ?? '';
  expect(raw).toMatch(/^shpat_/);
  expect(stack.logText()).not.toContain(raw);
}, 120_000);

it("pushes a shipment's tracking to Shopify once (GLS with its URL); again it is already pushed, and lines shipped with another number are refused in Italian", async () => {
  // The shop connected above, or connected here when this test runs alone.
  const existing = (await merchant.api.listIntegrations({ merchantId: '' })).integrations.find((i) => i.provider === 'shopify');
  const integration = existing ?? (await complete((await install('servizio-prova')).callback)).integration!;
  const control = shopifySandboxControl(shopify.url);
  const open = (await control.orders(SHOP)).filter((o) => !o.cancelled && o.fulfillments.length === 0 && o.remainingQuantity > 0);
  expect(open.length).toBeGreaterThanOrEqual(2);
  const push = (order: (typeof open)[number], trackingNumber: string, shipmentId: number) => ({
    merchantId: '',
    integrationId: integration.id,
    externalOrderId: order.legacyResourceId,
    lineItems: order.lineItems.map((l) => ({ lineItemId: l.id.replace('gid://shopify/LineItem/', ''), quantity: l.quantity })),
    carrierCode: 'gls',
    trackingNumber,
    shippedDate: new Date().toISOString(),
    shipmentId,
    orderId: 0,
  });

  const made = await merchant.api.pushTracking(push(open[0]!, 'MI 555 666 777', 9101));
  expect(made).toMatchObject({ ok: true, alreadyPushed: false });
  const again = await merchant.api.pushTracking(push(open[0]!, 'MI 555 666 777', 9101));
  expect(again).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: made.fulfillmentId });
  const held = (await control.orders(SHOP)).find((o) => o.id === open[0]!.id)!;
  expect(held.fulfillments.map((f) => f.trackingInfo[0])).toEqual([{ company: 'GLS', number: 'MI555666777', url: expect.stringContaining('MI555666777') }]);

  // The lines were shipped before with another number: refused, nothing made with ours.
  await merchant.api.pushTracking({ ...push(open[1]!, 'BRT0099887766', 0), carrierCode: 'brt' });
  const refused = await merchant.api.pushTracking(push(open[1]!, 'MI 111 222 333', 9102));
  expect(refused.ok).toBe(false);
  expect(refused.errorMessage).toMatch(/^Shopify ha rifiutato la conferma di spedizione: .*BRT0099887766/);
  expect((await control.orders(SHOP)).find((o) => o.id === open[1]!.id)!.fulfillments).toHaveLength(1);
});
