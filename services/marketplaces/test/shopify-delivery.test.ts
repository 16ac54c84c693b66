import { shopifyMessages } from '@smista/contracts';
import { SHOPIFY_SANDBOX_APP, shopifyInstallAs, shopifySandboxControl, startShopifySandbox, type ShopifySandbox, type ShopifySandboxControl, type ShopifySandboxOrderSummary } from '@smista/sandboxes';
import { startMarketplacesStack, trackingEvents, waitFor, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * The delivery told to Shopify (issue 26): `shipments.shipment.tracking_updated` with delivered
 * becomes one fulfillmentEventCreate DELIVERED on the fulfilment the tracking push made, once per
 * shipment; a delivery known before the fulfilment waits for it; Shopify unavailable is retried with
 * the tracking push's rules; a shop connected without write_fulfillments is refused in Italian; every
 * attempt is published for the shipment's audit trail (marketplaces.tracking.attempted, kind delivery); eBay has no
 * delivery call: nothing recorded, nothing sent. The real identity, merchants and marketplaces
 * services, the Shopify and eBay sandboxes, PostgreSQL and NATS.
 */

const SHOP = 'consegne-prova.myshopify.com';
const OLD_SHOP = 'negozio-vecchio.myshopify.com';
const OWNER = { email: 'titolare@consegne-prova.it', password: 'Consegne1!' };
const OLD_OWNER = { email: 'titolare@negozio-vecchio.it', password: 'Vecchio1!' };
// Short back-off for the run: 200 ms between attempts, 3 attempts in all.
const RETRY = { delaysMs: [200], maxAttempts: 3 };

let shopify: ShopifySandbox;
let control: ShopifySandboxControl;
let stack: MarketplacesStack;
let merchant: TestMerchant;
let integrationId: number;
let open: ShopifySandboxOrderSummary[];
let nextShipment = 7_300_000 + Math.floor(Math.random() * 100_000);

/** Connects `shop` to `m` through its install page; `withoutDeliveryScope`: as a shop connected before Smista asked write_fulfillments. */
async function connectShop(m: TestMerchant, shop: string, owner: typeof OWNER, withoutDeliveryScope = false): Promise<number> {
  const params = await m.api.getOAuthParams({ marketplace: 'shopify', account: shop });
  const consent = new URL(params.consentUrl);
  if (withoutDeliveryScope) consent.searchParams.set('scope', consent.searchParams.get('scope')!.split(',').filter((s) => s !== 'write_fulfillments').join(','));
  const query = Object.fromEntries(new URL(await shopifyInstallAs(consent.toString(), owner)).searchParams);
  const { integration } = await m.api.completeOAuth({ merchantId: m.merchantId, marketplace: 'shopify', code: query.code ?? '', error: '', state: query.state ?? '', callback: query });
  await m.api.updateIntegrationSettings({ merchantId: '', id: integration!.id, autoUpdateTracking: true });
  return integration!.id;
}

beforeAll(async () => {
  shopify = await startShopifySandbox({ port: 0, shops: [{ shop: SHOP, ...OWNER, orders: 30, seed: 31, plan: 'plus' }, { shop: OLD_SHOP, ...OLD_OWNER, orders: 10, seed: 32, plan: 'plus' }] });
  control = shopifySandboxControl(shopify.url);
  stack = await startMarketplacesStack({
    env: {
      SHOPIFY_CLIENT_ID: SHOPIFY_SANDBOX_APP.clientId,
      SHOPIFY_CLIENT_SECRET: SHOPIFY_SANDBOX_APP.clientSecret,
      SHOPIFY_REDIRECT_URL: 'http://127.0.0.1:9/marketplace/callback',
      SHOPIFY_SHOP_URL: `${shopify.url}/store/{shop}`,
    },
    options: { trackingRetryPolicy: RETRY, trackingPollMs: 100 },
  });
  merchant = await stack.newMerchant();
  integrationId = await connectShop(merchant, SHOP, OWNER);
  open = (await control.orders(SHOP)).filter((o) => !o.cancelled && o.fulfillments.length === 0 && o.remainingQuantity > 0);
  expect(open.length).toBeGreaterThanOrEqual(4);
}, 90_000);
afterAll(async () => {
  await stack?.stop();
  await shopify?.close();
}, 30_000);

function labelled(order: ShopifySandboxOrderSummary, m: TestMerchant = merchant, integration = integrationId) {
  return {
    shipmentId: nextShipment++,
    merchantId: m.merchantId,
    orderId: 5_000 + nextShipment,
    marketplaceIntegrationId: integration,
    marketplace: 'shopify',
    externalOrderId: order.legacyResourceId,
    lineItems: order.lineItems.map((l) => ({ lineItemId: l.id.replace('gid://shopify/LineItem/', ''), quantity: l.quantity })),
    carrierIntegrationId: 12,
    carrierProvider: 'gls',
    trackingNumber: `MI${nextShipment}`,
  };
}

const delivered = (event: ReturnType<typeof labelled>, lastMovementAt = '2026-11-20T10:15:00.000Z') => ({
  shipmentId: event.shipmentId,
  merchantId: event.merchantId,
  orderId: event.orderId,
  trackingNumber: event.trackingNumber,
  externalOrderId: event.externalOrderId,
  carrierProvider: 'gls',
  lastMovementAt,
});

const row = async (table: 'tracking_pushes' | 'delivery_reports', shipmentId: number) => (await stack.pool.query(`SELECT * FROM ${table} WHERE shipment_id = $1`, [shipmentId])).rows[0];
const settled = (table: 'tracking_pushes' | 'delivery_reports', shipmentId: number, ...statuses: string[]) =>
  waitFor(`${table} of shipment ${shipmentId} ${statuses.join('/')}`, async () => {
    const r = await row(table, shipmentId);
    return r && statuses.includes(r.status) && r.lease_owner === null ? r : undefined;
  }, 20_000);
const eventsOn = async (fulfillmentId: string, shop = SHOP) => (await control.fulfillmentEvents(shop)).filter((e) => e.fulfillmentId === `gid://shopify/Fulfillment/${fulfillmentId}`);
const deliveryAttempts = async (shipmentId: number) => (await trackingEvents(stack.pool, shipmentId)).filter((e) => e.kind === 'delivery');

it('tells Shopify DELIVERED once on the fulfilment of the tracking push, at the carrier\'s time; a redelivered event or a second delivered update sends nothing more', async () => {
  const event = labelled(open.shift()!);
  await stack.handled([await stack.publishLabelled(event)]);
  const push = await settled('tracking_pushes', event.shipmentId, 'pushed');
  const msgId = await stack.publishTrackingUpdated(delivered(event));
  await stack.handled([msgId]);
  const report = await settled('delivery_reports', event.shipmentId, 'reported');
  expect(report).toMatchObject({ attempts: 1, last_error: null, event_id: expect.stringMatching(/^gid:\/\/shopify\/FulfillmentEvent\/\d+$/) });
  expect(report.happened_at.toISOString()).toBe('2026-11-20T10:15:00.000Z');
  expect(await eventsOn(push.fulfillment_id)).toEqual([expect.objectContaining({ id: report.event_id, status: 'DELIVERED', happenedAt: '2026-11-20T10:15:00.000Z', clientId: SHOPIFY_SANDBOX_APP.clientId })]);
  expect((await control.orders(SHOP)).find((o) => o.legacyResourceId === event.externalOrderId)!.fulfillments[0]!.deliveredAt).toBe('2026-11-20T10:15:00.000Z');
  // Published for the shipment's audit trail, once.
  expect((await deliveryAttempts(event.shipmentId)).map((e) => [e.status, e.attempts])).toEqual([['pushed', 1]]);

  await stack.publishTrackingUpdated(delivered(event), msgId);
  await stack.handled([await stack.publishTrackingUpdated(delivered(event, '2026-11-21T09:00:00.000Z'))]);
  expect(await row('delivery_reports', event.shipmentId)).toMatchObject({ status: 'reported', attempts: 1, event_id: report.event_id });
  expect(await eventsOn(push.fulfillment_id)).toHaveLength(1);
  // A tracking update that is not a delivery records nothing.
  const other = labelled(open[0]!);
  await stack.handled([await stack.publishTrackingUpdated({ ...delivered(other), delivered: false, trackingStatus: 'in_transit' })]);
  expect(await row('delivery_reports', other.shipmentId)).toBeUndefined();
});

it('keeps a delivery known before the fulfilment waiting, and tells it once the tracking push made the fulfilment', async () => {
  const event = labelled(open.shift()!);
  // Delivered first (the labelled event not consumed yet): recorded, nothing to send it on.
  await stack.handled([await stack.publishTrackingUpdated(delivered(event, '2026-11-19T16:40:00.000Z'))]);
  expect(await row('delivery_reports', event.shipmentId)).toMatchObject({ status: 'pending', attempts: 0 });
  expect(await row('tracking_pushes', event.shipmentId)).toBeUndefined();
  await stack.handled([await stack.publishLabelled(event)]);
  const push = await settled('tracking_pushes', event.shipmentId, 'pushed');
  const report = await settled('delivery_reports', event.shipmentId, 'reported');
  expect(report.attempts).toBe(1);
  expect(await eventsOn(push.fulfillment_id)).toEqual([expect.objectContaining({ status: 'DELIVERED', happenedAt: '2026-11-19T16:40:00.000Z' })]);

  // Automatic tracking off: the push is skipped, the delivery waits until a member pushes on demand.
  await merchant.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: false });
  try {
    const later = labelled(open.shift()!);
    await stack.handled([await stack.publishLabelled(later)]);
    await settled('tracking_pushes', later.shipmentId, 'skipped');
    await stack.handled([await stack.publishTrackingUpdated(delivered(later))]);
    expect(await row('delivery_reports', later.shipmentId)).toMatchObject({ status: 'pending', attempts: 0 });
    const answer = await merchant.api.pushTracking({ merchantId: '', integrationId, externalOrderId: later.externalOrderId, lineItems: later.lineItems, carrierCode: 'gls', trackingNumber: later.trackingNumber, shippedDate: new Date().toISOString(), shipmentId: later.shipmentId, orderId: later.orderId });
    expect(answer).toMatchObject({ ok: true, alreadyPushed: false });
    await settled('delivery_reports', later.shipmentId, 'reported');
    expect(await eventsOn(answer.fulfillmentId)).toEqual([expect.objectContaining({ status: 'DELIVERED', happenedAt: '2026-11-20T10:15:00.000Z' })]);
  } finally {
    await merchant.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: true });
  }
});

