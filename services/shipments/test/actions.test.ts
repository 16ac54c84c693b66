/**
 * The actions on single shipments and on selections, against the real carriers service and the GLS
 * and Poste Delivery sandboxes: cancel before and after the workday close (there in Smista only, as for a
 * Poste Delivery label: Poste offers no cancellation), the close itself with its manifest, tracking,
 * labels and the merged PDF, the §5 address rules, the carrier change, the marketplace tracking
 * attempts, actions in a forbidden state, and tenancy over every call.
 */
import { status as grpcStatus } from '@grpc/grpc-js';
import { PDFDocument } from 'pdf-lib';
import { cancellationMessages, posteMessages, shipmentMessages as m, trackingPushMessages } from '@smista/contracts';
import { common, shipmentsEvents } from '@smista/proto';
import type { shipments } from '@smista/proto';
import { failure, glsShipments, italianOrders, outboxEvents, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';
import { pageTexts } from './support/pdf';
import { withTransaction } from '@smista/service-kit';
import { markWorkday } from '../src/store';
import { POSTE_ACCOUNT } from '../../carriers/test/support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
let rival: TestMerchant;
let posta: number;
/** GLS shipments labelled in beforeAll. */
let gls: number[];
/** Posta1 shipments labelled in beforeAll. */
let letters: number[];
/** A GLS shipment whose recipient GLS delivers at once after the close. */
let immediate: number;
/** Pending shipments. */
let pending: number[];
let rivalShipped: number;
let rivalPending: number;

const NOT_FOUND = { code: grpcStatus.NOT_FOUND, details: m.shipmentNotFound };

async function shipmentsFor(merchant: TestMerchant, orders: Parameters<TestMerchant['importOrders']>[0]): Promise<number[]> {
  const orderIds = await merchant.importOrders(orders);
  const created = await merchant.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' });
  return created.outcomes.map((o) => o.shipmentId);
}

const get = async (id: number, merchant = shop): Promise<shipments.Shipment> => (await merchant.api.getShipment({ id })).shipment!;

beforeAll(async () => {
  stack = await startShipmentsStack();
  [shop, rival] = [await stack.newMerchant(), await stack.newMerchant()];
  posta = await shop.letterService(10, '2IUR');
  const glsOrders = italianOrders(7, { patch: (i) => (i === 6 ? { shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: 'Lucia CONSEGNA IMMEDIATA' } } : {}) });
  const glsIds = await shipmentsFor(shop, glsOrders.map((order) => ({ order, carrierIntegrationId: shop.gls })));
  letters = await shipmentsFor(shop, italianOrders(3).map((order) => ({ order, carrierIntegrationId: posta })));
  pending = await shipmentsFor(shop, italianOrders(3).map((order) => ({ order, carrierIntegrationId: shop.gls })));
  const processed = await shop.api.processShipments({ shipmentIds: [...glsIds, ...letters], allPending: false });
  expect(processed).toMatchObject({ success: 10, failed: 0 });
  immediate = glsIds[6]!;
  gls = glsIds.slice(0, 6);
  const [rivalA, rivalB] = await shipmentsFor(rival, italianOrders(2).map((order) => ({ order, carrierIntegrationId: rival.gls })));
  expect((await rival.api.processShipments({ shipmentIds: [rivalA!], allPending: false })).success).toBe(1);
  rivalShipped = rivalA!;
  rivalPending = rivalB!;
}, 180_000);
afterAll(() => stack?.stop(), 60_000);

describe('labels', () => {
  it('GetLabel answers the PDF named with the id and marks it printed (leaves Da stampare)', async () => {
    const before = await shop.api.listShipments({ page: 1, pageSize: 100, status: 'da_stampare', carrierIntegrationId: 0, search: '', orderId: 0 });
    expect(before.shipments.map((s) => s.id)).toContain(gls[0]);
    const doc = await shop.api.getLabel({ id: gls[0]! });
    expect(doc).toMatchObject({ filename: `etichetta-${gls[0]}.pdf`, contentType: 'application/pdf' });
    expect((await PDFDocument.load(doc.data)).getPageCount()).toBe(1);
    const s = await get(gls[0]!);
    expect(s.labelPrintedAt).not.toBe('');
    expect((await pageTexts(doc.data))[0]).toContain(s.trackingNumber);
    const after = await shop.api.listShipments({ page: 1, pageSize: 100, status: 'da_stampare', carrierIntegrationId: 0, search: '', orderId: 0 });
    expect(after.shipments.map((x) => x.id)).not.toContain(gls[0]);
    // A second download keeps the first time.
    await shop.api.getLabel({ id: gls[0]! });
    expect((await get(gls[0]!)).labelPrintedAt).toBe(s.labelPrintedAt);
    expect(await failure(shop.api.getLabel({ id: pending[0]! }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noLabel });
  });

  it('MergeLabels: exactly the asked pages in the asked order; others skipped and answered', async () => {
    const asked = [gls[3]!, rivalShipped, letters[1]!, 987_654_321, pending[0]!, gls[1]!];
    const merged = await shop.api.mergeLabels({ shipmentIds: asked });
    expect(merged.pages).toBe(3);
    expect(merged.skipped).toEqual([rivalShipped, 987_654_321, pending[0]!]);
    expect(merged.document).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^etichette-.*\.pdf$/) });
    const texts = await pageTexts(merged.document!.data);
    expect(texts).toHaveLength(3);
    const expected = [gls[3]!, letters[1]!, gls[1]!];
    for (const [i, id] of expected.entries()) {
      const { trackingNumber } = await get(id);
      expect(texts[i]).toContain(trackingNumber);
      for (const [j, other] of expected.entries()) if (j !== i) expect(texts[i]).not.toContain((await get(other)).trackingNumber);
      expect((await get(id)).labelPrintedAt).not.toBe('');
    }
    expect((await get(rivalShipped, rival)).labelPrintedAt).toBe('');
    expect(await failure(shop.api.mergeLabels({ shipmentIds: [rivalShipped, pending[1]!] }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noLabelsFound });
    expect(await failure(shop.api.mergeLabels({ shipmentIds: [] }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.noShipmentsSelected });
  });
});

