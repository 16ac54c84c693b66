import { status } from '@grpc/grpc-js';
import { PDFDocument } from 'pdf-lib';
import { carrierMessages as m, messages, posteMessages } from '@smista/contracts';
import type { carriers } from '@smista/proto';
import { glsSandboxControl } from '@smista/sandboxes';
import { failure, GLS_ACCOUNT, POSTE_ACCOUNT, RECIPIENT, startCarriersStack, type CarriersStack, type TestMerchant } from './support/harness';

let stack: CarriersStack;
let shop: TestMerchant;
let glsId: number;
let seq = 1000;

beforeAll(async () => {
  stack = await startCarriersStack();
  shop = await stack.newMerchant();
  await shop.addPickupAddress();
  glsId = (await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'gls', connectionName: 'GLS', credentials: GLS_ACCOUNT })).id;
}, 60_000);
afterAll(() => stack?.stop(), 30_000);

function labelRequest(integrationId: number, patch: Partial<carriers.CreateLabelRequest> = {}): carriers.CreateLabelRequest {
  seq += 1;
  return {
    integrationId,
    reference: `SHP-${seq}`,
    sequence: seq,
    recipient: RECIPIENT,
    sender: undefined,
    parcels: [{ weightGrams: 2500, lengthCm: 0, widthCm: 0, heightCm: 0 }],
    cashOnDeliveryCents: 0,
    notes: 'Fragile',
    orderId: `ORD-${seq}`,
    contentDescription: 'Libri',
    ...patch,
  };
}

