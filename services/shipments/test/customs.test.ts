/**
 * Issue 25 end to end in the service: a shipment keeps its parcel and, to the United Kingdom, its
 * customs declaration; 'Processa' refuses it while data is missing (nothing reaches a carrier),
 * the drawer's edits complete it, and the label comes back with the CN22 (Postapriority
 * Internazionale) or the commercial invoice (GLS) after it. A parcel over its carrier's limits is
 * refused before any call to GLS. Real identity, merchants, carriers (GLS sandbox), orders.
 *
 * The order items' weight, HS code, origin and customs description come from the orders service's
 * catalogue (its seam fields on GetOrders): one test fills a product through orders' UpdateProduct
 * and its UK shipment needs nothing typed. Elsewhere the orders carry their weights through the
 * import payload (`weightGrams` of the imported items, the catalogue's fallback) and the rest is
 * entered as the merchant does, through UpdateCustoms.
 */
import { customsMessages } from '@smista/contracts';
import { status } from '@grpc/grpc-js';
import { formatS10 } from '../../carriers/src/domain/s10';
import { pageTexts } from './support/pdf';
import { failure, italianOrders, startShipmentsStack, type ShipmentsStack, type TestMerchant } from './support/harness';

let stack: ShipmentsStack;
let shop: TestMerchant;
let priority: number;

beforeAll(async () => {
  stack = await startShipmentsStack();
  shop = await stack.newMerchant();
  const integration = await shop.carriers.createIntegration({ merchantId: shop.merchantId, provider: 'posta_pr_intl', connectionName: 'Postapriority', active: true, credentials: {} });
  await shop.carriers.addTrackingCodes({ merchantId: shop.merchantId, id: integration.id, method: 'range', trackingCodes: [], fromCode: formatS10('RB', 1), toCode: formatS10('RB', 20) });
  priority = integration.id;
}, 120_000);
afterAll(() => stack?.stop(), 60_000);

/** One order to London (its items weighed unless `unweighed`), its shipment created: the shipment. */
async function londonShipment(carrierIntegrationId: number, options: { unweighed?: boolean } = {}) {
  const [order] = italianOrders(1, { patch: () => ({ shippingAddress: { fullName: 'Jane Doe', companyName: '', addressLine1: '1 High Street', addressLine2: '', city: 'London', stateOrProvince: '', postalCode: 'SW1A 1AA', countryCode: 'GB', phoneNumber: '', email: '' } }) });
  const [orderId] = await shop.importOrders([{ order: order!, carrierIntegrationId, unweighed: options.unweighed }]);
  const created = await shop.api.bulkCreate({ orderIds: [orderId!], confirmUnpaid: false, confirmedBy: '' });
  return (await shop.api.getShipment({ id: created.outcomes[0]!.shipmentId })).shipment!;
}

const completeDeclaration = {
  contentType: 'merce',
  invoiceNumber: 'FT-2026-12',
  currency: 'EUR',
  items: [{ description: 'Tazza in ceramica', quantity: 2, valueCents: 2500, weightGrams: 600, hsCode: '691200', originCountry: 'IT' }],
};

