import { InvalidEventError } from './errors';
import { parseImportedOrder, type ImportedOrderEvent } from './imported-order';

const NOW = new Date('2026-11-23T12:00:00Z');
const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';

function event(patch: Partial<NonNullable<ImportedOrderEvent['order']>> = {}, outer: Partial<ImportedOrderEvent> = {}): ImportedOrderEvent {
  return {
    merchantId: MERCHANT,
    integrationId: 12,
    jobId: 3,
    syncedAt: '2026-11-23T11:59:00.000Z',
    order: {
      externalId: '12-34567-89012',
      marketplace: 'ebay',
      buyerName: 'Giulia Bianchi',
      buyerEmail: 'giulia.bianchi@example.it',
      externalUsername: 'giulia_b',
      total: '59.80',
      currency: 'EUR',
      status: 'da_spedire',
      paymentStatus: 'pagato',
      externalOrderStatus: 'NOT_STARTED',
      externalPaymentStatus: 'PAID',
      orderDate: '2026-11-20T09:30:00.000Z',
      lastModifiedAt: '2026-11-20T10:00:00.000Z',
      shipByDate: '2026-11-23T23:59:59.000Z',
      shippingAddress: {
        fullName: 'Giulia Bianchi',
        companyName: '',
        addressLine1: 'Via Garibaldi 5',
        addressLine2: 'Scala B',
        city: 'Torino',
        stateOrProvince: 'TO',
        postalCode: '10121',
        countryCode: 'it',
        phoneNumber: '+39 333 1234567',
        email: '',
      },
      items: [
        { externalItemId: '10001', legacyItemId: '2345', sku: 'TAZ-01', title: 'Tazza in ceramica', quantity: 2, unitPrice: '9.90', total: '19.80', currency: 'EUR', imageUrl: 'https://i.example.it/1.jpg', variantInfo: 'Colore: blu', fulfillmentStatus: 'da_spedire' },
        { externalItemId: '10002', legacyItemId: '', sku: '', title: 'Teiera', quantity: 1, unitPrice: '40.00', total: '', currency: '', imageUrl: '', variantInfo: '', fulfillmentStatus: '' },
      ],
      rawJson: '{"orderId":"12-34567-89012","buyer":{"username":"giulia_b"}}',
      ...patch,
    },
    ...outer,
  };
}

