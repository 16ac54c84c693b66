/**
 * The order's shipments and status following them, from the shipments service's events (real
 * protobuf on the real NATS, the SHIPMENTS stream as shipments declares it), and GetOrders: the
 * real orders service and its PostgreSQL.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { messages, orderMessages as m } from '@smista/contracts';
import { ordersEvents } from '@smista/proto';
import { orderMessages } from '@smista/contracts';
import { importedOrder } from './support/events';
import { failure, publishedEvents, startOrdersStack, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;
let shop: TestMerchant;
let rival: TestMerchant;
const integrationId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
const rivalIntegration = integrationId + 1;
/** Order ids of the shop by the seed of `importedOrder`, and the rival's one. */
const ids = new Map<number, number>();
let rivalOrderId: number;
let nextShipment = 5_000_000 + Math.floor(Math.random() * 1_000_000);
const SEEDS = [11, 12, 13, 14, 15, 16, 17, 18];

beforeAll(async () => {
  stack = await startOrdersStack();
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  await stack.handled([
    ...(await Promise.all(SEEDS.map((n) => stack.publishOrder(shop.merchantId, integrationId, importedOrder(n))))),
    await stack.publishOrder(rival.merchantId, rivalIntegration, importedOrder(99)),
  ]);
  const { rows } = await stack.pool.query('SELECT id, external_id, merchant_id FROM orders WHERE merchant_id = ANY($1)', [[shop.merchantId, rival.merchantId]]);
  for (const n of SEEDS) ids.set(n, Number(rows.find((r) => r.external_id === importedOrder(n).externalId && r.merchant_id === shop.merchantId)!.id));
  rivalOrderId = Number(rows.find((r) => r.merchant_id === rival.merchantId)!.id);
}, 90_000);
afterAll(() => stack?.stop(), 30_000);

/** Times that only go forward, so each event is newer than the one before unless a test says otherwise. */
let clock = Date.parse('2026-11-23T08:00:00.000Z');
const later = () => new Date((clock += 60_000)).toISOString();

const statusOf = async (orderId: number) =>
  (await stack.pool.query('SELECT status, marketplace_status, has_shipments FROM orders WHERE id = $1', [orderId])).rows[0] as { status: string; marketplace_status: string; has_shipments: boolean };
const shipmentRow = async (shipmentId: number) => (await stack.pool.query('SELECT * FROM order_shipments WHERE shipment_id = $1', [shipmentId])).rows[0];

async function upserted(orderId: number): Promise<ordersEvents.OrderUpserted[]> {
  return (await publishedEvents(stack.pool))
    .filter((e) => e.subject === 'orders.order.upserted')
    .map((e) => ordersEvents.OrderUpserted.decode(e.payload))
    .filter((e) => e.orderId === orderId);
}

/** Publishes shipments events and waits until orders handled them. */
async function send(...events: (readonly [kind: Parameters<OrdersStack['publishShipment']>[0], event: Record<string, unknown>])[]): Promise<void> {
  const msgIds: string[] = [];
  for (const [kind, event] of events) msgIds.push(await stack.publishShipment(kind, { merchantId: shop.merchantId, ...event }));
  await stack.handled(msgIds);
}

const created = (shipmentId: number, orderId: number, occurredAt = later()) =>
  ['created', { shipmentId, orderId, carrierIntegrationId: 31, carrierProvider: 'gls', occurredAt }] as const;
const labelled = (shipmentId: number, orderId: number, occurredAt = later()) =>
  [
    'labelled',
    { shipmentId, orderId, marketplaceIntegrationId: integrationId, carrierIntegrationId: 31, carrierProvider: 'gls', trackingNumber: 'MI123456789', shippedAt: occurredAt, occurredAt },
  ] as const;
const cancelled = (shipmentId: number, orderId: number, occurredAt = later()) => ['cancelled', { shipmentId, orderId, previousStatus: 'shipped', occurredAt }] as const;
const tracked = (shipmentId: number, orderId: number, trackingStatus: string, occurredAt = later()) =>
  [
    'tracking_updated',
    { shipmentId, orderId, trackingNumber: 'MI123456789', trackingStatus, delivered: trackingStatus === 'delivered', status: trackingStatus === 'delivered' ? 'delivered' : 'shipped', occurredAt },
  ] as const;

/** The tabs' counts as answered (from the counters) and as counted from the rows. */
async function countsAgree(): Promise<void> {
  const listed = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 1, sortBy: '', sortOrder: '', search: '', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
  const answered = Object.fromEntries(listed.statusCounts.filter((c) => c.count > 0).map((c) => [c.status, c.count]));
  const { rows } = await stack.pool.query<{ status: string; n: number }>('SELECT status, count(*)::int AS n FROM orders WHERE merchant_id = $1 GROUP BY status', [shop.merchantId]);
  expect(answered).toEqual(Object.fromEntries(rows.map((r) => [r.status, r.n])));
}

