import { ebayMessages } from '@smista/contracts';
import { kitErrors } from '@smista/service-kit';
import type { AuthorizeParams, OrdersPageRequest, TrackingPush } from '../adapter';
import { baseOf, EBAY_MAX_PAGE_SIZE, EBAY_SCOPES, type EbaySettings } from './settings';
import { ebayInstant, ebayTrackingNumber, shippingCarrierCodeOf } from './units';

/*
 * Pure builders of eBay requests (providers.md): the consent page's parameters, the token
 * endpoint's form bodies, the getOrders query and the createShippingFulfillment body. Paths are
 * joined to the configured base URLs by the client.
 */

export const AUTHORIZE_PATH = '/oauth2/authorize';
export const TOKEN_PATH = '/identity/v1/oauth2/token';
export const IDENTITY_PATH = '/commerce/identity/v1/user/';
export const ORDERS_PATH = '/sell/fulfillment/v1/order';

/** `/sell/fulfillment/v1/order/{orderId}` (getOrder), the order id encoded as one path segment. */
export function orderPath(orderId: string): string {
  return `${ORDERS_PATH}/${encodeURIComponent(orderId)}`;
}

/** `/sell/fulfillment/v1/order/{orderId}/shipping_fulfillment`, the order id encoded as one path segment. */
export function fulfillmentPath(orderId: string): string {
  return `${orderPath(orderId)}/shipping_fulfillment`;
}

/**
 * What the browser needs to open eBay's consent page: the page's address, the app's client id, the
 * RuName as `redirect_uri` and the scopes of spec §7 as full URLs.
 *
 * @example buildAuthorizeParams(settings)
 * // { authorizeUrl: 'https://auth.ebay.com/oauth2/authorize', clientId: 'Smista-…', redirectUri: 'Smista-Smista-…', scopes: ['https://api.ebay.com/oauth/api_scope', …] }
 */
export function buildAuthorizeParams(settings: EbaySettings): AuthorizeParams {
  return {
    authorizeUrl: `${baseOf(settings.authUrl)}${AUTHORIZE_PATH}`,
    clientId: settings.clientId.trim(),
    redirectUri: settings.ruName.trim(),
    scopes: [...EBAY_SCOPES],
  };
}

/**
 * The full consent URL the browser is sent to: `client_id`, `redirect_uri` (the RuName),
 * `response_type=code`, `scope` (space-separated, spaces as `%20`) and `state`, plus eBay's
 * optional `prompt=login` and `locale`. The browser normally builds it from
 * {@link buildAuthorizeParams}; the service and the tests use this one.
 *
 * @example buildAuthorizeUrl(buildAuthorizeParams(settings), 'ebay')
 * // 'https://auth.ebay.com/oauth2/authorize?client_id=…&redirect_uri=…&response_type=code&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope%20…&state=ebay'
 */
