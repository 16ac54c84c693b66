import { shopifyMessages } from '@smista/contracts';
import { kitErrors } from '@smista/service-kit';
import type { AuthorizeParams, OrdersPageRequest, TrackingPush } from '../adapter';
import { SHOPIFY_MAX_PAGE_SIZE, SHOPIFY_SCOPES, shopBaseUrl, type ShopifySettings } from './settings';
import { gidOf, shopifyTrackingNumber, trackingCompanyOf, trackingUrlOf } from './units';

/*
 * What the adapter sends Shopify, as pure functions: the install page's URL, the token calls' JSON,
 * the GraphQL documents with their variables, and each document's cost (Shopify's calculation:
 * objects 1, a connection 2 + first × one item), so that the pacer can wait for the bucket before a
 * call instead of being refused.
 */

export const AUTHORIZE_PATH = '/admin/oauth/authorize';
export const TOKEN_PATH = '/admin/oauth/access_token';
export const graphqlPath = (apiVersion: string) => `/admin/api/${apiVersion}/graphql.json`;

/** Lines read with each order; an order with more has the rest read apart (rare). */
export const LINES_PER_ORDER = 10;

const LINE_FIELDS = `id sku name title variantTitle quantity unfulfilledQuantity originalUnitPriceSet { shopMoney { amount currencyCode } }`;
/** One line costs 3: itself, the price set and its money. */
const LINE_COST = 3;

const ORDER_FIELDS = `
  id legacyResourceId name createdAt updatedAt cancelledAt email phone currencyCode
  displayFinancialStatus displayFulfillmentStatus totalWeight
  totalPriceSet { shopMoney { amount currencyCode } }
  shippingAddress { name firstName lastName company address1 address2 city province provinceCode zip countryCodeV2 phone }
  shippingLine { title code source carrierIdentifier }
  lineItems(first: ${LINES_PER_ORDER}) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } }`;
/** One order of ORDER_FIELDS: itself, the price set and its money, the address, the shipping line, and its lines' connection. */
export const ORDER_COST = 1 + 2 + 1 + 1 + (2 + LINES_PER_ORDER * LINE_COST);

/** Shopify's cap on one query. */
export const SINGLE_QUERY_MAX_COST = 1000;
/** The largest page of orders whose query stays within the cap (26 with 10 lines an order). */
export const MAX_ORDERS_PER_QUERY = Math.min(SHOPIFY_MAX_PAGE_SIZE, Math.floor((SINGLE_QUERY_MAX_COST - 3) / ORDER_COST));

export const ORDERS_QUERY = `query SmistaOrders($first: Int!, $after: String, $query: String!, $sortKey: OrderSortKeys!) {
  orders(first: $first, after: $after, query: $query, sortKey: $sortKey) { nodes { ${ORDER_FIELDS} } pageInfo { hasNextPage endCursor } }
  ordersCount(query: $query, limit: null) { count precision }
}`;
export const ordersQueryCost = (first: number) => 2 + first * ORDER_COST + 1;

/** Only the cursors: how a page is reached again after a restart (2 points whatever `first`). */
export const ORDER_CURSOR_QUERY = `query SmistaOrderCursor($first: Int!, $after: String, $query: String!, $sortKey: OrderSortKeys!) {
  orders(first: $first, after: $after, query: $query, sortKey: $sortKey) { pageInfo { hasNextPage endCursor } }
}`;
export const ORDER_CURSOR_COST = 2;

