import { amazonMessages } from '@smista/contracts';
import { kitErrors } from '@smista/service-kit';
import type { AuthorizeParams, TrackingPush } from '../adapter';
import type { AmazonSettings } from './settings';
import { amazonCarrierOf, amazonTrackingNumber, packageReferenceOf } from './units';

/*
 * Amazon's requests, built pure: the consent URL of the website authorization flow, the LWA token
 * bodies, searchOrders' query (Orders v2026-01-01) and the v0 shipment confirmation.
 */

export const CONSENT_PATH = '/apps/authorize/consent';
export const TOKEN_PATH = '/auth/o2/token';
export const SEARCH_ORDERS_PATH = '/orders/2026-01-01/orders';
export const PARTICIPATIONS_PATH = '/sellers/v1/marketplaceParticipations';
export const orderPath = (orderId: string) => `${SEARCH_ORDERS_PATH}/${encodeURIComponent(orderId)}`;
export const confirmationPath = (orderId: string) => `/orders/v0/orders/${encodeURIComponent(orderId)}/shipmentConfirmation`;

/** What Smista reads of an order: the recipient and buyer (PII, with the restricted role), the fulfilment, the packages, the totals. */
export const INCLUDED_DATA = ['BUYER', 'RECIPIENT', 'FULFILLMENT', 'PACKAGES', 'PROCEEDS'] as const;

/** searchOrders' largest page. */
export const AMAZON_MAX_PAGE_SIZE = 100;

/** searchOrders' `…Before` must be at least 2 minutes before now; a little more for the clocks' skew. */
export const NEWEST_VISIBLE_MS = 2 * 60_000 + 10_000;

/** Amazon's order ids: 3-7-7 digits. */
export const AMAZON_ORDER_ID = /^\d{3}-\d{7}-\d{7}$/;

/** What the consent needs (the scopes are the app's roles, chosen in Seller Central, not asked here). */
export function buildAuthorizeParams(settings: AmazonSettings): AuthorizeParams {
  return { authorizeUrl: `${settings.consentUrl}${CONSENT_PATH}`, clientId: settings.applicationId, redirectUri: settings.redirectUrl, scopes: [] };
}

/**
 * Seller Central's consent page for `state`: `application_id`, `state`, `redirect_uri`, and
 * `version=beta` for a draft app.
 *
 * @example amazonConsentUrl(params, 'amazon.n0nce', false) // 'https://sellercentral.amazon.it/apps/authorize/consent?application_id=…&state=amazon.n0nce&redirect_uri=…'
 */
export function amazonConsentUrl(params: AuthorizeParams, state: string, draftApp: boolean): string {
  const query = new URLSearchParams({ application_id: params.clientId, state, redirect_uri: params.redirectUri });
  if (draftApp) query.set('version', 'beta');
  return `${params.authorizeUrl}?${query.toString()}`;
}

/** searchOrders' first request of a window: `createdAfter`/`lastUpdatedAfter` and its `…Before`, merchant-fulfilled, the included data. */
export function searchOrdersQuery(window: { filterBy: 'created' | 'modified'; from: Date; before: Date }, marketplaceIds: readonly string[], pageSize: number): Record<string, string> {
  const prefix = window.filterBy === 'created' ? 'created' : 'lastUpdated';
  return {
    [`${prefix}After`]: window.from.toISOString(),
    [`${prefix}Before`]: window.before.toISOString(),
    marketplaceIds: marketplaceIds.join(','),
    fulfilledBy: 'MERCHANT',
    maxResultsPerPage: String(Math.min(AMAZON_MAX_PAGE_SIZE, Math.max(1, pageSize))),
    includedData: INCLUDED_DATA.join(','),
  };
}

/** The next page: the token alone, with the page size and the included data. */
export function nextPageQuery(paginationToken: string, pageSize: number): Record<string, string> {
  return { paginationToken, maxResultsPerPage: String(Math.min(AMAZON_MAX_PAGE_SIZE, Math.max(1, pageSize))), includedData: INCLUDED_DATA.join(',') };
}

/** The push's lines checked before any call: at least one, integer quantities ≥ 1, a tracking number. */
export function checkPushLines(push: TrackingPush): void {
  if (!push.externalOrderId.trim()) throw kitErrors.invalidInput(amazonMessages.orderIdRequired);
  if (push.lineItems.length === 0) throw kitErrors.invalidInput(amazonMessages.lineItemsRequired);
  for (const line of push.lineItems) {
    if (!Number.isInteger(line.quantity) || line.quantity < 1) throw kitErrors.invalidInput(amazonMessages.quantityInvalid(line.lineItemId));
  }
  if (!amazonTrackingNumber(push.trackingNumber)) throw kitErrors.invalidInput(amazonMessages.trackingRequired);
}

/**
 * v0 confirmShipment's body: one package of the pushed items with Amazon's carrier code (`Other`
 * with the carrier's name otherwise) and a `packageReferenceId` made from the tracking number.
 */
export function buildConfirmation(push: TrackingPush, marketplaceId: string): { marketplaceId: string; packageDetail: Record<string, unknown> } {
  const trackingNumber = amazonTrackingNumber(push.trackingNumber);
  return {
    marketplaceId,
    packageDetail: {
      packageReferenceId: packageReferenceOf(trackingNumber),
      ...amazonCarrierOf(push.carrierCode),
      trackingNumber,
      shipDate: push.shippedDate.toISOString(),
      orderItems: push.lineItems.map((l) => ({ orderItemId: l.lineItemId, quantity: l.quantity })),
    },
  };
}
