/**
 * Shipments over real HTTP (spec §7 "Shipments", §4 allowed actions, §5 shipment address, §8):
 * gateway → shipments → orders and carriers over gRPC → the GLS sandbox, with orders imported as
 * real `marketplaces.order.imported` events. Every refusal is an Italian 4xx that changes nothing;
 * another merchant's ids are the same 404 as unknown ones, and its labels never reach a merged PDF.
 */
import { randomUUID } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import {
  cancellationMessages,
  carrierTrackingStatusLabels,
  encodeLabelIds,
  isTrackingStatus,
  pageMetaSchema,
  shipmentMessages as m,
  trackingPushMessages,
  type OrderJson,
  type ShipmentDetailsJson,
  type ShipmentJson,
  type ShipmentPageJson,
  type TrackingStatus,
} from '@smista/contracts';
import { marketplacesEvents } from '@smista/proto';
import { connectNats, ensureStream, type Nats } from '@smista/service-kit';
import { startApp, type TestApp } from '../../e2e/support/app';
import { GLS_ACCOUNT as GLS, PICKUP_ADDRESS } from '../../e2e/support/carriers';
import { sharedInfra } from '../../e2e/support/env';
import { importedOrder } from '../../services/orders/test/support/events';
import { eventually, join, ownMerchant, registered, suiteGatewayEnv, type Member } from './support/team';
import { conformingFetch } from './support/api-conformance';

const INTEGRATION = 8_300_000 + Math.floor(Math.random() * 100_000);

let app: TestApp;
let nats: Nats;
let admin: Member;
let user: Member;
let shop: { id: string; name: string };
let rival: Member;
let rivalShop: { id: string; name: string };
let glsId: number;
let postaId: number;
let orders: OrderJson[];
let rivalOrder: OrderJson;

/** Issue 25: a shipment needs a weight before its label; these orders' items carry one (300 g each). */
const weighed = (order: ReturnType<typeof importedOrder>) => ({ ...order, items: order.items.map((i) => ({ ...i, weightGrams: i.weightGrams || 300 })) });

async function publish(merchantId: string, n: number, patch: Parameters<typeof importedOrder>[1] = {}): Promise<void> {
  const event = marketplacesEvents.MarketplaceOrderImported.fromPartial({
    merchantId,
    integrationId: INTEGRATION,
    jobId: 1,
    syncedAt: new Date().toISOString(),
    order: weighed(importedOrder(n, patch)),
  });
  await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
}

