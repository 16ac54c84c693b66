import type { marketplacesEvents } from '@smista/proto';
import { importedAddress, type ImportedOrder, type SellerIdentity, type ShippingFulfillment, type TokenSet } from '../adapter';
import { parseJson, unreadable } from './errors';
import { shopCredential } from './shop-domain';
import { isExpressShipping, legacyIdOf, lineFulfilmentOf, orderStatusOf, paymentStatusOf, unitWeights } from './units';

/*
 * What Shopify answers, read into Smista's shapes: tokens (as shop credentials), the shop, orders
 * (ImportedOrder), fulfillment orders and fulfilments. A 2xx we cannot read is a passing fault.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');
const int = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? Math.max(0, Math.trunc(n)) : 0;
};

/** `data` of a GraphQL answer's body already checked by `graphqlFailure`. */
export function dataOf(body: unknown): Json {
  return obj(obj(body).data);
}

/** The cost part of an answer: what the pacer learns from. */
export function costOf(body: unknown): { requested?: number; available?: number; maximum?: number; restoreRate?: number } {
  const cost = obj(obj(obj(body).extensions).cost);
  const status = obj(cost.throttleStatus);
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const out: { requested?: number; available?: number; maximum?: number; restoreRate?: number } = {};
  const requested = num(cost.requestedQueryCost);
  const available = num(status.currentlyAvailable);
  const maximum = num(status.maximumAvailable);
  const restoreRate = num(status.restoreRate);
  if (requested !== undefined) out.requested = requested;
  if (available !== undefined) out.available = available;
  if (maximum !== undefined) out.maximum = maximum;
  if (restoreRate !== undefined) out.restoreRate = restoreRate;
  return out;
}

/** Tokens that never expire (a non-expiring offline token) are kept as expiring in ten years. */
const NEVER_MS = 10 * 365 * 86_400_000;

/**
 * The token endpoint's JSON as shop credentials: `{access_token, scope, expires_in?, refresh_token?,
 * refresh_token_expires_in?}`, expiries made absolute from `obtainedAt` (when the request left).
 */
export function parseTokenResponse(shop: string, text: string, obtainedAt: number, status = 200): TokenSet {
  const body = obj(parseJson(text));
  const accessToken = str(body.access_token);
  if (!accessToken) throw unreadable('Token', status, 'no access_token');
  const expiresIn = Number(body.expires_in);
  const tokens: TokenSet = { accessToken: shopCredential(shop, accessToken), accessTokenExpiresAt: new Date(obtainedAt + (Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn * 1000 : NEVER_MS)) };
  const refreshToken = str(body.refresh_token);
  if (refreshToken) {
    tokens.refreshToken = shopCredential(shop, refreshToken);
    const refreshIn = Number(body.refresh_token_expires_in);
    if (Number.isFinite(refreshIn) && refreshIn > 0) tokens.refreshTokenExpiresAt = new Date(obtainedAt + refreshIn * 1000);
  }
  return tokens;
}

/** The shop as the seller: its domain is the account's id and name, its plan the account type. */
export function parseShop(body: unknown, status = 200): SellerIdentity {
  const shop = obj(dataOf(body).shop);
  const domain = str(shop.myshopifyDomain);
  if (!domain) throw unreadable('Shop', status, 'no myshopifyDomain');
  const identity: SellerIdentity = { userId: domain, username: domain, accountType: str(obj(shop.plan).displayName) || 'Shopify' };
  const email = str(shop.email);
  if (email) identity.email = email;
  return identity;
}

/** One order node (ORDER_FIELDS) and its lines as ImportedOrder. */
export function parseOrder(node: Json, lineNodes: readonly Json[] = list(obj(node.lineItems).nodes).filter(isObject)): ImportedOrder {
  const externalId = str(node.legacyResourceId) || legacyIdOf(str(node.id));
  if (!externalId) throw unreadable('Orders', 200, 'an order without id');
  const money = obj(obj(node.totalPriceSet).shopMoney);
  const currency = str(money.currencyCode) || str(node.currencyCode);
  const address = isObject(node.shippingAddress) ? node.shippingAddress : undefined;
  const shipping = obj(node.shippingLine);
  const cancelledAt = str(node.cancelledAt) || null;
  const financial = str(node.displayFinancialStatus);
  const fulfillment = str(node.displayFulfillmentStatus);
  const quantities = lineNodes.map((l) => int(l.quantity));
  const weights = unitWeights(int(node.totalWeight), quantities);
  const items: marketplacesEvents.ImportedItem[] = lineNodes.map((line, i) => {
    const price = obj(obj(line.originalUnitPriceSet).shopMoney);
    const quantity = quantities[i]!;
    const unit = str(price.amount);
    return {
      externalItemId: legacyIdOf(str(line.id)),
      legacyItemId: '',
      sku: str(line.sku),
      title: str(line.title) || str(line.name),
      quantity,
      unitPrice: unit,
      total: unit ? (Math.round(Number(unit) * 100 * quantity) / 100).toFixed(2) : '',
      currency: str(price.currencyCode) || currency,
      imageUrl: '',
      variantInfo: str(line.variantTitle),
      fulfillmentStatus: cancelledAt ? '' : lineFulfilmentOf(quantity, int(line.unfulfilledQuantity)),
      weightGrams: weights[i]!,
    };
  });
  const name = address ? str(address.name) || `${str(address.firstName)} ${str(address.lastName)}`.trim() : '';
  const imported: ImportedOrder = {
    externalId,
    marketplace: 'shopify',
    buyerName: name,
    buyerEmail: str(node.email),
    externalUsername: str(node.name),
    total: str(money.amount),
    currency,
    status: orderStatusOf(fulfillment, cancelledAt, financial),
    paymentStatus: paymentStatusOf(financial),
    externalOrderStatus: cancelledAt ? 'CANCELLED' : fulfillment,
    externalPaymentStatus: financial,
    orderDate: str(node.createdAt),
    lastModifiedAt: str(node.updatedAt) || str(node.createdAt),
    shipByDate: '',
    // Shopify's order promises no delivery date (issue 26: no late alert for its orders).
    promisedDeliveryBy: '',
    items,
    rawJson: JSON.stringify({ ...node, lineItems: { nodes: lineNodes } }),
    shippingService: str(shipping.title) || str(shipping.code),
    express: isExpressShipping(str(shipping.title), str(shipping.code)),
  };
  if (address) {
    imported.shippingAddress = importedAddress({
      name,
      companyName: str(address.company),
      addressLine1: str(address.address1),
      addressLine2: str(address.address2),
      city: str(address.city),
      province: str(address.provinceCode) || str(address.province),
      postalCode: str(address.zip),
      countryCode: str(address.countryCodeV2).toUpperCase(),
      phone: str(address.phone) || str(node.phone),
      email: str(node.email),
    });
  }
  return imported;
}

