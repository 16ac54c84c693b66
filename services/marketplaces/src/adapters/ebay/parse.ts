import type { marketplacesEvents } from '@smista/proto';
import { importedAddress, type ImportedOrder, type OrdersPage, type SellerIdentity, type ShippingFulfillment, type TokenSet } from '../adapter';
import { unreadable } from './errors';
import { fulfillmentPath, orderPath, ORDERS_PATH } from './build';
import { amountText, externalOrderStatus, isExpressService, isoInstant, lineFulfilmentOf, orderStatusOf, paymentStatusOf, unitPrice } from './units';

/*
 * Pure readers of eBay's successful answers (providers.md): tokens, the seller's identity, a page
 * of orders with each order normalised to our ImportedOrder, the fulfilment id of a tracking
 * push, and an order's shipping fulfilments. Refusals (non-2xx) are read by `errors.ts`. Each reader takes the body as text, so an
 * answer that is not what eBay documents is a readable failure rather than a SyntaxError.
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

function json(text: string, operation: string, method: string, path: string, status: number): Json {
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw unreadable(operation, method, path, status, `not JSON (${text.length} characters)`);
  }
  if (!isObject(body)) throw unreadable(operation, method, path, status, 'not a JSON object');
  return body;
}

/** A whole number of seconds ≥ 0 from a number or its text; undefined otherwise. */
function seconds(v: unknown): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

/**
 * The token endpoint's 200: `{access_token, expires_in, refresh_token?, refresh_token_expires_in?,
 * token_type}`, expiries made absolute from `obtainedAt` (the moment the request left, so they err
 * early). A code exchange must carry a refresh token; a refresh carries none (eBay keeps the old one).
 *
 * @example parseTokenResponse('authorization_code', '{"access_token":"v^1.1#…","expires_in":7200,"refresh_token":"v^1.1#…","refresh_token_expires_in":47304000,"token_type":"User Access Token"}', Date.parse('2026-03-05T09:00:00Z'))
 * // { accessToken: 'v^1.1#…', accessTokenExpiresAt: 2026-03-05T11:00:00Z, refreshToken: 'v^1.1#…', refreshTokenExpiresAt: 2027-08-17T09:00:00Z }
 */
export function parseTokenResponse(grant: 'authorization_code' | 'refresh_token', text: string, obtainedAt: number, status = 200): TokenSet {
  const body = json(text, 'Token', 'POST', '/identity/v1/oauth2/token', status);
  const accessToken = str(body.access_token);
  const expiresIn = seconds(body.expires_in);
  if (!accessToken) throw unreadable('Token', 'POST', '/identity/v1/oauth2/token', status, 'no access_token');
  if (expiresIn === undefined) throw unreadable('Token', 'POST', '/identity/v1/oauth2/token', status, 'no readable expires_in');
  const tokens: TokenSet = { accessToken, accessTokenExpiresAt: new Date(obtainedAt + expiresIn * 1000) };
  const refreshToken = str(body.refresh_token);
  if (grant === 'authorization_code' && !refreshToken) throw unreadable('Token', 'POST', '/identity/v1/oauth2/token', status, 'a code exchange without refresh_token');
  if (refreshToken) {
    tokens.refreshToken = refreshToken;
    const refreshExpiresIn = seconds(body.refresh_token_expires_in);
    if (refreshExpiresIn !== undefined) tokens.refreshTokenExpiresAt = new Date(obtainedAt + refreshExpiresIn * 1000);
  }
  return tokens;
}

/**
 * The Commerce Identity `getUser` answer: `userId`, `username`, `accountType` (INDIVIDUAL or
 * BUSINESS), `registrationMarketplaceId`, and the e-mail of the individual or business account when
 * eBay shares it.
 *
 * @example parseIdentity('{"userId":"bXN4…","username":"bottega_verdi","accountType":"BUSINESS","registrationMarketplaceId":"EBAY_IT","status":"CONFIRMED"}')
 * // { userId: 'bXN4…', username: 'bottega_verdi', accountType: 'BUSINESS', registrationMarketplaceId: 'EBAY_IT' }
 */
