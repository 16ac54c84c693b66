import { ProviderUnavailableError } from '@smista/service-kit';
import { nextOffsetOf, parseFulfillmentLocation, parseIdentity, parseOneOrder, parseOrder, parseOrdersPage, parseShippingFulfillments, parseTokenResponse } from './parse';

/* Good answers parsed: eBay's documented bodies (providers.md) to our tokens, seller and orders. */

const AT = Date.parse('2026-03-05T09:00:00Z');

function unavailable(fn: () => unknown): ProviderUnavailableError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ProviderUnavailableError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('parseTokenResponse', () => {
  const exchange = {
    access_token: 'v^1.1#i^1#p^3#r^0#I^3#f^0#t^H4sIAAAAAAAAAOVY',
    expires_in: 7200,
    refresh_token: 'v^1.1#i^1#p^3#r^1#I^3#f^0#t^Ul4xMF8xOkY',
    refresh_token_expires_in: 47304000,
    token_type: 'User Access Token',
  };

  it('makes the expiries absolute from the moment the request left', () => {
    expect(parseTokenResponse('authorization_code', JSON.stringify(exchange), AT)).toEqual({
      accessToken: exchange.access_token,
      accessTokenExpiresAt: new Date('2026-03-05T11:00:00Z'),
      refreshToken: exchange.refresh_token,
      refreshTokenExpiresAt: new Date(AT + 47_304_000_000),
    });
  });

  it('reads a refresh, which carries no refresh token', () => {
    const tokens = parseTokenResponse('refresh_token', JSON.stringify({ access_token: 'v^1.1#new', expires_in: '7200', token_type: 'User Access Token' }), AT);
    expect(tokens).toEqual({ accessToken: 'v^1.1#new', accessTokenExpiresAt: new Date('2026-03-05T11:00:00Z') });
  });

  it('fails readably, without quoting the body, on an answer that is not a token', () => {
    const notJson = unavailable(() => parseTokenResponse('authorization_code', 'access_token=secret-value', AT));
    expect(notJson.code).toBe('PROVIDER_UNAVAILABLE');
    expect(notJson.message).toBe('eBay non risponde in questo momento. Riprova più tardi.');
    expect(JSON.stringify({ ...notJson, message: notJson.message })).not.toContain('secret-value');
    expect(unavailable(() => parseTokenResponse('authorization_code', '{"expires_in":7200}', AT)).detail).toContain('no access_token');
    expect(unavailable(() => parseTokenResponse('authorization_code', '{"access_token":"x","expires_in":"soon"}', AT)).detail).toContain('expires_in');
    expect(unavailable(() => parseTokenResponse('authorization_code', '{"access_token":"x","expires_in":7200}', AT)).detail).toContain('without refresh_token');
  });
});

describe('parseIdentity', () => {
  it('reads the seller of the commerce identity API', () => {
    const body = { userId: 'bXN4bWNvbGxlY3Rpb24', username: 'bottega_verdi', accountType: 'BUSINESS', registrationMarketplaceId: 'EBAY_IT', status: 'CONFIRMED', businessAccount: { name: 'Bottega Verdi Srl', email: 'info@bottegaverdi.it' } };
    expect(parseIdentity(JSON.stringify(body))).toEqual({
      userId: 'bXN4bWNvbGxlY3Rpb24',
      username: 'bottega_verdi',
      accountType: 'BUSINESS',
      registrationMarketplaceId: 'EBAY_IT',
      email: 'info@bottegaverdi.it',
    });
    expect(parseIdentity('{"userId":"u1","username":"mario","accountType":"INDIVIDUAL","individualAccount":{"email":"m@example.it"}}')).toEqual({
      userId: 'u1',
      username: 'mario',
      accountType: 'INDIVIDUAL',
      email: 'm@example.it',
    });
  });

  it('fails readably without a user id', () => {
    expect(unavailable(() => parseIdentity('{"username":"mario"}')).detail).toContain('no userId');
  });
});

