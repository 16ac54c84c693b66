import { randomUUID } from 'node:crypto';
import { status } from '@grpc/grpc-js';
import { ebayMessages, marketplaceMessages as m, messages } from '@smista/contracts';
import type { EbaySandboxOrderSummary } from '@smista/sandboxes';
import { attachWhenStreamExists, createGrpcClient, createLogger, createPool, rpc, signCallerToken } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { startMarketplaces } from '../src/main';

import { trackingPushMessages } from '@smista/contracts';
import { trackingPushMessages as alreadyFulfilledMessages } from '@smista/contracts';
import { SECRET } from '../../merchants/test/support/harness';
import { failure, integrationEvents, startMarketplacesStack, trackingEvents, waitFor, type MarketplacesStack, type TestMerchant } from './support/harness';

/*
 * Tracking pushed per shipment against the eBay sandbox: shipments.shipment.labelled with automatic
 * tracking, redelivery, retries after 429 / 500, refusals, automatic tracking off, PushTracking on
 * demand, eBay's "already fulfilled" after a lost answer, and two replicas sharing the rows.
 */

// Short back-off for the run: 300 ms between attempts, 3 attempts in all.
const RETRY = { delaysMs: [300], maxAttempts: 3 };

let stack: MarketplacesStack;
let shop: TestMerchant;
let seller: string;
let integrationId: number;
let open: EbaySandboxOrderSummary[];
let nextShipment = 8_100_000 + Math.floor(Math.random() * 100_000);

beforeAll(async () => {
  stack = await startMarketplacesStack({ options: { trackingRetryPolicy: RETRY, trackingPollMs: 100 } });
  shop = await stack.newMerchant();
  seller = await stack.newSeller(80, 'traccia');
  integrationId = (await shop.connectEbay(seller)).id;
  await shop.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: true });
  open = (await stack.control.orders(seller)).filter((o) => o.orderFulfillmentStatus === 'NOT_STARTED' && o.cancelState === 'NONE_REQUESTED');
  expect(open.length).toBeGreaterThan(40);
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

/** A not-yet-shipped sandbox order of the seller, a different one for each test. */
const takeOrder = () => open.shift()!;

function labelled(order: EbaySandboxOrderSummary, patch: Record<string, unknown> = {}) {
  return {
    shipmentId: nextShipment++,
    merchantId: shop.merchantId,
    orderId: 4_000 + nextShipment,
    marketplaceIntegrationId: integrationId,
    externalOrderId: order.orderId,
    lineItems: order.lineItemIds.map((lineItemId) => ({ lineItemId, quantity: 1 })),
    carrierIntegrationId: 12,
    carrierProvider: 'gls',
    trackingNumber: 'MI 123 456 789',
    carrierShipmentNumber: '123456789',
    ...patch,
  };
}

const pushOf = async (shipmentId: number) => (await stack.pool.query('SELECT * FROM tracking_pushes WHERE shipment_id = $1', [shipmentId])).rows[0];
const fulfillmentsOf = async (orderId: string) => (await stack.control.fulfillments(seller)).filter((f) => f.orderId === orderId);
const settled = (shipmentId: number, ...statuses: string[]) =>
  waitFor(`push of shipment ${shipmentId} ${statuses.join('/')}`, async () => {
    const row = await pushOf(shipmentId);
    return row && statuses.includes(row.status) && row.lease_owner === null ? row : undefined;
  }, 20_000);