export const ORDER_QUERY = `query SmistaOrder($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
export const ORDER_QUERY_COST = ORDER_COST;

export const ORDER_LINES_QUERY = `query SmistaOrderLines($id: ID!, $after: String) {
  order(id: $id) { lineItems(first: 100, after: $after) { nodes { ${LINE_FIELDS} } pageInfo { hasNextPage endCursor } } }
}`;
export const ORDER_LINES_COST = 1 + 2 + 100 * LINE_COST;

export const FULFILLMENT_ORDERS_QUERY = `query SmistaFulfillmentOrders($id: ID!) {
  order(id: $id) {
    id
    fulfillmentOrders(first: 5) { nodes { id status supportedActions { action } lineItems(first: 50) { nodes { id remainingQuantity lineItem { id } } } } }
  }
}`;
export const FULFILLMENT_ORDERS_COST = 1 + 2 + 5 * (1 + 1 + (2 + 50 * 2));

export const FULFILLMENTS_QUERY = `query SmistaFulfillments($id: ID!) {
  order(id: $id) {
    id
    fulfillments(first: 50) { id status createdAt trackingInfo(first: 5) { company number url } fulfillmentLineItems(first: 50) { nodes { quantity lineItem { id } } } }
  }
}`;
export const FULFILLMENTS_COST = 1 + 1 + 1 + (2 + 50 * 2);

export const FULFILLMENT_CREATE_MUTATION = `mutation SmistaFulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status trackingInfo { company number url } } userErrors { field message } }
}`;
export const MUTATION_COST = 10;

/** A delivery told to Shopify: an event DELIVERED on the fulfilment the tracking push made. */
export const FULFILLMENT_EVENT_CREATE_MUTATION = `mutation SmistaFulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) {
  fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) { fulfillmentEvent { id status happenedAt } userErrors { field message } }
}`;

export const SHOP_QUERY = `query SmistaShop { shop { name email myshopifyDomain plan { displayName } } }`;
export const SHOP_QUERY_COST = 2;

/** `authorizeParams` for a shop: its install page, the app, the redirect and the scopes. */
export function buildAuthorizeParams(settings: ShopifySettings, shop: string): AuthorizeParams {
  return { authorizeUrl: `${shopBaseUrl(settings, shop)}${AUTHORIZE_PATH}`, clientId: settings.clientId.trim(), redirectUri: settings.redirectUrl.trim(), scopes: [...SHOPIFY_SCOPES] };
}

/**
 * The install page's URL with its query: client id, scopes (comma-separated), redirect, state and
 * an empty `grant_options[]` (an offline token: the backend's, not a user's).
 *
 * @example shopifyAuthorizeUrl(params, 'st4te') // 'https://negozio.myshopify.com/admin/oauth/authorize?client_id=…&scope=read_orders%2C…&redirect_uri=…&state=st4te&grant_options%5B%5D='
 */
export function shopifyAuthorizeUrl(params: AuthorizeParams, state: string): string {
  const query = new URLSearchParams({ client_id: params.clientId, scope: params.scopes.join(','), redirect_uri: params.redirectUri, state, 'grant_options[]': '' });
  return `${params.authorizeUrl}?${query.toString()}`;
}

/** The code exchange's JSON: an expiring offline token (with a refresh token). */
export function buildCodeExchangeBody(settings: ShopifySettings, code: string) {
  return { client_id: settings.clientId.trim(), client_secret: settings.clientSecret, code, expiring: '1' };
}

export function buildRefreshBody(settings: ShopifySettings, refreshToken: string) {
  return { client_id: settings.clientId.trim(), client_secret: settings.clientSecret, grant_type: 'refresh_token', refresh_token: refreshToken };
}

/**
 * The search of a sync window: `created_at` (first import) or `updated_at` (later syncs), both
 * bounds included, sorted on the same date so that cursors walk the window in order.
 *
 * @example ordersSearch({ filterBy: 'modified', from, to }) // { query: "updated_at:>='2026-11-01T00:00:00.000Z' AND updated_at:<='…'", sortKey: 'UPDATED_AT' }
 */
export function ordersSearch(request: Pick<OrdersPageRequest, 'filterBy' | 'from' | 'to'>): { query: string; sortKey: 'CREATED_AT' | 'UPDATED_AT' } {
  const field = request.filterBy === 'created' ? 'created_at' : 'updated_at';
  return { query: `${field}:>='${request.from.toISOString()}' AND ${field}:<='${request.to.toISOString()}'`, sortKey: request.filterBy === 'created' ? 'CREATED_AT' : 'UPDATED_AT' };
}

/** An order id as we keep it (the numeric id) or as Shopify's GID; undefined when it is neither. */
export function orderGid(externalOrderId: string): string | undefined {
  const id = externalOrderId.trim();
  if (/^\d{1,20}$/.test(id)) return gidOf('Order', id);
  if (/^gid:\/\/shopify\/Order\/\d{1,20}$/.test(id)) return id;
  return undefined;
}

/** A fulfilment id as we keep it (the numeric id `pushTracking` answered) or as Shopify's GID; undefined when it is neither. */
export function fulfillmentGid(fulfillmentId: string): string | undefined {
  const id = fulfillmentId.trim();
  if (/^\d{1,20}$/.test(id)) return gidOf('Fulfillment', id);
  if (/^gid:\/\/shopify\/Fulfillment\/\d{1,20}$/.test(id)) return id;
  return undefined;
}

/**
 * fulfillmentEventCreate's variables for a delivery: the fulfilment's GID, DELIVERED, and when.
 *
 * @example buildDeliveryEvent('5000000123', new Date('2026-11-20T10:15:00Z')) // { fulfillmentId: 'gid://shopify/Fulfillment/5000000123', status: 'DELIVERED', happenedAt: '2026-11-20T10:15:00.000Z' }
 */
export function buildDeliveryEvent(fulfillmentId: string, happenedAt: Date): { fulfillmentId: string; status: 'DELIVERED'; happenedAt: string } {
  const id = fulfillmentGid(fulfillmentId);
  if (!id) throw kitErrors.invalidInput(shopifyMessages.fulfillmentIdInvalid(fulfillmentId));
  if (Number.isNaN(happenedAt.getTime())) throw kitErrors.invalidInput(shopifyMessages.deliveryRefused('data di consegna non valida'));
  return { fulfillmentId: id, status: 'DELIVERED', happenedAt: happenedAt.toISOString() };
}

/** The tracking a push sends: Shopify's company name, the number without spaces, and always the URL. */
export function buildTrackingInfo(push: Pick<TrackingPush, 'carrierCode' | 'trackingNumber'>): { company: string; number: string; url?: string } {
  const number = shopifyTrackingNumber(push.trackingNumber);
  if (!number) throw kitErrors.invalidInput(shopifyMessages.trackingRequired);
  const url = trackingUrlOf(push.carrierCode, number);
  return { company: trackingCompanyOf(push.carrierCode), number, ...(url ? { url } : {}) };
}

/** The push's lines checked before anything is read: at least one, quantities whole and ≥ 1. */
export function checkPushLines(push: Pick<TrackingPush, 'lineItems'>): void {
  if (push.lineItems.length === 0) throw kitErrors.invalidInput(shopifyMessages.lineItemsRequired);
  for (const line of push.lineItems) if (!Number.isInteger(line.quantity) || line.quantity < 1) throw kitErrors.invalidInput(shopifyMessages.quantityInvalid(line.lineItemId));
}