export function parseIdentity(text: string, status = 200): SellerIdentity {
  const body = json(text, 'GetUser', 'GET', '/commerce/identity/v1/user/', status);
  const userId = str(body.userId);
  const username = str(body.username);
  if (!userId || !username) throw unreadable('GetUser', 'GET', '/commerce/identity/v1/user/', status, 'no userId or username');
  const email = str(obj(body.individualAccount).email) || str(obj(body.businessAccount).email) || str(body.email);
  const registrationMarketplaceId = str(body.registrationMarketplaceId);
  return {
    userId,
    username,
    accountType: str(body.accountType),
    ...(email ? { email } : {}),
    ...(registrationMarketplaceId ? { registrationMarketplaceId } : {}),
  };
}

/**
 * The offset of the page after the one read, from eBay's `next` link (present only when another page
 * exists). The link's own `offset` is used when it moves forward; otherwise the page's offset plus
 * its size. Null on the last page, and after an empty page (nothing can follow it).
 */
export function nextOffsetOf(next: string, offset: number, pageSize: number, ordersOnPage: number): number | null {
  if (!next || ordersOnPage === 0) return null;
  let linked: number | undefined;
  try {
    const value = new URL(next, 'https://api.ebay.com').searchParams.get('offset');
    if (value !== null && /^\d+$/.test(value)) linked = Number(value);
  } catch {
    // An unreadable link still says that another page exists.
  }
  if (linked !== undefined && linked > offset) return linked;
  return offset + Math.max(pageSize, ordersOnPage);
}

/**
 * A getOrders page: `{href, total, limit, offset, next?, orders}` with each order normalised
 * ({@link parseOrder}); `nextOffset` follows eBay's `next`.
 *
 * @example parseOrdersPage('{"total":450,"limit":200,"offset":200,"next":"…?offset=400…","orders":[…]}', { offset: 200, limit: 200 })
 * // { total: 450, nextOffset: 400, orders: [ … 200 orders … ] }
 */
export function parseOrdersPage(text: string, request: { offset: number; limit: number }, status = 200): OrdersPage {
  const body = json(text, 'GetOrders', 'GET', ORDERS_PATH, status);
  const orders = list(body.orders).map((o, i) => {
    if (!isObject(o)) throw unreadable('GetOrders', 'GET', ORDERS_PATH, status, `order ${i} is not an object`);
    return parseOrder(o);
  });
  const offset = seconds(body.offset) ?? request.offset;
  const limit = seconds(body.limit) || request.limit;
  const total = seconds(body.total) ?? offset + orders.length;
  return { orders, total, nextOffset: nextOffsetOf(str(body.next), offset, limit, orders.length) };
}

/**
 * getOrder's 200: one order, normalised as a page's orders are.
 *
 * @example parseOneOrder('{"orderId":"12-34567-89012",…}', '12-34567-89012').externalId // '12-34567-89012'
 */
export function parseOneOrder(text: string, orderId: string, status = 200): ImportedOrder {
  return parseOrder(json(text, 'GetOrder', 'GET', orderPath(orderId), status));
}

/** `variationAspects: [{name, value}]` as `Colore: Rosso, Taglia: M`. */
function variantOf(aspects: unknown): string {
  return list(aspects)
    .filter(isObject)
    .map((a) => [str(a.name), str(a.value)].filter(Boolean).join(': '))
    .filter(Boolean)
    .join(', ');
}