it('retries a delivery Shopify could not take (unavailable) with the tracking push\'s back-off, publishing the retry then the success', async () => {
  const event = labelled(open.shift()!);
  await stack.handled([await stack.publishLabelled(event)]);
  const push = await settled('tracking_pushes', event.shipmentId, 'pushed');
  await control.injectFault({ kind: 'unavailable', count: 1 });
  await stack.handled([await stack.publishTrackingUpdated(delivered(event))]);
  const report = await settled('delivery_reports', event.shipmentId, 'reported');
  expect(report).toMatchObject({ attempts: 2, last_error: null });
  expect(await eventsOn(push.fulfillment_id)).toHaveLength(1);
  const shown = await deliveryAttempts(event.shipmentId);
  expect(shown.map((e) => [e.status, e.attempts])).toEqual([['retrying', 1], ['pushed', 2]]);
  expect(shown[0]).toMatchObject({ marketplace: 'shopify', integrationId, fulfillmentId: push.fulfillment_id, orderId: event.orderId, nextAttemptAt: expect.any(String) });
  expect(shown[0]!.errorMessage).not.toBe('');
});

it('records a refusal of a shop connected without write_fulfillments in Italian (reconnect), published for the audit trail, and sends nothing', async () => {
  const old = await stack.newMerchant();
  const oldIntegration = await connectShop(old, OLD_SHOP, OLD_OWNER, true);
  const order = (await control.orders(OLD_SHOP)).find((o) => !o.cancelled && o.fulfillments.length === 0 && o.remainingQuantity > 0)!;
  const event = labelled(order, old, oldIntegration);
  await stack.handled([await stack.publishLabelled(event)]);
  const push = await settled('tracking_pushes', event.shipmentId, 'pushed');
  await stack.handled([await stack.publishTrackingUpdated(delivered(event))]);
  const report = await settled('delivery_reports', event.shipmentId, 'failed');
  expect(report).toMatchObject({ attempts: 1, last_error_code: 'ACCESS_DENIED', last_error: shopifyMessages.deliveryScopeMissing });
  expect(report.last_error).toMatch(/^Ricollega il negozio Shopify per concedere /);
  expect(await deliveryAttempts(event.shipmentId)).toEqual([
    expect.objectContaining({ kind: 'delivery', status: 'failed', errorCode: 'ACCESS_DENIED', errorMessage: shopifyMessages.deliveryScopeMissing, merchantId: old.merchantId, integrationId: oldIntegration, fulfillmentId: push.fulfillment_id }),
  ]);
  expect(await eventsOn(push.fulfillment_id, OLD_SHOP)).toEqual([]);

  // A delivery still waiting for its fulfilment (automatic tracking off) when the shop is deleted:
  // nothing could ever send it, so it goes with the integration's tracking pushes.
  await old.api.updateIntegrationSettings({ merchantId: '', id: oldIntegration, autoUpdateTracking: false });
  const other = (await control.orders(OLD_SHOP)).find((o) => !o.cancelled && o.fulfillments.length === 0 && o.remainingQuantity > 0 && o.legacyResourceId !== order.legacyResourceId)!;
  const waiting = labelled(other, old, oldIntegration);
  await stack.handled([await stack.publishLabelled(waiting)]);
  await settled('tracking_pushes', waiting.shipmentId, 'skipped');
  await stack.handled([await stack.publishTrackingUpdated(delivered(waiting))]);
  expect(await row('delivery_reports', waiting.shipmentId)).toMatchObject({ status: 'pending' });
  await old.api.deleteIntegration({ merchantId: '', id: oldIntegration });
  expect(await row('delivery_reports', waiting.shipmentId)).toBeUndefined();
  expect(await row('delivery_reports', event.shipmentId)).toBeUndefined();
});