describe('shipments.shipment.labelled with automatic tracking', () => {
  it('pushes once: one fulfillment at eBay with GLS and the tracking number without spaces; redeliveries change nothing', async () => {
    const order = takeOrder();
    const event = labelled(order, { runId: 'run-auto-1' });
    const msgId = await stack.publishLabelled(event);
    await stack.handled([msgId]);
    const row = await settled(event.shipmentId, 'pushed');
    expect(row).toMatchObject({ merchant_id: shop.merchantId, integration_id: String(integrationId), order_id: String(event.orderId), attempts: 1, last_error: null });
    const made = await fulfillmentsOf(order.orderId);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789' });
    expect(row.fulfillment_id).toBe(made[0]!.fulfillmentId);

    // The same message again (the inbox), and another message for the same shipment (the row).
    await stack.publishLabelled(event, msgId);
    const again = await stack.publishLabelled(event);
    await stack.handled([again]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
    expect((await pushOf(event.shipmentId)).attempts).toBe(1);

    const events = await trackingEvents(stack.pool, event.shipmentId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      shipmentId: event.shipmentId,
      merchantId: shop.merchantId,
      orderId: event.orderId,
      integrationId,
      marketplace: 'ebay',
      status: 'pushed',
      attempts: 1,
      errorCode: '',
      errorMessage: '',
      fulfillmentId: made[0]!.fulfillmentId,
      nextAttemptAt: '',
      // The run that labelled it: activity tells a run's pushes as one line.
      runId: 'run-auto-1',
    });
    expect(events[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(Date.parse(events[0]!.attemptedAt)).not.toBeNaN();
  });

  it('Poste: the letter services and Poste Delivery are PosteItaliane at eBay', async () => {
    const order = takeOrder();
    const event = labelled(order, { carrierProvider: 'posta_rc', trackingNumber: 'RC123456789IT' });
    await stack.handled([await stack.publishLabelled(event)]);
    await settled(event.shipmentId, 'pushed');
    expect(await fulfillmentsOf(order.orderId)).toEqual([expect.objectContaining({ shippingCarrierCode: 'PosteItaliane', trackingNumber: 'RC123456789IT' })]);
  });

  it('a 429 from eBay: retrying with its back-off, then pushed on the next attempt', async () => {
    const order = takeOrder();
    await stack.control.injectFault({ kind: 'quota', count: 1, pathPrefix: `/sell/fulfillment/v1/order/${order.orderId}`, retryAfterSeconds: 0 });
    const event = labelled(order);
    await stack.handled([await stack.publishLabelled(event)]);
    const row = await settled(event.shipmentId, 'pushed');
    expect(row.attempts).toBe(2);
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
    const events = await trackingEvents(stack.pool, event.shipmentId);
    expect(events.map((e) => [e.status, e.attempts, e.errorCode])).toEqual([
      ['retrying', 1, 'QUOTA_EXCEEDED'],
      ['pushed', 2, ''],
    ]);
    expect(events[0]!.errorMessage).toBe(ebayMessages.quotaExceeded);
    expect(Date.parse(events[0]!.nextAttemptAt)).toBeGreaterThanOrEqual(Date.parse(events[0]!.attemptedAt) + RETRY.delaysMs[0]!);
  });

  it('eBay unreachable at every attempt: failed after the last one, with the Italian reason; nothing made', async () => {
    const order = takeOrder();
    await stack.control.injectFault({ kind: 'unavailable', count: RETRY.maxAttempts, pathPrefix: `/sell/fulfillment/v1/order/${order.orderId}` });
    const event = labelled(order);
    await stack.handled([await stack.publishLabelled(event)]);
    const row = await settled(event.shipmentId, 'failed');
    expect(row.attempts).toBe(RETRY.maxAttempts);
    expect(row.last_error_code).toBe('PROVIDER_UNAVAILABLE');
    expect(row.last_error).toBe(trackingPushMessages.retriesExhausted('eBay', RETRY.maxAttempts, 'eBay non risponde in questo momento. Riprova più tardi.'));
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);
    expect((await trackingEvents(stack.pool, event.shipmentId)).map((e) => e.status)).toEqual(['retrying', 'retrying', 'failed']);
  });

  it('a 32xxx refusal fails at once with the Italian message, and is not retried', async () => {
    const order = takeOrder();
    const event = labelled(order, { lineItems: [{ lineItemId: '999999999999', quantity: 1 }] });
    await stack.handled([await stack.publishLabelled(event)]);
    const row = await settled(event.shipmentId, 'failed');
    expect(row).toMatchObject({
      attempts: 1,
      last_error_code: '32200',
      last_error: ebayMessages.fulfillmentRefused(ebayMessages.withCode("articolo non trovato nell'ordine eBay", '32200')),
    });
    await new Promise((r) => setTimeout(r, 800));
    expect((await pushOf(event.shipmentId)).attempts).toBe(1);
    expect(await trackingEvents(stack.pool, event.shipmentId)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, errorCode: '32200' })]);
  });

  it('a tracking number eBay cannot take (not letters and digits) is refused before sending', async () => {
    const order = takeOrder();
    const event = labelled(order, { trackingNumber: 'MI-123/456' });
    await stack.handled([await stack.publishLabelled(event)]);
    expect(await settled(event.shipmentId, 'failed')).toMatchObject({ last_error_code: 'INVALID_INPUT', last_error: ebayMessages.trackingInvalid('MI-123/456') });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);
  });

  it("a shipment without a marketplace integration, or of another merchant's integration: nothing recorded", async () => {
    const order = takeOrder();
    const other = await stack.newMerchant();
    const none = labelled(order, { marketplaceIntegrationId: 0 });
    const foreign = labelled(order, { merchantId: other.merchantId });
    await stack.handled([await stack.publishLabelled(none), await stack.publishLabelled(foreign)]);
    expect(await pushOf(none.shipmentId)).toBeUndefined();
    expect(await pushOf(foreign.shipmentId)).toBeUndefined();
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);
  });
});

