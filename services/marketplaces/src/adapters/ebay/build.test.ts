import { ebayMessages } from '@smista/contracts';
import type { DomainError } from '@smista/service-kit';
import type { TrackingPush } from '../adapter';
import {
  buildAuthorizeParams,
  buildAuthorizeUrl,
  buildCodeExchangeForm,
  buildFulfillmentRequest,
  buildOrdersQuery,
  buildRefreshForm,
  codeAsIssued,
  fulfillmentPath,
  orderPath,
} from './build';
import type { EbaySettings } from './settings';

/* Request built: the exact parameters, forms, queries and bodies the adapter sends eBay, and every refusal before sending. */

const settings: EbaySettings = {
  clientId: ' Smista-Smista-PRD-a1b2c3d4e-5f6a7b8c ',
  clientSecret: 'PRD-1b2c3d4e5f6a-7b8c-9d0e',
  ruName: 'Smista-Smista-Smista-abcdefgh',
  authUrl: 'https://auth.ebay.com/',
  apiUrl: 'https://api.ebay.com',
  identityUrl: 'https://apiz.ebay.com',
  maxConcurrentRequests: 4,
};

const SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/sell.marketing',
  'https://api.ebay.com/oauth/api_scope/sell.account',
  'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
];

function refusal(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a refusal');
}

describe('the consent page', () => {
  it("has eBay's authorize address, the app's client id, the RuName and the six scopes of spec §7 as full URLs", () => {
    expect(buildAuthorizeParams(settings)).toEqual({
      authorizeUrl: 'https://auth.ebay.com/oauth2/authorize',
      clientId: 'Smista-Smista-PRD-a1b2c3d4e-5f6a7b8c',
      redirectUri: 'Smista-Smista-Smista-abcdefgh',
      scopes: SCOPES,
    });
  });

  it('is one URL with response_type=code, the scopes space-separated and every value encoded', () => {
    const url = buildAuthorizeUrl(buildAuthorizeParams(settings), 'ebay', { prompt: 'login', locale: 'it-IT' });
    expect(url.startsWith('https://auth.ebay.com/oauth2/authorize?client_id=Smista-Smista-PRD-a1b2c3d4e-5f6a7b8c&redirect_uri=Smista-Smista-Smista-abcdefgh&response_type=code&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope%20https%3A%2F%2F')).toBe(true);
    const query = new URL(url).searchParams;
    expect(query.get('scope')).toBe(SCOPES.join(' '));
    expect(query.get('state')).toBe('ebay');
    expect(query.get('prompt')).toBe('login');
    expect(query.get('locale')).toBe('it-IT');
    expect(url).not.toContain('+');
  });
});

describe('the token forms', () => {
  const code = 'v^1.1#i^1#p^3#r^1#I^3#f^0#t^Ul41XzM6MjI0QTc5NzQ3QUJBRjU4MjY4RjFFRjQ2MjhGOTEwMTRfMF8xI0VeMjYw';

  it('exchanges the code as eBay issued it, encoded once by the form, with the RuName as redirect_uri', () => {
    const form = buildCodeExchangeForm(settings, code);
    expect(form).toEqual({ grant_type: 'authorization_code', code, redirect_uri: 'Smista-Smista-Smista-abcdefgh' });
    const body = new URLSearchParams(form).toString();
    expect(body).toContain(`code=${encodeURIComponent(code).replace(/%20/g, '+')}`);
    expect(body).not.toContain('%25');
    expect(new URLSearchParams(body).get('code')).toBe(code);
  });

  it('decodes once a code handed over still URL-encoded, so it is never sent double-encoded', () => {
    expect(codeAsIssued(encodeURIComponent(code))).toBe(code);
    expect(buildCodeExchangeForm(settings, encodeURIComponent(code)).code).toBe(code);
    expect(codeAsIssued(` ${code} `)).toBe(code);
    expect(codeAsIssued('abc%zz')).toBe('abc%zz');
  });

  it('refreshes with the refresh token and the same scopes', () => {
    expect(buildRefreshForm(' v^1.1#i^1#f^0#r^1#I^3#p^3#t^Ul4xMF8= ')).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'v^1.1#i^1#f^0#r^1#I^3#p^3#t^Ul4xMF8=',
      scope: SCOPES.join(' '),
    });
  });
});