async function pdfPages(bytes: Uint8Array): Promise<number> {
  expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('GLS', () => {
  it('creates a label (valid PDF), the same sequence again makes no second shipment, deletes before close', async () => {
    const request = labelRequest(glsId);
    const label = await shop.api.createLabel(request);
    expect(label.trackingNumber).toMatch(/^MI\d{9}$/);
    expect(label.carrierShipmentNumber).toMatch(/^\d{9}$/);
    expect(label.trackingNumber).toBe(`MI${label.carrierShipmentNumber}`);
    expect(await pdfPages(label.labelPdf)).toBeGreaterThanOrEqual(1);
    expect(label.warnings).toEqual([]);

    const retried = await shop.api.createLabel(request);
    expect(retried.carrierShipmentNumber).toBe(label.carrierShipmentNumber);

    const cancelled = await shop.api.cancelShipment({ integrationId: glsId, carrierShipmentNumber: label.carrierShipmentNumber, trackingNumber: label.trackingNumber, labelHandedOut: true });
    expect(cancelled.message).not.toBe('');
    expect(cancelled.cancelledAtCarrier).toBe(true);
  });

  it('issue 25: a parcel over 30 kg and a UK parcel without its declaration are refused before GLS is called', async () => {
    const over = await failure(shop.api.createLabel(labelRequest(glsId, { parcels: [{ weightGrams: 30_001, lengthCm: 0, widthCm: 0, heightCm: 0 }] })));
    expect(over).toEqual({ code: status.INVALID_ARGUMENT, details: 'Il pacco supera il peso massimo di 30 kg per GLS Italia' });
    const london = { ...RECIPIENT, city: 'London', postalCode: 'SW1A 1AA', province: '', countryCode: 'GB' };
    const bare = await failure(shop.api.createLabel(labelRequest(glsId, { recipient: london })));
    expect(bare.code).toBe(status.INVALID_ARGUMENT);
    expect(bare.details).toMatch(/^Dati doganali mancanti per la destinazione fuori dall'Unione doganale UE: il tipo di contenuto, almeno un articolo/);
    const customs = { contentType: 'merce', invoiceNumber: 'FT-1', currency: 'EUR', items: [{ description: 'Libri', quantity: 1, valueCents: 1500, weightGrams: 400, hsCode: '490199', originCountry: 'IT' }] };
    const label = await shop.api.createLabel(labelRequest(glsId, { recipient: london, customs }));
    expect(await pdfPages(label.labelPdf)).toBe(2);
  });

  it('closes the workday with one outcome per shipment and the manifest; a closed shipment cannot be deleted; tracking follows', async () => {
    const a = await shop.api.createLabel(labelRequest(glsId));
    const b = await shop.api.createLabel(labelRequest(glsId, { recipient: { ...RECIPIENT, name: 'Lucia Bianchi CONSEGNA IMMEDIATA', addressLine1: 'Corso Francia 20' } }));
    const closed = await shop.api.closeWorkday({ integrationId: glsId, carrierShipmentNumbers: [a.carrierShipmentNumber, b.carrierShipmentNumber, '123456789'] });
    expect(closed.outcomes).toHaveLength(3);
    expect(closed.outcomes.filter((o) => o.ok).map((o) => o.carrierShipmentNumber).sort()).toEqual([a.carrierShipmentNumber, b.carrierShipmentNumber].sort());
    expect(closed.outcomes.find((o) => o.carrierShipmentNumber === '123456789')).toMatchObject({ ok: false });
    expect(await pdfPages(closed.manifestPdf)).toBeGreaterThanOrEqual(1);

    const refused = await failure(shop.api.cancelShipment({ integrationId: glsId, carrierShipmentNumber: a.carrierShipmentNumber, trackingNumber: a.trackingNumber, labelHandedOut: true }));
    expect(refused.code).toBe(status.FAILED_PRECONDITION);
    expect(refused.details).toMatch(/GLS/);

    const tracked = await shop.api.track({ integrationId: glsId, trackingNumber: b.trackingNumber, carrierShipmentNumber: b.carrierShipmentNumber });
    expect(tracked.delivered).toBe(true);
    expect(tracked.events.length).toBeGreaterThan(0);
  });

  it.each([
    ['an unacceptable postal code', { postalCode: '00000' }, /CAP/],
    ['a destination GLS cannot determine', { postalCode: '99999' }, /GLS/],
    ['the 999999999 answer', { name: 'Ditta 999999999' }, /GLS/],
    ['a street over 35 characters (refused before sending)', { addressLine1: 'Via dei Ciclamenti Profumati di Primavera 123' }, /35/],
  ])('%s reaches the caller as an Italian refusal', async (_name, recipientPatch, message) => {
    const err = await failure(shop.api.createLabel(labelRequest(glsId, { recipient: { ...RECIPIENT, ...recipientPatch } })));
    expect(err.code).toBe(status.FAILED_PRECONDITION);
    expect(err.details).toMatch(message);
  });

  it('an unknown street is accepted with the GLS Check warning', async () => {
    const label = await shop.api.createLabel(labelRequest(glsId, { recipient: { ...RECIPIENT, addressLine1: 'Via Sconosciuta 1' } }));
    expect(label.carrierShipmentNumber).toMatch(/^\d{9}$/);
    expect(label.warnings.join(' ')).toMatch(/GLS/);
  });

  it('refuses a label for an inactive integration, a bad request, or a merchant without a pickup address', async () => {
    const off = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'gls', connectionName: 'GLS spento', active: false, credentials: GLS_ACCOUNT });
    expect(await failure(shop.api.createLabel(labelRequest(off.id)))).toEqual({ code: status.FAILED_PRECONDITION, details: m.integrationInactive });
    expect(await failure(shop.api.createLabel(labelRequest(glsId, { parcels: [] })))).toEqual({ code: status.INVALID_ARGUMENT, details: m.parcelsRequired });

    const bare = await stack.newMerchant();
    const bareGls = await bare.api.createIntegration({ merchantId: bare.merchantId, provider: 'gls', connectionName: 'GLS', credentials: GLS_ACCOUNT });
    expect(await failure(bare.api.createLabel(labelRequest(bareGls.id)))).toEqual({ code: status.FAILED_PRECONDITION, details: m.senderMissing });
    // An explicit sender needs no address book.
    const withSender = await bare.api.createLabel(labelRequest(bareGls.id, { sender: { ...RECIPIENT, name: 'Mittente Srl', city: 'Milano', postalCode: '20121', province: 'MI' } }));
    expect(withSender.trackingNumber).toMatch(/^MI\d{9}$/);
  });

  it('GetSender answers the pickup address CreateLabel would use, as merchants has it now; none → the same refusal', async () => {
    // The one postal address (common.v1.PostalAddress): company and country name from the merchant address too.
    expect(await shop.api.getSender({})).toEqual({
      name: 'Bottega Verdi Srl',
      companyName: 'Bottega Verdi Srl',
      contactName: 'Anna Verdi',
      addressLine1: 'Via Roma 10',
      addressLine2: '',
      city: 'Milano',
      postalCode: '20121',
      province: 'MI',
      country: 'Italia',
      countryCode: 'IT',
      phone: '+39 02 1234567',
      email: 'spedizioni@bottega.example.it',
    });
    const moved = await stack.newMerchant();
    expect(await failure(moved.api.getSender({}))).toEqual({ code: status.FAILED_PRECONDITION, details: m.senderMissing });
    await moved.addPickupAddress();
    await moved.renamePickupAddress('Bottega Nuova Srl');
    expect((await moved.api.getSender({})).name).toBe('Bottega Nuova Srl');
    expect(await failure((await stack.as(moved.admin.id, undefined)).getSender({}))).toEqual({ code: status.FAILED_PRECONDITION, details: messages.errors.noMerchantSelected });
  });
});