/**
 * One eBay order as our ImportedOrder. eBay drops data as orders age, and nothing is invented in
 * its place: the buyer's e-mail is returned for 14 days only (then empty), name, phone and address
 * line 1 for 90 days (then empty fields).
 *
 * - buyer name: `shipTo.fullName`, else the registration address's `fullName`, else `buyer.username`;
 * - buyer e-mail: `shipTo.email`, else `buyer.buyerRegistrationAddress.email`, else empty;
 * - address: `fulfillmentStartInstructions[0].shippingStep.shipTo` (absent without shipping step);
 * - items: unit price = `lineItemCost` / `quantity` to the cent, item total = `lineItemCost` (the
 *   goods of the line, without shipping and taxes), image `image.imageUrl`, variant from
 *   `variationAspects`;
 * - total: `pricingSummary.total` (goods, shipping and taxes as the buyer paid);
 * - shipByDate: the earliest `lineItemFulfillmentInstructions.shipByDate`; promisedDeliveryBy: the
 *   latest `maxEstimatedDeliveryDate` (the buyer was told it arrives by then: issue 26's late alert);
 * - statuses through `units.ts` (the order's, the payment's and each line's fulfilment, in Smista's
 *   words); `rawJson` is the order as eBay sent it;
 * - shippingService: `shippingStep.shippingServiceCode`, and `express` from it (the shipping rules'
 *   express condition, `units.ts`);
 *   no weights: eBay's Fulfillment API gives none (`weightGrams` 0 = unknown).
 */
export function parseOrder(order: Json): ImportedOrder {
  const externalId = str(order.orderId);
  if (!externalId) throw unreadable('GetOrders', 'GET', ORDERS_PATH, 200, 'an order without orderId');
  const buyer = obj(order.buyer);
  const registration = obj(buyer.buyerRegistrationAddress);
  const instruction = list(order.fulfillmentStartInstructions).find(isObject);
  const shipToValue = obj(instruction?.shippingStep).shipTo;
  const shipTo = obj(shipToValue);
  const contact = obj(shipTo.contactAddress);
  const total = obj(obj(order.pricingSummary).total);
  const lineItems = list(order.lineItems).filter(isObject);
  const orderCurrency = str(total.currency) || str(obj(lineItems[0]?.lineItemCost).currency);
  const username = str(buyer.username);
  const fulfillmentStatus = str(order.orderFulfillmentStatus);
  const cancelState = str(obj(order.cancelStatus).cancelState);
  const paymentStatus = str(order.orderPaymentStatus);

  const items: marketplacesEvents.ImportedItem[] = lineItems.map((item) => {
    const cost = obj(item.lineItemCost);
    const quantity = Number.isInteger(Number(item.quantity)) ? Math.max(0, Number(item.quantity)) : 0;
    return {
      externalItemId: str(item.lineItemId),
      legacyItemId: str(item.legacyItemId),
      sku: str(item.sku),
      title: str(item.title),
      quantity,
      unitPrice: unitPrice(str(cost.value), quantity),
      total: amountText(str(cost.value)),
      currency: str(cost.currency) || orderCurrency,
      imageUrl: str(obj(item.image).imageUrl),
      variantInfo: variantOf(item.variationAspects),
      fulfillmentStatus: lineFulfilmentOf(str(item.lineItemFulfillmentStatus)),
      weightGrams: 0,
    };
  });

  const shipByDates = lineItems.map((item) => isoInstant(str(obj(item.lineItemFulfillmentInstructions).shipByDate))).filter(Boolean).sort();
  const promisedBy = lineItems.map((item) => isoInstant(str(obj(item.lineItemFulfillmentInstructions).maxEstimatedDeliveryDate))).filter(Boolean).sort();

  const imported: ImportedOrder = {
    externalId,
    marketplace: 'ebay',
    buyerName: str(shipTo.fullName) || str(registration.fullName) || username,
    buyerEmail: str(shipTo.email) || str(registration.email),
    externalUsername: username,
    total: amountText(str(total.value)),
    currency: orderCurrency,
    status: orderStatusOf(fulfillmentStatus, cancelState, paymentStatus),
    paymentStatus: paymentStatusOf(paymentStatus),
    externalOrderStatus: externalOrderStatus(fulfillmentStatus, cancelState),
    externalPaymentStatus: paymentStatus.toUpperCase(),
    orderDate: isoInstant(str(order.creationDate)),
    lastModifiedAt: isoInstant(str(order.lastModifiedDate)) || isoInstant(str(order.creationDate)),
    shipByDate: shipByDates[0] ?? '',
    promisedDeliveryBy: promisedBy.at(-1) ?? '',
    items,
    rawJson: JSON.stringify(order),
    shippingService: str(obj(instruction?.shippingStep).shippingServiceCode),
    express: isExpressService(str(obj(instruction?.shippingStep).shippingServiceCode)),
  };
  if (isObject(shipToValue)) {
    imported.shippingAddress = importedAddress({
      name: str(shipTo.fullName),
      companyName: str(shipTo.companyName),
      addressLine1: str(contact.addressLine1),
      addressLine2: str(contact.addressLine2),
      city: str(contact.city),
      province: str(contact.stateOrProvince),
      postalCode: str(contact.postalCode),
      countryCode: str(contact.countryCode).toUpperCase(),
      phone: str(obj(shipTo.primaryPhone).phoneNumber),
      email: str(shipTo.email),
    });
  }
  return imported;
}