describe('GetOrders', () => {
  it("answers the merchant's orders among the ids, in the order asked, with items, address and shipments; others' and unknown ids left out", async () => {
    const wanted = [ids.get(13)!, rivalOrderId, 987_654_321, ids.get(11)!, ids.get(13)!, 0, -4];
    const { orders } = await shop.api.getOrders({ ids: wanted });
    expect(orders.map((o) => o.id)).toEqual([ids.get(13), ids.get(11)]);
    for (const o of orders) {
      expect(o.merchantId).toBe(shop.merchantId);
      expect(o.items.length).toBeGreaterThan(0);
      expect(o.items.every((i) => i.externalItemId && i.quantity > 0)).toBe(true);
      // Each line's fulfilment as the adapter mapped it (shipments leaves the shipped ones out).
      expect(o.items.map((i) => i.fulfillmentStatus)).toEqual(o.items.map(() => 'da_spedire'));
      expect(o.shippingAddress?.address?.addressLine1).toMatch(/^Via Garibaldi/);
      expect(o.shipments).toEqual([]);
      expect(o.originalDataJson).toBe('');
    }
    expect((await rival.api.getOrders({ ids: wanted })).orders.map((o) => o.id)).toEqual([rivalOrderId]);
    expect((await shop.api.getOrders({ ids: [] })).orders).toEqual([]);
  });

  it('at most 1,000 ids: more is INVALID_ARGUMENT with the Italian text', async () => {
    const many = Array.from({ length: 1_000 }, (_, i) => i + 1);
    expect((await shop.api.getOrders({ ids: many })).orders.length).toBeLessThanOrEqual(1_000);
    expect(await failure(shop.api.getOrders({ ids: [...many, 1_001] }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: orderMessages.tooManyIds(1_000) });
    expect(orderMessages.tooManyIds(1_000)).toBe('Puoi chiedere al massimo 1000 ordini per volta');
  });

  it('without a merchant selected: refused', async () => {
    const api = await stack.as(shop.admin.id, undefined);
    expect((await failure(api.getOrders({ ids: [ids.get(11)!] }))).code).toBe(grpcStatus.FAILED_PRECONDITION);
  });
});

describe('the order follows its shipments', () => {
  it('created: the shipment is listed (pending), the order stays da_spedire; labelled: spedito, counts and event follow', async () => {
    const orderId = ids.get(11)!;
    const shipmentId = nextShipment++;
    await send(created(shipmentId, orderId));
    expect(await statusOf(orderId)).toEqual({ status: 'da_spedire', marketplace_status: 'da_spedire', has_shipments: true });
    expect((await shop.api.getOrder({ merchantId: '', id: orderId })).shipments).toEqual([
      expect.objectContaining({ id: shipmentId, status: 'pending', carrierProvider: 'gls', carrierIntegrationId: 31, hasLabel: false, trackingNumber: '' }),
    ]);
    expect(await upserted(orderId)).toHaveLength(1); // the import's only

    await send(labelled(shipmentId, orderId));
    expect((await statusOf(orderId)).status).toBe('spedito');
    const shipment = expect.objectContaining({ id: shipmentId, status: 'shipped', trackingNumber: 'MI123456789', hasLabel: true });
    expect((await shop.api.getOrder({ merchantId: '', id: orderId })).shipments).toEqual([shipment]);
    expect((await shop.api.getOrders({ ids: [orderId] })).orders[0]!.shipments).toEqual([shipment]);
    const listed = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 100, sortBy: '', sortOrder: '', search: '', status: 'SHIPPED', marketplace: '', startDate: '', endDate: '', includeCounts: false, knownVersion: '' });
    expect(listed.orders.find((o) => o.id === orderId)?.shipments).toEqual([shipment]);
    expect((await upserted(orderId)).at(-1)).toMatchObject({ orderId, merchantId: shop.merchantId, integrationId, status: 'spedito', created: false });
    await countsAgree();
  });

  it('tracking in transit → in_transito; delivered → consegnato', async () => {
    const orderId = ids.get(12)!;
    const shipmentId = nextShipment++;
    // One after the other: published together, two subjects' consumers may apply the later one first (and skip spedito).
    await send(created(shipmentId, orderId));
    await send(labelled(shipmentId, orderId));
    expect((await statusOf(orderId)).status).toBe('spedito');
    await send(tracked(shipmentId, orderId, 'in_transit'));
    expect((await statusOf(orderId)).status).toBe('in_transito');
    await send(tracked(shipmentId, orderId, 'delivered'));
    expect((await statusOf(orderId)).status).toBe('consegnato');
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'delivered', tracking_status: 'delivered' });
    expect((await upserted(orderId)).map((e) => e.status)).toEqual(['da_spedire', 'spedito', 'in_transito', 'consegnato']);
    await countsAgree();
  });

  it('cancelling its only live shipment takes the order back to what the marketplace says', async () => {
    const orderId = ids.get(13)!;
    const shipmentId = nextShipment++;
    await send(created(shipmentId, orderId), labelled(shipmentId, orderId));
    expect((await statusOf(orderId)).status).toBe('spedito');
    await send(cancelled(shipmentId, orderId));
    expect(await statusOf(orderId)).toMatchObject({ status: 'da_spedire', marketplace_status: 'da_spedire' });
    // A new shipment after the cancelled one counts again.
    const second = nextShipment++;
    await send(created(second, orderId), labelled(second, orderId));
    expect((await statusOf(orderId)).status).toBe('spedito');
    expect((await shop.api.getOrder({ merchantId: '', id: orderId })).shipments.map((s) => [s.id, s.status])).toEqual([
      [second, 'shipped'],
      [shipmentId, 'cancelled'],
    ]);
    await countsAgree();
  });

  it('a newer import of the unchanged NOT_STARTED order does not take a shipped order back to da_spedire', async () => {
    const orderId = ids.get(14)!;
    const shipmentId = nextShipment++;
    await send(created(shipmentId, orderId), labelled(shipmentId, orderId));
    const before = (await upserted(orderId)).length;
    // eBay changed something else (the buyer's phone): a newer version, still NOT_STARTED.
    const edited = importedOrder(14, { lastModifiedAt: '2026-12-01T10:00:00.000Z', buyerName: 'Luca Conti Nuovo' });
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, edited)]);
    expect(await statusOf(orderId)).toEqual({ status: 'spedito', marketplace_status: 'da_spedire', has_shipments: true });
    expect((await shop.api.getOrder({ merchantId: '', id: orderId })).buyerName).toBe('Luca Conti Nuovo');
    const after = (await upserted(orderId)).slice(before);
    expect(after).toEqual([expect.objectContaining({ status: 'spedito', created: false })]);
    // Cancelling now gives back eBay's word, which the import refreshed.
    await send(cancelled(shipmentId, orderId));
    expect((await statusOf(orderId)).status).toBe('da_spedire');
    await countsAgree();
  });

  it('an order the marketplace cancels is annullato whatever its shipments say', async () => {
    const orderId = ids.get(15)!;
    const shipmentId = nextShipment++;
    await send(created(shipmentId, orderId), labelled(shipmentId, orderId));
    const cancelledOnEbay = importedOrder(15, { lastModifiedAt: '2026-12-02T10:00:00.000Z', status: 'annullato', externalOrderStatus: 'NOT_STARTED/CANCEL_CANCELED' });
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, cancelledOnEbay)]);
    expect(await statusOf(orderId)).toMatchObject({ status: 'annullato', marketplace_status: 'annullato' });
    await send(tracked(shipmentId, orderId, 'delivered'));
    expect((await statusOf(orderId)).status).toBe('annullato');
    await countsAgree();
  });

  it('events out of order: an older event never changes the status, it only fills what is missing', async () => {
    const orderId = ids.get(16)!;
    const shipmentId = nextShipment++;
    const [t1, t2, t3] = [later(), later(), later()];
    // Labelled arrives first (without a carrier integration), then the older created and an older cancel.
    const [, label] = labelled(shipmentId, orderId, t2);
    await send(['labelled', { ...label, carrierIntegrationId: 0 }]);
    await send(created(shipmentId, orderId, t1), cancelled(shipmentId, orderId, t1));
    expect(await shipmentRow(shipmentId)).toMatchObject({ status: 'shipped', carrier_integration_id: '31', has_label: true, tracking_number: 'MI123456789' });
    expect((await shipmentRow(shipmentId)).updated_at).toEqual(new Date(t2));
    expect((await statusOf(orderId)).status).toBe('spedito');
    // A newer cancel counts.
    await send(cancelled(shipmentId, orderId, t3));
    expect((await statusOf(orderId)).status).toBe('da_spedire');
  });

  it('the same message again (Nats-Msg-Id: de-duplicated by JetStream, or by the inbox) changes nothing', async () => {
    const orderId = ids.get(17)!;
    const shipmentId = nextShipment++;
    const [kind, event] = labelled(shipmentId, orderId);
    const msgId = await stack.publishShipment(kind, { merchantId: shop.merchantId, ...event });
    await stack.handled([msgId]);
    const events = (await upserted(orderId)).length;
    await stack.publishShipment('cancelled', { merchantId: shop.merchantId, shipmentId, orderId, occurredAt: later() }, msgId);
    await send(created(nextShipment++, orderId));
    expect((await statusOf(orderId)).status).toBe('spedito');
    expect((await upserted(orderId)).length).toBe(events);
  });

  it("a shipment naming another merchant's order (or an unknown one) changes nothing", async () => {
    const shipmentId = nextShipment++;
    const before = await statusOf(rivalOrderId);
    await send(labelled(shipmentId, rivalOrderId), labelled(nextShipment++, 987_654_321));
    expect(await shipmentRow(shipmentId)).toBeUndefined();
    expect(await statusOf(rivalOrderId)).toEqual(before);
    expect((await rival.api.getOrder({ merchantId: '', id: rivalOrderId })).shipments).toEqual([]);
  });

  it('a malformed event is dead-lettered after its retries, the others go on', async () => {
    const bad = await stack.publishShipment('labelled', { merchantId: 'non-un-uuid', shipmentId: 1, orderId: 1 });
    const orderId = ids.get(18)!;
    const shipmentId = nextShipment++;
    await send(labelled(shipmentId, orderId));
    expect((await statusOf(orderId)).status).toBe('spedito');
    await stack.handled([bad], 60_000);
    const { rows } = await stack.pool.query('SELECT error FROM dead_letters WHERE message_id = $1', [bad]);
    expect(rows[0].error).toMatch(/merchant_id is not a uuid/);
  }, 70_000);

  it("a deleted marketplace integration takes its orders' shipments with them", async () => {
    const other = 9_900_000 + Math.floor(Math.random() * 10_000);
    await stack.handled([await stack.publishOrder(shop.merchantId, other, importedOrder(40))]);
    const orderId = Number((await stack.pool.query('SELECT id FROM orders WHERE integration_id = $1', [other])).rows[0].id);
    const shipmentId = nextShipment++;
    await send(labelled(shipmentId, orderId));
    await stack.handled([await stack.publishIntegrationChanged({ integrationId: other, merchantId: shop.merchantId, deleted: true })]);
    expect(await shipmentRow(shipmentId)).toBeUndefined();
    await countsAgree();
  });
});