describe('Poste Delivery Business', () => {
  it('creates a waybill with its PDF label and tracks it', async () => {
    const poste = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'poste_delivery', connectionName: 'Poste', credentials: POSTE_ACCOUNT });
    expect(poste.status).toBe('active');
    const label = await shop.api.createLabel(labelRequest(poste.id));
    expect(label.trackingNumber).not.toBe('');
    expect(label.carrierShipmentNumber).toBe(label.trackingNumber);
    expect(await pdfPages(label.labelPdf)).toBeGreaterThanOrEqual(1);
    const tracked = await shop.api.track({ integrationId: poste.id, trackingNumber: label.trackingNumber, carrierShipmentNumber: label.carrierShipmentNumber });
    expect(tracked.events.length).toBeGreaterThan(0);
    expect((await failure(shop.api.closeWorkday({ integrationId: poste.id, carrierShipmentNumbers: [label.carrierShipmentNumber] }))).code).toBe(status.FAILED_PRECONDITION);
    expect(stack.logText()).not.toContain(POSTE_ACCOUNT.password);
  });

  it('offers no cancellation: CancelShipment reads the tracking and answers a void in Smista only, or refuses once Poste has the parcel', async () => {
    const poste = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'poste_delivery', connectionName: 'Poste annullamenti', credentials: POSTE_ACCOUNT });
    const label = await shop.api.createLabel(labelRequest(poste.id));
    const ref = { integrationId: poste.id, carrierShipmentNumber: label.carrierShipmentNumber, trackingNumber: label.trackingNumber, labelHandedOut: true };
    expect(await shop.api.cancelShipment(ref)).toEqual({ message: posteMessages.voidChecked(label.trackingNumber), codeReleased: false, cancelledAtCarrier: false });
    const travelling = await shop.api.createLabel(labelRequest(poste.id, { recipient: { ...RECIPIENT, name: 'Lucia Bianchi CONSEGNA IMMEDIATA' } }));
    const refused = await failure(shop.api.cancelShipment({ ...ref, carrierShipmentNumber: travelling.carrierShipmentNumber, trackingNumber: travelling.trackingNumber }));
    expect(refused.code).toBe(status.FAILED_PRECONDITION);
    expect(refused.details).toMatch(new RegExp(`^Poste Delivery Business ha già preso in carico il pacco ${travelling.trackingNumber} \\(La spedizione è stata consegnata`));
  });
});

describe('Poste letter services', () => {
  it('take a pool code per label (the same for a retry), print it on a PDF, and give it back on cancel when no label was handed out', async () => {
    const posta = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'posta_1', connectionName: 'Posta1', credentials: {} });
    const ref = { merchantId: shop.merchantId, id: posta.id };
    await shop.api.addTrackingCodes({ ...ref, method: 'range', trackingCodes: [], fromCode: '2IUP00000001', toCode: '2IUP00000002' });

    // A letter weighs grams (issue 25: the letter services refuse more than 2 kg before anything).
    const letter = (patch: Partial<carriers.CreateLabelRequest> = {}) => labelRequest(posta.id, { parcels: [{ weightGrams: 40, lengthCm: 0, widthCm: 0, heightCm: 0 }], ...patch });
    const heavy = await failure(shop.api.createLabel(labelRequest(posta.id)));
    expect(heavy).toEqual({ code: status.INVALID_ARGUMENT, details: 'Il pacco supera il peso massimo di 2 kg per Posta1' });
    expect(await shop.api.getTrackingCodeStats(ref)).toMatchObject({ available: 2, used: 0 });
    const request = letter();
    const label = await shop.api.createLabel(request);
    expect(label.trackingNumber).toBe('2IUP00000001');
    expect(await pdfPages(label.labelPdf)).toBe(1);
    expect((await shop.api.createLabel(request)).trackingNumber).toBe('2IUP00000001');
    expect(await shop.api.getTrackingCodeStats(ref)).toMatchObject({ available: 1, used: 1 });

    const second = await shop.api.createLabel(letter());
    expect(second.trackingNumber).toBe('2IUP00000002');
    expect(await failure(shop.api.createLabel(letter()))).toEqual({ code: status.FAILED_PRECONDITION, details: m.noCodesAvailable });

    const kept = await shop.api.cancelShipment({ integrationId: posta.id, carrierShipmentNumber: second.carrierShipmentNumber, trackingNumber: second.trackingNumber, labelHandedOut: true });
    expect([kept.codeReleased, kept.cancelledAtCarrier]).toEqual([false, false]);
    const released = await shop.api.cancelShipment({ integrationId: posta.id, carrierShipmentNumber: label.carrierShipmentNumber, trackingNumber: label.trackingNumber, labelHandedOut: false });
    expect(released.codeReleased).toBe(true);
    expect(await shop.api.getTrackingCodeStats(ref)).toMatchObject({ available: 1, used: 1 });

    const csv = await shop.api.exportDistinta({ ...ref, date: '', format: 'csv' });
    expect(csv.filename).toMatch(/^distinta-posta_1-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = Buffer.from(csv.data).toString('utf8');
    expect(text).toContain('2IUP00000002');
    expect(text).not.toContain('2IUP00000001');
    expect(text).toContain('Mario Rossi');
    const pdf = await shop.api.exportDistinta({ ...ref, date: '', format: 'pdf' });
    expect(await pdfPages(pdf.data)).toBeGreaterThanOrEqual(1);
  });
});