describe('a UK shipment asks for its customs data before the label', () => {
  it('is created with its parcel and a prefilled declaration, in Errori with what is missing', async () => {
    const s = await londonShipment(priority);
    expect(s).toMatchObject({ status: 'pending', customsNeeded: true, customsTerritory: 'GB' });
    expect(s.parcel!.weightGrams).toBeGreaterThan(0);
    expect(s.customs!.contentType).toBe('merce');
    expect(s.customs!.items.length).toBeGreaterThan(0);
    expect(s.customs!.items[0]!.valueCents).toBeGreaterThan(0);
    // The invoice number is the order's; the catalogue knows no HS code of this product yet.
    expect(s.customs!.invoiceNumber).toBe(s.orderExternalId);
    expect(s.customsMissing).toContain("il codice HS dell'articolo 1");
    expect(s.problem).toMatch(/^Dati doganali mancanti: .*il codice HS dell'articolo 1/);
    const errori = await shop.api.listShipments({ page: 1, pageSize: 50, status: 'error', carrierIntegrationId: 0, search: '', orderId: 0 });
    expect(errori.shipments.map((x) => x.id)).toContain(s.id);
  });

  it("'Processa' refuses it naming what is missing, and no code is taken from the pool", async () => {
    const s = await londonShipment(priority);
    const before = await shop.carriers.getTrackingCodeStats({ merchantId: shop.merchantId, id: priority });
    const err = await failure(shop.api.processShipments({ shipmentIds: [s.id], allPending: false }));
    expect(err.code).toBe(status.FAILED_PRECONDITION);
    expect(err.details).toContain("Dati doganali mancanti per la destinazione fuori dall'Unione doganale UE: ");
    expect(err.details).toContain("il codice HS dell'articolo 1");
    expect((await shop.carriers.getTrackingCodeStats({ merchantId: shop.merchantId, id: priority })).available).toBe(before.available);
  });

  it('completed in the drawer, it is labelled with the CN22 after the label', async () => {
    const s = await londonShipment(priority);
    const saved = await shop.api.updateCustoms({ id: s.id, customs: completeDeclaration });
    expect(saved.customsMissing).toEqual([]);
    expect(saved.problem).toBe('');
    expect(await shop.api.processShipments({ shipmentIds: [s.id], allPending: false })).toMatchObject({ success: 1, failed: 0 });
    const pages = await pageTexts((await shop.api.getLabel({ id: s.id })).data);
    expect(pages).toHaveLength(2);
    expect(pages[1]).toContain('CUSTOMS DECLARATION CN 22');
    expect(pages[1]).toContain('FT-2026-12');
    expect(pages[1]).toContain('691200');
  });

  it('with GLS, the label comes with the commercial invoice', async () => {
    const s = await londonShipment(shop.gls);
    await shop.api.updateCustoms({ id: s.id, customs: completeDeclaration });
    expect(await shop.api.processShipments({ shipmentIds: [s.id], allPending: false })).toMatchObject({ success: 1 });
    const pages = await pageTexts((await shop.api.getLabel({ id: s.id })).data);
    expect(pages.at(-1)).toContain('COMMERCIAL INVOICE');
    expect(pages.at(-1)).toContain('FT-2026-12');
  });

  it('bad input is refused in Italian and nothing is written; a shipped one cannot be edited', async () => {
    const s = await londonShipment(priority);
    const wrong = await failure(shop.api.updateCustoms({ id: s.id, customs: { ...completeDeclaration, items: [{ ...completeDeclaration.items[0]!, hsCode: '12' }] } }));
    expect(wrong.code).toBe(status.INVALID_ARGUMENT);
    expect(wrong.details).toBe('Il codice HS deve avere da 6 a 10 cifre');
    expect((await shop.api.getShipment({ id: s.id })).shipment!.customs!.invoiceNumber).toBe(s.orderExternalId);
    const other = await stack.newMerchant();
    expect((await failure(other.api.updateCustoms({ id: s.id, customs: completeDeclaration }))).code).toBe(status.NOT_FOUND);
    expect((await failure(other.api.updateParcel({ id: s.id, parcel: { weightGrams: 500, lengthMm: 0, widthMm: 0, heightMm: 0, packageName: '' } }))).code).toBe(status.NOT_FOUND);
  });
});

describe('a UK shipment of a product the merchant filled in the catalogue', () => {
  it('takes weight, HS code, origin and customs description from the catalogue: complete without typing, labelled with its CN22', async () => {
    const sku = `TAZ-${Date.now()}`;
    const [order] = italianOrders(1, { patch: () => ({ shippingAddress: { fullName: 'Jane Doe', companyName: '', addressLine1: '1 High Street', addressLine2: '', city: 'London', stateOrProvince: '', postalCode: 'SW1A 1AA', countryCode: 'GB', phoneNumber: '', email: '' } }) });
    const line = { ...order!.items[0]!, sku, title: 'Tazza Blu 300 ml', quantity: 2, unitPrice: '12.50', total: '25.00', weightGrams: 0 };
    const [orderId] = await shop.importOrders([{ order: { ...order!, items: [line], total: '25.00' }, carrierIntegrationId: priority, unweighed: true }]);
    // Learned from the import with nothing but its title: the order says 'Peso mancante'.
    const [product] = (await shop.orders.listProducts({ search: sku, missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: 10 })).products;
    expect(product).toMatchObject({ sku, hsCode: '', originCountry: '' });
    expect((await shop.orders.getOrders({ ids: [orderId!] })).orders[0]).toMatchObject({ weightMissing: true });
    await shop.orders.updateProduct({ id: product!.id, weightGrams: 350, hsCode: '691200', originCountry: 'IT', customsDescription: 'Tazze in ceramica', shipsInOwnBox: false });
    const created = await shop.api.bulkCreate({ orderIds: [orderId!], confirmUnpaid: false, confirmedBy: '' });
    const s = (await shop.api.getShipment({ id: created.outcomes[0]!.shipmentId })).shipment!;
    expect(s.parcel!.weightGrams).toBe(700);
    expect(s.customs).toMatchObject({ contentType: 'merce', invoiceNumber: s.orderExternalId, items: [{ description: 'Tazze in ceramica', quantity: 2, valueCents: 2500, weightGrams: 700, hsCode: '691200', originCountry: 'IT' }] });
    expect({ missing: s.customsMissing, problem: s.problem }).toEqual({ missing: [], problem: '' });
    expect(await shop.api.processShipments({ shipmentIds: [s.id], allPending: false })).toMatchObject({ success: 1, failed: 0 });
    const pages = await pageTexts((await shop.api.getLabel({ id: s.id })).data);
    expect(pages[1]).toContain('CUSTOMS DECLARATION CN 22');
    expect(pages[1]).toContain('Tazze in ceramica');
    expect(pages[1]).toContain('691200');
  });
});

describe('the real parcel', () => {
  it('without a weight the shipment says so and is not labelled until one is entered', async () => {
    const [order] = italianOrders(1);
    const [orderId] = await shop.importOrders([{ order: order!, carrierIntegrationId: shop.gls, unweighed: true }]);
    const id = (await shop.api.bulkCreate({ orderIds: [orderId!], confirmUnpaid: false, confirmedBy: '' })).outcomes[0]!.shipmentId;
    const s = (await shop.api.getShipment({ id })).shipment!;
    expect(s.parcel!.weightGrams).toBe(0);
    expect(s.problem).toBe(customsMessages.problemWeightMissing);
    expect((await failure(shop.api.processShipments({ shipmentIds: [id], allPending: false }))).details).toBe(customsMessages.weightMissing);
    const weighed = await shop.api.updateParcel({ id, parcel: { weightGrams: 1800, lengthMm: 300, widthMm: 200, heightMm: 150, packageName: 'Scatola M' } });
    expect(weighed.parcel).toEqual({ weightGrams: 1800, lengthMm: 300, widthMm: 200, heightMm: 150, packageName: 'Scatola M' });
    expect(weighed.problem).toBe('');
    expect(await shop.api.processShipments({ shipmentIds: [id], allPending: false })).toMatchObject({ success: 1 });
  });

  it('over the carrier limits it is refused before any call to GLS, the limit named', async () => {
    const [order] = italianOrders(1);
    const [orderId] = await shop.importOrders([{ order: order!, carrierIntegrationId: shop.gls }]);
    const id = (await shop.api.bulkCreate({ orderIds: [orderId!], confirmUnpaid: false, confirmedBy: '' })).outcomes[0]!.shipmentId;
    await shop.api.updateParcel({ id, parcel: { weightGrams: 31_000, lengthMm: 0, widthMm: 0, heightMm: 0, packageName: '' } });
    const asked = stack.gls.referenceTally()[`SHP-${id}`];
    const result = await shop.api.processShipments({ shipmentIds: [id], allPending: false });
    expect(result).toMatchObject({ success: 0, failed: 1 });
    expect(result.errors[0]!.message).toBe('Il pacco supera il peso massimo di 30 kg per GLS Italia');
    expect(asked).toBeUndefined();
    expect(stack.gls.referenceTally()[`SHP-${id}`]).toBeUndefined();
    expect((await shop.api.getShipment({ id })).shipment).toMatchObject({ status: 'error', errorMessage: 'Il pacco supera il peso massimo di 30 kg per GLS Italia' });
  });
});