describe('UpdateTracking without the marketplaces service', () => {
  it('marketplaces unreachable: UNAVAILABLE with the Italian text', async () => {
    const orderId = ids.get(11)!;
    expect(await failure(shop.api.updateTracking({ merchantId: '', id: orderId }))).toEqual({ code: grpcStatus.UNAVAILABLE, details: messages.errors.unavailable });
  });

  it('no live shipment with a tracking number: FAILED_PRECONDITION; unknown or another merchant’s order: NOT_FOUND', async () => {
    await stack.handled([await stack.publishOrder(shop.merchantId, integrationId, importedOrder(41))]);
    const orderId = Number((await stack.pool.query('SELECT id FROM orders WHERE external_id = $1 AND merchant_id = $2', [importedOrder(41).externalId, shop.merchantId])).rows[0].id);
    const refused = { code: grpcStatus.FAILED_PRECONDITION, details: m.noTrackingToUpdate };
    expect(await failure(shop.api.updateTracking({ merchantId: '', id: orderId }))).toEqual(refused);
    // A pending shipment has no tracking yet; a cancelled one does not count.
    const pending = nextShipment++;
    await send(created(pending, orderId));
    expect(await failure(shop.api.updateTracking({ merchantId: '', id: orderId }))).toEqual(refused);
    const gone = nextShipment++;
    await send(labelled(gone, orderId), cancelled(gone, orderId));
    expect(await failure(shop.api.updateTracking({ merchantId: '', id: orderId }))).toEqual(refused);
    for (const id of [rivalOrderId, 987_654_321, 0]) {
      expect(await failure(shop.api.updateTracking({ merchantId: '', id }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.orderNotFound });
    }
  });

  it('every marketplace of the catalogue takes tracking: an AliExpress order is sent on to marketplaces (unreachable here), not refused as unsupported', async () => {
    const aliexpress = 9_800_000 + Math.floor(Math.random() * 10_000);
    await stack.handled([await stack.publishOrder(shop.merchantId, aliexpress, importedOrder(42, { marketplace: 'aliexpress' }))]);
    const orderId = Number((await stack.pool.query('SELECT id FROM orders WHERE integration_id = $1', [aliexpress])).rows[0].id);
    await send(labelled(nextShipment++, orderId));
    expect(await failure(shop.api.updateTracking({ merchantId: '', id: orderId }))).toEqual({ code: grpcStatus.UNAVAILABLE, details: messages.errors.unavailable });
  });
});