describe("eBay's 'already shipped' (32700): whose fulfilment it is, read back from eBay", () => {
  const READ = 'GET /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment';
  const reads = async () => (await stack.control.stats()).endpoints[READ]?.calls ?? 0;

  /** A not-yet-shipped order with two lines or more. */
  function takeMultiLineOrder(): EbaySandboxOrderSummary {
    const i = open.findIndex((o) => o.lineItemIds.length >= 2);
    expect(i).toBeGreaterThanOrEqual(0);
    return open.splice(i, 1)[0]!;
  }

  it('a lost answer (eBay has our fulfilment, nothing recorded here): pushed exactly once, with its id; asked again, nothing sent', async () => {
    const order = takeOrder();
    const event = labelled(order);
    // The fulfilment is made with this shipment's tracking number, but nothing of it is recorded: as after a timeout or a crash.
    const made = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), trackingNumber: event.trackingNumber, shipmentId: 0, orderId: 0 });
    expect(made.ok).toBe(true);
    const readsBefore = await reads();
    await stack.handled([await stack.publishLabelled(event)]);
    const row = await settled(event.shipmentId, 'pushed');
    expect(row).toMatchObject({ attempts: 1, last_error_code: '32700', last_error: null, fulfillment_id: made.fulfillmentId });
    expect(await reads()).toBe(readsBefore + 1);
    expect(await fulfillmentsOf(order.orderId)).toEqual([expect.objectContaining({ fulfillmentId: made.fulfillmentId, trackingNumber: 'MI123456789' })]);
    expect(await trackingEvents(stack.pool, event.shipmentId)).toEqual([
      expect.objectContaining({ status: 'pushed', attempts: 1, errorCode: '32700', errorMessage: '', fulfillmentId: made.fulfillmentId }),
    ]);

    const calls = (await stack.control.stats()).endpoints['POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment']?.calls ?? 0;
    const again = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId: event.shipmentId, orderId: 0 });
    expect(again).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: made.fulfillmentId });
    expect((await stack.control.stats()).endpoints['POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment']?.calls).toBe(calls);
  });

  it('a partly shipped order: a line shipped with another tracking number fails the push with that reason, nothing made with ours; the open line alone then pushes', async () => {
    const order = takeMultiLineOrder();
    const [shippedLine, ...openLines] = order.lineItemIds;
    // The merchant shipped one line before, with another carrier's number.
    const before = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), lineItems: [{ lineItemId: shippedLine!, quantity: 1 }], trackingNumber: 'BRT 0099 8877 66', shipmentId: 0, orderId: 0 });
    expect(before.ok).toBe(true);

    // Our shipment names every line, as shipments did before it left the shipped ones out.
    const event = labelled(order);
    await stack.handled([await stack.publishLabelled(event)]);
    const row = await settled(event.shipmentId, 'failed');
    const reason =
      "eBay ha rifiutato la conferma di spedizione: l'articolo risulta già spedito su eBay con un altro numero di tracking (BRT0099887766), non con quello di questa spedizione (codice 32700)";
    expect(alreadyFulfilledMessages.shippedWithOtherTracking('eBay', 1, ['BRT0099887766'], '32700')).toBe(reason);
    expect(row).toMatchObject({ attempts: 1, last_error_code: '32700', last_error: reason, fulfillment_id: null, pushed_at: null });
    await new Promise((r) => setTimeout(r, 800));
    expect((await pushOf(event.shipmentId)).attempts).toBe(1);
    expect(await trackingEvents(stack.pool, event.shipmentId)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1, errorCode: '32700', errorMessage: reason, fulfillmentId: '' })]);
    // At eBay: only the earlier fulfilment; the open lines are still to ship.
    expect(await fulfillmentsOf(order.orderId)).toEqual([expect.objectContaining({ fulfillmentId: before.fulfillmentId, trackingNumber: 'BRT0099887766' })]);
    const atEbay = (await stack.control.order(seller, order.orderId)) as { lineItems: { lineItemId: string; lineItemFulfillmentStatus: string }[] };
    expect(atEbay.lineItems.filter((l) => openLines.includes(l.lineItemId)).map((l) => l.lineItemFulfillmentStatus)).toEqual(openLines.map(() => 'NOT_STARTED'));

    // Asked again with the lines still to ship (what shipments sends now): pushed with our tracking number.
    const fixed = await shop.api.pushTracking({
      merchantId: '',
      integrationId,
      ...pushRequest(order),
      lineItems: openLines.map((lineItemId) => ({ lineItemId, quantity: 1 })),
      trackingNumber: event.trackingNumber,
      shipmentId: event.shipmentId,
      orderId: event.orderId,
    });
    expect(fixed).toMatchObject({ ok: true, alreadyPushed: false });
    expect(await pushOf(event.shipmentId)).toMatchObject({ status: 'pushed', attempts: 2, fulfillment_id: fixed.fulfillmentId });
    expect((await fulfillmentsOf(order.orderId)).map((f) => [f.trackingNumber, f.lineItems.map((l) => l.lineItemId)])).toEqual([
      ['BRT0099887766', [shippedLine]],
      ['MI123456789', openLines],
    ]);
  });
});