export interface OrdersConnection {
  nodes: Json[];
  hasNextPage: boolean;
  endCursor: string | null;
  total: number;
}

/** The `orders` connection (and `ordersCount`) of an answer. */
export function parseOrdersConnection(body: unknown): OrdersConnection {
  const data = dataOf(body);
  const orders = obj(data.orders);
  const page = obj(orders.pageInfo);
  return {
    nodes: list(orders.nodes).filter(isObject),
    hasNextPage: page.hasNextPage === true,
    endCursor: str(page.endCursor) || null,
    total: int(obj(data.ordersCount).count),
  };
}

/** The lines of an order node, and where the rest start when it has more than one query reads. */
export function linesOf(node: Json): { nodes: Json[]; hasNextPage: boolean; endCursor: string | null } {
  const lines = obj(node.lineItems);
  const page = obj(lines.pageInfo);
  return { nodes: list(lines.nodes).filter(isObject), hasNextPage: page.hasNextPage === true, endCursor: str(page.endCursor) || null };
}

export interface FulfillmentOrderLines {
  id: string;
  status: string;
  canFulfil: boolean;
  lines: { id: string; lineItemId: string; remainingQuantity: number }[];
}

/** The order's fulfillment orders; undefined when the shop has no such order. */
export function parseFulfillmentOrders(body: unknown): FulfillmentOrderLines[] | undefined {
  const order = dataOf(body).order;
  if (!isObject(order)) return undefined;
  return list(obj(order.fulfillmentOrders).nodes)
    .filter(isObject)
    .map((fo) => ({
      id: str(fo.id),
      status: str(fo.status),
      canFulfil: list(fo.supportedActions).some((a) => str(obj(a).action) === 'CREATE_FULFILLMENT'),
      lines: list(obj(fo.lineItems).nodes)
        .filter(isObject)
        .map((l) => ({ id: str(l.id), lineItemId: legacyIdOf(str(obj(l.lineItem).id)), remainingQuantity: int(l.remainingQuantity) })),
    }));
}

/** The order's fulfilments, oldest first; undefined when the shop has no such order. */
export function parseFulfillments(body: unknown): ShippingFulfillment[] | undefined {
  const order = dataOf(body).order;
  if (!isObject(order)) return undefined;
  return list(order.fulfillments)
    .filter(isObject)
    .filter((f) => str(f.status) !== 'CANCELLED')
    .map((f) => {
      const tracking = list(f.trackingInfo).filter(isObject)[0] ?? {};
      return {
        fulfillmentId: legacyIdOf(str(f.id)) || str(f.id),
        lineItems: list(obj(f.fulfillmentLineItems).nodes)
          .filter(isObject)
          .map((l) => ({ lineItemId: legacyIdOf(str(obj(l.lineItem).id)), quantity: int(l.quantity) })),
        shippingCarrierCode: str(tracking.company),
        trackingNumber: str(tracking.number),
        shippedDate: str(f.createdAt),
      };
    })
    .sort((a, b) => a.shippedDate.localeCompare(b.shippedDate));
}

/** fulfillmentCreate's payload: the fulfilment's id, or its userErrors. */
export function parseFulfillmentCreate(body: unknown): { fulfillmentId: string; userErrors: { message?: unknown }[] } {
  const payload = obj(dataOf(body).fulfillmentCreate);
  return { fulfillmentId: legacyIdOf(str(obj(payload.fulfillment).id)) || str(obj(payload.fulfillment).id), userErrors: list(payload.userErrors).filter(isObject) };
}

/** fulfillmentEventCreate's payload: the event's id, and the userErrors (a refusal). */
export function parseFulfillmentEventCreate(body: unknown): { eventId: string; userErrors: { message?: unknown }[] } {
  const payload = obj(dataOf(body).fulfillmentEventCreate);
  return { eventId: str(obj(payload.fulfillmentEvent).id), userErrors: list(payload.userErrors).filter(isObject) };
}
