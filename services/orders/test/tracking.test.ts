/**
 * UpdateTracking end to end: eBay orders synced by the real marketplaces service from the eBay
 * sandbox (its events consumed by the real orders service), shipments events as the shipments
 * service publishes them, and the tracking pushed through marketplaces to the sandbox.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { ebayMessages, orderMessages as m } from '@smista/contracts';
import type { EbaySandboxOrderSummary } from '@smista/sandboxes';
import { trackingPushMessages as t } from '@smista/contracts';
import { finishedJob, type MarketplacesStack, type TestMerchant as MarketplacesMerchant } from '../../marketplaces/test/support/harness';
import { failure, startOrdersStack, waitFor, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;
let mp: MarketplacesStack;
let shop: TestMerchant;
let shopOnMarketplaces: MarketplacesMerchant;
let seller: string;
let integrationId: number;
/** Sandbox orders not shipped nor cancelled, with the orders service's id of each. */
let open: (EbaySandboxOrderSummary & { id: number })[];
let nextShipment = 6_000_000 + Math.floor(Math.random() * 1_000_000);

beforeAll(async () => {
  stack = await startOrdersStack({ marketplaces: true });
  mp = stack.marketplaces!;
  shop = await stack.newMerchant();
  shopOnMarketplaces = await mp.merchant(shop.admin, shop.merchantId);
  seller = await mp.newSeller(12, 'ordini');
  // A seeded batch besides: with this seed, at least three of its orders are paid, open and on several lines.
  await mp.control.addOrders(seller, 6, 'piu-righe');
  integrationId = (await shopOnMarketplaces.connectEbay(seller)).id;
  const job = await shopOnMarketplaces.api.startSync({ merchantId: '', integrationId, triggeredBy: '' });
  const done = await finishedJob(shopOnMarketplaces.api, shop.merchantId, job.id);
  expect(done).toMatchObject({ status: 'completed', ordersSynced: 18 });
  // The imports reach orders through NATS.
  const rows = await waitFor('the synced orders in orders', async () => {
    const { rows } = await stack.pool.query('SELECT id, external_id FROM orders WHERE merchant_id = $1', [shop.merchantId]);
    return rows.length === 18 ? rows : undefined;
  }, 30_000);
  open = (await mp.control.orders(seller))
    .filter((o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelState === 'NONE_REQUESTED' && o.orderPaymentStatus === 'PAID')
    .map((o) => ({ ...o, id: Number(rows.find((r) => r.external_id === o.orderId)!.id) }));
  expect(open.length).toBeGreaterThanOrEqual(4);
}, 120_000);
afterAll(() => stack?.stop(), 30_000);

const fulfillmentsOf = async (orderId: string) => (await mp.control.fulfillments(seller)).filter((f) => f.orderId === orderId);

/** The shipments service labelled a shipment of the order (GLS, tracking printed with spaces). */
async function label(order: { id: number; orderId: string }, trackingNumber = 'MI 555 123 456'): Promise<number> {
  const shipmentId = nextShipment++;
  const at = new Date().toISOString();
  const details = await shop.api.getOrder({ merchantId: '', id: order.id });
  const event = {
    shipmentId,
    merchantId: shop.merchantId,
    orderId: order.id,
    marketplaceIntegrationId: integrationId,
    marketplace: 'ebay',
    externalOrderId: order.orderId,
    lineItems: details.items.map((i) => ({ lineItemId: i.externalItemId, quantity: i.quantity })),
    carrierIntegrationId: 31,
    carrierProvider: 'gls',
    trackingNumber,
    carrierShipmentNumber: '555123456',
    shippedAt: at,
    occurredAt: at,
  };
  const msgId = await stack.publishShipment('labelled', event);
  await stack.handled([msgId]);
  await mp.handled([msgId]);
  return shipmentId;
}

describe('UpdateTracking', () => {
  it('tells eBay the tracking of the labelled shipment once: "Tracking inviato a eBay", then "Tracking già inviato a eBay"', async () => {
    const order = open.shift()!;
    const shipmentId = await label(order);
    expect((await shop.api.getOrder({ merchantId: '', id: order.id })).status).toBe('spedito');
    // Automatic tracking is off: marketplaces recorded the push as skipped, nothing went to eBay.
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);

    const { api: member } = await shop.member();
    expect(await member.updateTracking({ merchantId: '', id: order.id })).toEqual({ ok: true, message: t.pushed('eBay'), alreadyPushed: false });
    const made = await fulfillmentsOf(order.orderId);
    expect(made).toHaveLength(1);
    const lines = (await shop.api.getOrder({ merchantId: '', id: order.id })).items;
    expect(made[0]).toMatchObject({ shippingCarrierCode: 'GLS', trackingNumber: 'MI555123456' });
    expect(made[0]!.lineItems).toEqual(lines.map((i) => ({ lineItemId: i.externalItemId, quantity: i.quantity })));
    const push = (await mp.pool.query('SELECT * FROM tracking_pushes WHERE shipment_id = $1', [shipmentId])).rows[0];
    expect(push).toMatchObject({ status: 'pushed', order_id: String(order.id), merchant_id: shop.merchantId, fulfillment_id: made[0]!.fulfillmentId });

    expect(await shop.api.updateTracking({ merchantId: '', id: order.id })).toEqual({ ok: true, message: t.alreadyPushed('eBay'), alreadyPushed: true });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
    expect(t.pushed('eBay')).toBe('Tracking inviato a eBay');
    expect(t.alreadyPushed('eBay')).toBe('Tracking già inviato a eBay');
  });

  it('with automatic tracking on, the label alone pushes it; asking afterwards answers already sent', async () => {
    await shopOnMarketplaces.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: true });
    try {
      const order = open.shift()!;
      await label(order, 'MI777000111');
      // eBay has the fulfillment a moment before marketplaces commits the push as done: asking in
      // between answers "in progress" (seen under a loaded machine), so wait for both.
      const made = await waitFor('the automatic fulfillment, recorded as pushed', async () => {
        const list = await fulfillmentsOf(order.orderId);
        const { rowCount } = await mp.pool.query(`SELECT 1 FROM tracking_pushes WHERE order_id = $1 AND status = 'pushed'`, [String(order.id)]);
        return list.length > 0 && rowCount ? list : undefined;
      }, 20_000);
      expect(made).toEqual([expect.objectContaining({ shippingCarrierCode: 'GLS', trackingNumber: 'MI777000111' })]);
      expect(await shop.api.updateTracking({ merchantId: '', id: order.id })).toEqual({ ok: true, message: t.alreadyPushed('eBay'), alreadyPushed: true });
      expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
    } finally {
      await shopOnMarketplaces.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: false });
    }
  });

  it('a partly shipped eBay order: only the lines eBay does not show as shipped are told, with our tracking number', async () => {
    const i = open.findIndex((o) => o.lineItemIds.length >= 2);
    expect(i).toBeGreaterThanOrEqual(0);
    const order = open.splice(i, 1)[0]!;
    const [shippedLine, ...openLines] = order.lineItemIds;
    // One line was shipped on eBay before, with another number; the next sync brings its status.
    const before = await shopOnMarketplaces.api.pushTracking({
      merchantId: '',
      integrationId,
      externalOrderId: order.orderId,
      lineItems: [{ lineItemId: shippedLine!, quantity: 1 }],
      carrierCode: 'gls',
      trackingNumber: 'BRT0099887766',
      shippedDate: new Date().toISOString(),
      shipmentId: 0,
      orderId: 0,
    });
    expect(before.ok).toBe(true);
    const job = await shopOnMarketplaces.api.startSync({ merchantId: '', integrationId, triggeredBy: '' });
    expect(await finishedJob(shopOnMarketplaces.api, shop.merchantId, job.id)).toMatchObject({ status: 'completed' });
    const items = await waitFor('the shipped line in orders', async () => {
      const { items } = await shop.api.getOrder({ merchantId: '', id: order.id });
      return items.find((l) => l.externalItemId === shippedLine)?.fulfillmentStatus === 'spedito' ? items : undefined;
    }, 30_000);
    expect(items.filter((l) => l.externalItemId !== shippedLine).map((l) => l.fulfillmentStatus)).toEqual(openLines.map(() => 'da_spedire'));

    await label(order, 'MI 555 999 000');
    expect(await shop.api.updateTracking({ merchantId: '', id: order.id })).toEqual({ ok: true, message: t.pushed('eBay'), alreadyPushed: false });
    const made = await fulfillmentsOf(order.orderId);
    expect(made.map((f) => [f.trackingNumber, f.lineItems.map((l) => l.lineItemId)])).toEqual([
      ['BRT0099887766', [shippedLine]],
      ['MI555999000', openLines],
    ]);
  });

  it("eBay's refusal is answered as data with its Italian message (an order cancelled on eBay)", async () => {
    const order = open.shift()!;
    await label(order);
    await mp.control.editOrder(seller, order.orderId, { cancelState: 'CANCELED' });
    const answer = await shop.api.updateTracking({ merchantId: '', id: order.id });
    expect(answer).toEqual({
      ok: false,
      message: ebayMessages.fulfillmentRefused(ebayMessages.withCode("l'ordine è stato annullato su eBay e non può essere spedito", '32710')),
      alreadyPushed: false,
    });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);
  });

  it("an order without a tracking number: 'Nessun tracking da aggiornare'; another merchant's order: NOT_FOUND, nothing sent", async () => {
    const order = open.shift()!;
    expect(await failure(shop.api.updateTracking({ merchantId: '', id: order.id }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noTrackingToUpdate });
    await label(order);
    const other = await stack.newMerchant();
    expect(await failure(other.api.updateTracking({ merchantId: '', id: order.id }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.orderNotFound });
    expect(await failure(shop.api.updateTracking({ merchantId: other.merchantId, id: order.id }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.orderNotFound });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);
  });
});
