/**
 * Manual orders (issue 25) against the real orders service and the real carriers service: numbered
 * per merchant, stored like an import (marketplace 'manual', integration 0), the rules applied on
 * create exactly as on import, `orders.order.upserted` through the outbox in the same transaction,
 * the tabs' counts; lines picked from the catalogue (their product, the catalogue's weight) or typed
 * with their weight; bad input refused in Italian with nothing written; tenancy.
 */
import { catalogue, ordersEvents } from '@smista/proto';
import { GrpcStatus } from '@smista/service-kit';
import { manualOrderMessages, shipmentMessages } from '@smista/contracts';
import { carrierIntegration, failure, GLS_ACCOUNT, publishedEvents, startOrdersStack, waitFor, type OrdersStack, type TestMerchant } from './support/harness';

let stack: OrdersStack;

beforeAll(async () => {
  stack = await startOrdersStack();
}, 120_000);
afterAll(() => stack?.stop(), 30_000);

const address = (overrides: Record<string, string> = {}) => ({
  companyName: '',
  contactName: '',
  addressLine2: '',
  province: '',
  name: 'Giulia Bianchi',
  addressLine1: 'Via Garibaldi 5',
  city: 'Torino',
  postalCode: '10121',
  country: 'Italia',
  countryCode: 'IT',
  phone: '+39 333 1234567',
  email: 'giulia@example.it',
  ...overrides,
});
const items = [
  { sku: 'TAZZA-01', title: 'Tazza in ceramica', quantity: 2, unitPrice: '12,50', productId: 0, weightKg: '' },
  { sku: '', title: 'Biglietto di auguri', quantity: 1, unitPrice: '3.90', productId: 0, weightKg: '' },
];

async function ordersOf(merchantId: string) {
  const { rows } = await stack.pool.query('SELECT id, external_id, integration_id, marketplace, total::text, status, payment_status, notes, package_preset_id FROM orders WHERE merchant_id = $1 ORDER BY id', [merchantId]);
  return rows;
}