/*
 * Issue 26 through gRPC: Track answers each event with Smista's status (mapped in the adapter) and
 * the carrier's own code. The paths' ends come at once with CONSEGNA IMMEDIATA; the last test moves
 * the GLS sandbox's clock over HTTP, so it runs last (every other test makes its parcels afresh).
 */
describe('issue 26: Track with Smista statuses and carrier codes', () => {
  const track = (integrationId: number, label: { trackingNumber: string; carrierShipmentNumber: string }) =>
    shop.api.track({ integrationId, trackingNumber: label.trackingNumber, carrierShipmentNumber: label.carrierShipmentNumber });
  const path = (answer: carriers.TrackResponse) => answer.events.map((e) => `${e.code} ${e.status}`);

  it('GLS: a parcel returned to the sender reads returned (final), never delivered; Poste: a held one reads held', async () => {
    const back = await shop.api.createLabel(labelRequest(glsId, { recipient: { ...RECIPIENT, name: 'Lucia RESO CONSEGNA IMMEDIATA', addressLine1: 'Via Po 3' } }));
    await shop.api.closeWorkday({ integrationId: glsId, carrierShipmentNumbers: [back.carrierShipmentNumber] });
    const returned = await track(glsId, back);
    expect(path(returned)).toEqual(['901 info', '902 in_transit', '903 in_transit', '904 in_transit', '905 out_for_delivery', '1 exception', '68 held', '910 returned']);
    expect(returned.delivered).toBe(false);
    expect(returned.events.at(-1)).toMatchObject({ description: 'RESO AL MITTENTE (Giacenza non svincolata)', location: 'MILANO' });

    const poste = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'poste_delivery', connectionName: 'Poste giacenze', credentials: POSTE_ACCOUNT });
    const held = await track(poste.id, await shop.api.createLabel(labelRequest(poste.id, { recipient: { ...RECIPIENT, name: 'Lucia GIACENZA CONSEGNA IMMEDIATA' } })));
    expect(path(held)).toEqual(['PRE info', 'ACC in_transit', 'PCP in_transit', 'ARR in_transit', 'INC out_for_delivery', 'MCO exception', 'GIA held']);
    expect(held.delivered).toBe(false);
  });

  it('a letter service has no tracking call: Track is not supported', async () => {
    const posta = await shop.api.createIntegration({ merchantId: shop.merchantId, provider: 'posta_rc', connectionName: 'Raccomandata', credentials: {} });
    const err = await failure(shop.api.track({ integrationId: posta.id, trackingNumber: '2IUP00000009', carrierShipmentNumber: '2IUP00000009' }));
    expect(err.code).toBe(status.FAILED_PRECONDITION);
    expect(err.details).toMatch(/tracking/);
  });

  it('GLS: the normal path moves on the sandbox clock, from in transit to delivered', async () => {
    const label = await shop.api.createLabel(labelRequest(glsId, { recipient: { ...RECIPIENT, name: 'Lucia Normale', addressLine1: 'Via Dora 4' } }));
    await shop.api.closeWorkday({ integrationId: glsId, carrierShipmentNumbers: [label.carrierShipmentNumber] });
    expect(path(await track(glsId, label))).toEqual(['901 info', '902 in_transit']);
    await glsSandboxControl(stack.gls.url).advanceClock(300);
    const delivered = await track(glsId, label);
    expect(path(delivered)).toEqual(['901 info', '902 in_transit', '903 in_transit', '904 in_transit', '905 out_for_delivery', '906 delivered']);
    expect(delivered.delivered).toBe(true);
  });
});