it('records nothing and sends nothing for eBay (no delivery call), nor for a shipment without a marketplace', async () => {
  const seller = await stack.newSeller(5, 'consegna');
  const ebayIntegration = (await merchant.connectEbay(seller)).id;
  await merchant.api.updateIntegrationSettings({ merchantId: '', id: ebayIntegration, autoUpdateTracking: true });
  const ebayOrder = (await stack.control.orders(seller)).find((o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelState === 'NONE_REQUESTED')!;
  const event = { ...labelled(open[0]!), marketplace: 'ebay', marketplaceIntegrationId: ebayIntegration, externalOrderId: ebayOrder.orderId, lineItems: ebayOrder.lineItemIds.map((lineItemId) => ({ lineItemId, quantity: 1 })) };
  await stack.handled([await stack.publishLabelled(event)]);
  await settled('tracking_pushes', event.shipmentId, 'pushed');
  await stack.handled([await stack.publishTrackingUpdated(delivered(event))]);
  expect(await row('delivery_reports', event.shipmentId)).toBeUndefined();
  expect(await deliveryAttempts(event.shipmentId)).toEqual([]);

  // Delivered before its label, then labelled without a marketplace: the waiting delivery is forgotten.
  const manual = { ...labelled(open[0]!), marketplaceIntegrationId: 0, marketplace: '' };
  await stack.handled([await stack.publishTrackingUpdated(delivered(manual))]);
  expect(await row('delivery_reports', manual.shipmentId)).toMatchObject({ status: 'pending' });
  await stack.handled([await stack.publishLabelled(manual)]);
  expect(await row('delivery_reports', manual.shipmentId)).toBeUndefined();
  expect(await deliveryAttempts(manual.shipmentId)).toEqual([]);
}, 60_000);
