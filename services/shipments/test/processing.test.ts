/**
 * From orders to labels against the real services and sandboxes: bulk create (one live shipment per
 * order, also under concurrent identical requests) and processing 200 mixed shipments (GLS, Posta1
 * with a code pool, GLS refusals, no carrier) with the right outcome for each, then the fixes.
 */
import { randomUUID } from 'node:crypto';
import { status as grpcStatus } from '@grpc/grpc-js';
import { shipmentMessages as m } from '@smista/contracts';
import { shipmentsEvents } from '@smista/proto';
import {
  failure,
  glsShipments,
  glsTally,
  importedOrder,
  italianOrders,
  outboxEvents,
  startShipmentsStack,
  waitFor,
  type ImportedOrder,
  type ShipmentsStack,
  type TestMerchant,
} from './support/harness';
import { withTransaction } from '@smista/service-kit';
import { claimStateOf, setOrderPayments } from '../src/store';

let stack: ShipmentsStack;
let shop: TestMerchant;
let rival: TestMerchant;

beforeAll(async () => {
  stack = await startShipmentsStack();
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
}, 120_000);
afterAll(() => stack?.stop(), 60_000);

const statusOf = async (ids: number[]) =>
  new Map((await stack.pool.query<{ id: string; status: string }>('SELECT id, status FROM shipments WHERE id = ANY($1)', [ids])).rows.map((r) => [Number(r.id), r.status]));