export function buildAuthorizeUrl(params: AuthorizeParams, state: string, options: { prompt?: 'login'; locale?: string } = {}): string {
  const pairs: [string, string][] = [
    ['client_id', params.clientId],
    ['redirect_uri', params.redirectUri],
    ['response_type', 'code'],
    ['scope', params.scopes.join(' ')],
    ['state', state],
  ];
  if (options.prompt) pairs.push(['prompt', options.prompt]);
  if (options.locale) pairs.push(['locale', options.locale]);
  return `${params.authorizeUrl}?${pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

/**
 * The authorization code as eBay issued it. eBay puts it in the redirect URL-encoded; whoever reads
 * the callback normally hands it over decoded, but a code still carrying `%XX` escapes (read from
 * the raw query string) is decoded here once, so that it is never sent double-encoded — eBay
 * answers a double-encoded code with invalid_grant. eBay's codes (`v^1.1#i^1#…`) never contain a
 * `%` of their own.
 */
export function codeAsIssued(code: string): string {
  const value = code.trim();
  if (!/%[0-9A-Fa-f]{2}/.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The form of the code exchange, `grant_type=authorization_code&code=…&redirect_uri=<RuName>`. The
 * form encoding is the code's only encoding.
 */
export function buildCodeExchangeForm(settings: EbaySettings, code: string): Record<string, string> {
  return { grant_type: 'authorization_code', code: codeAsIssued(code), redirect_uri: settings.ruName.trim() };
}

/** The form of a refresh, `grant_type=refresh_token&refresh_token=…&scope=<the consented scopes>`. */
export function buildRefreshForm(refreshToken: string, scopes: readonly string[] = EBAY_SCOPES): Record<string, string> {
  return { grant_type: 'refresh_token', refresh_token: refreshToken.trim(), scope: scopes.join(' ') };
}

/**
 * The getOrders query of one page: `filter=creationdate:[from..to]` (first import) or
 * `lastmodifieddate:[from..to]` (later syncs), `limit` clamped to 1..200 (eBay refuses more with
 * 31100; a larger request is read as "the largest page"), `offset` from 0. The client's URL
 * encoding turns `[`, `]` and `:` into `%5B`, `%5D` and `%3A`, as eBay asks.
 *
 * @example buildOrdersQuery({ filterBy: 'created', from, to, offset: 200, limit: 500 })
 * // { filter: 'creationdate:[2026-03-01T00:00:00.000Z..2026-03-05T09:00:00.000Z]', limit: '200', offset: '200' }
 */
export function buildOrdersQuery(request: Pick<OrdersPageRequest, 'filterBy' | 'from' | 'to' | 'offset' | 'limit'>): { filter: string; limit: string; offset: string } {
  const field = request.filterBy === 'modified' ? 'lastmodifieddate' : 'creationdate';
  const limit = Math.min(EBAY_MAX_PAGE_SIZE, Math.max(1, Math.floor(Number.isFinite(request.limit) ? request.limit : EBAY_MAX_PAGE_SIZE)));
  const offset = Math.max(0, Math.floor(Number.isFinite(request.offset) ? request.offset : 0));
  return { filter: `${field}:[${ebayInstant(request.from)}..${ebayInstant(request.to)}]`, limit: String(limit), offset: String(offset) };
}

/** The body of createShippingFulfillment (providers.md). */
export interface EbayShippingFulfillmentBody {
  lineItems: { lineItemId: string; quantity: number }[];
  shippedDate: string;
  shippingCarrierCode: string;
  trackingNumber: string;
}

/**
 * The tracking push as eBay's createShippingFulfillment: the order id for the path and the body.
 * Everything eBay would refuse for a reason we can see is refused before sending, with the kit's
 * INVALID_INPUT and an Italian message: no order id, no line item, a line item without id or
 * repeated (eBay 32210), a quantity that is not a whole number ≥ 1, no carrier (our carrier code,
 * mapped to eBay's by `shippingCarrierCodeOf`: `gls` → `GLS`), a tracking number
 * that is not letters and digits once spaces are removed (eBay 32300), an invalid shipped date.
 *
 * @example buildFulfillmentRequest({ externalOrderId: '01-03955-36441', lineItems: [{ lineItemId: '10012345678901', quantity: 1 }], carrierCode: 'gls', trackingNumber: 'MI 123 456 789', shippedDate, accessToken })
 * // { orderId: '01-03955-36441', body: { lineItems: [{ lineItemId: '10012345678901', quantity: 1 }], shippedDate: '2026-03-05T09:00:00.000Z', shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789' } }
 */
export function buildFulfillmentRequest(push: Omit<TrackingPush, 'accessToken'>): { orderId: string; body: EbayShippingFulfillmentBody } {
  const invalid = (message: string) => kitErrors.invalidInput(message);
  const orderId = push.externalOrderId.trim();
  if (!orderId) throw invalid(ebayMessages.orderIdRequired);
  if (push.lineItems.length === 0) throw invalid(ebayMessages.lineItemsRequired);
  const seen = new Set<string>();
  const lineItems = push.lineItems.map((item) => {
    const lineItemId = item.lineItemId.trim();
    if (!lineItemId) throw invalid(ebayMessages.lineItemIdRequired);
    if (seen.has(lineItemId)) throw invalid(ebayMessages.lineItemDuplicated(lineItemId));
    seen.add(lineItemId);
    if (!Number.isInteger(item.quantity) || item.quantity < 1) throw invalid(ebayMessages.quantityInvalid(lineItemId));
    return { lineItemId, quantity: item.quantity };
  });
  const shippingCarrierCode = shippingCarrierCodeOf(push.carrierCode);
  if (!shippingCarrierCode) throw invalid(ebayMessages.carrierRequired);
  const trackingNumber = ebayTrackingNumber(push.trackingNumber);
  if (!trackingNumber) throw invalid(ebayMessages.trackingRequired);
  if (!/^[A-Za-z0-9]+$/.test(trackingNumber)) throw invalid(ebayMessages.trackingInvalid(push.trackingNumber.trim().slice(0, 60)));
  if (!(push.shippedDate instanceof Date) || Number.isNaN(push.shippedDate.getTime())) throw invalid(ebayMessages.shippedDateInvalid);
  return { orderId, body: { lineItems, shippedDate: ebayInstant(push.shippedDate), shippingCarrierCode, trackingNumber } };
}