describe('parseImportedOrder', () => {
  it('normalises a complete import', () => {
    const { order, warnings } = parseImportedOrder(event(), NOW);
    expect(warnings).toEqual([]);
    expect(order).toMatchObject({
      merchantId: MERCHANT,
      integrationId: 12,
      externalId: '12-34567-89012',
      marketplace: 'ebay',
      buyerName: 'Giulia Bianchi',
      buyerEmail: 'giulia.bianchi@example.it',
      externalUsername: 'giulia_b',
      total: '59.80',
      currency: 'EUR',
      status: 'da_spedire',
      marketplaceStatus: 'da_spedire',
      paymentStatus: 'pagato',
      externalOrderStatus: 'NOT_STARTED',
      externalPaymentStatus: 'PAID',
      itemsCount: 3,
      orderDate: new Date('2026-11-20T09:30:00.000Z'),
      lastModifiedAt: new Date('2026-11-20T10:00:00.000Z'),
      shipByDate: new Date('2026-11-23T23:59:59.000Z'),
      syncedAt: new Date('2026-11-23T11:59:00.000Z'),
      searchText: '12-34567-89012 giulia bianchi giulia.bianchi@example.it giulia_b',
      originalData: '{"orderId":"12-34567-89012","buyer":{"username":"giulia_b"}}',
    });
    expect(order.address).toEqual({
      fullName: 'Giulia Bianchi',
      companyName: null,
      addressLine1: 'Via Garibaldi 5',
      addressLine2: 'Scala B',
      city: 'Torino',
      state: 'TO',
      postalCode: '10121',
      country: 'Italia',
      countryCode: 'IT',
      phoneNumber: '+39 333 1234567',
      email: null,
    });
    expect(order.items[0]).toEqual({
      externalItemId: '10001',
      legacyItemId: '2345',
      sku: 'TAZ-01',
      title: 'Tazza in ceramica',
      quantity: 2,
      unitPrice: '9.90',
      total: '19.80',
      currency: 'EUR',
      imageUrl: 'https://i.example.it/1.jpg',
      variantInfo: 'Colore: blu',
      fulfillmentStatus: 'da_spedire',
      // eBay says no weight: the catalogue's is used.
      marketplaceWeightGrams: null,
    });
    // A line without its total: unit price × quantity, the order's currency.
    expect(order.items[1]).toMatchObject({ legacyItemId: null, sku: null, total: '40.00', currency: 'EUR', imageUrl: null });
  });

  it('defaults an unknown status to da_spedire and an unknown payment to in_attesa, with warnings', () => {
    const { order, warnings } = parseImportedOrder(event({ status: 'FULFILLED', paymentStatus: 'PAID' }), NOW);
    expect(order.marketplaceStatus).toBe('da_spedire');
    expect(order.paymentStatus).toBe('in_attesa');
    // Not paid (as far as we know): held back.
    expect(order.status).toBe('da_pagare');
    expect(warnings).toHaveLength(2);
  });

  it('an order to ship not paid is shown da_pagare, the marketplace status kept apart (issue 19)', () => {
    for (const paymentStatus of ['in_attesa', 'fallito']) {
      const { order } = parseImportedOrder(event({ paymentStatus }), NOW);
      expect({ status: order.status, marketplaceStatus: order.marketplaceStatus }).toEqual({ status: 'da_pagare', marketplaceStatus: 'da_spedire' });
    }
    expect(parseImportedOrder(event({ paymentStatus: 'rimborsato' }), NOW).order.status).toBe('da_spedire');
    // Cancelled or delivered on the marketplace: that, whatever the payment.
    expect(parseImportedOrder(event({ status: 'annullato', paymentStatus: 'fallito' }), NOW).order.status).toBe('annullato');
  });

  it('accepts the filter names of the statuses', () => {
    expect(parseImportedOrder(event({ status: 'DELIVERED' }), NOW).order.status).toBe('consegnato');
  });

  it('uses the order date as the version when the last-modified date is missing', () => {
    const { order, warnings } = parseImportedOrder(event({ lastModifiedAt: '' }), NOW);
    expect(order.lastModifiedAt).toEqual(order.orderDate);
    expect(warnings).toEqual([expect.stringContaining('last_modified_at')]);
  });

  it('keeps what eBay dropped as null (e-mail after 14 days, address after 90) and the sync time as now when missing', () => {
    const { order } = parseImportedOrder(event({ buyerEmail: '', shippingAddress: undefined }, { syncedAt: '' }), NOW);
    expect(order.buyerEmail).toBeNull();
    expect(order.address).toBeNull();
    expect(order.syncedAt).toEqual(NOW);
    // An address with every field empty is no address.
    const empty = event().order!.shippingAddress!;
    const blank = parseImportedOrder(event({ shippingAddress: { ...empty, fullName: '', addressLine1: '', city: '', postalCode: '', countryCode: '' } }), NOW);
    expect(blank.order.address).toBeNull();
  });

  it('takes the buyer name from the address when the order has none', () => {
    expect(parseImportedOrder(event({ buyerName: '  ' }), NOW).order.buyerName).toBe('Giulia Bianchi');
  });

  it('repairs lines: no id → legacy id or position, unreadable quantity → 1, no unit price → total ÷ quantity, neither → 0.00', () => {
    const base = event().order!.items[0];
    const { order, warnings } = parseImportedOrder(
      event({
        items: [
          { ...base, externalItemId: '', legacyItemId: 'L-9' },
          { ...base, externalItemId: '', legacyItemId: '', quantity: 0 },
          { ...base, unitPrice: '', total: '30.00', quantity: 3 },
          { ...base, unitPrice: 'gratis', total: '' },
        ],
      }),
      NOW,
    );
    expect(order.items.map((i) => [i.externalItemId, i.quantity, i.unitPrice, i.total])).toEqual([
      ['L-9', 2, '9.90', '19.80'],
      ['2', 1, '9.90', '19.80'],
      ['10001', 3, '10.00', '30.00'],
      ['10001', 2, '0.00', '0.00'],
    ]);
    expect(order.itemsCount).toBe(8);
    expect(warnings.length).toBeGreaterThanOrEqual(4);
  });

  it('rounds amounts to cents and upper-cases the currency', () => {
    const { order } = parseImportedOrder(event({ total: '10.005', currency: 'eur' }), NOW);
    expect(order.total).toBe('10.01');
    expect(order.currency).toBe('EUR');
  });

  it('strips NUL characters and keeps a payload with \\u0000 as valid jsonb text', () => {
    const { order } = parseImportedOrder(event({ buyerName: 'Mar\u0000io', rawJson: '{"note":"a\\u0000b"}' }), NOW);
    expect(order.buyerName).toBe('Mario');
    expect(JSON.parse(order.originalData!)).toEqual({ note: 'ab' });
  });

  it('drops a payload that is not JSON, with a warning', () => {
    const { order, warnings } = parseImportedOrder(event({ rawJson: '<xml/>' }), NOW);
    expect(order.originalData).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('raw_json')]);
    expect(parseImportedOrder(event({ rawJson: '' }), NOW).order.originalData).toBeNull();
  });

  it.each([
    ['a merchant that is not a uuid', event({}, { merchantId: 'shop-1' })],
    ['no integration', event({}, { integrationId: 0 })],
    ['no order', { ...event(), order: undefined }],
    ['no external id', event({ externalId: '  ' })],
    ['an unknown marketplace', event({ marketplace: 'wish' })],
    ['no order date', event({ orderDate: '' })],
    ['an order date that is not a date', event({ orderDate: '2026-13-45T00:00:00Z' })],
    ['a total that is not an amount', event({ total: 'n/d' })],
    ['a total too large for numeric(12,2)', event({ total: '12345678901.00' })],
  ])('refuses %s (dead-lettered by the kit after its retries)', (_name, bad) => {
    expect(() => parseImportedOrder(bad, NOW)).toThrow(InvalidEventError);
  });
});
