import { shipmentMessages as m } from '@smista/contracts';
import { contentDescription, planShipment, type SourceItem, type SourceOrder } from './bulk-create';

const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

/** The customs and weight data of a line (issue 25's seam): unknown, as an eBay line without a catalogue. */
const LINE = { unitPrice: '12.00', currency: 'EUR', weightGrams: null, hsCode: '', originCountry: '', customsDescription: '' };

const order = (patch: Partial<SourceOrder> = {}): SourceOrder => ({
  weightKg: 1.2,
  weightMissing: false,
  package: null,
  id: 42,
  externalId: '12-34567-89012',
  marketplace: 'ebay',
  integrationId: 5,
  status: 'da_spedire',
  paymentStatus: 'pagato',
  carrierIntegrationId: 7,
  address: {
    id: 900,
    fullName: 'Niccolò Rossi',
    companyName: 'Bottega Srl',
    addressLine1: 'Via Garibaldi 5',
    addressLine2: 'Scala B',
    city: 'Torino',
    state: 'TO',
    postalCode: '10121',
    country: 'Italia',
    countryCode: 'it',
    phoneNumber: '+39 333 1234567',
    email: '',
  },
  items: [
    { externalItemId: '10000000001', title: 'Tazza in ceramica dipinta a mano', quantity: 2, fulfillmentStatus: 'da_spedire', ...LINE },
    { externalItemId: '10000000002', title: 'Teiera in ghisa 1 litro', quantity: 1, fulfillmentStatus: 'da_spedire', ...LINE },
  ],
  ...patch,
});