describe('automatic tracking off', () => {
  it('records the push as skipped with the reason, publishes it, and sends nothing', async () => {
    await shop.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: false });
    try {
      const order = takeOrder();
      const event = labelled(order);
      await stack.handled([await stack.publishLabelled(event)]);
      expect(await pushOf(event.shipmentId)).toMatchObject({ status: 'skipped', attempts: 0, last_error: trackingPushMessages.autoUpdateOff, next_attempt_at: null });
      await new Promise((r) => setTimeout(r, 500));
      expect(await fulfillmentsOf(order.orderId)).toHaveLength(0);
      expect(await trackingEvents(stack.pool, event.shipmentId)).toEqual([
        expect.objectContaining({ status: 'skipped', attempts: 0, durationMs: 0, errorMessage: trackingPushMessages.autoUpdateOff }),
      ]);

      // On demand it goes anyway: the merchant asked.
      const answer = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId: event.shipmentId, orderId: event.orderId });
      expect(answer).toMatchObject({ ok: true, alreadyPushed: false });
      expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
      expect(await pushOf(event.shipmentId)).toMatchObject({ status: 'pushed', attempts: 1 });
    } finally {
      await shop.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: true });
    }
  });
});

function pushRequest(order: EbaySandboxOrderSummary) {
  return {
    externalOrderId: order.orderId,
    lineItems: order.lineItemIds.map((lineItemId) => ({ lineItemId, quantity: 1 })),
    carrierCode: 'gls',
    trackingNumber: 'MI987654321',
    shippedDate: new Date().toISOString(),
  };
}