describe('the getOrders query', () => {
  const from = new Date('2026-03-01T00:00:00Z');
  const to = new Date('2026-03-05T09:30:15.250Z');

  it('filters by creation date for a first import, with the brackets encoded in the URL', () => {
    const query = buildOrdersQuery({ filterBy: 'created', from, to, offset: 0, limit: 200 });
    expect(query).toEqual({ filter: 'creationdate:[2026-03-01T00:00:00.000Z..2026-03-05T09:30:15.250Z]', limit: '200', offset: '0' });
    const url = new URL('https://api.ebay.com/sell/fulfillment/v1/order');
    for (const [k, v] of Object.entries(query)) url.searchParams.append(k, v);
    expect(url.search).toBe('?filter=creationdate%3A%5B2026-03-01T00%3A00%3A00.000Z..2026-03-05T09%3A30%3A15.250Z%5D&limit=200&offset=0');
  });

  it('filters by last modification afterwards', () => {
    expect(buildOrdersQuery({ filterBy: 'modified', from, to, offset: 400, limit: 50 })).toEqual({
      filter: 'lastmodifieddate:[2026-03-01T00:00:00.000Z..2026-03-05T09:30:15.250Z]',
      limit: '50',
      offset: '400',
    });
  });

  it('clamps the page to 1..200 (eBay refuses more with 31100) and the offset to whole numbers ≥ 0', () => {
    expect(buildOrdersQuery({ filterBy: 'created', from, to, offset: -5, limit: 1000 })).toMatchObject({ limit: '200', offset: '0' });
    expect(buildOrdersQuery({ filterBy: 'created', from, to, offset: 10.7, limit: 0 })).toMatchObject({ limit: '1', offset: '10' });
    expect(buildOrdersQuery({ filterBy: 'created', from, to, offset: Number.NaN, limit: Number.NaN })).toMatchObject({ limit: '200', offset: '0' });
  });
});

describe('the tracking push', () => {
  const push = (patch: Partial<Omit<TrackingPush, 'accessToken'>> = {}): Omit<TrackingPush, 'accessToken'> => ({
    externalOrderId: ' 01-03955-36441 ',
    lineItems: [
      { lineItemId: '10012345678901', quantity: 1 },
      { lineItemId: ' 10012345678902 ', quantity: 3 },
    ],
    carrierCode: ' GLS ',
    trackingNumber: ' MI 123 456 789 ',
    shippedDate: new Date('2026-03-05T09:00:00Z'),
    ...patch,
  });

  it("is eBay's createShippingFulfillment body, the tracking number without spaces", () => {
    expect(buildFulfillmentRequest(push())).toEqual({
      orderId: '01-03955-36441',
      body: {
        lineItems: [
          { lineItemId: '10012345678901', quantity: 1 },
          { lineItemId: '10012345678902', quantity: 3 },
        ],
        shippedDate: '2026-03-05T09:00:00.000Z',
        shippingCarrierCode: 'GLS',
        trackingNumber: 'MI123456789',
      },
    });
  });

  it("maps our carrier code to eBay's shippingCarrierCode", () => {
    expect(buildFulfillmentRequest(push({ carrierCode: 'posta_rc' })).body.shippingCarrierCode).toBe('PosteItaliane');
    expect(buildFulfillmentRequest(push({ carrierCode: 'poste_delivery' })).body.shippingCarrierCode).toBe('PosteItaliane');
    expect(buildFulfillmentRequest(push({ carrierCode: 'brt' })).body.shippingCarrierCode).toBe('Other');
  });

  it('puts the order id in the path as one encoded segment', () => {
    expect(fulfillmentPath('01-03955-36441')).toBe('/sell/fulfillment/v1/order/01-03955-36441/shipping_fulfillment');
    expect(fulfillmentPath('a/b?c#d')).toBe('/sell/fulfillment/v1/order/a%2Fb%3Fc%23d/shipping_fulfillment');
    expect(orderPath('a/b?c#d')).toBe('/sell/fulfillment/v1/order/a%2Fb%3Fc%23d');
  });

  it.each([
    [{ externalOrderId: '  ' }, ebayMessages.orderIdRequired],
    [{ lineItems: [] }, ebayMessages.lineItemsRequired],
    [{ lineItems: [{ lineItemId: ' ', quantity: 1 }] }, ebayMessages.lineItemIdRequired],
    [{ lineItems: [{ lineItemId: '1', quantity: 1 }, { lineItemId: ' 1', quantity: 2 }] }, ebayMessages.lineItemDuplicated('1')],
    [{ lineItems: [{ lineItemId: '1', quantity: 0 }] }, ebayMessages.quantityInvalid('1')],
    [{ lineItems: [{ lineItemId: '1', quantity: 1.5 }] }, ebayMessages.quantityInvalid('1')],
    [{ carrierCode: '' }, ebayMessages.carrierRequired],
    [{ trackingNumber: '   ' }, ebayMessages.trackingRequired],
    [{ trackingNumber: 'MI-123/456' }, ebayMessages.trackingInvalid('MI-123/456')],
    [{ trackingNumber: 'MI123à' }, ebayMessages.trackingInvalid('MI123à')],
    [{ shippedDate: new Date('not a date') }, ebayMessages.shippedDateInvalid],
  ] as [Partial<TrackingPush>, string][])('refuses %j before sending', (patch, message) => {
    expect(refusal(() => buildFulfillmentRequest(push(patch)))).toMatchObject({ code: 'INVALID_INPUT', message });
  });

  it('words the refusals in Italian', () => {
    expect(ebayMessages.trackingInvalid('MI-1')).toBe('Numero di tracking non valido per eBay: "MI-1" (solo lettere e cifre)');
    expect(ebayMessages.quantityInvalid('7')).toBe("La quantità spedita dell'articolo 7 deve essere un numero intero maggiore o uguale a 1");
  });
});