describe('CreateManualOrder', () => {
  let shop: TestMerchant;
  beforeAll(async () => {
    shop = await stack.newMerchant();
  });

  it('stores the order as an import would, numbered M-000001, M-000002 for the merchant, with its event and counts', async () => {
    const box = await shop.api.savePackagePreset(catalogue.SavePackagePresetRequest.fromPartial({ name: 'Scatola M', lengthMm: 300, widthMm: 200, heightMm: 150, tareGrams: 250 }));
    const first = await shop.api.createManualOrder({ address: address(), items, currency: '', packagePresetId: box.id, notes: 'Consegnare di mattina' });
    expect(first).toMatchObject({
      externalId: 'M-000001',
      marketplace: 'manual',
      integrationId: 0,
      status: 'da_spedire',
      paymentStatus: 'pagato',
      total: '28.90',
      currency: 'EUR',
      itemsCount: 3,
      buyerName: 'Giulia Bianchi',
      buyerEmail: 'giulia@example.it',
    });
    expect(first.shippingAddress?.address).toMatchObject({ name: 'Giulia Bianchi', city: 'Torino', postalCode: '10121', countryCode: 'IT', country: 'Italia', phone: '+39 333 1234567' });
    expect(first.items.map((i) => [i.externalItemId, i.sku, i.title, i.quantity, i.unitPrice, i.total])).toEqual([
      ['1', 'TAZZA-01', 'Tazza in ceramica', 2, '12.50', '25.00'],
      ['2', '', 'Biglietto di auguri', 1, '3.90', '3.90'],
    ]);
    const second = await shop.api.createManualOrder({ address: address({ name: 'Marco Verdi' }), items: [items[0]!], currency: 'eur', packagePresetId: 0, notes: '' });
    expect(second.externalId).toBe('M-000002');
    // The chosen box is the order's package; its items have no weight yet, so neither has the order.
    expect(first.package).toMatchObject({ presetId: box.id, name: 'Scatola M', tareGrams: 250 });
    expect(first.weightMissing).toBe(true);
    expect((await ordersOf(shop.merchantId)).map((r) => [r.external_id, r.notes, r.package_preset_id === null ? null : Number(r.package_preset_id)])).toEqual([
      ['M-000001', 'Consegnare di mattina', box.id],
      ['M-000002', null, null],
    ]);

    const upserted = (await publishedEvents(stack.pool))
      .filter((e) => e.subject === 'orders.order.upserted')
      .map((e) => ordersEvents.OrderUpserted.decode(e.payload))
      .filter((e) => e.merchantId === shop.merchantId);
    expect(upserted.map((e) => ({ orderId: e.orderId, created: e.created, marketplace: e.marketplace, integrationId: e.integrationId, status: e.status }))).toEqual([
      { orderId: first.id, created: true, marketplace: 'manual', integrationId: 0, status: 'da_spedire' },
      { orderId: second.id, created: true, marketplace: 'manual', integrationId: 0, status: 'da_spedire' },
    ]);

    const page = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 20, sortBy: 'orderDate', sortOrder: 'desc', search: 'M-000001', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(page.orders.map((o) => o.externalId)).toEqual(['M-000001']);
    const all = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 20, sortBy: 'orderDate', sortOrder: 'desc', search: '', status: '', marketplace: '', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(all.statusCounts.find((c) => c.status === 'da_spedire')?.count).toBe(2);
    // The list's marketplace filter takes 'manual' (the 'Manuale' choice of the filter panel).
    const manualOnly = await shop.api.listOrders({ merchantId: '', integrationId: 0, page: 1, pageSize: 20, sortBy: 'externalId', sortOrder: 'asc', search: '', status: '', marketplace: 'manual', startDate: '', endDate: '', includeCounts: true, knownVersion: '' });
    expect(manualOnly.orders.map((o) => o.externalId)).toEqual(['M-000001', 'M-000002']);
    expect(await shop.api.getOrder({ merchantId: '', id: first.id })).toMatchObject({ externalId: 'M-000001', marketplace: 'manual' });
  });

  it('gets the carrier of the first shipping rule that takes it, as an import does', async () => {
    const other = await stack.newMerchant();
    const gls = (await carrierIntegration(other, { provider: 'gls', connectionName: 'GLS Milano', active: true, credentials: GLS_ACCOUNT })).id;
    await waitFor('the carrier integration in orders', async () => {
      const { rows } = await stack.pool.query('SELECT 1 FROM carrier_integrations WHERE merchant_id = $1 AND integration_id = $2', [other.merchantId, gls]);
      return rows.length > 0 || undefined;
    });
    const rule = await other.api.createShippingRule({ name: 'Estero con GLS', carrierIntegrationId: gls, conditions: { destinations: ['DE'], excludeDestinations: [], productCategories: [] } });
    const abroad = await other.api.createManualOrder({ address: address({ city: 'Berlin', postalCode: '10115', country: 'Germania', countryCode: 'de' }), items, currency: '', packagePresetId: 0, notes: '' });
    const home = await other.api.createManualOrder({ address: address(), items, currency: '', packagePresetId: 0, notes: '' });
    expect(abroad).toMatchObject({ carrierIntegrationId: gls, carrierSource: 'rule', appliedRuleId: rule.id, appliedRuleName: 'Estero con GLS' });
    expect(abroad.shippingAddress?.address?.countryCode).toBe('DE');
    expect(home).toMatchObject({ carrierIntegrationId: 0, carrierSource: '' });
    const assigned = (await publishedEvents(stack.pool))
      .filter((e) => e.subject === 'orders.carrier.assigned')
      .map((e) => ordersEvents.OrderCarrierAssigned.decode(e.payload))
      .filter((e) => e.merchantId === other.merchantId);
    expect(assigned.map((e) => [e.orderId, e.carrierIntegrationId, e.ruleId])).toEqual([[abroad.id, gls, rule.id]]);
  });

  it('refuses bad input with the Italian reason and writes nothing (no number taken either)', async () => {
    const shop2 = await stack.newMerchant();
    const cases: [Parameters<typeof shop2.api.createManualOrder>[0], string][] = [
      [{ address: address(), items: [], currency: '', packagePresetId: 0, notes: '' }, manualOrderMessages.itemsRequired],
      [{ address: address({ city: '' }), items, currency: '', packagePresetId: 0, notes: '' }, shipmentMessages.cityRequired],
      [{ address: address({ postalCode: '  ' }), items, currency: '', packagePresetId: 0, notes: '' }, shipmentMessages.postalCodeRequired],
      [{ address: address({ email: 'non-una-email' }), items, currency: '', packagePresetId: 0, notes: '' }, shipmentMessages.emailInvalid],
      [{ address: undefined, items, currency: '', packagePresetId: 0, notes: '' }, manualOrderMessages.addressRequired],
      [{ address: address(), items: [{ sku: '', title: 'x', quantity: 0, unitPrice: '1', productId: 0, weightKg: '' }], currency: '', packagePresetId: 0, notes: '' }, manualOrderMessages.quantityInvalid],
      [{ address: address(), items: [{ sku: '', title: 'x', quantity: 1, unitPrice: '1,234', productId: 0, weightKg: '' }], currency: '', packagePresetId: 0, notes: '' }, manualOrderMessages.unitPriceInvalid],
      [{ address: address(), items: [{ sku: '', title: ' ', quantity: 1, unitPrice: '1', productId: 0, weightKg: '' }], currency: '', packagePresetId: 0, notes: '' }, manualOrderMessages.titleRequired],
      [{ address: address(), items: [{ sku: '', title: 'Tazza\u0000', quantity: 1, unitPrice: '1', productId: 0, weightKg: '' }], currency: '', packagePresetId: 0, notes: '' }, 'caratteri'],
      [{ address: address(), items, currency: 'USD', packagePresetId: 0, notes: '' }, manualOrderMessages.currencyInvalid],
      [{ address: address(), items, currency: '', packagePresetId: -3, notes: '' }, manualOrderMessages.packagePresetInvalid],
    ];
    for (const [request, message] of cases) {
      const answer = await failure(shop2.api.createManualOrder(request));
      expect({ code: answer.code, details: answer.details.includes(message) }).toEqual({ code: GrpcStatus.INVALID_ARGUMENT, details: true });
    }
    // Another merchant's preset is the same 404 as an unknown one, and takes no number either.
    const theirs = await stack.newMerchant();
    const theirBox = await theirs.api.savePackagePreset(catalogue.SavePackagePresetRequest.fromPartial({ name: 'Scatola S', lengthMm: 200, widthMm: 150, heightMm: 100, tareGrams: 90 }));
    expect((await failure(shop2.api.createManualOrder({ address: address(), items, currency: '', packagePresetId: theirBox.id, notes: '' }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect(await ordersOf(shop2.merchantId)).toEqual([]);
    expect((await stack.pool.query('SELECT 1 FROM manual_order_numbers WHERE merchant_id = $1', [shop2.merchantId])).rows).toEqual([]);
    expect((await shop2.api.createManualOrder({ address: address(), items, currency: '', packagePresetId: 0, notes: '' })).externalId).toBe('M-000001');
  });

  it('links a line picked from the catalogue to its product and weighs it from the catalogue; a typed line keeps its typed weight', async () => {
    const shop4 = await stack.newMerchant();
    // The catalogue learns VASO-01 from a first order (as from an import), then the merchant weighs it.
    await shop4.api.createManualOrder({ address: address(), items: [{ sku: 'VASO-01', title: 'Vaso', quantity: 1, unitPrice: '20', productId: 0, weightKg: '' }], currency: '', packagePresetId: 0, notes: '' });
    const vase = (await shop4.api.listProducts(catalogue.ListProductsRequest.fromPartial({ search: 'VASO-01', page: 1, pageSize: 10 }))).products[0]!;
    await shop4.api.updateProduct(catalogue.UpdateProductRequest.fromPartial({ id: vase.id, weightGrams: 1200 }));
    const box = await shop4.api.savePackagePreset(catalogue.SavePackagePresetRequest.fromPartial({ name: 'Busta', lengthMm: 300, widthMm: 200, heightMm: 20, tareGrams: 50 }));

    const order = await shop4.api.createManualOrder({
      address: address(),
      items: [
        // picked: the product's SKU wins over what the request says, its title stays as typed
        { sku: 'ALTRO', title: 'Vaso blu', quantity: 2, unitPrice: '20', productId: vase.id, weightKg: '' },
        { sku: '', title: 'Biglietto', quantity: 3, unitPrice: '1,50', productId: 0, weightKg: '0,025' },
      ],
      currency: '',
      packagePresetId: box.id,
      notes: '',
    });
    expect(order.items.map((i) => [i.sku, i.title, i.productId, i.weightGrams])).toEqual([
      ['VASO-01', 'Vaso blu', vase.id, 1200],
      ['', 'Biglietto', 0, 25],
    ]);
    // 2 × 1.2 kg + 3 × 25 g + the Busta's 50 g
    expect({ weightKg: order.weightKg, weightMissing: order.weightMissing }).toEqual({ weightKg: 2.525, weightMissing: false });
    const { rows } = await stack.pool.query('SELECT sku, marketplace_weight_grams FROM order_items WHERE order_id = $1 ORDER BY id', [order.id]);
    expect(rows.map((r) => [r.sku, r.marketplace_weight_grams])).toEqual([['VASO-01', null], [null, 25]]);
    // A typed weight never hides the catalogue's: the product's weight counts when it has one.
    const both = await shop4.api.createManualOrder({ address: address(), items: [{ sku: '', title: 'Vaso', quantity: 1, unitPrice: '20', productId: vase.id, weightKg: '5' }], currency: '', packagePresetId: box.id, notes: '' });
    expect(both.weightKg).toBe(1.25);

    // The weight rule is one rule: weighing the product later moves the open order typed with its SKU.
    const typed = await shop4.api.createManualOrder({ address: address(), items: [{ sku: 'PIATTO-02', title: 'Piatto', quantity: 2, unitPrice: '8', productId: 0, weightKg: '' }], currency: '', packagePresetId: box.id, notes: '' });
    expect(typed.weightMissing).toBe(true);
    const plate = (await shop4.api.listProducts(catalogue.ListProductsRequest.fromPartial({ search: 'PIATTO-02', page: 1, pageSize: 10 }))).products[0]!;
    await shop4.api.updateProduct(catalogue.UpdateProductRequest.fromPartial({ id: plate.id, weightGrams: 300 }));
    expect(await shop4.api.getOrder({ merchantId: '', id: typed.id })).toMatchObject({ weightKg: 0.65, weightMissing: false });
  });

  it("refuses another merchant's product, an unknown one and a bad weight in Italian, writing nothing", async () => {
    const shop5 = await stack.newMerchant();
    const theirs = await stack.newMerchant();
    await theirs.api.createManualOrder({ address: address(), items: [{ sku: 'SEGRETO-1', title: 'Segreto', quantity: 1, unitPrice: '5', productId: 0, weightKg: '' }], currency: '', packagePresetId: 0, notes: '' });
    const theirProduct = (await theirs.api.listProducts(catalogue.ListProductsRequest.fromPartial({ page: 1, pageSize: 10 }))).products[0]!;
    const line = { sku: '', title: 'Tazza', quantity: 1, unitPrice: '5', productId: 0, weightKg: '' };
    for (const productId of [theirProduct.id, 999_999_999]) {
      const answer = await failure(shop5.api.createManualOrder({ address: address(), items: [line, { ...line, productId }], currency: '', packagePresetId: 0, notes: '' }));
      expect({ code: answer.code, details: answer.details }).toEqual({ code: GrpcStatus.NOT_FOUND, details: 'Prodotto non trovato' });
    }
    for (const weightKg of ['0', '-1', '0,0001', '1000,001', 'mezzo chilo', '1,5kg']) {
      const answer = await failure(shop5.api.createManualOrder({ address: address(), items: [{ ...line, weightKg }], currency: '', packagePresetId: 0, notes: '' }));
      expect({ weightKg, code: answer.code, details: answer.details }).toEqual({ weightKg, code: GrpcStatus.INVALID_ARGUMENT, details: manualOrderMessages.weightInvalid });
    }
    expect(await ordersOf(shop5.merchantId)).toEqual([]);
    expect((await stack.pool.query('SELECT 1 FROM manual_order_numbers WHERE merchant_id = $1', [shop5.merchantId])).rows).toEqual([]);
    expect((await stack.pool.query('SELECT sku FROM products WHERE merchant_id = $1', [shop5.merchantId])).rows).toEqual([]);
  });

  it("is the merchant's own: another merchant's member neither reads it nor is told of it; tracking has no marketplace to go to", async () => {
    const shop3 = await stack.newMerchant();
    const order = await shop3.api.createManualOrder({ address: address(), items, currency: '', packagePresetId: 0, notes: '' });
    const stranger = await stack.newMerchant();
    expect((await failure(stranger.api.getOrder({ merchantId: '', id: order.id }))).code).toBe(GrpcStatus.NOT_FOUND);
    expect((await stranger.api.getOrders({ ids: [order.id] })).orders).toEqual([]);
    // A member with role user creates one too: any member.
    const { api } = await shop3.member();
    expect((await api.createManualOrder({ address: address(), items, currency: '', packagePresetId: 0, notes: '' })).externalId).toBe('M-000002');
    const tracking = await failure(shop3.api.updateTracking({ merchantId: '', id: order.id }));
    expect(tracking.details).toContain('Manuale');
  });
});
