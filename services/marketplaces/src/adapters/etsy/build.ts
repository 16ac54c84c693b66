import { etsyMessages } from '@smista/contracts';
import { MarketplaceError, type AuthorizeParams, type TrackingPush } from '../adapter';
import type { EtsySettings } from './settings';
import { carrierNameOf, etsyTrackingCode } from './units';

/* Pure request building for Etsy's Open API v3 (providers.md): paths, queries and form bodies. */

export const CONNECT_PATH = '/oauth/connect';
export const TOKEN_PATH = '/v3/public/oauth/token';
export const ME_PATH = '/v3/application/users/me';
export const userShopsPath = (userId: string) => `/v3/application/users/${encodeURIComponent(userId)}/shops`;
export const shopPath = (shopId: string) => `/v3/application/shops/${encodeURIComponent(shopId)}`;
export const receiptsPath = (shopId: string) => `${shopPath(shopId)}/receipts`;
export const receiptPath = (shopId: string, receiptId: string) => `${receiptsPath(shopId)}/${encodeURIComponent(receiptId)}`;
export const trackingPath = (shopId: string, receiptId: string) => `${receiptPath(shopId, receiptId)}/tracking`;

/** Read the receipts, mark them shipped with tracking. */
export const ETSY_SCOPES = ['transactions_r', 'transactions_w'] as const;
/** getShopReceipts' largest page. */
export const ETSY_MAX_PAGE_SIZE = 100;
/** A receipt id: a positive integer. */
export const RECEIPT_ID = /^[1-9]\d{0,18}$/;

export function buildAuthorizeParams(settings: EtsySettings): AuthorizeParams {
  return { authorizeUrl: `${settings.connectUrl}${CONNECT_PATH}`, clientId: settings.keystring, redirectUri: settings.redirectUrl, scopes: [...ETSY_SCOPES] };
}

/**
 * The consent page's URL: `response_type=code`, the keystring as `client_id`, the redirect,
 * space-separated scopes, the state and the PKCE S256 challenge (mandatory at Etsy).
 */
export function etsyConsentUrl(params: AuthorizeParams, state: string): string {
  if (!params.codeChallenge) throw new MarketplaceError('CLIENT_REFUSED', etsyMessages.pkceMissing);
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: params.clientId,
    redirect_uri: params.redirectUri,
    scope: params.scopes.join(' '),
    state,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
  });
  return `${params.authorizeUrl}?${query.toString().replace(/\+/g, '%20')}`;
}

export const codeExchangeForm = (settings: EtsySettings, code: string, codeVerifier: string): Record<string, string> => ({
  grant_type: 'authorization_code',
  client_id: settings.keystring,
  redirect_uri: settings.redirectUrl,
  code,
  code_verifier: codeVerifier,
});

export const refreshForm = (settings: EtsySettings, refreshToken: string): Record<string, string> => ({ grant_type: 'refresh_token', client_id: settings.keystring, refresh_token: refreshToken });

/**
 * getShopReceipts' query for a window page: `min_created`/`max_created` for a first import,
 * `min_last_modified`/`max_last_modified` afterwards (epoch seconds, the window widened to whole
 * seconds), oldest first so that offsets stay put while new receipts arrive.
 */
export function receiptsQuery(window: { filterBy: 'created' | 'modified'; from: Date; to: Date }, offset: number, limit: number): Record<string, string> {
  const [min, max] = window.filterBy === 'created' ? ['min_created', 'max_created'] : ['min_last_modified', 'max_last_modified'];
  return {
    [min]: String(Math.floor(window.from.getTime() / 1000)),
    [max]: String(Math.ceil(window.to.getTime() / 1000)),
    limit: String(Math.min(ETSY_MAX_PAGE_SIZE, Math.max(1, Math.floor(limit)))),
    offset: String(Math.max(0, Math.floor(offset))),
    sort_on: window.filterBy === 'created' ? 'created' : 'updated',
    sort_order: 'asc',
  };
}

/** createReceiptShipment's form: the tracking code and the carrier's Etsy name (`other` when unmapped); checked before sending. */
export function trackingForm(push: Pick<TrackingPush, 'externalOrderId' | 'trackingNumber' | 'carrierCode'>, settings: Pick<EtsySettings, 'carrierNames'>): Record<string, string> {
  if (!push.externalOrderId.trim()) throw new MarketplaceError('REQUEST_REFUSED', etsyMessages.orderIdRequired);
  const trackingCode = etsyTrackingCode(push.trackingNumber);
  if (!trackingCode) throw new MarketplaceError('REQUEST_REFUSED', etsyMessages.trackingRequired);
  if (!/^[A-Za-z0-9-]+$/.test(trackingCode)) throw new MarketplaceError('REQUEST_REFUSED', etsyMessages.trackingInvalid);
  return { tracking_code: trackingCode, carrier_name: carrierNameOf(push.carrierCode, settings.carrierNames), send_bcc: 'false' };
}