async function list(who: Member, query = ''): Promise<ShipmentPageJson> {
  const res = await who.b.get(`/api/shipments${query ? `?${query}` : ''}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function details(who: Member, id: number): Promise<ShipmentDetailsJson> {
  const res = await who.b.get(`/api/shipments/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

/** The merchant's shipment of an order (the newest live one). */
async function shipmentOf(order: OrderJson): Promise<ShipmentJson> {
  const page = await list(admin, `search=${encodeURIComponent(order.externalId)}&pageSize=100`);
  const found = page.data.find((s) => s.orderId === order.id && s.status !== 'cancelled');
  if (!found) throw new Error(`no shipment for order ${order.externalId}`);
  return found;
}

async function pdfPages(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

beforeAll(async () => {
  app = await startApp({ componentEnv: { gateway: suiteGatewayEnv() }, ownGlsSandbox: true });
  nats = await connectNats(sharedInfra().natsUrl, 'gateway-shipments-test');
  await ensureStream(nats.jsm, { name: 'MARKETPLACES', subjects: ['marketplaces.>'] });
  admin = await registered(app.baseUrl);
  shop = await ownMerchant(admin);
  user = await registered(app.baseUrl);
  await join(admin, shop, user, 'user');
  expect((await user.b.post('/api/merchants/select', { merchantId: shop.id })).status).toBe(200);
  rival = await registered(app.baseUrl);
  rivalShop = await ownMerchant(rival);

  expect((await admin.b.post('/api/merchant-addresses', PICKUP_ADDRESS)).status).toBe(201);
  const gls = await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'gls', connectionName: 'GLS Milano', active: true, ...GLS });
  expect(gls.body.status).toBe('active');
  glsId = gls.body.id;
  const posta = await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations`, { provider: 'posta_1', connectionName: 'Posta1 sede', active: true });
  postaId = posta.body.id;
  expect(
    (await admin.b.post(`/api/merchants/${shop.id}/carrier-integrations/${postaId}/tracking-codes`, { method: 'range', fromCode: '2IUP00000100', toCode: '2IUP00000119' })).status,
  ).toBe(201);

  // Eight orders: 0-3 GLS, 4 GLS with a CAP GLS refuses, 5-6 Posta1, 7 without a carrier.
  for (let n = 0; n < 8; n++) {
    // Posta1 is domestic only: its two orders go to Rome.
    const address = importedOrder(n).shippingAddress!;
    const patch =
      n === 4
        ? { shippingAddress: { ...address, postalCode: '00000', countryCode: 'IT' } }
        : n === 5 || n === 6
          ? { shippingAddress: { ...address, city: 'Roma', stateOrProvince: 'RM', postalCode: '00184', countryCode: 'IT' } }
          : {};
    await publish(shop.id, n, { externalId: `SHP-GW-${n}`, ...patch });
  }
  await publish(rivalShop.id, 50, { externalId: 'SHP-RIVALE' });
  const arrived = await eventually(async () => {
    const mine = await admin.b.get('/api/orders?pageSize=100&sortBy=externalId&sortOrder=asc');
    const theirs = await rival.b.get('/api/orders');
    return mine.body.meta.totalItems === 8 && theirs.body.meta.totalItems === 1;
  }, 30_000);
  expect(arrived).toBe(true);
  orders = (await admin.b.get('/api/orders?pageSize=100&sortBy=externalId&sortOrder=asc')).body.data;
  rivalOrder = (await rival.b.get('/api/orders')).body.data[0];
  for (const [i, order] of orders.entries()) {
    if (i === 7) continue;
    const res = await admin.b.patch(`/api/orders/${order.id}/carrier`, { carrierIntegrationId: i <= 4 ? glsId : postaId });
    expect(res.status).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  await nats?.nc.drain();
  await app?.stop();
});

describe('POST /api/shipments/bulk-create', () => {
  it('creates one pending shipment per order, copying recipient, address and carrier, and says so', async () => {
    const res = await user.b.post('/api/shipments/bulk-create', { orderIds: orders.map((o) => o.id) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ created: 8, skipped: 0, message: m.bulkCreated(8) });
    const page = await list(admin, 'pageSize=100');
    expect(page.meta.totalItems).toBe(8);
    // Besides the tabs' counts, the meta is the one list meta (common.v1.PageMeta → pageMetaSchema).
    const { statusCounts: _counts, ...listMeta } = page.meta;
    expect(pageMetaSchema.parse(listMeta)).toEqual({ page: 1, pageSize: 100, totalItems: 8, totalPages: 1, hasNextPage: false, hasPrevPage: false });
    expect(page.meta.statusCounts).toMatchObject({ all: 8, pending: 8, shipped: 0, error: 0, da_stampare: 0 });
    const first = await shipmentOf(orders[0]);
    const address = orders[0].shippingAddressDetails!;
    expect(first).toMatchObject({
      status: 'pending',
      orderExternalId: 'SHP-GW-0',
      carrierIntegrationId: glsId,
      carrierProvider: 'gls',
      recipientName: address.fullName,
      addressLine1: address.addressLine1,
      city: address.city,
      postalCode: address.postalCode,
      countryCode: address.countryCode,
      hasLabel: false,
      labelData: null,
      trackingNumber: null,
      retryCount: 0,
    });
    expect((await shipmentOf(orders[7])).carrierIntegrationId).toBeNull();
  });

  it('creates nothing the second time and says the orders already have one', async () => {
    const res = await admin.b.post('/api/shipments/bulk-create', { orderIds: [orders[0].id, orders[1].id] });
    expect(res.body).toMatchObject({ created: 0, skipped: 2, message: m.bulkCreated(0, { existing: 2 }) });
    expect(res.body.outcomes[0]).toMatchObject({ orderId: orders[0].id, created: false, message: m.alreadyHasShipment(res.body.outcomes[0].shipmentId) });
    expect((await list(admin)).meta.totalItems).toBe(8);
  });

  it('an order that does not exist is counted as not found, never as one with a shipment', async () => {
    const res = await admin.b.post('/api/shipments/bulk-create', { orderIds: [orders[0].id, 999_999_999] });
    expect(res.body).toMatchObject({ created: 0, skipped: 2, message: m.bulkCreated(0, { existing: 1, notFound: 1 }) });
    expect(res.body.message).toBe('Nessuna spedizione creata: 1 ordine ha già una spedizione, 1 ordine non trovato');
    expect(res.body.outcomes[1]).toMatchObject({ orderId: 999_999_999, created: false, shipmentId: null, message: m.orderNotFound });
  });

  it.each([
    ['no body', undefined, m.noOrdersSelected],
    ['an empty selection', { orderIds: [] }, m.noOrdersSelected],
    ['ids as text', { orderIds: ['1'] }, m.orderIdsInvalid],
    ['a negative id', { orderIds: [-4] }, m.orderIdsInvalid],
    ['too many', { orderIds: Array.from({ length: 1001 }, (_, i) => i + 1) }, m.tooManyOrders],
  ])('refuses %s with a clear Italian 400', async (_name, body, message) => {
    const res = await admin.b.post('/api/shipments/bulk-create', body);
    expect(res).toMatchObject({ status: 400, body: { message } });
  });

  it("does not create shipments for another merchant's orders", async () => {
    const res = await admin.b.post('/api/shipments/bulk-create', { orderIds: [rivalOrder.id] });
    expect(res.body).toMatchObject({ created: 0, outcomes: [{ orderId: rivalOrder.id, created: false, message: m.orderNotFound }] });
    expect((await list(rival)).meta.totalItems).toBe(0);
  });
});

describe('editing before the label', () => {
  it('refuses each §5 address rule with its text and changes nothing', async () => {
    const s = await shipmentOf(orders[1]);
    const valid = { recipientName: 'Luca Bianchi', addressLine1: 'Corso Italia 5', city: 'Torino', state: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'it' };
    for (const [patch, message] of [
      [{ recipientName: ' ' }, m.recipientNameRequired],
      [{ addressLine1: '' }, m.addressLine1Required],
      [{ city: '' }, m.cityRequired],
      [{ postalCode: '' }, m.postalCodeRequired],
      [{ country: '' }, m.countryRequired],
      [{ countryCode: 'I' }, m.countryCodeRequired],
      [{ countryCode: 'ITA' }, m.countryCodeTooLong],
      [{ recipientEmail: 'non-una-mail' }, m.emailInvalid],
    ] as const) {
      const res = await admin.b.patch(`/api/shipments/${s.id}/address`, { ...valid, ...patch });
      expect({ patch, status: res.status, message: res.body.message }).toEqual({ patch, status: 400, message });
    }
    expect((await details(admin, s.id)).city).toBe(s.city);

    const put = await user.b.put(`/api/shipments/${s.id}/address`, { ...valid, recipientEmail: '' });
    expect(put).toMatchObject({ status: 200, body: { id: s.id, recipientName: 'Luca Bianchi', city: 'Torino', countryCode: 'IT', recipientEmail: null } });
  });

  it('changes the carrier to another active integration of the merchant, and refuses a bad one', async () => {
    const s = await shipmentOf(orders[7]);
    expect(await admin.b.patch(`/api/shipments/${s.id}/carrier`, {})).toMatchObject({ status: 400, body: { message: m.carrierIntegrationRequired } });
    expect(await admin.b.patch(`/api/shipments/${s.id}/carrier`, { carrierIntegrationId: 'gls' })).toMatchObject({ status: 400, body: { message: m.carrierIntegrationInvalid } });
    expect((await admin.b.patch(`/api/shipments/${s.id}/carrier`, { carrierIntegrationId: 999_999_999 })).status).toBe(404);
    const res = await admin.b.patch(`/api/shipments/${s.id}/carrier`, { carrierIntegrationId: postaId });
    expect(res).toMatchObject({ status: 200, body: { carrierIntegrationId: postaId, carrierProvider: 'posta_1' } });
  });
});

describe('processing', () => {
  it('labels the selection, one failure not stopping the others, with the §8 answer', async () => {
    const ids = await Promise.all(orders.slice(0, 7).map(async (o) => (await shipmentOf(o)).id));
    const res = await admin.b.post('/api/shipments/process-selected', { shipmentIds: ids });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: 6, failed: 1, message: m.processSummary(6, 1) });
    expect(res.body.errors).toEqual([expect.objectContaining({ orderExternalId: 'SHP-GW-4', message: expect.stringContaining('CAP') })]);

    const gls = await shipmentOf(orders[0]);
    expect(gls).toMatchObject({ status: 'shipped', hasLabel: true, labelData: `/api/shipments/${gls.id}/label`, trackingNumber: expect.stringMatching(/^MI\d{9}$/) });
    expect(gls.carrierShipmentNumber).toBe(gls.trackingNumber!.slice(2));
    expect(gls.trackingUrl).toContain(gls.trackingNumber);
    const posta = await shipmentOf(orders[5]);
    expect(posta).toMatchObject({ status: 'shipped', trackingNumber: expect.stringMatching(/^2IUP000001\d\d$/) });

    const failed = await details(admin, (await shipmentOf(orders[4])).id);
    expect(failed).toMatchObject({ status: 'error', retryCount: 1, errorMessage: expect.stringContaining('CAP'), problem: m.problemLabelFailed(failed.errorMessage!) });
    // The audit trail shows the call and the carrier's reason, never a credential.
    expect(failed.audit).toEqual([expect.objectContaining({ operation: 'CreateLabel', target: 'gls', outcome: 'refused', message: expect.stringContaining('CAP') })]);
    expect(JSON.stringify(failed)).not.toContain(GLS.passwordCliente);

    const counts = (await list(admin)).meta.statusCounts;
    expect(counts).toMatchObject({ all: 8, pending: 1, shipped: 6, error: 1, da_stampare: 6 });
    expect((await list(admin, 'status=error')).data.map((s) => s.orderExternalId)).toEqual(['SHP-GW-4']);
  });

  it('refuses to process a shipment that is not pending (§4) and an empty selection', async () => {
    const shipped = await shipmentOf(orders[0]);
    expect(await admin.b.post(`/api/shipments/${shipped.id}/process`)).toMatchObject({ status: 409, body: { message: m.notPending('shipped') } });
    expect(await admin.b.post('/api/shipments/process-selected', { shipmentIds: [] })).toMatchObject({ status: 400, body: { message: m.noShipmentsSelected } });
  });

  it('refuses the label of a shipment without one', async () => {
    const s = await shipmentOf(orders[7]);
    expect(await admin.b.get(`/api/shipments/${s.id}/label`)).toMatchObject({ status: 409, body: { message: m.noLabel } });
  });

  it('puts a failed shipment back to pending when its address is fixed, then labels it with Processa Tutte', async () => {
    const failed = await shipmentOf(orders[4]);
    const fixed = await admin.b.patch(`/api/shipments/${failed.id}/address`, {
      recipientName: failed.recipientName,
      addressLine1: failed.addressLine1,
      city: 'Milano',
      state: 'MI',
      postalCode: '20121',
      country: 'Italia',
      countryCode: 'IT',
    });
    expect(fixed.body.status).toBe('pending');
    const res = await admin.b.post('/api/shipments/process');
    // The fixed one and the one left pending (order 7, now Posta1).
    expect(res.body).toMatchObject({ success: 2, failed: 0, message: m.processSummary(2, 0) });
    expect(await admin.b.post('/api/shipments/process')).toMatchObject({ status: 409, body: { message: m.noPendingShipments } });
  });
});

describe('labels', () => {
  it('downloads one label as a PDF named with the shipment id and marks it printed', async () => {
    const s = await shipmentOf(orders[0]);
    const res = await conformingFetch(app.baseUrl, `/api/shipments/${s.id}/label`, { headers: { cookie: admin.b.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`${s.id}`);
    expect(await pdfPages(new Uint8Array(await res.arrayBuffer()))).toBeGreaterThanOrEqual(1);
    expect((await details(admin, s.id)).labelPrintedAt).not.toBeNull();
    expect((await list(admin)).meta.statusCounts).toMatchObject({ shipped: 8, da_stampare: 7 });
  });

  it('merges the asked labels in order, leaving out ids that are not the merchant’s', async () => {
    const ids = await Promise.all([orders[2], orders[1], orders[5]].map(async (o) => (await shipmentOf(o)).id));
    const mine = await conformingFetch(app.baseUrl, `/api/shipments/labels/bulk-download?data=${encodeLabelIds(ids)}`, { headers: { cookie: admin.b.cookie! } });
    expect(mine.status).toBe(200);
    expect(await pdfPages(new Uint8Array(await mine.arrayBuffer()))).toBe(3);

    const theirs = await conformingFetch(app.baseUrl, `/api/shipments/labels/bulk-download?data=${encodeLabelIds(ids)}`, { headers: { cookie: rival.b.cookie! } });
    expect(theirs.status).toBe(409);
    expect(await theirs.json()).toEqual({ message: m.noLabelsFound });
  });

  it.each([['', 'missing'], ['@@@', 'not base64'], [Buffer.from('1,due,3').toString('base64url'), 'not ids']])('refuses bulk-download data %j (%s) with a 400', async (data) => {
    const res = await admin.b.get(`/api/shipments/labels/bulk-download?data=${encodeURIComponent(data)}`);
    expect(res).toMatchObject({ status: 400, body: { message: m.bulkDownloadInvalid } });
  });

});

describe('the GLS workday and cancellation', () => {
  it('cancels a Posta1 shipment whose label was never downloaded (its code goes back), then a new pending one without the carrier', async () => {
    const shipped = await shipmentOf(orders[7]);
    const stats = async () => (await admin.b.get(`/api/merchants/${shop.id}/carrier-integrations/${postaId}/tracking-codes/stats`)).body.available;
    const before = await stats();
    expect(await admin.b.post(`/api/shipments/${shipped.id}/cancel`)).toMatchObject({ status: 200, body: { message: m.cancelledCodeReleased, shipment: { status: 'cancelled' } } });
    expect(await stats()).toBe(before + 1);

    // A cancelled shipment no longer counts: the order can have a new one.
    const again = await admin.b.post('/api/shipments/bulk-create', { orderIds: [orders[7].id] });
    expect(again.body).toMatchObject({ created: 1, skipped: 0 });
    const fresh = await shipmentOf(orders[7]);
    expect(fresh).toMatchObject({ status: 'pending' });
    expect(fresh.id).not.toBe(shipped.id);
    expect(await admin.b.post(`/api/shipments/${fresh.id}/cancel`)).toMatchObject({ status: 200, body: { message: m.cancelled, shipment: { status: 'cancelled' } } });
    expect(await admin.b.post(`/api/shipments/${fresh.id}/cancel`)).toMatchObject({ status: 409, body: { message: m.notCancellable('cancelled') } });
  });

  it('cancels a GLS shipment before the close (DeleteSped)', async () => {
    const s = await shipmentOf(orders[3]);
    const res = await admin.b.post(`/api/shipments/${s.id}/cancel`);
    expect(res).toMatchObject({ status: 200, body: { shipment: { status: 'cancelled' } } });
    expect((await details(admin, s.id)).audit.map((a) => [a.operation, a.outcome])).toContainEqual(['CancelShipment', 'ok']);
  });

  it('closes the day of the selected GLS shipments, keeps the manifest, and refuses what is not GLS and shipped', async () => {
    expect(await admin.b.post('/api/shipments/close-workday', { shipmentIds: [] })).toMatchObject({ status: 400, body: { message: m.noGlsShippedSelected } });
    const posta = await shipmentOf(orders[5]);
    expect(await admin.b.post('/api/shipments/close-workday', { shipmentIds: [posta.id] })).toMatchObject({ status: 409, body: { message: m.notGlsShipped } });

    const ids = await Promise.all([orders[0], orders[1]].map(async (o) => (await shipmentOf(o)).id));
    const res = await user.b.post('/api/shipments/close-workday', { shipmentIds: [...ids, posta.id] });
    expect(res).toMatchObject({ status: 200, body: { processed: 2, failed: 0, message: m.workdayClosed(2) } });
    const closed = await details(admin, ids[0]);
    expect(closed).toMatchObject({ closeWorkdayStatus: 'closed', closeWorkdayAt: expect.any(String), manifestId: expect.any(Number) });
    const manifest = await conformingFetch(app.baseUrl, `/api/shipments/manifests/${closed.manifestId}`, { headers: { cookie: admin.b.cookie! } });
    expect(manifest.status).toBe(200);
    expect(await pdfPages(new Uint8Array(await manifest.arrayBuffer()))).toBeGreaterThanOrEqual(1);
    expect((await rival.b.get(`/api/shipments/manifests/${closed.manifestId}`)).status).toBe(404);
  });

  it('a GLS shipment after the close: without the Smista-only confirmation 409 saying why GLS cannot, nothing changes', async () => {
    const s = await shipmentOf(orders[0]);
    const res = await admin.b.post(`/api/shipments/${s.id}/cancel`);
    expect(res).toMatchObject({ status: 409, body: { message: cancellationMessages.confirmationRequired(cancellationMessages.glsAfterClose) } });
    expect(await admin.b.post(`/api/shipments/${s.id}/cancel`, { smistaOnly: 'sì' })).toMatchObject({ status: 400, body: { message: m.smistaOnlyInvalid } });
    expect((await details(admin, s.id)).status).toBe('shipped');
  });

  it("a GLS shipment after the close, confirmed: voided in Smista only, the label marked not to be used (no labelData, 409 on print), the audit saying why", async () => {
    const s = await shipmentOf(orders[1]);
    const res = await user.b.post(`/api/shipments/${s.id}/cancel`, { smistaOnly: true });
    expect(res).toMatchObject({
      status: 200,
      body: { message: cancellationMessages.voided(cancellationMessages.glsAfterClose), shipment: { status: 'cancelled', labelVoidReason: cancellationMessages.glsAfterClose, labelData: null, hasLabel: true } },
    });
    const after = await details(admin, s.id);
    expect(after.audit.at(-1)).toMatchObject({ operation: 'CancelShipment', outcome: 'voided', message: cancellationMessages.voided(cancellationMessages.glsAfterClose) });
    expect(await admin.b.get(`/api/shipments/${s.id}/label`)).toMatchObject({ status: 409, body: { message: cancellationMessages.labelVoidedNotPrintable } });
    const merged = await admin.b.get(`/api/shipments/labels/bulk-download?data=${encodeLabelIds([s.id])}`);
    expect(merged).toMatchObject({ status: 409, body: { message: m.noLabelsFound } });
  });

  it('reads the tracking of a closed shipment from the carrier', async () => {
    const s = await shipmentOf(orders[0]);
    const res = await admin.b.post(`/api/shipments/${s.id}/update-tracking`);
    expect(res.status).toBe(200);
    expect(res.body.shipment).toMatchObject({ trackingStatus: expect.stringMatching(/in_transit|info/), trackingUpdatedAt: expect.any(String), trackingAlerts: [] });
    const pending = await shipmentOf(orders[6]);
    expect(pending.trackingNumber).not.toBeNull();
  });

  it('answers the steps of the tracking in the details, newest first, each status also in Italian; the alerts in the details and the list (issue 26)', async () => {
    const s = await shipmentOf(orders[0]);
    const d = await details(user, s.id);
    // GLS's first two events at the close (data received, left the branch), then what came since.
    expect(d.trackingEvents.map((e) => e.description).slice(-2)).toEqual(['SPEDIZIONE PARTITA DALLA SEDE MITTENTE. IN TRANSITO.', 'DATI SPEDIZIONE TRASMESSI A GLS']);
    expect(d.trackingEvents.at(-1)).toEqual({
      at: expect.any(String),
      status: 'info',
      statusLabel: 'Aggiornamento del corriere',
      code: expect.any(String),
      description: 'DATI SPEDIZIONE TRASMESSI A GLS',
      location: expect.stringMatching(/\S/),
    });
    expect(d.trackingEvents.at(-2)).toMatchObject({ status: 'in_transit', statusLabel: 'In transito' });
    for (const e of d.trackingEvents) {
      expect(Object.keys(e).sort()).toEqual(['at', 'code', 'description', 'location', 'status', 'statusLabel']);
      expect(isTrackingStatus(e.status)).toBe(true);
      expect(e.statusLabel).toBe(carrierTrackingStatusLabels[e.status as TrackingStatus]);
    }
    const times = d.trackingEvents.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The newest step is the shipment's last movement.
    expect(d.trackingEvents[0]).toMatchObject({ at: d.trackingUpdatedAt, status: d.trackingStatus });
    expect(d.trackingAlerts).toEqual([]);

    // Labelled but not closed: GLS knows nothing of it yet, so no steps.
    const unread = await details(admin, (await shipmentOf(orders[2])).id);
    expect({ events: unread.trackingEvents, alerts: unread.trackingAlerts }).toEqual({ events: [], alerts: [] });

    const page = await list(admin, 'pageSize=100');
    expect(page.data.every((row) => Array.isArray(row.trackingAlerts))).toBe(true);
    expect(page.data.find((row) => row.id === s.id)?.trackingAlerts).toEqual([]);
    // Another merchant's shipment: 404 and its steps with it.
    expect(await rival.b.get(`/api/shipments/${s.id}`)).toMatchObject({ status: 404, body: { message: m.shipmentNotFound } });
  });
});

describe('the marketplace tracking in the details', () => {
  const attempt = async (shipment: ShipmentJson, patch: Partial<marketplacesEvents.MarketplaceTrackingAttempted>) => {
    const event = marketplacesEvents.MarketplaceTrackingAttempted.fromPartial({
      shipmentId: shipment.id,
      merchantId: shop.id,
      orderId: shipment.orderId,
      integrationId: INTEGRATION,
      marketplace: 'ebay',
      attemptedAt: new Date().toISOString(),
      ...patch,
    });
    await nats.js.publish('marketplaces.tracking.attempted', marketplacesEvents.MarketplaceTrackingAttempted.encode(event).finish(), { msgID: randomUUID() });
  };

  it("a push skipped (automatic tracking off) says so once: no time it was sent, no attempt, an audit row 'skipped' with the reason, never 'ok'", async () => {
    // orders[1]'s was voided above: a labelled one still live.
    const shipped = await shipmentOf(orders[2]);
    await attempt(shipped, { status: 'skipped', attempts: 0, durationMs: 0, errorMessage: trackingPushMessages.autoUpdateOff });
    expect(await eventually(async () => (await details(admin, shipped.id)).marketplaceTrackingStatus === 'skipped', 20_000)).toBe(true);
    const skipped = await details(user, shipped.id);
    expect(skipped).toMatchObject({
      marketplaceTrackingStatus: 'skipped',
      marketplaceTrackingError: trackingPushMessages.autoUpdateOff,
      marketplaceTrackingAttempts: 0,
      marketplaceTrackingLastAttempt: null,
      marketplaceTrackingUpdatedAt: null,
    });
    expect(skipped.audit.filter((a) => a.operation === 'PushTracking')).toEqual([
      expect.objectContaining({ target: 'ebay', outcome: 'skipped', message: trackingPushMessages.autoUpdateOff }),
    ]);

    // Sent on demand afterwards: now it has the time it was sent.
    const sentAt = new Date(Date.now() + 1_000).toISOString();
    await attempt(shipped, { status: 'pushed', attempts: 1, durationMs: 120, attemptedAt: sentAt });
    expect(await eventually(async () => (await details(admin, shipped.id)).marketplaceTrackingStatus === 'pushed', 20_000)).toBe(true);
    expect(await details(admin, shipped.id)).toMatchObject({ marketplaceTrackingUpdatedAt: sentAt, marketplaceTrackingLastAttempt: sentAt, marketplaceTrackingError: null });
  }, 60_000);
});

describe('tenancy', () => {
  it("answers another merchant's shipment ids like unknown ones on every route", async () => {
    const s = await shipmentOf(orders[2]);
    const attempts: [string, () => Promise<{ status: number }>][] = [
      ['GET', () => rival.b.get(`/api/shipments/${s.id}`)],
      ['label', () => rival.b.get(`/api/shipments/${s.id}/label`)],
      ['process', () => rival.b.post(`/api/shipments/${s.id}/process`)],
      ['cancel', () => rival.b.post(`/api/shipments/${s.id}/cancel`)],
      ['close', () => rival.b.post(`/api/shipments/${s.id}/close-workday`)],
      ['tracking', () => rival.b.post(`/api/shipments/${s.id}/update-tracking`)],
      ['carrier', () => rival.b.patch(`/api/shipments/${s.id}/carrier`, { carrierIntegrationId: glsId })],
      ['address', () => rival.b.patch(`/api/shipments/${s.id}/address`, { recipientName: 'X', addressLine1: 'Y', city: 'Z', postalCode: '1', country: 'I', countryCode: 'IT' })],
      ['malformed', () => admin.b.get('/api/shipments/abc')],
      ['unknown', () => admin.b.get('/api/shipments/999999999')],
    ];
    for (const [name, attempt] of attempts) {
      const res = await attempt();
      expect({ name, status: res.status }).toEqual({ name, status: 404 });
    }
    expect((await list(rival)).meta.totalItems).toBe(0);
    const bulk = await rival.b.post('/api/shipments/process-selected', { shipmentIds: [s.id] });
    expect(bulk.body.success ?? 0).toBe(0);
    expect((await details(admin, s.id)).status).toBe('shipped');
  });
});

describe('the list', () => {
  it('filters by status, carrier and search, with the counts of every tab', async () => {
    const byCarrier = await list(admin, `carrier=${postaId}`);
    expect(byCarrier.data.every((s) => s.carrierIntegrationId === postaId)).toBe(true);
    const search = await list(admin, 'search=SHP-GW-2');
    expect(search.data.map((s) => s.orderExternalId)).toEqual(['SHP-GW-2']);
    expect((await list(admin, 'status=da_stampare')).data.every((s) => s.hasLabel && s.labelPrintedAt === null)).toBe(true);
    expect(await admin.b.get('/api/shipments?status=volato')).toMatchObject({ status: 400, body: { message: m.statusInvalid } });
    expect(await admin.b.get('/api/shipments?carrier=gls')).toMatchObject({ status: 400, body: { message: m.carrierFilterInvalid } });
    expect((await list(admin, 'pageSize=5000')).meta.pageSize).toBe(100);
  });
});

describe('an order not paid (issue 19)', () => {
  it("'Crea spedizioni' skips it naming its payment; with confirmUnpaid: true it is created and the audit names who confirmed", async () => {
    // A merchant of its own: the counts above stay as they are.
    const owner = await registered(app.baseUrl, { firstName: 'Rita', lastName: 'Neri' });
    const own = await ownMerchant(owner);
    await publish(own.id, 60, { externalId: 'SHP-NONPAGATO', paymentStatus: 'in_attesa', externalPaymentStatus: 'PENDING' });
    expect(await eventually(async () => (await owner.b.get('/api/orders')).body.meta.totalItems === 1, 30_000)).toBe(true);
    const order = (await owner.b.get('/api/orders')).body.data[0] as OrderJson;
    expect(order).toMatchObject({ status: 'da_pagare', paymentStatus: 'in_attesa' });

    const skipped = await owner.b.post('/api/shipments/bulk-create', { orderIds: [order.id] });
    expect(skipped.status).toBe(200);
    expect(skipped.body).toMatchObject({
      created: 0,
      skipped: 1,
      message: 'Nessuna spedizione creata: 1 ordine non pagato (da confermare)',
      outcomes: [{ orderId: order.id, created: false, shipmentId: null, message: 'Ordine non pagato (pagamento in attesa): spedizione non creata senza conferma' }],
    });
    for (const confirmUnpaid of ['true', 1, {}]) {
      expect(await owner.b.post('/api/shipments/bulk-create', { orderIds: [order.id], confirmUnpaid })).toMatchObject({ status: 400, body: { message: m.confirmUnpaidInvalid } });
    }
    expect((await list(owner)).meta.totalItems).toBe(0);

    const confirmed = await owner.b.post('/api/shipments/bulk-create', { orderIds: [order.id], confirmUnpaid: true });
    expect(confirmed.body).toMatchObject({ created: 1, skipped: 0 });
    const shipment = await details(owner, confirmed.body.outcomes[0].shipmentId);
    expect(shipment.audit).toEqual([
      expect.objectContaining({
        operation: 'UnpaidConfirmed',
        outcome: 'ok',
        message: `Spedizione creata per un ordine non pagato (pagamento in attesa): confermata da Rita Neri (${owner.email})`,
      }),
    ]);
  });
});