describe('cancel and the GLS workday close', () => {
  it('a pending shipment is cancelled here, and its order may get a new shipment', async () => {
    const id = pending[2]!;
    const answer = await shop.api.cancelShipment({ id, smistaOnly: false });
    expect(answer).toMatchObject({ success: true, message: m.cancelled, shipment: { id, status: 'cancelled' } });
    expect((await shop.api.getShipment({ id })).audit).toEqual([]);
    const cancelled = (await outboxEvents(stack.pool, 'shipments.shipment.cancelled')).map((p) => shipmentsEvents.ShipmentCancelled.decode(p));
    expect(cancelled.find((e) => e.shipmentId === id)).toMatchObject({ previousStatus: 'pending', merchantId: shop.merchantId });
    const again = await shop.api.bulkCreate({ orderIds: [answer.shipment!.orderId], confirmUnpaid: false, confirmedBy: '' });
    expect(again.created).toBe(1);
    expect(await failure(shop.api.cancelShipment({ id, smistaOnly: false }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notCancellable('cancelled') });
  });

  it('a shipped GLS shipment before the close: deleted at GLS, then cancelled', async () => {
    const id = gls[5]!;
    const s = await get(id);
    expect((await glsShipments(stack.glsUrl)).map((x) => x.number)).toContain(s.carrierShipmentNumber);
    const answer = await shop.api.cancelShipment({ id, smistaOnly: false });
    expect(answer).toMatchObject({ message: m.cancelled, shipment: { status: 'cancelled' } });
    expect((await glsShipments(stack.glsUrl)).map((x) => x.number)).not.toContain(s.carrierShipmentNumber);
    expect((await shop.api.getShipment({ id })).audit.map((a) => [a.operation, a.outcome])).toEqual([
      ['CreateLabel', 'ok'],
      ['CancelShipment', 'ok'],
    ]);
  });

  it('closes the workday of one shipment, keeping the manifest', async () => {
    const answer = await shop.api.closeWorkday({ shipmentIds: [gls[0]!] });
    expect(answer).toMatchObject({ message: m.workdayClosed(1), processed: 1, failed: 0, outcomes: [{ shipmentId: gls[0], ok: true }] });
    expect(answer.manifestIds).toHaveLength(1);
    const s = await get(gls[0]!);
    expect(s).toMatchObject({ closeWorkdayStatus: 'closed', manifestId: answer.manifestIds[0] });
    expect(s.closeWorkdayAt).not.toBe('');
    const manifest = await shop.api.getManifest({ id: answer.manifestIds[0]! });
    expect(manifest.contentType).toBe('application/pdf');
    expect((await PDFDocument.load(manifest.data)).getPageCount()).toBeGreaterThanOrEqual(1);
    expect(await failure(rival.api.getManifest({ id: answer.manifestIds[0]! }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.manifestNotFound });
    expect((await glsShipments(stack.glsUrl)).find((x) => x.number === s.carrierShipmentNumber)?.state).toBe('CHIUSA.');
  });

  it('after the close GLS cannot delete it: without the Smista-only confirmation 409 saying why, nothing asked of GLS, nothing changes', async () => {
    const before = (await shop.api.getShipment({ id: gls[0]! })).audit;
    const refused = await failure(shop.api.cancelShipment({ id: gls[0]!, smistaOnly: false }));
    expect(refused).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: cancellationMessages.confirmationRequired(cancellationMessages.glsAfterClose) });
    expect((await get(gls[0]!)).status).toBe('shipped');
    expect((await shop.api.getShipment({ id: gls[0]! })).audit).toEqual(before);
  });

  it('bulk close: only GLS shipped ones not closed yet count, one event per integration', async () => {
    const answer = await shop.api.closeWorkday({ shipmentIds: [gls[1]!, gls[2]!, letters[0]!, pending[0]!, gls[0]!, immediate, rivalShipped] });
    expect(answer).toMatchObject({ message: m.workdayClosed(3), processed: 3, failed: 0 });
    expect(answer.outcomes.map((o) => o.shipmentId)).toEqual([gls[1], gls[2], immediate]);
    const closed = (await outboxEvents(stack.pool, 'shipments.shipment.workday_closed')).map((p) => shipmentsEvents.ShipmentWorkdayClosed.decode(p));
    expect(closed.at(-1)).toMatchObject({ merchantId: shop.merchantId, carrierIntegrationId: shop.gls, carrierProvider: 'gls', shipmentIds: [gls[1], gls[2], immediate], manifestId: answer.manifestIds[0] });
    expect((await get(rivalShipped, rival)).closeWorkdayStatus).toBe('');
  });

  it('refuses a close that has nothing to close, with the §4/§5 texts', async () => {
    expect(await failure(shop.api.closeWorkday({ shipmentIds: [] }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.noGlsShippedSelected });
    expect(await failure(shop.api.closeWorkday({ shipmentIds: [letters[0]!, pending[0]!] }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noGlsShippedSelected });
    expect(await failure(shop.api.closeWorkday({ shipmentIds: [letters[0]!] }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notGlsShipped });
    expect(await failure(shop.api.closeWorkday({ shipmentIds: [pending[0]!] }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notGlsShipped });
    expect(await failure(shop.api.closeWorkday({ shipmentIds: [gls[0]!] }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.workdayAlreadyClosed });
  });

  it("a concurrent close's refusal (GLS: already closed) never overwrites the close recorded by the other", async () => {
    const before = await get(gls[0]!);
    expect(before.closeWorkdayStatus).toBe('closed');
    // What the later of two closes at once (two requests, on one replica or two) records after GLS refused it.
    await withTransaction(stack.pool, (tx) => markWorkday(tx, [{ id: gls[0]!, ok: false, message: 'Spedizione già chiusa' }], null));
    expect(await get(gls[0]!)).toMatchObject({ closeWorkdayStatus: 'closed', closeWorkdayMessage: before.closeWorkdayMessage, manifestId: before.manifestId });
  });

  it('letters: the pool code goes back only when the label was never handed out; a handed-out one is voided in Smista only', async () => {
    const stats = () => shop.carriers.getTrackingCodeStats({ merchantId: shop.merchantId, id: posta });
    const before = await stats();
    await shop.api.getLabel({ id: letters[2]! });
    const reason = cancellationMessages.letterPrinted('Posta1');
    expect(await failure(shop.api.cancelShipment({ id: letters[2]!, smistaOnly: false }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: cancellationMessages.confirmationRequired(reason) });
    expect(await shop.api.cancelShipment({ id: letters[2]!, smistaOnly: true })).toMatchObject({
      message: cancellationMessages.voided(reason),
      shipment: { status: 'cancelled', labelVoidReason: reason },
    });
    expect((await shop.api.getShipment({ id: letters[2]! })).audit.at(-1)).toMatchObject({ operation: 'CancelShipment', outcome: 'voided', message: expect.stringContaining(cancellationMessages.voided(reason)) });
    expect((await stats()).available).toBe(before.available);
    // letters[0] was never downloaded (letters[1] was merged above).
    expect((await get(letters[0]!)).labelPrintedAt).toBe('');
    expect(await shop.api.cancelShipment({ id: letters[0]!, smistaOnly: false })).toMatchObject({ message: m.cancelledCodeReleased, shipment: { labelVoidReason: '' } });
    expect((await stats()).available).toBe(before.available + 1);
  });
});

describe('carriers that cannot cancel: a void in Smista only, confirmed, the label marked not to be used', () => {
  let poste: number;
  beforeAll(async () => {
    const integration = await shop.carriers.createIntegration({ merchantId: shop.merchantId, provider: 'poste_delivery', connectionName: 'Poste Delivery', active: true, credentials: POSTE_ACCOUNT });
    expect(integration.status).toBe('active');
    poste = integration.id;
  }, 60_000);

  async function posteLabel(name?: string): Promise<number> {
    const [order] = italianOrders(1, name ? { patch: () => ({ shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: name } }) } : {});
    const [id] = await shipmentsFor(shop, [{ order: order!, carrierIntegrationId: poste }]);
    expect(await shop.api.processShipments({ shipmentIds: [id!], allPending: false })).toMatchObject({ success: 1, failed: 0 });
    return id!;
  }

  it('Poste Delivery: refused without the confirmation; confirmed, Poste is asked whether it has the parcel, then voided here, the label no longer printable', async () => {
    const id = await posteLabel();
    const s = await get(id);
    const reason = cancellationMessages.posteDelivery;
    expect(await failure(shop.api.cancelShipment({ id, smistaOnly: false }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: cancellationMessages.confirmationRequired(reason) });
    expect((await get(id)).status).toBe('shipped');
    const trackingCalls = () => stack.carriersStack.poste.requests().filter((r) => r.path === '/postalandlogistics/parcel/tracking' && r.query.waybillNumber === s.trackingNumber).length;
    const before = trackingCalls();

    const answer = await shop.api.cancelShipment({ id, smistaOnly: true });
    expect(answer).toMatchObject({ success: true, message: cancellationMessages.voided(reason), shipment: { id, status: 'cancelled', labelVoidReason: reason } });
    expect(trackingCalls()).toBe(before + 1);
    const audit = (await shop.api.getShipment({ id })).audit;
    expect(audit.map((a) => [a.operation, a.target, a.outcome])).toEqual([
      ['CreateLabel', 'poste_delivery', 'ok'],
      ['CancelShipment', 'poste_delivery', 'voided'],
    ]);
    expect(audit.at(-1)!.message).toBe(`${cancellationMessages.voided(reason)} ${posteMessages.voidChecked(s.trackingNumber)}`);
    const cancelled = (await outboxEvents(stack.pool, 'shipments.shipment.cancelled')).map((p) => shipmentsEvents.ShipmentCancelled.decode(p));
    expect(cancelled.find((e) => e.shipmentId === id)).toMatchObject({ previousStatus: 'shipped' });
    // The label must not be used: not printed, not merged.
    expect(await failure(shop.api.getLabel({ id }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: cancellationMessages.labelVoidedNotPrintable });
    expect(await failure(shop.api.mergeLabels({ shipmentIds: [id] }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noLabelsFound });
    // Its order may get a new shipment.
    expect((await shop.api.bulkCreate({ orderIds: [answer.shipment!.orderId], confirmUnpaid: false, confirmedBy: '' })).created).toBe(1);
  });

  it('Poste Delivery: once Poste has the parcel the void is refused with its last event, nothing changes but the audit', async () => {
    const id = await posteLabel('Lucia CONSEGNA IMMEDIATA');
    const s = await get(id);
    const refused = await failure(shop.api.cancelShipment({ id, smistaOnly: true }));
    expect(refused.code).toBe(grpcStatus.FAILED_PRECONDITION);
    expect(refused.details).toBe(posteMessages.voidRefused(s.trackingNumber, 'La spedizione è stata consegnata, MILANO (MI)'));
    expect(await get(id)).toMatchObject({ status: 'shipped', labelVoidReason: '' });
    expect((await shop.api.getShipment({ id })).audit.at(-1)).toMatchObject({ operation: 'CancelShipment', outcome: 'refused', message: refused.details });
  });

  it('GLS after the close: voided in Smista only without asking GLS (it would only refuse), the shipment still at GLS', async () => {
    const [order] = italianOrders(1);
    const [id] = await shipmentsFor(shop, [{ order: order!, carrierIntegrationId: shop.gls }]);
    expect(await shop.api.processShipments({ shipmentIds: [id!], allPending: false })).toMatchObject({ success: 1 });
    expect(await shop.api.closeWorkday({ shipmentIds: [id!] })).toMatchObject({ processed: 1 });
    const s = await get(id!);
    const answer = await shop.api.cancelShipment({ id: id!, smistaOnly: true });
    expect(answer).toMatchObject({ message: cancellationMessages.voided(cancellationMessages.glsAfterClose), shipment: { status: 'cancelled', labelVoidReason: cancellationMessages.glsAfterClose } });
    expect((await glsShipments(stack.glsUrl)).find((x) => x.number === s.carrierShipmentNumber)?.state).toBe('CHIUSA.');
    expect((await shop.api.getShipment({ id: id! })).audit.map((a) => [a.operation, a.outcome, a.message])).toEqual([
      ['CreateLabel', 'ok', expect.any(String)],
      ['CloseWorkday', 'ok', expect.any(String)],
      ['CancelShipment', 'voided', cancellationMessages.voided(cancellationMessages.glsAfterClose)],
    ]);
  });

  it('smistaOnly never keeps a carrier that can cancel from doing it: GLS before the close deletes at GLS', async () => {
    const [order] = italianOrders(1);
    const [id] = await shipmentsFor(shop, [{ order: order!, carrierIntegrationId: shop.gls }]);
    expect(await shop.api.processShipments({ shipmentIds: [id!], allPending: false })).toMatchObject({ success: 1 });
    const s = await get(id!);
    expect(await shop.api.cancelShipment({ id: id!, smistaOnly: true })).toMatchObject({ message: m.cancelled, shipment: { status: 'cancelled', labelVoidReason: '' } });
    expect((await glsShipments(stack.glsUrl)).map((x) => x.number)).not.toContain(s.carrierShipmentNumber);
  });
});

describe('tracking', () => {
  it('refuses without a tracking number; GLS has none before the close (its reason)', async () => {
    expect(await failure(shop.api.updateTracking({ id: pending[0]! }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.noTrackingNumber });
    const open = await failure(shop.api.updateTracking({ id: gls[3]! }));
    expect(open.code).toBe(grpcStatus.FAILED_PRECONDITION);
    expect((await shop.api.getShipment({ id: gls[3]! })).audit.at(-1)).toMatchObject({ operation: 'Track', outcome: 'refused' });
  });

  it('a delivered shipment becomes delivered, with the event published once', async () => {
    const answer = await shop.api.updateTracking({ id: immediate });
    expect(answer.success).toBe(true);
    expect(answer.shipment).toMatchObject({ status: 'delivered', trackingStatus: 'delivered' });
    expect(answer.shipment!.deliveredAt).not.toBe('');
    expect(answer.message).toBe(m.trackingUpdated(answer.shipment!.trackingDescription));
    const events = () => outboxEvents(stack.pool, 'shipments.shipment.tracking_updated').then((all) => all.map((p) => shipmentsEvents.ShipmentTrackingUpdated.decode(p)).filter((e) => e.shipmentId === immediate));
    expect(await events()).toEqual([expect.objectContaining({ delivered: true, status: 'delivered', trackingStatus: 'delivered', trackingNumber: answer.shipment!.trackingNumber })]);
    // Asked again: nothing changed, nothing published.
    await shop.api.updateTracking({ id: immediate });
    expect(await events()).toHaveLength(1);
  });

  it('a closed shipment in transit stores its last movement', async () => {
    const answer = await shop.api.updateTracking({ id: gls[1]! });
    expect(answer.shipment!.status).toBe('shipped');
    expect(answer.shipment!.trackingStatus).not.toBe('');
    expect(answer.shipment!.trackingUpdatedAt).not.toBe('');
  });
});

describe('edits', () => {
  // The one postal address on the wire (common.v1.PostalAddress); §5 names its fields recipientName, state, phoneNumber, recipientEmail.
  const address = (patch: Partial<common.PostalAddress> = {}): common.PostalAddress =>
    common.PostalAddress.fromPartial({ name: 'Maria Bianchi', addressLine1: 'Corso Francia 20', city: 'Torino', province: 'TO', postalCode: '10138', country: 'Italia', countryCode: 'it', ...patch });

  it.each([
    ['recipientName', { name: '  ' }, m.recipientNameRequired],
    ['addressLine1', { addressLine1: '' }, m.addressLine1Required],
    ['city', { city: '' }, m.cityRequired],
    ['postalCode', { postalCode: '' }, m.postalCodeRequired],
    ['country', { country: '' }, m.countryRequired],
    ['countryCode too short', { countryCode: 'I' }, m.countryCodeRequired],
    ['countryCode too long', { countryCode: 'ITA' }, m.countryCodeTooLong],
    ['recipientEmail', { email: 'non-una-email' }, m.emailInvalid],
  ])('§5: %s refused with its text, nothing written', async (_field, patch, message) => {
    const { rows: before } = await stack.pool.query('SELECT * FROM shipments WHERE id = $1', [pending[1]]);
    expect(await failure(shop.api.updateAddress({ id: pending[1]!, address: address(patch) }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: message });
    expect((await stack.pool.query('SELECT * FROM shipments WHERE id = $1', [pending[1]])).rows).toEqual(before);
  });

  it('a valid address is stored (country code upper-cased), searchable; not after the label', async () => {
    const s = await shop.api.updateAddress({ id: pending[1]!, address: address({ email: 'maria@example.it', addressLine2: 'Scala C', phone: '+39 011 1234567' }) });
    expect(s).toMatchObject({ status: 'pending', address: { name: 'Maria Bianchi', countryCode: 'IT', addressLine2: 'Scala C', province: 'TO', phone: '+39 011 1234567', email: 'maria@example.it' } });
    const found = await shop.api.listShipments({ page: 1, pageSize: 10, status: '', carrierIntegrationId: 0, search: 'maria bianchi', orderId: 0 });
    expect(found.shipments.map((x) => x.id)).toEqual([pending[1]]);
    expect(await failure(shop.api.updateAddress({ id: gls[2]!, address: address() }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notEditable('shipped') });
  });

  it('the carrier: one of the merchant’s active integrations, before the label', async () => {
    const changed = await shop.api.changeCarrier({ id: pending[1]!, carrierIntegrationId: posta });
    expect(changed).toMatchObject({ carrierIntegrationId: posta, carrierProvider: 'posta_1', status: 'pending' });
    expect(await failure(shop.api.changeCarrier({ id: pending[1]!, carrierIntegrationId: rival.gls }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.carrierIntegrationNotFound });
    expect(await failure(shop.api.changeCarrier({ id: pending[1]!, carrierIntegrationId: 987_654_321 }))).toEqual({ code: grpcStatus.NOT_FOUND, details: m.carrierIntegrationNotFound });
    const off = await shop.carriers.createIntegration({ merchantId: shop.merchantId, provider: 'posta_rc', connectionName: 'Spenta', active: false, credentials: {} });
    expect(await failure(shop.api.changeCarrier({ id: pending[1]!, carrierIntegrationId: off.id }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.carrierIntegrationInactive });
    expect(await failure(shop.api.changeCarrier({ id: gls[2]!, carrierIntegrationId: posta }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notEditable('shipped') });
    expect(await failure(shop.api.changeCarrier({ id: pending[1]!, carrierIntegrationId: 0 }))).toEqual({ code: grpcStatus.INVALID_ARGUMENT, details: m.carrierIntegrationRequired });
    expect((await get(pending[1]!)).carrierIntegrationId).toBe(posta);
  });

  it('forbidden states: process a shipped one, cancel a delivered one', async () => {
    expect(await failure(shop.api.processShipments({ shipmentIds: [gls[2]!], allPending: false }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notPending('shipped') });
    expect(await failure(shop.api.cancelShipment({ id: immediate, smistaOnly: false }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.notCancellable('delivered') });
    expect((await get(immediate)).status).toBe('delivered');
  });
});

describe('marketplace tracking attempts (marketplaces.tracking.attempted)', () => {
  it('follow the shipment and join its audit trail, once per message', async () => {
    const id = gls[2]!;
    const s = await get(id);
    const retry = await stack.publishTrackingAttempted({ shipmentId: id, merchantId: shop.merchantId, orderId: s.orderId, status: 'retrying', attempts: 1, errorMessage: 'eBay non risponde', durationMs: 120, attemptedAt: new Date(Date.now() - 60_000).toISOString() });
    const pushed = await stack.publishTrackingAttempted({ shipmentId: id, merchantId: shop.merchantId, orderId: s.orderId, status: 'pushed', attempts: 2, durationMs: 80 });
    const stray = await stack.publishTrackingAttempted({ shipmentId: 987_654_321, merchantId: shop.merchantId, status: 'pushed', attempts: 1 });
    await stack.handled([retry, pushed, stray]);
    const after = await get(id);
    expect(after).toMatchObject({ marketplaceTrackingStatus: 'pushed', marketplaceTrackingAttempts: 2, marketplaceTrackingError: '' });
    expect(after.marketplaceTrackingLastAttempt).not.toBe('');
    const pushes = (await shop.api.getShipment({ id })).audit.filter((a) => a.operation === 'PushTracking');
    // The marketplace by the name the merchant knows (eBay), not its id.
    expect(pushes.map((a) => [a.outcome, a.target, a.message])).toEqual([
      ['unavailable', 'ebay', 'eBay non risponde'],
      ['ok', 'ebay', 'Tracking inviato a eBay'],
    ]);
    // The same message again (a redelivery) changes nothing.
    await stack.nats.js.publish('marketplaces.tracking.attempted', new Uint8Array(), { msgID: pushed });
    await new Promise((r) => setTimeout(r, 300));
    expect((await shop.api.getShipment({ id })).audit.filter((a) => a.operation === 'PushTracking')).toHaveLength(2);
  });

  it("a skipped push (automatic tracking off) says 'skipped' everywhere: no time sent, no attempt, an audit row that is not 'ok'", async () => {
    const id = gls[1]!;
    const s = await get(id);
    const skipped = await stack.publishTrackingAttempted({
      shipmentId: id,
      merchantId: shop.merchantId,
      orderId: s.orderId,
      status: 'skipped',
      attempts: 0,
      errorMessage: trackingPushMessages.autoUpdateOff,
      durationMs: 0,
    });
    await stack.handled([skipped]);
    const after = await get(id);
    expect(after).toMatchObject({ marketplaceTrackingStatus: 'skipped', marketplaceTrackingAttempts: 0, marketplaceTrackingError: trackingPushMessages.autoUpdateOff });
    // Nothing was sent and no call made: no 'Inviato il', no 'Ultimo tentativo'.
    expect({ sentAt: after.marketplaceTrackingUpdatedAt, lastAttempt: after.marketplaceTrackingLastAttempt }).toEqual({ sentAt: '', lastAttempt: '' });
    const rows = (await shop.api.getShipment({ id })).audit.filter((a) => a.operation === 'PushTracking');
    expect(rows.map((a) => [a.outcome, a.message])).toEqual([['skipped', trackingPushMessages.autoUpdateOff]]);

    // Sent later on demand: then it has a time it was sent.
    const sentAt = new Date().toISOString();
    const pushed = await stack.publishTrackingAttempted({ shipmentId: id, merchantId: shop.merchantId, orderId: s.orderId, status: 'pushed', attempts: 1, durationMs: 90, attemptedAt: sentAt });
    await stack.handled([pushed]);
    expect(await get(id)).toMatchObject({ marketplaceTrackingStatus: 'pushed', marketplaceTrackingUpdatedAt: sentAt, marketplaceTrackingLastAttempt: sentAt, marketplaceTrackingError: '' });
  });
});

describe("a marketplace's privacy request (marketplaces.privacy.requested, issue 22)", () => {
  it("redact_customer erases the recipient of the named orders' shipments and of the buyer's e-mail, keeping what the carrier traces by; redact_shop every one of the integration; a data request, a repeat and other integrations change nothing", async () => {
    const buyer = await stack.newMerchant();
    const orders = italianOrders(4, { patch: (i) => ({ shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: `Ornella Privata${i}`, addressLine1: `Via Segreta ${i + 10}`, phoneNumber: `+39 347000000${i}`, email: `ornella${i}.privata@example.it` } }) });
    const ids = await shipmentsFor(buyer, orders.map((order) => ({ order, carrierIntegrationId: buyer.gls })));
    expect((await buyer.api.processShipments({ shipmentIds: ids.slice(0, 3), allPending: false })).success).toBe(3);
    // A marketplace's refusal quoting the recipient: the audit trail and the shipment keep it until the erasure.
    const quoted = await stack.publishTrackingAttempted({ shipmentId: ids[0]!, merchantId: buyer.merchantId, status: 'failed', attempts: 1, marketplace: 'shopify', errorMessage: `Indirizzo di Ornella Privata0 (Via Segreta 10) non accettato` });
    // The same e-mail in another merchant's shipment: never touched.
    const [rivalOf] = await shipmentsFor(rival, [{ order: { ...italianOrders(1)[0]!, shippingAddress: { ...orders[1]!.shippingAddress! } }, carrierIntegrationId: rival.gls }]);
    await stack.handled([quoted]);
    const before = await Promise.all(ids.map((id) => get(id, buyer)));
    const erased = (s: shipments.Shipment) => s.address!.name === '' && s.address!.addressLine1 === '' && s.address!.phone === '' && s.address!.email === '';
    const privacy = (event: Parameters<ShipmentsStack['publishPrivacyRequested']>[0]) => stack.publishPrivacyRequested({ merchantId: buyer.merchantId, integrationId: buyer.marketplaceIntegrationId, ...event });
    const search = async (text: string) => (await buyer.api.listShipments({ page: 1, pageSize: 100, status: '', carrierIntegrationId: 0, search: text, orderId: 0 })).shipments.map((x) => x.id);

    // A data request asks nothing of shipments.
    await stack.handled([await privacy({ request: 'customer_data_request', externalOrderIds: [orders[0]!.externalId], customerEmail: 'ornella0.privata@example.it', dataRequestId: '9999' })]);
    expect((await Promise.all(ids.map((id) => get(id, buyer)))).filter(erased)).toEqual([]);

    await stack.handled([await privacy({ request: 'redact_customer', externalOrderIds: [orders[0]!.externalId], customerEmail: 'ORNELLA1.privata@example.it' })]);
    const after = await Promise.all(ids.map((id) => get(id, buyer)));
    expect(after.map(erased)).toEqual([true, true, false, false]);
    for (const i of [0, 1]) {
      // What the carrier traces the parcel by stays.
      expect(after[i]).toMatchObject({ trackingNumber: before[i]!.trackingNumber, status: 'shipped', hasLabel: false });
      expect(after[i]!.address).toMatchObject({ city: before[i]!.address!.city, postalCode: before[i]!.address!.postalCode, province: before[i]!.address!.province, countryCode: before[i]!.address!.countryCode });
      // The label printed the recipient: gone, and the refusal says why.
      expect(await failure(buyer.api.getLabel({ id: ids[i]! }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.labelErased });
    }
    expect((await stack.pool.query('SELECT shipment_id FROM labels WHERE shipment_id = ANY($1::bigint[]) ORDER BY shipment_id', [ids])).rows.map((r) => Number(r.shipment_id))).toEqual([ids[2]]);
    expect(await search('Privata0')).toEqual([]);
    expect(await search(before[0]!.trackingNumber)).toEqual([ids[0]]);
    expect(await search('Privata2')).toEqual([ids[2]]);
    // The quoted name and street are out of the audit trail and the shipment's push error.
    const audit = (await buyer.api.getShipment({ id: ids[0]! })).audit.map((a) => a.message).join(' | ');
    expect(audit).toContain('Indirizzo di [dato cancellato] ([dato cancellato]) non accettato');
    expect(audit).not.toMatch(/Privata|Segreta/);
    expect(after[0]!.marketplaceTrackingError).not.toMatch(/Privata|Segreta/);
    // The merged labels skip them; the other label still prints.
    expect((await buyer.api.mergeLabels({ shipmentIds: ids })).skipped).toEqual([ids[0], ids[1], ids[3]]);

    // Again (a new message for the same request): nothing left to change.
    const erasedAt = async () => (await stack.pool.query('SELECT id, recipient_erased_at FROM shipments WHERE id = ANY($1::bigint[]) ORDER BY id', [ids])).rows;
    const first = await erasedAt();
    await stack.handled([await privacy({ request: 'redact_customer', externalOrderIds: [orders[0]!.externalId], customerEmail: 'ornella1.privata@example.it' })]);
    expect(await erasedAt()).toEqual(first);

    await stack.handled([await privacy({ request: 'redact_shop' })]);
    expect((await Promise.all(ids.map((id) => get(id, buyer)))).every(erased)).toBe(true);
    // The pending one too (a label asked now would name nobody); another merchant's shipment of the same e-mail is untouched.
    expect((await get(rivalOf!, rival)).address).toMatchObject({ name: orders[1]!.shippingAddress!.fullName, email: 'ornella1.privata@example.it' });
    expect(stack.logText()).not.toContain('privata@example.it');
  });
});

describe("Amazon's buyers' data erased after delivery (orders.buyer.erased, issue 22)", () => {
  it("the orders service's round erases the recipient of an Amazon order delivered 31 days ago; 29 days and an eBay order are untouched; a second round changes nothing", async () => {
    const buyer = await stack.newMerchant();
    const today = Date.parse('2031-03-01T09:00:00.000Z');
    const daysAgo = (days: number) => new Date(today - days * 86_400_000).toISOString();
    const orders = italianOrders(3, {
      patch: (i) => ({
        marketplace: i === 2 ? 'ebay' : 'amazon',
        shippingAddress: { ...italianOrders(1)[0]!.shippingAddress!, fullName: `Aldo Riservato${i}`, addressLine1: `Via Nascosta ${i + 20}`, phoneNumber: `+39 348000000${i}`, email: `aldo${i}@marketplace.amazon.it` },
      }),
    });
    const orderIds = await buyer.importOrders(orders.map((order) => ({ order, carrierIntegrationId: buyer.gls })));
    const ids = (await buyer.api.bulkCreate({ orderIds, confirmUnpaid: false, confirmedBy: '' })).outcomes.map((o) => o.shipmentId);
    expect((await buyer.api.processShipments({ shipmentIds: ids, allPending: false })).success).toBe(3);
    // Delivered 31 (Amazon), 29 (Amazon) and 31 (eBay) days before the day the round runs.
    for (const [i, days] of [31, 29, 31].entries()) await stack.deliverToOrders(buyer.merchantId, ids[i]!, orderIds[i]!, daysAgo(days));
    const before = await Promise.all(ids.map((id) => get(id, buyer)));

    stack.ordersClock.set(new Date(today).toISOString());
    const published = await stack.ordersRetentionRound();
    expect(published).toHaveLength(1);
    await stack.handled(published);
    const after = await Promise.all(ids.map((id) => get(id, buyer)));
    expect(after[0]!.address).toMatchObject({ name: '', addressLine1: '', phone: '', email: '', city: before[0]!.address!.city, postalCode: before[0]!.address!.postalCode, countryCode: before[0]!.address!.countryCode });
    expect(after[0]).toMatchObject({ trackingNumber: before[0]!.trackingNumber, hasLabel: false });
    expect(await failure(buyer.api.getLabel({ id: ids[0]! }))).toEqual({ code: grpcStatus.FAILED_PRECONDITION, details: m.labelErased });
    expect(JSON.stringify(after[0])).not.toMatch(/Riservato|Nascosta|aldo0/);
    for (const i of [1, 2]) expect(after[i]).toEqual(before[i]);

    const erasedAt = async () => (await stack.pool.query('SELECT id, recipient_erased_at, recipient_name FROM shipments WHERE id = ANY($1::bigint[]) ORDER BY id', [ids])).rows;
    const first = await erasedAt();
    expect(await stack.ordersRetentionRound()).toEqual([]);
    expect(await erasedAt()).toEqual(first);
    expect(stack.logText()).not.toContain('@marketplace.amazon.it');
  });
});

describe('tenancy', () => {
  it("another merchant's shipment answers exactly like an unknown one on every call, and changes nothing", async () => {
    const { rows: before } = await stack.pool.query('SELECT * FROM shipments WHERE id = ANY($1) ORDER BY id', [[rivalShipped, rivalPending]]);
    for (const id of [rivalShipped, rivalPending, 987_654_321]) {
      expect(await failure(shop.api.getShipment({ id }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.cancelShipment({ id, smistaOnly: false }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.updateTracking({ id }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.getLabel({ id }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.changeCarrier({ id, carrierIntegrationId: shop.gls }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.updateAddress({ id, address: (await get(gls[2]!)).address }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.closeWorkday({ shipmentIds: [id] }))).toEqual(NOT_FOUND);
      expect(await failure(shop.api.processShipments({ shipmentIds: [id], allPending: false }))).toEqual(NOT_FOUND);
    }
    expect(await failure(shop.api.processShipments({ shipmentIds: [rivalPending, rivalShipped], allPending: false }))).toEqual(NOT_FOUND);
    expect((await stack.pool.query('SELECT * FROM shipments WHERE id = ANY($1) ORDER BY id', [[rivalShipped, rivalPending]])).rows).toEqual(before);
    const list = await shop.api.listShipments({ page: 1, pageSize: 100, status: '', carrierIntegrationId: 0, search: '', orderId: 0 });
    expect(list.shipments.every((s) => s.merchantId === shop.merchantId)).toBe(true);
    expect(list.shipments.map((s) => s.id)).not.toContain(rivalShipped);
  });

  it('any member of the merchant works with its shipments; no merchant selected is refused', async () => {
    const { api } = await shop.member();
    expect((await api.getShipment({ id: gls[2]! })).shipment!.id).toBe(gls[2]);
    const none = stack.as(shop.admin.id, undefined);
    expect((await failure(none.listShipments({ page: 1, pageSize: 10, status: '', carrierIntegrationId: 0, search: '', orderId: 0 }))).code).toBe(grpcStatus.FAILED_PRECONDITION);
  });
});