/**
 * The fulfilment id of a 201 from createShippingFulfillment: the last segment of `Location`
 * (`…/order/{orderId}/shipping_fulfillment/{fulfillmentId}`). eBay made the fulfilment even when the
 * header is missing, so that is an empty id, not a failure: pushing again would duplicate it.
 */
export function parseFulfillmentLocation(location: string | undefined): string {
  const value = (location ?? '').trim();
  if (!value) return '';
  let path = value;
  try {
    path = new URL(value, 'https://api.ebay.com').pathname;
  } catch {
    // A bare path or id: read as it is.
  }
  const segment = path.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * getShippingFulfillments' 200, `{fulfillments: [{fulfillmentId, lineItems: [{lineItemId,
 * quantity}], shippedDate, shippingCarrierCode?, shipmentTrackingNumber?}], total, warnings}`, each
 * as a {@link ShippingFulfillment} (absent texts empty). No `fulfillments` is none; a fulfilment
 * that is not an object, or has no id, is an answer we cannot read.
 *
 * @example parseShippingFulfillments('{"fulfillments":[{"fulfillmentId":"9405509699937003457459","lineItems":[{"lineItemId":"10012345678901","quantity":1}],"shippedDate":"2026-03-05T09:00:00.000Z","shippingCarrierCode":"GLS","shipmentTrackingNumber":"MI123456789"}],"total":1}', '12-34567-89012')
 * // [{ fulfillmentId: '9405509699937003457459', lineItems: [{ lineItemId: '10012345678901', quantity: 1 }], shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789', shippedDate: '2026-03-05T09:00:00.000Z' }]
 */
export function parseShippingFulfillments(text: string, orderId: string, status = 200): ShippingFulfillment[] {
  const path = fulfillmentPath(orderId);
  const body = json(text, 'GetShippingFulfillments', 'GET', path, status);
  return list(body.fulfillments).map((f, i) => {
    if (!isObject(f)) throw unreadable('GetShippingFulfillments', 'GET', path, status, `fulfillment ${i} is not an object`);
    const fulfillmentId = str(f.fulfillmentId);
    if (!fulfillmentId) throw unreadable('GetShippingFulfillments', 'GET', path, status, `fulfillment ${i} without fulfillmentId`);
    return {
      fulfillmentId,
      lineItems: list(f.lineItems)
        .filter(isObject)
        .map((l) => ({ lineItemId: str(l.lineItemId), quantity: Number.isInteger(Number(l.quantity)) ? Number(l.quantity) : 0 }))
        .filter((l) => l.lineItemId),
      shippingCarrierCode: str(f.shippingCarrierCode),
      trackingNumber: str(f.shipmentTrackingNumber),
      shippedDate: str(f.shippedDate),
    };
  });
}