describe('planShipment', () => {
  it('copies recipient, address, lines and the carrier (with its code) from the order', () => {
    const plan = planShipment(MERCHANT, 42, order(), new Map([[7, 'gls']]));
    expect(plan.kind).toBe('create');
    if (plan.kind !== 'create') return;
    expect(plan.shipment).toMatchObject({
      merchantId: MERCHANT,
      orderId: 42,
      orderExternalId: '12-34567-89012',
      marketplace: 'ebay',
      marketplaceIntegrationId: 5,
      carrierIntegrationId: 7,
      carrierProvider: 'gls',
      shippingAddressId: 900,
      recipientName: 'Niccolò Rossi',
      addressLine1: 'Via Garibaldi 5',
      addressLine2: 'Scala B',
      city: 'Torino',
      state: 'TO',
      postalCode: '10121',
      country: 'Italia',
      countryCode: 'IT',
      phoneNumber: '+39 333 1234567',
      recipientEmail: null,
      lineItems: [
        { lineItemId: '10000000001', quantity: 2 },
        { lineItemId: '10000000002', quantity: 1 },
      ],
    });
    expect(plan.shipment.searchText).toBe('12-34567-89012 42 niccolo rossi torino');
  });

  it('the company when there is no person, IT when there is no country code, no carrier when the integration is gone', () => {
    const a = order().address!;
    const plan = planShipment(MERCHANT, 42, order({ address: { ...a, fullName: ' ', countryCode: '' } }), new Map());
    expect(plan).toMatchObject({ kind: 'create', shipment: { recipientName: 'Bottega Srl', countryCode: 'IT', carrierIntegrationId: null, carrierProvider: null } });
    expect(planShipment(MERCHANT, 42, order({ carrierIntegrationId: null }), new Map([[7, 'gls']]))).toMatchObject({ shipment: { carrierIntegrationId: null } });
  });

  it("the delivery the marketplace promised is the shipment's estimated delivery date (issue 26); none or unreadable, none", () => {
    expect(planShipment(MERCHANT, 42, order({ promisedDeliveryBy: '2026-03-10T22:59:59.000Z' }), new Map())).toMatchObject({ shipment: { estimatedDeliveryDate: new Date('2026-03-10T22:59:59.000Z') } });
    expect(planShipment(MERCHANT, 42, order({ promisedDeliveryBy: '' }), new Map())).toMatchObject({ shipment: { estimatedDeliveryDate: null } });
    expect(planShipment(MERCHANT, 42, order({ promisedDeliveryBy: 'domani' }), new Map())).toMatchObject({ shipment: { estimatedDeliveryDate: null } });
  });

  it('an order without an address still makes a shipment to complete by hand', () => {
    expect(planShipment(MERCHANT, 42, order({ address: null }), new Map())).toMatchObject({
      kind: 'create',
      shipment: { recipientName: '', addressLine1: '', countryCode: 'IT', shippingAddressId: null },
    });
  });

  it('a partly shipped order: only the lines the marketplace does not show as shipped, and the content names those', () => {
    const items: SourceItem[] = [
      { externalItemId: '10000000001', title: 'Tazza in ceramica dipinta a mano', quantity: 2, fulfillmentStatus: 'spedito', ...LINE },
      { externalItemId: '10000000002', title: 'Teiera in ghisa 1 litro', quantity: 1, fulfillmentStatus: 'da_spedire', ...LINE },
      { externalItemId: '10000000003', title: 'Candela', quantity: 3, fulfillmentStatus: '', ...LINE },
    ];
    expect(planShipment(MERCHANT, 42, order({ items }), new Map())).toMatchObject({
      kind: 'create',
      shipment: {
        lineItems: [
          { lineItemId: '10000000002', quantity: 1 },
          { lineItemId: '10000000003', quantity: 3 },
        ],
        contentDescription: 'Teiera in ghisa 1 litro, Candela',
      },
    });
  });

  it('every line already shipped: all of them (the merchant ships again on purpose; the marketplace will say why it refuses)', () => {
    const items = order().items.map((i) => ({ ...i, fulfillmentStatus: 'spedito', ...LINE }));
    expect(planShipment(MERCHANT, 42, order({ items }), new Map())).toMatchObject({
      kind: 'create',
      shipment: {
        lineItems: [
          { lineItemId: '10000000001', quantity: 2 },
          { lineItemId: '10000000002', quantity: 1 },
        ],
      },
    });
  });

  it('skips an unknown and a cancelled order with their reasons', () => {
    expect(planShipment(MERCHANT, 43, undefined, new Map())).toEqual({ kind: 'skip', orderId: 43, reason: 'notFound', message: m.orderNotFound });
    expect(planShipment(MERCHANT, 42, order({ status: 'annullato' }), new Map())).toEqual({ kind: 'skip', orderId: 42, reason: 'cancelled', message: m.orderCancelled });
  });

  it('skips an order not paid naming its payment, unless confirmed; the confirmed plan says which payment (issue 19)', () => {
    expect(planShipment(MERCHANT, 42, order({ status: 'da_pagare', paymentStatus: 'in_attesa' }), new Map())).toEqual({
      kind: 'skip',
      orderId: 42,
      reason: 'unpaid',
      message: 'Ordine non pagato (pagamento in attesa): spedizione non creata senza conferma',
    });
    expect(planShipment(MERCHANT, 42, order({ status: 'da_pagare', paymentStatus: 'fallito' }), new Map())).toMatchObject({
      reason: 'unpaid',
      message: 'Ordine non pagato (pagamento non riuscito): spedizione non creata senza conferma',
    });
    expect(planShipment(MERCHANT, 42, order({ status: 'da_pagare', paymentStatus: 'fallito' }), new Map([[7, 'gls']]), { confirmUnpaid: true })).toMatchObject({
      kind: 'create',
      shipment: { orderId: 42, carrierProvider: 'gls', orderPaymentStatus: 'fallito' },
      unpaidConfirmed: 'fallito',
    });
    // Paid (or refunded: the refund is the Errori tab's problem): created without asking.
    expect(planShipment(MERCHANT, 42, order(), new Map())).toMatchObject({ kind: 'create', unpaidConfirmed: null, shipment: { orderPaymentStatus: 'pagato' } });
    expect(planShipment(MERCHANT, 42, order({ paymentStatus: 'rimborsato' }), new Map())).toMatchObject({ kind: 'create', unpaidConfirmed: null });
  });
});

describe('contentDescription', () => {
  it('joins the titles and cuts at 40 characters', () => {
    expect(contentDescription(['Libri'])).toBe('Libri');
    const long = contentDescription(['Tazza in ceramica dipinta a mano', 'Teiera in ghisa 1 litro']);
    expect([...long]).toHaveLength(40);
    expect(long).toBe('Tazza in ceramica dipinta a mano, Teier…');
    expect(contentDescription([])).toBe('');
  });
});
