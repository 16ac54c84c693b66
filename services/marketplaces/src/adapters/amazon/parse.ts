import type { marketplacesEvents } from '@smista/proto';
import { importedAddress, type ImportedOrder, type SellerIdentity, type ShippingFulfillment, type TokenSet } from '../adapter';
import { sellerCredential } from './credential';
import { parseJson, unreadable } from './errors';
import { isExpressServiceLevel, lineFulfilmentOf, orderStatusOf, paymentStatusOf } from './units';

/*
 * Amazon's answers read into Smista's shapes: LWA tokens, searchOrders pages and orders (Orders
 * v2026-01-01), packages as shipping fulfilments, the seller's marketplace participations.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : Number.isFinite(Number(v)) ? Math.trunc(Number(v)) : 0);

/** LWA's answer as the seller's credentials (`<seller>/<token>`); the refresh token is kept on a refresh when LWA answers none. */
export function parseTokenResponse(sellerId: string, text: string, obtainedAt: number, status = 200): TokenSet {
  const body = obj(parseJson(text));
  const accessToken = str(body.access_token);
  if (!accessToken) throw unreadable('Token', status, 'no access_token');
  const expiresIn = Number(body.expires_in);
  const tokens: TokenSet = { accessToken: sellerCredential(sellerId, accessToken), accessTokenExpiresAt: new Date(obtainedAt + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600) * 1000) };
  const refreshToken = str(body.refresh_token);
  // LWA refresh tokens do not expire (until the seller removes the app): no expiry is stored.
  if (refreshToken) tokens.refreshToken = sellerCredential(sellerId, refreshToken);
  return tokens;
}

/** The seller: its selling partner id, the store's name, its first participating marketplace. */
export function parseParticipations(sellerId: string, text: string, status = 200): SellerIdentity {
  const body = obj(parseJson(text));
  const entries = list(body.payload).filter(isObject);
  if (!Array.isArray(body.payload)) throw unreadable('Sellers', status, 'no payload');
  const participating = entries.find((e) => obj(e.participation).isParticipating === true) ?? entries[0] ?? {};
  const identity: SellerIdentity = { userId: sellerId, username: str(participating.storeName) || sellerId, accountType: 'seller' };
  const marketplaceId = str(obj(participating.marketplace).id);
  if (marketplaceId) identity.registrationMarketplaceId = marketplaceId;
  return identity;
}

/** searchOrders' page: the orders and the next page's token (null on the last). */
export function parseSearch(text: string, status = 200): { orders: Json[]; nextToken: string | null } {
  const body = parseJson(text);
  if (!isObject(body) || !Array.isArray(body.orders)) throw unreadable('searchOrders', status, 'no orders');
  return { orders: body.orders.filter(isObject), nextToken: str(obj(body.pagination).nextToken) || null };
}

/** getOrder's `order`; undefined when absent. */
export function orderOf(text: string): Json | undefined {
  const body = parseJson(text);
  return isObject(body) && isObject(body.order) ? body.order : undefined;
}

/** Whether Amazon withheld the delivery address (no restricted role): no address line and no postal code. */
export function recipientWithheld(order: Json): boolean {
  const address = obj(obj(order.recipient).deliveryAddress);
  return !str(address.addressLine1) && !str(address.postalCode);
}