describe('BulkCreate', () => {
  let orderIds: number[];

  beforeAll(async () => {
    orderIds = await shop.importOrders(italianOrders(20).map((order) => ({ order, carrierIntegrationId: shop.gls })));
  }, 60_000);

  it('creates each shipment once when 5 identical requests arrive together', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' })));
    expect(answers.reduce((sum, a) => sum + a.created, 0)).toBe(20);
    const { rows } = await stack.pool.query<{ order_id: string; id: string }>('SELECT order_id, id FROM shipments WHERE merchant_id = $1', [shop.merchantId]);
    expect(rows).toHaveLength(20);
    const shipmentOf = new Map(rows.map((r) => [Number(r.order_id), Number(r.id)]));
    for (const answer of answers) {
      expect(answer.created + answer.skipped).toBe(20);
      expect(answer.outcomes.map((o) => o.orderId)).toEqual(orderIds);
      for (const o of answer.outcomes) {
        expect(o.shipmentId).toBe(shipmentOf.get(o.orderId));
        expect(o.message).toBe(o.created ? '' : m.alreadyHasShipment(o.shipmentId));
      }
    }
    const created = (await outboxEvents(stack.pool, 'shipments.shipment.created')).map((p) => shipmentsEvents.ShipmentCreated.decode(p)).filter((e) => e.merchantId === shop.merchantId);
    expect(created.map((e) => e.shipmentId).sort()).toEqual([...shipmentOf.values()].sort());
    expect(created[0]).toMatchObject({ carrierIntegrationId: shop.gls, carrierProvider: 'gls' });

    const again = await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
    expect(again).toMatchObject({ created: 0, skipped: 20, message: m.bulkCreated(0, { existing: 20 }) });
  });

  it('copies recipient, address, lines and carrier from the order', async () => {
    const order = await shop.orders.getOrder({ merchantId: '', id: orderIds[0]! });
    const [answer] = (await shop.api.listShipments({ page: 1, pageSize: 100, status: '', carrierIntegrationId: 0, search: order.externalId, orderId: 0 })).shipments;
    expect(answer).toMatchObject({
      orderId: order.id,
      merchantId: shop.merchantId,
      status: 'pending',
      carrierIntegrationId: shop.gls,
      carrierProvider: 'gls',
      orderExternalId: order.externalId,
      marketplace: 'ebay',
      marketplaceIntegrationId: order.integrationId,
      shippingAddressId: order.shippingAddress!.id,
      hasLabel: false,
      address: {
        name: order.shippingAddress!.address!.name,
        addressLine1: order.shippingAddress!.address!.addressLine1,
        city: order.shippingAddress!.address!.city,
        postalCode: order.shippingAddress!.address!.postalCode,
        countryCode: 'IT',
        province: order.shippingAddress!.address!.province,
      },
    });
    const { rows } = await stack.pool.query('SELECT line_items FROM shipments WHERE id = $1', [answer!.id]);
    expect(rows[0].line_items).toEqual(order.items.map((i) => ({ lineItemId: i.externalItemId, quantity: i.quantity })));
  });

  it('a partly shipped order carries only the lines eBay does not show as shipped; an order shipped in full, every line', async () => {
    // The rival's, so that the shop's counts below stay as they are. Three lines each, with the line statuses the eBay adapter maps eBay's to.
    const withLines = (o: ImportedOrder, statuses: string[]): ImportedOrder => ({
      ...o,
      items: ['Tazza', 'Teiera', 'Candela'].map((title, i) => ({ ...o.items[0]!, externalItemId: `${o.externalId.replace(/\D/g, '')}${i}`, title, quantity: i + 1, fulfillmentStatus: statuses[i]! })),
    });
    const [first, second] = italianOrders(2);
    const partly = withLines(first!, ['spedito', 'da_spedire', 'parzialmente_spedito']);
    const shipped = withLines(second!, ['spedito', 'spedito', 'spedito']);
    const ids = await rival.importOrders([
      { order: partly, carrierIntegrationId: rival.gls },
      { order: shipped, carrierIntegrationId: rival.gls },
    ]);
    // Orders keeps each line's fulfilment and answers it.
    expect((await rival.orders.getOrder({ merchantId: '', id: ids[0]! })).items.map((i) => i.fulfillmentStatus)).toEqual(['spedito', 'da_spedire', 'parzialmente_spedito']);

    expect(await rival.api.bulkCreate({ orderIds: ids, confirmUnpaid: false, confirmedBy: '' })).toMatchObject({ created: 2, skipped: 0 });
    const { rows } = await stack.pool.query('SELECT order_id, line_items, content_description FROM shipments WHERE order_id = ANY($1) ORDER BY order_id', [ids]);
    const byOrder = new Map(rows.map((r) => [Number(r.order_id), r]));
    expect(byOrder.get(ids[0]!)).toMatchObject({
      line_items: [
        { lineItemId: partly.items[1]!.externalItemId, quantity: 2 },
        { lineItemId: partly.items[2]!.externalItemId, quantity: 3 },
      ],
      content_description: 'Teiera, Candela',
    });
    expect(byOrder.get(ids[1]!)).toMatchObject({
      line_items: shipped.items.map((i) => ({ lineItemId: i.externalItemId, quantity: i.quantity })),
      content_description: 'Tazza, Teiera, Candela',
    });
  });

  it("unknown, another merchant's and cancelled orders create nothing, each with its reason", async () => {
    const [rivalOrder] = await rival.importOrders([{ order: importedOrder(7) }]);
    const [cancelledOrder] = await shop.importOrders([{ order: { ...importedOrder(8), externalId: `ANN-${Date.now()}`, status: 'annullato' } }]);
    const answer = await shop.api.bulkCreate({ orderIds: [rivalOrder!, 987_654_321, cancelledOrder!], confirmUnpaid: false, confirmedBy: '' });
    expect(answer).toMatchObject({ created: 0, skipped: 3 });
    expect(answer.outcomes.map((o) => [o.created, o.message])).toEqual([
      [false, m.orderNotFound],
      [false, m.orderNotFound],
      [false, m.orderCancelled],
    ]);
    expect((await stack.pool.query('SELECT 1 FROM shipments WHERE order_id = ANY($1)', [[rivalOrder, cancelledOrder]])).rows).toHaveLength(0);
  });

  it('an order not paid is skipped naming its payment; confirmed, it gets its shipment and the audit says who confirmed (issue 19)', async () => {
    // The rival's, so that the shop's counts below stay as they are.
    const [waiting, failed] = italianOrders(2, { patch: (i) => ({ paymentStatus: i === 0 ? 'in_attesa' : 'fallito' }) });
    const ids = await rival.importOrders([
      { order: waiting!, carrierIntegrationId: rival.gls },
      { order: failed!, carrierIntegrationId: rival.gls },
    ]);
    expect((await rival.orders.getOrder({ merchantId: '', id: ids[0]! })).status).toBe('da_pagare');

    const skipped = await rival.api.bulkCreate({ orderIds: ids, confirmUnpaid: false, confirmedBy: '' });
    expect(skipped).toMatchObject({ created: 0, skipped: 2, message: 'Nessuna spedizione creata: 2 ordini non pagati (da confermare)' });
    expect(skipped.outcomes.map((o) => [o.created, o.message])).toEqual([
      [false, 'Ordine non pagato (pagamento in attesa): spedizione non creata senza conferma'],
      [false, 'Ordine non pagato (pagamento non riuscito): spedizione non creata senza conferma'],
    ]);
    expect((await stack.pool.query('SELECT 1 FROM shipments WHERE order_id = ANY($1)', [ids])).rows).toHaveLength(0);

    const confirmed = await rival.api.bulkCreate({ orderIds: ids, confirmUnpaid: true, confirmedBy: 'Rita Neri (rita@example.it)' });
    expect(confirmed).toMatchObject({ created: 2, skipped: 0 });
    const [first, second] = confirmed.outcomes.map((o) => o.shipmentId);
    const audit = (await rival.api.getShipment({ id: first! })).audit;
    expect(audit).toEqual([
      expect.objectContaining({
        operation: 'UnpaidConfirmed',
        outcome: 'ok',
        message: 'Spedizione creata per un ordine non pagato (pagamento in attesa): confermata da Rita Neri (rita@example.it)',
      }),
    ]);
    expect((await rival.api.getShipment({ id: second! })).audit.map((a) => a.message)).toEqual([
      'Spedizione creata per un ordine non pagato (pagamento non riuscito): confermata da Rita Neri (rita@example.it)',
    ]);
    // Who, as the caller token names them, beside the words.
    const { rows } = await stack.pool.query('SELECT shipment_id, user_id FROM shipment_calls WHERE shipment_id = ANY($1) ORDER BY shipment_id', [[first, second]]);
    // (One INSERT makes both: their ids need not follow the outcomes' order.)
    expect(rows.map((r) => [Number(r.shipment_id), r.user_id])).toEqual([first!, second!].sort((a, b) => a - b).map((id) => [id, rival.admin.id]));
  });

  it('refuses an empty or malformed selection', async () => {
    expect(await failure(shop.api.bulkCreate({ orderIds: [], confirmUnpaid: false, confirmedBy: '' }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.noOrdersSelected });
    expect(await failure(shop.api.bulkCreate({ orderIds: [0, -1], confirmUnpaid: false, confirmedBy: '' }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.orderIdsInvalid });
    expect(await failure(shop.api.bulkCreate({ orderIds: Array.from({ length: 1001 }, (_, i) => i + 1), confirmUnpaid: false, confirmedBy: '' }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.tooManyOrders });
  });
});

describe('ProcessShipments: 200 mixed shipments', () => {
  const GLS_OK = 150;
  const GLS_REFUSED = 20;
  const LETTERS = 20;
  const NO_CARRIER = 10;
  let posta: number;
  let ids: { glsOk: number[]; glsRefused: number[]; letters: number[]; noCarrier: number[] };

  beforeAll(async () => {
    posta = await shop.letterService(LETTERS + 5, '2IUQ');
    const orders = italianOrders(GLS_OK + GLS_REFUSED + LETTERS + NO_CARRIER, {
      // GLS refuses the CAP 00000 (deploy/sandboxes/src/gls/README.md, failure forms).
      patch: (i) => (i >= GLS_OK && i < GLS_OK + GLS_REFUSED ? { shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: `Rifiutato ${i}`, postalCode: '00000' } } : {}),
    });
    const carrierOf = (i: number) => (i < GLS_OK + GLS_REFUSED ? shop.gls : i < GLS_OK + GLS_REFUSED + LETTERS ? posta : 0);
    const orderIds = await shop.importOrders(orders.map((order, i) => ({ order, carrierIntegrationId: carrierOf(i) })));
    const created = await shop.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
    expect(created.created).toBe(200);
    const shipmentIds = created.outcomes.map((o) => o.shipmentId);
    ids = {
      glsOk: shipmentIds.slice(0, GLS_OK),
      glsRefused: shipmentIds.slice(GLS_OK, GLS_OK + GLS_REFUSED),
      letters: shipmentIds.slice(GLS_OK + GLS_REFUSED, GLS_OK + GLS_REFUSED + LETTERS),
      noCarrier: shipmentIds.slice(GLS_OK + GLS_REFUSED + LETTERS),
    };
  }, 120_000);

  /** The run of the 200 (the events name it). */
  let runId = '';

  it('labels every one it can and tells why each other failed, without stopping', async () => {
    const all = [...ids.glsOk, ...ids.glsRefused, ...ids.letters, ...ids.noCarrier];
    const answer = await shop.api.processShipments({ shipmentIds: all, allPending: false });
    expect(answer).toMatchObject({ success: GLS_OK + LETTERS, failed: GLS_REFUSED + NO_CARRIER, skipped: 0, message: m.processSummary(GLS_OK + LETTERS, GLS_REFUSED + NO_CARRIER) });
    expect(answer.runId).toMatch(/^[0-9a-f-]{36}$/);
    runId = answer.runId;
    const errors = new Map(answer.errors.map((e) => [e.shipmentId, e]));
    expect([...errors.keys()].sort()).toEqual([...ids.glsRefused, ...ids.noCarrier].sort());
    for (const id of ids.glsRefused) expect(errors.get(id)!.message).toMatch(/CAP/);
    for (const id of ids.noCarrier) expect(errors.get(id)).toMatchObject({ code: 'NO_CARRIER', message: m.noCarrier });
    expect(errors.get(ids.noCarrier[0]!)!.orderExternalId).not.toBe('');

    const statuses = await statusOf(all);
    for (const id of [...ids.glsOk, ...ids.letters]) expect(statuses.get(id)).toBe('shipped');
    for (const id of [...ids.glsRefused, ...ids.noCarrier]) expect(statuses.get(id)).toBe('error');

    const { rows } = await stack.pool.query<{ id: string; tracking_number: string; carrier_shipment_number: string; retry_count: number; error_message: string | null; has_label: boolean; label_sequence: string | null }>(
      'SELECT id, tracking_number, carrier_shipment_number, retry_count, error_message, has_label, label_sequence FROM shipments WHERE id = ANY($1)',
      [all],
    );
    const row = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of ids.glsOk) expect(row.get(id)).toMatchObject({ tracking_number: expect.stringMatching(/^MI\d{9}$/), has_label: true, error_message: null, retry_count: 0 });
    const codes = ids.letters.map((id) => row.get(id)!.tracking_number);
    expect(new Set(codes).size).toBe(LETTERS);
    for (const code of codes) expect(code).toMatch(/^2IUQ\d{8}$/);
    for (const id of ids.glsRefused) expect(row.get(id)).toMatchObject({ has_label: false, retry_count: 1, error_message: expect.stringMatching(/CAP/) });
    // A label sequence per shipment, never shared.
    const sequences = rows.map((r) => r.label_sequence).filter(Boolean);
    expect(new Set(sequences).size).toBe(sequences.length);
    expect((await stack.pool.query('SELECT count(*)::int AS n FROM labels WHERE shipment_id = ANY($1)', [all])).rows[0].n).toBe(GLS_OK + LETTERS);

    // At GLS: exactly one shipment of one parcel per labelled GLS shipment, none for the refused ones.
    const names = new Set((await stack.pool.query<{ recipient_name: string }>('SELECT recipient_name FROM shipments WHERE id = ANY($1)', [ids.glsOk])).rows.map((r) => r.recipient_name.toUpperCase()));
    const atGls = (await glsShipments(stack.glsUrl)).filter((s) => names.has(s.recipient.toUpperCase()));
    expect(atGls).toHaveLength(GLS_OK);
    expect(atGls.every((s) => s.parcels === 1)).toBe(true);
    expect(new Set(atGls.map((s) => `MI${s.number}`))).toEqual(new Set(ids.glsOk.map((id) => row.get(id)!.tracking_number)));
    // Per shipment reference, what GLS was asked for and made: one parcel each for the labelled ones,
    // none for the refused ones (asked once, no retry of a refusal), nothing at all for the others.
    const tally = glsTally(stack.gls, all);
    for (const id of ids.glsOk) expect({ id, ...tally.get(id)! }).toEqual({ id, requested: 1, created: 1 });
    for (const id of ids.glsRefused) expect({ id, ...tally.get(id)! }).toEqual({ id, requested: 1, created: 0 });
    for (const id of [...ids.letters, ...ids.noCarrier]) expect({ id, ...tally.get(id)! }).toEqual({ id, requested: 0, created: 0 });
  }, 180_000);

  it('records every carrier call before it is made, with its outcome (no credentials)', async () => {
    const { rows } = await stack.pool.query<{ shipment_id: string; operation: string; target: string; outcome: string; message: string; attempt: number; duration_ms: number }>(
      `SELECT shipment_id, operation, target, outcome, message, attempt, duration_ms FROM shipment_calls WHERE shipment_id = ANY($1)`,
      [[ids.glsOk[0], ids.glsRefused[0], ids.letters[0], ids.noCarrier[0]]],
    );
    const byShipment = new Map(rows.map((r) => [Number(r.shipment_id), r]));
    expect(byShipment.get(ids.glsOk[0]!)).toMatchObject({ operation: 'CreateLabel', target: 'gls', outcome: 'ok', attempt: 1 });
    expect(byShipment.get(ids.letters[0]!)).toMatchObject({ operation: 'CreateLabel', target: 'posta_1', outcome: 'ok' });
    expect(byShipment.get(ids.glsRefused[0]!)).toMatchObject({ outcome: 'refused', message: expect.stringMatching(/CAP/) });
    expect(byShipment.has(ids.noCarrier[0]!)).toBe(false);
    const details = await shop.api.getShipment({ id: ids.glsRefused[0]! });
    expect(details.audit).toEqual([expect.objectContaining({ operation: 'CreateLabel', target: 'gls', outcome: 'refused', attempt: 1 })]);
    expect(details.shipment!.problem).toBe(m.problemLabelFailed(details.shipment!.errorMessage));
    const all = (await stack.pool.query<{ message: string | null }>('SELECT message FROM shipment_calls')).rows.map((r) => r.message ?? '').join(' ');
    expect(all).not.toContain('Sandbox1');
  });

  it('publishes shipments.shipment.labelled with what the marketplace needs', async () => {
    const labelled = (await outboxEvents(stack.pool, 'shipments.shipment.labelled')).map((p) => shipmentsEvents.ShipmentLabelled.decode(p));
    expect(labelled.filter((e) => ids.glsOk.includes(e.shipmentId))).toHaveLength(GLS_OK);
    const one = labelled.find((e) => e.shipmentId === ids.glsOk[0])!;
    const s = (await shop.api.getShipment({ id: one.shipmentId })).shipment!;
    expect(one).toMatchObject({
      merchantId: shop.merchantId,
      orderId: s.orderId,
      marketplaceIntegrationId: s.marketplaceIntegrationId,
      marketplace: 'ebay',
      externalOrderId: s.orderExternalId,
      carrierIntegrationId: shop.gls,
      carrierProvider: 'gls',
      trackingNumber: s.trackingNumber,
      carrierShipmentNumber: s.carrierShipmentNumber,
      shippedAt: s.shippedAt,
      runId,
    });
    expect(one.lineItems.length).toBeGreaterThan(0);
  });

  it('publishes shipments.shipment.failed for each refused label (none for the labelled), with the reason and the run', async () => {
    const failed = (await outboxEvents(stack.pool, 'shipments.shipment.failed'))
      .map((p) => shipmentsEvents.ShipmentFailed.decode(p))
      .filter((e) => e.merchantId === shop.merchantId);
    expect(failed.map((e) => e.shipmentId).sort()).toEqual([...ids.glsRefused, ...ids.noCarrier].sort());
    const refused = (await shop.api.getShipment({ id: ids.glsRefused[0]! })).shipment!;
    expect(failed.find((e) => e.shipmentId === refused.id)).toEqual({
      shipmentId: refused.id,
      merchantId: shop.merchantId,
      orderId: refused.orderId,
      carrierProvider: 'gls',
      errorMessage: refused.errorMessage,
      runId,
      externalOrderId: refused.orderExternalId,
      occurredAt: expect.any(String),
    });
    expect(failed.find((e) => e.shipmentId === ids.noCarrier[0])).toMatchObject({ carrierProvider: '', errorMessage: m.noCarrier, runId });
  });

  it("shows the run's progress, the tabs and their counts", async () => {
    const { runs } = await shop.api.listProcessRuns({});
    expect(runs[0]).toMatchObject({ status: 'finished', total: 200, done: 200, succeeded: GLS_OK + LETTERS, failed: GLS_REFUSED + NO_CARRIER });
    const list = await shop.api.listShipments({ page: 1, pageSize: 10, status: 'error', carrierIntegrationId: 0, search: '', orderId: 0 });
    const counts = Object.fromEntries(list.statusCounts.map((c) => [c.status, c.count]));
    expect(counts).toMatchObject({ all: 220, pending: 20, shipped: GLS_OK + LETTERS, error: GLS_REFUSED + NO_CARRIER, da_stampare: GLS_OK + LETTERS, processing: 0 });
    expect(list.meta).toMatchObject({ totalItems: GLS_REFUSED + NO_CARRIER, pageSize: 10, totalPages: 3, hasNextPage: true });
    expect(list.shipments.every((s) => s.problem !== '')).toBe(true);
    // Newest first; the carrier filter; the search by tracking number.
    expect(list.shipments.map((s) => s.id)).toEqual([...list.shipments.map((s) => s.id)].sort((a, b) => b - a));
    const byCarrier = await shop.api.listShipments({ page: 1, pageSize: 100, status: '', carrierIntegrationId: posta, search: '', orderId: 0 });
    expect(byCarrier.meta!.totalItems).toBe(LETTERS);
    const tracked = (await shop.api.getShipment({ id: ids.letters[3]! })).shipment!;
    const found = await shop.api.listShipments({ page: 1, pageSize: 100, status: '', carrierIntegrationId: 0, search: tracked.trackingNumber.toLowerCase(), orderId: 0 });
    expect(found.shipments.map((s) => s.id)).toEqual([tracked.id]);
    expect(await failure(shop.api.listShipments({ page: 1, pageSize: 10, status: 'boh', carrierIntegrationId: 0, search: '', orderId: 0 }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.statusInvalid });
  });

  it('skips what is no longer pending, refuses the row action on it, and processes fixed errors again', async () => {
    const [shipped] = ids.glsOk;
    const [refused] = ids.glsRefused;
    const [carrierless] = ids.noCarrier;
    expect(await shop.api.processShipments({ shipmentIds: [shipped!, refused!], allPending: false })).toMatchObject({ success: 0, failed: 0, skipped: 2 });
    expect(await failure(shop.api.processShipments({ shipmentIds: [shipped!], allPending: false }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notPending('shipped') });

    const before = (await shop.api.getShipment({ id: refused! })).shipment!;
    const fixed = await shop.api.updateAddress({ id: refused!, address: { ...before.address!, postalCode: '20121', city: 'Milano', province: 'MI' } });
    expect(fixed).toMatchObject({ status: 'pending', errorMessage: '', problem: '' });
    expect((await shop.api.changeCarrier({ id: carrierless!, carrierIntegrationId: posta })).status).toBe('pending');
    const again = await shop.api.processShipments({ shipmentIds: [refused!, carrierless!], allPending: false });
    expect(again).toMatchObject({ success: 2, failed: 0 });
    const after = (await shop.api.getShipment({ id: refused! })).shipment!;
    expect(after).toMatchObject({ status: 'shipped', retryCount: 1, errorMessage: '' });
    expect((await shop.api.getShipment({ id: refused! })).audit.map((a) => a.outcome)).toEqual(['refused', 'ok']);
  }, 60_000);

  it('a shipment held by a claim that runs out meanwhile is labelled once it is free, never skipped (the crash race)', async () => {
    const own = await stack.newMerchant();
    // Another run's claim of a moment ago, about to run out: the item cannot be claimed now, and
    // when the runner looks again why not, the claim may already have run out. It is tried again.
    const [held, free] = (await own.api.bulkCreate({ orderIds: await own.importOrders(italianOrders(2).map((order) => ({ order, carrierIntegrationId: own.gls }))), confirmUnpaid: false, confirmedBy: '' })).outcomes.map((o) => o.shipmentId);
    await stack.pool.query(
      `UPDATE shipments SET status = 'processing', processing_owner = $2, processing_until = now() + interval '300 milliseconds',
              processing_call_until = now() WHERE id = $1`,
      [held, randomUUID()],
    );
    expect(await own.api.processShipments({ shipmentIds: [held!, free!], allPending: false })).toMatchObject({ success: 2, failed: 0, skipped: 0 });
    expect([...(await statusOf([held!, free!])).values()]).toEqual(['shipped', 'shipped']);

    // The look itself: a claim that ran out still holds the shipment until a run takes it over.
    const [other] = (await own.api.bulkCreate({ orderIds: await own.importOrders(italianOrders(1).map((order) => ({ order, carrierIntegrationId: own.gls }))), confirmUnpaid: false, confirmedBy: '' })).outcomes.map((o) => o.shipmentId);
    await stack.pool.query(`UPDATE shipments SET status = 'processing', processing_owner = $2, processing_until = now() - interval '1 second' WHERE id = $1`, [other, randomUUID()]);
    expect(await claimStateOf(stack.pool, own.merchantId, other!)).toEqual({ status: 'processing', claimed: true });
    await stack.pool.query(`UPDATE shipments SET status = 'pending', processing_owner = NULL, processing_until = NULL WHERE id = $1`, [other]);
  }, 60_000);

  it('processes every pending one of the merchant, then says there is none left', async () => {
    const answer = await shop.api.processShipments({ shipmentIds: [], allPending: true });
    expect(answer).toMatchObject({ success: 20, failed: 0, message: m.processSummary(20, 0) });
    expect(await failure(shop.api.processShipments({ shipmentIds: [], allPending: true }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noPendingShipments });
    expect(await failure(shop.api.processShipments({ shipmentIds: [], allPending: false }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.noShipmentsSelected });
  }, 60_000);
});

describe('a refunded order (issue 19)', () => {
  it("its live shipment is in the Errori tab with the reason once orders says it was refunded; a paid one is not", async () => {
    const [refunded, paid] = italianOrders(2);
    const ids = await rival.importOrders([
      { order: refunded!, carrierIntegrationId: rival.gls },
      { order: paid!, carrierIntegrationId: rival.gls },
    ]);
    const created = await rival.api.bulkCreate({ orderIds: ids, confirmUnpaid: false, confirmedBy: '' });
    expect(created.created).toBe(2);
    const [refundedShipment, paidShipment] = created.outcomes.map((o) => o.shipmentId);
    const problems = async () =>
      (await rival.api.listShipments({ page: 1, pageSize: 100, status: 'error', carrierIntegrationId: 0, search: '', orderId: 0 })).shipments.map((s) => [s.id, s.problem]);
    expect(await problems()).toEqual([]);

    // eBay refunds the first: a newer version of it reaches orders, and its payment reaches shipments.
    const newer = { ...refunded!, paymentStatus: 'rimborsato', externalPaymentStatus: 'FULLY_REFUNDED', lastModifiedAt: new Date(Date.parse(refunded!.lastModifiedAt) + 60_000).toISOString() };
    // (importOrders publishes it; the order exists already, so it answers at once.)
    await rival.importOrders([{ order: newer }]);
    const listed = await waitFor('the refunded order in the Errori tab', async () => {
      const now = await problems();
      return now.length > 0 ? now : null;
    }, 30_000);
    expect(listed).toEqual([[refundedShipment, m.problemRefunded]]);
    const details = await rival.api.getShipment({ id: refundedShipment! });
    expect(details.shipment).toMatchObject({ status: 'pending', problem: m.problemRefunded });
    expect((await rival.api.getShipment({ id: paidShipment! })).shipment?.problem).toBe('');

    // Cancelled, it is no problem any more.
    await rival.api.cancelShipment({ id: refundedShipment!, smistaOnly: false });
    expect(await problems()).toEqual([]);
  }, 60_000);

  it("a batch's payments in one statement end as the words one at a time would: the newest per order (of two as new, the first), never older than the stored one, never on a cancelled shipment", async () => {
    const orders = italianOrders(4);
    const ids = await rival.importOrders(orders.map((order) => ({ order, carrierIntegrationId: rival.gls })));
    const created = await rival.api.bulkCreate({ orderIds: ids, confirmUnpaid: false, confirmedBy: '' });
    expect(created.created).toBe(4);
    const [newest, tied, stale, cancelled] = created.outcomes.map((o) => ({ orderId: o.orderId, shipmentId: o.shipmentId }));
    await rival.api.cancelShipment({ id: cancelled!.shipmentId, smistaOnly: true });
    const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));
    const word = (orderId: number, paymentStatus: string, second: number) => ({ merchantId: rival.merchantId, orderId, paymentStatus, occurredAt: at(second) });
    // The stale one already holds a word newer than the batch's.
    await withTransaction(stack.pool, (tx) => setOrderPayments(tx, [word(stale!.orderId, 'pagato', 30)]));

    const changed = await withTransaction(stack.pool, (tx) =>
      setOrderPayments(tx, [
        word(newest!.orderId, 'rimborsato', 2),
        word(tied!.orderId, 'rimborsato', 5),
        word(newest!.orderId, 'pagato', 3),
        word(stale!.orderId, 'rimborsato', 20),
        word(tied!.orderId, 'fallito', 5),
        word(cancelled!.orderId, 'rimborsato', 9),
        word(newest!.orderId, 'in_attesa', 1),
      ]),
    );
    const { rows } = await stack.pool.query<{ id: string; order_payment_status: string | null; order_payment_at: Date | null }>(
      'SELECT id, order_payment_status, order_payment_at FROM shipments WHERE id = ANY($1)',
      [[newest, tied, stale, cancelled].map((s) => s!.shipmentId)],
    );
    const payment = new Map(rows.map((r) => [Number(r.id), [r.order_payment_status, r.order_payment_at?.toISOString() ?? null]]));
    expect(changed).toBe(2);
    expect(payment.get(newest!.shipmentId)).toEqual(['pagato', at(3).toISOString()]);
    expect(payment.get(tied!.shipmentId)).toEqual(['rimborsato', at(5).toISOString()]);
    expect(payment.get(stale!.shipmentId)).toEqual(['pagato', at(30).toISOString()]);
    expect(payment.get(cancelled!.shipmentId)?.[1]).not.toBe(at(9).toISOString());
    expect(await withTransaction(stack.pool, (tx) => setOrderPayments(tx, []))).toBe(0);
  }, 60_000);
});
