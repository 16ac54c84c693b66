import { orders } from '@smista/proto';
import { orderJson, orderPageJson, statusCountsJson } from './order-presenters';

const order = orders.Order.fromPartial({
  id: 42,
  merchantId: 'm-1',
  integrationId: 7,
  externalId: '12-34567-89012',
  marketplace: 'ebay',
  buyerName: 'Giulia Bianchi',
  buyerEmail: '',
  externalUsername: 'giulia_b',
  total: '59.80',
  currency: 'EUR',
  status: 'da_spedire',
  paymentStatus: 'pagato',
  externalOrderStatus: 'NOT_STARTED',
  externalPaymentStatus: '',
  itemsCount: 3,
  orderDate: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  shipByDate: '',
  lastSyncedAt: '2026-11-21T10:00:00.000Z',
  carrierIntegrationId: 0,
  // The one postal address on the wire; the JSON answers it under the spec's names (fullName, state, phoneNumber).
  shippingAddress: { id: 9, address: { name: 'Giulia Bianchi', addressLine1: 'Via Garibaldi 5', city: 'Torino', province: 'TO', postalCode: '10121', country: 'Italia', countryCode: 'IT', phone: '+39 333 1234567' } },
  items: [{ id: 1, externalItemId: '10001', title: 'Tazza', sku: 'TAZ-01', quantity: 3, unitPrice: '19.93', total: '59.80', currency: 'EUR', imageUrl: '', variantInfo: 'Colore: blu', shipByDate: '', fulfillmentStatus: 'spedito' }],
  originalDataJson: '{"orderId":"12-34567-89012"}',
});

describe('orderJson', () => {
  it('maps the proto order to the §3 JSON: empty strings and 0 become null', () => {
    expect(orderJson(order)).toEqual({
      id: 42,
      merchantId: 'm-1',
      integrationId: 7,
      externalId: '12-34567-89012',
      marketplace: 'ebay',
      buyerName: 'Giulia Bianchi',
      buyerEmail: null,
      externalUsername: 'giulia_b',
      shippingAddressId: 9,
      total: '59.80',
      currency: 'EUR',
      status: 'da_spedire',
      paymentStatus: 'pagato',
      externalOrderStatus: 'NOT_STARTED',
      externalPaymentStatus: null,
      itemsCount: 3,
      orderDate: '2026-11-20T09:30:00.000Z',
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-21T10:00:00.000Z',
      shipByDate: null,
      lastSyncedAt: '2026-11-21T10:00:00.000Z',
      carrierIntegrationId: null,
      shippingAddressDetails: {
        id: 9,
        fullName: 'Giulia Bianchi',
        companyName: null,
        addressLine1: 'Via Garibaldi 5',
        addressLine2: null,
        city: 'Torino',
        stateOrProvince: 'TO',
        state: 'TO',
        postalCode: '10121',
        country: 'Italia',
        countryCode: 'IT',
        phoneNumber: '+39 333 1234567',
        email: null,
      },
      appliedRule: null,
      carrierSource: null,
      shippingService: '',
      isExpress: false,
      weightKg: null,
      weightMissing: false,
      package: null,
      items: [
        { id: 1, orderId: 42, externalItemId: '10001', title: 'Tazza', productName: 'Tazza', sku: 'TAZ-01', quantity: 3, unitPrice: '19.93', total: '59.80', currency: 'EUR', imageUrl: null, variantInfo: 'Colore: blu', shipByDate: null, fulfillmentStatus: 'spedito', productId: null, weightGrams: null, hsCode: '', originCountry: '', customsDescription: '' },
      ],
      shipments: [],
    });
  });

  it('adds the parsed payload for the detail only', () => {
    expect(orderJson(order, { withOriginalData: true }).originalData).toEqual({ orderId: '12-34567-89012' });
    expect(orderJson({ ...order, originalDataJson: '' }, { withOriginalData: true }).originalData).toBeNull();
    expect(orderJson({ ...order, carrierIntegrationId: 5, shippingAddress: undefined })).toMatchObject({ carrierIntegrationId: 5, shippingAddressId: null, shippingAddressDetails: null });
  });
});

describe('statusCountsJson and orderPageJson', () => {
  it('keys the counts by the filter names, with all the sum', () => {
    expect(
      statusCountsJson([
        { status: 'da_spedire', count: 4 },
        { status: 'consegnato', count: 6 },
        { status: 'annullato', count: 1 },
      ]),
    ).toEqual({ all: 11, TO_PAY: 0, TO_SHIP: 4, IN_TRANSIT: 0, SHIPPED: 0, DELIVERED: 6, CANCELLED: 1 });
  });

  it('answers {data, meta} with the counts inside meta', () => {
    const page = orderPageJson(
      orders.ListOrdersResponse.fromPartial({
        orders: [order],
        meta: { page: 2, pageSize: 1, totalItems: 3, totalPages: 3, hasNextPage: true, hasPrevPage: true },
        statusCounts: [{ status: 'da_spedire', count: 3 }],
      }),
    );
    expect(page.data).toHaveLength(1);
    expect(page.meta).toEqual({ page: 2, pageSize: 1, totalItems: 3, totalPages: 3, hasNextPage: true, hasPrevPage: true, statusCounts: { all: 3, TO_PAY: 0, TO_SHIP: 3, IN_TRANSIT: 0, SHIPPED: 0, DELIVERED: 0, CANCELLED: 0 } });
  });
});