describe('PushTracking on demand with a shipment id', () => {
  it('twice: one fulfillment; the second answers already_pushed and sends nothing', async () => {
    const order = takeOrder();
    const shipmentId = nextShipment++;
    const first = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 77 });
    expect(first).toMatchObject({ ok: true, alreadyPushed: false, errorCode: '' });
    const calls = (await stack.control.stats()).endpoints['POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment']?.calls ?? 0;
    const second = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 77 });
    expect(second).toEqual(expect.objectContaining({ ok: true, alreadyPushed: true, fulfillmentId: first.fulfillmentId }));
    expect((await stack.control.stats()).endpoints['POST /sell/fulfillment/v1/order/{orderId}/shipping_fulfillment']?.calls).toBe(calls);
    expect(await fulfillmentsOf(order.orderId)).toEqual([expect.objectContaining({ fulfillmentId: first.fulfillmentId, shippingCarrierCode: 'GLS', trackingNumber: 'MI987654321' })]);
    expect(await trackingEvents(stack.pool, shipmentId)).toEqual([expect.objectContaining({ status: 'pushed', orderId: 77, attempts: 1 })]);
  });

  it('any member may ask; two at once make one fulfillment', async () => {
    const order = takeOrder();
    const shipmentId = nextShipment++;
    const { api } = await shop.member();
    const answers = await Promise.all([api, shop.api, api].map((a) => a.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 0 })));
    expect(answers.filter((a) => a.ok && !a.alreadyPushed)).toHaveLength(1);
    for (const a of answers) if (!a.ok) expect(a).toMatchObject({ errorCode: 'PUSH_IN_PROGRESS', errorMessage: trackingPushMessages.pushInProgress('eBay') });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
  });

  it("eBay's refusal is data: ok false with eBay's code and the Italian message; a later fixed request pushes", async () => {
    const order = takeOrder();
    const shipmentId = nextShipment++;
    const refused = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), lineItems: [{ lineItemId: '999999999999', quantity: 1 }], shipmentId, orderId: 0 });
    expect(refused).toMatchObject({ ok: false, errorCode: '32200', alreadyPushed: false });
    expect(refused.errorMessage).toMatch(/^eBay ha rifiutato la conferma di spedizione/);
    expect(await pushOf(shipmentId)).toMatchObject({ status: 'failed', attempts: 1 });
    const fixed = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 0 });
    expect(fixed).toMatchObject({ ok: true, alreadyPushed: false });
    expect(await pushOf(shipmentId)).toMatchObject({ status: 'pushed', attempts: 2 });
  });

  it("eBay already has the fulfillment (our answer was lost on the way): counted as pushed once eBay shows our tracking number, never made twice", async () => {
    const order = takeOrder();
    const shipmentId = nextShipment++;
    // The fulfillment is made, but nothing of it is recorded for the shipment: as after a timeout or a crash.
    const made = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId: 0, orderId: 0 });
    expect(made.ok).toBe(true);
    const answer = await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 0 });
    expect(answer).toMatchObject({ ok: true, alreadyPushed: true, fulfillmentId: made.fulfillmentId });
    expect(await pushOf(shipmentId)).toMatchObject({ status: 'pushed', attempts: 1, last_error_code: '32700', fulfillment_id: made.fulfillmentId });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
    expect(await trackingEvents(stack.pool, shipmentId)).toEqual([expect.objectContaining({ status: 'pushed', errorCode: '32700', fulfillmentId: made.fulfillmentId })]);
  });

  it('a 429 on demand: RESOURCE_EXHAUSTED for the caller, recorded as retrying, pushed by the pusher afterwards', async () => {
    const order = takeOrder();
    const shipmentId = nextShipment++;
    await stack.control.injectFault({ kind: 'quota', count: 1, pathPrefix: `/sell/fulfillment/v1/order/${order.orderId}`, retryAfterSeconds: 0 });
    expect(await failure(shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 0 }))).toEqual({ code: status.RESOURCE_EXHAUSTED, details: ebayMessages.quotaExceeded });
    expect(await settled(shipmentId, 'pushed')).toMatchObject({ attempts: 2 });
    expect(await fulfillmentsOf(order.orderId)).toHaveLength(1);
  });

  it("pushes are the merchant's own: another merchant's shipment with the same id is its own push, ours untouched", async () => {
    const order = takeOrder();
    const shipmentId = nextShipment++;
    await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 0 });
    const other = await stack.newMerchant();
    const theirSeller = await stack.newSeller(3, 'altro');
    const theirIntegration = (await other.connectEbay(theirSeller)).id;
    const theirOrder = (await stack.control.orders(theirSeller))[0]!;
    const theirs = await other.api.pushTracking({ merchantId: '', integrationId: theirIntegration, ...pushRequest(theirOrder), shipmentId, orderId: 0 });
    expect(theirs).toMatchObject({ ok: true, alreadyPushed: false });
    expect(await stack.control.fulfillments(theirSeller)).toHaveLength(1);
    // Ours is still pushed once: asked again, nothing is sent.
    expect(await shop.api.pushTracking({ merchantId: '', integrationId, ...pushRequest(order), shipmentId, orderId: 0 })).toMatchObject({ ok: true, alreadyPushed: true });
  });
});

describe('UpdateIntegrationSettings', () => {
  it('an admin switches automatic tracking: answered, stored, integration.changed published; the same value again publishes nothing', async () => {
    const before = (await integrationEvents(stack.pool, integrationId)).length;
    const off = await shop.api.updateIntegrationSettings({ merchantId: shop.merchantId, id: integrationId, autoUpdateTracking: false });
    expect(off).toMatchObject({ id: integrationId, autoUpdateTracking: false, active: true });
    expect((await shop.api.getIntegration({ merchantId: '', id: integrationId })).autoUpdateTracking).toBe(false);
    expect(await shop.api.updateIntegrationSettings({ merchantId: 'current', id: integrationId, autoUpdateTracking: false })).toMatchObject({ autoUpdateTracking: false });
    expect(await shop.api.updateIntegrationSettings({ merchantId: '', id: integrationId })).toMatchObject({ autoUpdateTracking: false });
    const on = await shop.api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: true });
    expect(on.autoUpdateTracking).toBe(true);
    const changed = (await integrationEvents(stack.pool, integrationId)).slice(before);
    expect(changed).toHaveLength(2);
    expect(changed[0]).toMatchObject({ integrationId, merchantId: shop.merchantId, changedByUserId: shop.admin.id, deleted: false, change: 'settings' });
  });

  it('a plain user is refused (admin only), nothing changes', async () => {
    const { api } = await shop.member();
    expect(await failure(api.updateIntegrationSettings({ merchantId: '', id: integrationId, autoUpdateTracking: false }))).toEqual({ code: status.PERMISSION_DENIED, details: messages.errors.adminOnly });
    expect((await shop.api.getIntegration({ merchantId: '', id: integrationId })).autoUpdateTracking).toBe(true);
  });
});