/** One order (Orders v2026-01-01 with INCLUDED_DATA) as ImportedOrder; a withheld address is imported as far as Amazon gives it. */
export function parseOrder(order: Json): ImportedOrder {
  const externalId = str(order.orderId);
  if (!externalId) throw unreadable('searchOrders', 200, 'an order without orderId');
  const fulfillment = obj(order.fulfillment);
  const fulfillmentStatus = str(fulfillment.fulfillmentStatus);
  const grandTotal = obj(obj(order.proceeds).grandTotal);
  const lines = list(order.orderItems).filter(isObject);
  const currency = str(grandTotal.currencyCode) || str(obj(obj(obj(obj(lines[0]).product).price).unitPrice).currencyCode) || 'EUR';
  const items: marketplacesEvents.ImportedItem[] = lines.map((line) => {
    const product = obj(line.product);
    const unit = obj(obj(product.price).unitPrice);
    const quantity = int(line.quantityOrdered);
    const unitPrice = str(unit.amount);
    return {
      externalItemId: str(line.orderItemId),
      legacyItemId: str(product.asin),
      sku: str(product.sellerSku),
      title: str(product.title),
      quantity,
      unitPrice,
      total: str(obj(obj(line.proceeds).proceedsTotal).amount) || (unitPrice ? (Math.round(Number(unitPrice) * 100 * quantity) / 100).toFixed(2) : ''),
      currency: str(unit.currencyCode) || currency,
      imageUrl: '',
      variantInfo: '',
      fulfillmentStatus: fulfillmentStatus === 'CANCELLED' ? '' : lineFulfilmentOf(quantity, int(obj(line.fulfillment).quantityFulfilled)),
      weightGrams: 0,
    };
  });
  const buyer = obj(order.buyer);
  const address = obj(obj(order.recipient).deliveryAddress);
  const serviceLevel = str(fulfillment.fulfillmentServiceLevel);
  const name = str(address.name) || str(buyer.buyerName);
  const imported: ImportedOrder = {
    externalId,
    marketplace: 'amazon',
    buyerName: name,
    buyerEmail: str(buyer.buyerEmail),
    externalUsername: str(buyer.buyerName),
    total: str(grandTotal.amount),
    currency,
    status: orderStatusOf(fulfillmentStatus),
    paymentStatus: paymentStatusOf(fulfillmentStatus),
    externalOrderStatus: fulfillmentStatus,
    externalPaymentStatus: '',
    orderDate: str(order.createdTime),
    lastModifiedAt: str(order.lastUpdatedTime) || str(order.createdTime),
    shipByDate: str(obj(fulfillment.shipByWindow).latestDateTime),
    promisedDeliveryBy: str(obj(fulfillment.deliverByWindow).latestDateTime),
    items,
    rawJson: JSON.stringify(order),
    shippingService: serviceLevel,
    express: isExpressServiceLevel(serviceLevel),
  };
  if (Object.keys(address).length > 0) {
    imported.shippingAddress = importedAddress({
      name,
      companyName: str(address.companyName),
      addressLine1: str(address.addressLine1),
      addressLine2: [str(address.addressLine2), str(address.addressLine3)].filter(Boolean).join(', '),
      city: str(address.city),
      province: str(address.stateOrRegion),
      postalCode: str(address.postalCode),
      countryCode: str(address.countryCode).toUpperCase(),
      phone: str(address.phone),
      email: str(buyer.buyerEmail),
    });
  }
  return imported;
}

/** The order's packages (merchant-fulfilled) as shipping fulfilments, oldest first. */
export function parsePackages(order: Json): ShippingFulfillment[] {
  return list(order.packages)
    .filter(isObject)
    .map((p) => ({
      fulfillmentId: str(p.packageReferenceId),
      lineItems: list(p.packageItems)
        .filter(isObject)
        .map((i) => ({ lineItemId: str(i.orderItemId), quantity: int(i.quantity) })),
      shippingCarrierCode: str(p.carrier),
      trackingNumber: str(p.trackingNumber),
      shippedDate: str(p.shipTime),
    }))
    .sort((a, b) => a.shippedDate.localeCompare(b.shippedDate));
}

/** What is left to ship of each of the order's items, by orderItemId. */
export function unshippedQuantities(order: Json): Map<string, number> {
  return new Map(
    list(order.orderItems)
      .filter(isObject)
      .map((l) => [str(l.orderItemId), Math.max(0, int(l.quantityOrdered) - int(obj(l.fulfillment).quantityFulfilled))]),
  );
}

export const marketplaceOfOrder = (order: Json) => str(obj(order.salesChannel).marketplaceId);
export const fulfillmentStatusOfOrder = (order: Json) => str(obj(order.fulfillment).fulfillmentStatus);