/** A paid order with two lines, as the Sell Fulfillment API documents it. */
const order = {
  orderId: '12-03955-36441',
  legacyOrderId: '110123456789-2938475610021',
  creationDate: '2026-03-01T10:15:30.000Z',
  lastModifiedDate: '2026-03-02T08:00:00.000Z',
  orderFulfillmentStatus: 'NOT_STARTED',
  orderPaymentStatus: 'PAID',
  sellerId: 'bottega_verdi',
  buyer: {
    username: 'giulia.bianchi84',
    taxAddress: { countryCode: 'IT', postalCode: '20121' },
    buyerRegistrationAddress: { fullName: 'Giulia Bianchi', email: 'giulia.b@example.it' },
  },
  pricingSummary: {
    priceSubtotal: { value: '59.80', currency: 'EUR' },
    deliveryCost: { value: '6.90', currency: 'EUR' },
    total: { value: '66.7', currency: 'EUR' },
  },
  cancelStatus: { cancelState: 'NONE_REQUESTED', cancelRequests: [] },
  fulfillmentStartInstructions: [
    {
      fulfillmentInstructionsType: 'SHIP_TO',
      shippingStep: {
        shippingCarrierCode: 'GLS',
        shippingServiceCode: 'IT_Gls',
        shipTo: {
          fullName: 'Giulia Bianchi',
          companyName: 'Studio Bianchi',
          contactAddress: { addressLine1: 'Via Giuseppe Garibaldi 12', addressLine2: 'Scala B', city: 'Milano', stateOrProvince: 'MI', postalCode: '20121', countryCode: 'it' },
          primaryPhone: { phoneNumber: '+39 333 1234567' },
          email: 'a1b2c3d4e5@members.ebay.it',
        },
      },
    },
  ],
  lineItems: [
    {
      lineItemId: '10012345678901',
      legacyItemId: '295512345678',
      sku: 'TAZZA-ROSSA-350',
      title: 'Tazza in ceramica fatta a mano',
      lineItemCost: { value: '29.70', currency: 'EUR' },
      quantity: 3,
      total: { value: '36.60', currency: 'EUR' },
      lineItemFulfillmentStatus: 'NOT_STARTED',
      lineItemFulfillmentInstructions: { shipByDate: '2026-03-04T22:59:59.000Z', maxEstimatedDeliveryDate: '2026-03-10T22:59:59.000Z', guaranteedDelivery: false },
      variationAspects: [
        { name: 'Colore', value: 'Rosso' },
        { name: 'Capacità', value: '350 ml' },
      ],
      image: { imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l500.jpg' },
    },
    {
      lineItemId: '10012345678902',
      legacyItemId: '295512345679',
      title: 'Sottobicchieri in sughero (set da 6)',
      lineItemCost: { value: '30.10', currency: 'EUR' },
      quantity: 1,
      lineItemFulfillmentStatus: 'NOT_STARTED',
      lineItemFulfillmentInstructions: { shipByDate: '2026-03-03T22:59:59.000Z', maxEstimatedDeliveryDate: '2026-03-09T22:59:59.000Z' },
    },
  ],
  salesRecordReference: '1234',
};

describe('parseOneOrder (getOrder)', () => {
  it('reads one order as a page reads its orders; an answer that is not an order is a passing fault', () => {
    expect(parseOneOrder(JSON.stringify(order), '12-03955-36441')).toEqual(parseOrder(order));
    expect(unavailable(() => parseOneOrder('<html>', '12-03955-36441'))).toMatchObject({ code: 'PROVIDER_UNAVAILABLE' });
  });
});

describe('parseOrder', () => {
  it('normalises a paid order with its address and items', () => {
    expect(parseOrder(order)).toEqual({
      externalId: '12-03955-36441',
      marketplace: 'ebay',
      buyerName: 'Giulia Bianchi',
      buyerEmail: 'a1b2c3d4e5@members.ebay.it',
      externalUsername: 'giulia.bianchi84',
      total: '66.70',
      currency: 'EUR',
      status: 'da_spedire',
      paymentStatus: 'pagato',
      externalOrderStatus: 'NOT_STARTED',
      externalPaymentStatus: 'PAID',
      orderDate: '2026-03-01T10:15:30.000Z',
      lastModifiedAt: '2026-03-02T08:00:00.000Z',
      shipByDate: '2026-03-03T22:59:59.000Z',
      // The latest of the lines' promises: the buyer was told the last item arrives by then.
      promisedDeliveryBy: '2026-03-10T22:59:59.000Z',
      shippingService: 'IT_Gls',
      express: false,
      shippingAddress: {
        fullName: 'Giulia Bianchi',
        companyName: 'Studio Bianchi',
        addressLine1: 'Via Giuseppe Garibaldi 12',
        addressLine2: 'Scala B',
        city: 'Milano',
        stateOrProvince: 'MI',
        postalCode: '20121',
        countryCode: 'IT',
        phoneNumber: '+39 333 1234567',
        email: 'a1b2c3d4e5@members.ebay.it',
        // The one postal address (field 11), the same address orders reads first.
        address: {
          name: 'Giulia Bianchi',
          companyName: 'Studio Bianchi',
          contactName: '',
          addressLine1: 'Via Giuseppe Garibaldi 12',
          addressLine2: 'Scala B',
          city: 'Milano',
          province: 'MI',
          postalCode: '20121',
          country: '',
          countryCode: 'IT',
          phone: '+39 333 1234567',
          email: 'a1b2c3d4e5@members.ebay.it',
        },
      },
      items: [
        {
          externalItemId: '10012345678901',
          legacyItemId: '295512345678',
          sku: 'TAZZA-ROSSA-350',
          title: 'Tazza in ceramica fatta a mano',
          quantity: 3,
          unitPrice: '9.90',
          total: '29.70',
          currency: 'EUR',
          imageUrl: 'https://i.ebayimg.com/images/g/abc/s-l500.jpg',
          variantInfo: 'Colore: Rosso, Capacità: 350 ml',
          fulfillmentStatus: 'da_spedire',
          weightGrams: 0,
        },
        {
          externalItemId: '10012345678902',
          legacyItemId: '295512345679',
          sku: '',
          title: 'Sottobicchieri in sughero (set da 6)',
          quantity: 1,
          unitPrice: '30.10',
          total: '30.10',
          currency: 'EUR',
          imageUrl: '',
          variantInfo: '',
          fulfillmentStatus: 'da_spedire',
          weightGrams: 0,
        },
      ],
      rawJson: JSON.stringify(order),
    });
    expect(JSON.parse(parseOrder(order).rawJson)).toEqual(order);
  });

  it('leaves empty what eBay dropped after 14 and 90 days, never inventing it', () => {
    const old = structuredClone(order) as Record<string, any>;
    delete old.buyer.buyerRegistrationAddress;
    const shipTo = old.fulfillmentStartInstructions[0].shippingStep.shipTo;
    delete shipTo.email;
    delete shipTo.fullName;
    delete shipTo.primaryPhone;
    delete shipTo.contactAddress.addressLine1;
    const parsed = parseOrder(old);
    expect(parsed.buyerEmail).toBe('');
    expect(parsed.buyerName).toBe('giulia.bianchi84');
    expect(parsed.shippingAddress).toMatchObject({
      fullName: '',
      companyName: 'Studio Bianchi',
      addressLine1: '',
      addressLine2: 'Scala B',
      city: 'Milano',
      stateOrProvince: 'MI',
      postalCode: '20121',
      countryCode: 'IT',
      phoneNumber: '',
      email: '',
    });
    expect(parsed.shippingAddress?.address).toMatchObject({ name: '', addressLine1: '', phone: '', email: '', city: 'Milano', province: 'MI' });
  });

  it("takes the buyer's registration e-mail and name when the ship-to has none", () => {
    const o = structuredClone(order) as Record<string, any>;
    delete o.fulfillmentStartInstructions[0].shippingStep.shipTo.email;
    delete o.fulfillmentStartInstructions[0].shippingStep.shipTo.fullName;
    expect(parseOrder(o)).toMatchObject({ buyerEmail: 'giulia.b@example.it', buyerName: 'Giulia Bianchi' });
  });

  it('has no address without a shipping step, and maps cancelled, refunded and partly shipped orders', () => {
    const o = structuredClone(order) as Record<string, any>;
    o.fulfillmentStartInstructions = [];
    o.cancelStatus = { cancelState: 'CANCELED', cancelledDate: '2026-03-02T08:00:00.000Z' };
    o.orderPaymentStatus = 'FULLY_REFUNDED';
    const cancelled = parseOrder(o);
    expect(cancelled.shippingAddress).toBeUndefined();
    expect(cancelled.shippingService).toBe('');
    expect(cancelled).toMatchObject({ status: 'annullato', paymentStatus: 'rimborsato', externalOrderStatus: 'NOT_STARTED/CANCEL_CANCELED', externalPaymentStatus: 'FULLY_REFUNDED' });
    expect(parseOrder({ ...order, orderFulfillmentStatus: 'IN_PROGRESS', orderPaymentStatus: 'PARTIALLY_REFUNDED' })).toMatchObject({ status: 'da_spedire', paymentStatus: 'parzialmente_rimborsato' });
    expect(parseOrder({ ...order, orderFulfillmentStatus: 'FULFILLED' })).toMatchObject({ status: 'spedito' });
  });

  it('falls back on the creation date for the modification date, and has no ship-by date without instructions', () => {
    const o = structuredClone(order) as Record<string, any>;
    delete o.lastModifiedDate;
    for (const item of o.lineItems) delete item.lineItemFulfillmentInstructions;
    expect(parseOrder(o)).toMatchObject({ lastModifiedAt: '2026-03-01T10:15:30.000Z', shipByDate: '', promisedDeliveryBy: '' });
  });

  it('refuses an order without id', () => {
    expect(unavailable(() => parseOrder({ ...order, orderId: '' })).detail).toContain('without orderId');
  });
});

describe('parseOrdersPage', () => {
  const page = (o: object) => JSON.stringify({ href: 'https://api.ebay.com/sell/fulfillment/v1/order?offset=0&limit=2', total: 5, limit: 2, offset: 0, orders: [order, { ...order, orderId: '12-03955-36442' }], ...o });

  it("reads the orders and follows eBay's next link", () => {
    const parsed = parseOrdersPage(page({ next: 'https://api.ebay.com/sell/fulfillment/v1/order?filter=creationdate%3A%5B..%5D&limit=2&offset=2' }), { offset: 0, limit: 2 });
    expect(parsed.total).toBe(5);
    expect(parsed.nextOffset).toBe(2);
    expect(parsed.orders.map((o) => o.externalId)).toEqual(['12-03955-36441', '12-03955-36442']);
  });

  it('has no next offset on the last page', () => {
    expect(parseOrdersPage(page({ offset: 4, orders: [order] }), { offset: 4, limit: 2 })).toMatchObject({ total: 5, nextOffset: null });
    expect(parseOrdersPage('{"total":0,"limit":200,"offset":0,"orders":[]}', { offset: 0, limit: 200 })).toEqual({ total: 0, nextOffset: null, orders: [] });
    expect(parseOrdersPage('{"total":0,"offset":0}', { offset: 0, limit: 200 })).toEqual({ total: 0, nextOffset: null, orders: [] });
  });

  it('refuses a page that is not an orders page', () => {
    expect(unavailable(() => parseOrdersPage('<html>', { offset: 0, limit: 200 })).detail).toContain('not JSON');
    expect(unavailable(() => parseOrdersPage('{"orders":["x"]}', { offset: 0, limit: 200 })).detail).toContain('order 0');
  });
});

describe('nextOffsetOf', () => {
  it("uses the link's offset when it moves forward, else the page's end", () => {
    expect(nextOffsetOf('/sell/fulfillment/v1/order?offset=400&limit=200', 200, 200, 200)).toBe(400);
    expect(nextOffsetOf('https://api.ebay.com/sell/fulfillment/v1/order?limit=200', 200, 200, 200)).toBe(400);
    expect(nextOffsetOf('https://api.ebay.com/sell/fulfillment/v1/order?offset=200', 200, 200, 200)).toBe(400);
    expect(nextOffsetOf('::not a url::', 0, 50, 50)).toBe(50);
    expect(nextOffsetOf('', 0, 50, 50)).toBeNull();
    expect(nextOffsetOf('/order?offset=50', 0, 50, 0)).toBeNull();
  });
});

describe('parseFulfillmentLocation', () => {
  it('is the last segment of Location', () => {
    expect(parseFulfillmentLocation('https://api.ebay.com/sell/fulfillment/v1/order/12-03955-36441/shipping_fulfillment/9405509699937003457459')).toBe('9405509699937003457459');
    expect(parseFulfillmentLocation('/sell/fulfillment/v1/order/1/shipping_fulfillment/abc%20def/')).toBe('abc def');
    expect(parseFulfillmentLocation(undefined)).toBe('');
  });
});

describe('parseShippingFulfillments', () => {
  it("reads getShippingFulfillments' answer: ids, lines, carrier, tracking number as eBay holds it, shipped date", () => {
    const text = JSON.stringify({
      fulfillments: [
        {
          fulfillmentId: '9405509699937003457459',
          lineItems: [{ lineItemId: '10012345678901', quantity: 2 }, { lineItemId: '10012345678902', quantity: '1' }, { quantity: 1 }],
          shippedDate: '2026-03-05T09:00:00.000Z',
          shippingCarrierCode: 'GLS',
          shipmentTrackingNumber: 'MI123456789',
        },
        { fulfillmentId: '9405509699937003457460', lineItems: [{ lineItemId: '10012345678903', quantity: 1 }], shippedDate: '2026-03-06T09:00:00.000Z' },
      ],
      total: 2,
      warnings: [],
    });
    expect(parseShippingFulfillments(text, '12-34567-89012')).toEqual([
      {
        fulfillmentId: '9405509699937003457459',
        lineItems: [
          { lineItemId: '10012345678901', quantity: 2 },
          { lineItemId: '10012345678902', quantity: 1 },
        ],
        shippingCarrierCode: 'GLS',
        trackingNumber: 'MI123456789',
        shippedDate: '2026-03-05T09:00:00.000Z',
      },
      { fulfillmentId: '9405509699937003457460', lineItems: [{ lineItemId: '10012345678903', quantity: 1 }], shippingCarrierCode: '', trackingNumber: '', shippedDate: '2026-03-06T09:00:00.000Z' },
    ]);
  });

  it('none: an empty list, with or without the field', () => {
    expect(parseShippingFulfillments('{"fulfillments":[],"total":0}', '1')).toEqual([]);
    expect(parseShippingFulfillments('{"total":0}', '1')).toEqual([]);
  });

  it('an answer we cannot read is the kit’s unavailability (a passing fault)', () => {
    for (const text of ['<html>', '[]', '{"fulfillments":["x"]}', '{"fulfillments":[{"lineItems":[]}]}']) {
      expect(() => parseShippingFulfillments(text, '12-34567-89012')).toThrow(ProviderUnavailableError);
    }
  });
});