describe('two replicas', () => {
  it('share the labelled events and the pushes: every shipment pushed exactly once', async () => {
    // A second replica on the same database and durable names: the consumer and the pusher share the work.
    const replica = await startMarketplaces({ ...stack.config, GRPC_PORT: 0 }, createLogger('marketplaces-b', 'silent'), { trackingRetryPolicy: RETRY, trackingPollMs: 20 });
    const client = createGrpcClient(marketplaces.MarketplacesServiceClient, `127.0.0.1:${replica.port}`);
    try {
      await replica.consumers.attached();
      const orders = open.splice(0, 20);
      const events = orders.map((order) => labelled(order, { trackingNumber: `GLS${order.orderId.replace(/\D/g, '')}` }));
      // Half of them also asked on demand through the second replica at the same moment.
      const viaB = rpc(client, { callerToken: await signCallerToken({ userId: shop.admin.id, merchantId: shop.merchantId, role: 'admin' }, SECRET) });
      const msgIds = await Promise.all(events.map((e) => stack.publishLabelled(e)));
      const demands = await Promise.allSettled(
        events.slice(0, 10).map((e, i) => viaB.pushTracking({ merchantId: '', integrationId, ...pushRequest(orders[i]!), trackingNumber: e.trackingNumber, shipmentId: e.shipmentId, orderId: e.orderId })),
      );
      for (const d of demands) if (d.status === 'fulfilled' && !d.value.ok) expect(d.value.errorCode).toBe('PUSH_IN_PROGRESS');
      await stack.handled(msgIds);
      for (const e of events) await settled(e.shipmentId, 'pushed');
      const made = await stack.control.fulfillments(seller);
      for (const order of orders) expect(made.filter((f) => f.orderId === order.orderId)).toHaveLength(1);
      const { rows } = await stack.pool.query(`SELECT status, attempts FROM tracking_pushes WHERE shipment_id = ANY($1)`, [events.map((e) => e.shipmentId)]);
      expect(rows).toHaveLength(20);
      expect(rows.every((r) => r.status === 'pushed' && r.attempts === 1)).toBe(true);
    } finally {
      client.close();
      for (const [, step] of replica.shutdownSteps) await step();
    }
  }, 60_000);
});

describe('the consumer waits for a stream that does not exist yet', () => {
  it('starts at once and attaches when the stream appears', async () => {
    const tag = randomUUID().slice(0, 8);
    const subject = `late${tag}.shipment.labelled`;
    const name = `LATE_${tag}`;
    // Our stream is in place: a service started with a subject nobody holds yet must not wait for it.
    const pool = createPool(stack.config.DATABASE_URL, 2);
    let handled = 0;
    const late = attachWhenStreamExists(
      { nats: stack.nats, pool, logger: createLogger('late', 'silent') },
      [{ durable: `late-${tag}`, subject, decode: (b: Uint8Array) => b, handle: async () => void handled++ }],
      50,
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(handled).toBe(0);
      await stack.nats.jsm.streams.add({ name, subjects: [subject] });
      await stack.nats.js.publish(subject, new Uint8Array([1]), { msgID: randomUUID() });
      await late.attached();
      await waitFor('the late consumer handled the message', async () => handled === 1);
    } finally {
      await late.stop();
      await stack.nats.jsm.streams.delete(name).catch(() => undefined);
      await pool.end();
    }
  });

  it('stops cleanly while still waiting', async () => {
    const late = attachWhenStreamExists(
      { nats: stack.nats, pool: stack.pool, logger: createLogger('late', 'silent') },
      [{ durable: `never-${randomUUID().slice(0, 8)}`, subject: `nobody.holds.${randomUUID().slice(0, 8)}`, decode: (b: Uint8Array) => b, handle: async () => undefined }],
      50,
    );
    const started = Date.now();
    await late.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
