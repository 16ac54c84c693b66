/**
 * The marketplace adapter interface: what the marketplaces service asks of each marketplace,
 * whatever its wire format. One folder per marketplace (`ebay/` now; amazon, shopify, aliexpress,
 * etsy later) with the same files: `settings.ts`, `client.ts` (HTTP only, through the kit's
 * `provider-http`), pure `build*` / `parse*` functions, `units.ts` (the marketplace's codes to ours)
 * and `errors.ts` (its failure forms as {@link MarketplaceError}s).
 *
 * An operation a marketplace lacks throws the kit's `NotSupportedError`. Failures are
 * {@link MarketplaceError}s with a stable code and an Italian message; an unreachable marketplace
 * (network error, 5xx after the client's retries) is the kit's `ProviderUnavailableError`.
 */
import { DomainError } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';

/** Our normalised order, the payload of `marketplaces.order.imported` (proto events/v1). */
export type ImportedOrder = marketplacesEvents.ImportedOrder;

/** Tokens as the marketplace answered them, with absolute expiries. */
export interface TokenSet {
  accessToken: string;
  accessTokenExpiresAt: Date;
  /** Absent on a refresh where the marketplace keeps the old refresh token (eBay). */
  refreshToken?: string;
  refreshTokenExpiresAt?: Date;
}

/** The seller who consented (eBay commerce/identity). */
export interface SellerIdentity {
  userId: string;
  username: string;
  accountType: string;
  email?: string;
  registrationMarketplaceId?: string;
}

/** Where the browser goes to consent. */
export interface AuthorizeParams {
  authorizeUrl: string;
  clientId: string;
  /** eBay: the RuName. */
  redirectUri: string;
  scopes: string[];
}

/**
 * One page of a sync window. The window is fixed when the job starts (`from`..`to`), so a job
 * resumed after a crash reads the same pages again from its last committed offset.
 */
export interface OrdersPageRequest {
  accessToken: string;
  /** `creationdate` for a first import, `lastmodifieddate` afterwards. */
  filterBy: 'created' | 'modified';
  from: Date;
  to: Date;
  offset: number;
  /** At most the marketplace's maximum (eBay 200). */
  limit: number;
}

export interface OrdersPage {
  orders: ImportedOrder[];
  /** Orders in the whole window, as the marketplace counts them. */
  total: number;
  /** Offset of the next page; null on the last page. */
  nextOffset: number | null;
}

export interface TrackingPush {
  accessToken: string;
  externalOrderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  carrierCode: string;
  trackingNumber: string;
  shippedDate: Date;
}

/** A shipping fulfilment of an order as the marketplace holds it (eBay's ShippingFulfillment). */
export interface ShippingFulfillment {
  fulfillmentId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  /** The marketplace's carrier code (eBay `shippingCarrierCode`: GLS, PosteItaliane…); '' when none. */
  shippingCarrierCode: string;
  /** The tracking number as the marketplace holds it (eBay `shipmentTrackingNumber`); '' when none. */
  trackingNumber: string;
  /** ISO-8601 as the marketplace gave it; '' when none. */
  shippedDate: string;
}

export interface MarketplaceAdapter {
  readonly identifier: string;
  /** What the browser needs for the consent page (GET /api/marketplace/ebay/oauth-params). */
  authorizeParams(): AuthorizeParams;
  /** Exchanges a single-use authorization code (POST token, grant_type=authorization_code). */
  exchangeCode(code: string): Promise<TokenSet>;
  /** A new access token from the refresh token; `REFRESH_REFUSED` when the marketplace refuses it. */
  refreshAccessToken(refreshToken: string): Promise<TokenSet>;
  getIdentity(accessToken: string): Promise<SellerIdentity>;
  /** One page of orders; `TOKEN_EXPIRED` on 401, `QUOTA_EXCEEDED` (with retryAfterMs) on 429. */
  fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage>;
  /** Tells the marketplace the items shipped; answers its fulfillment id. */
  pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }>;
  /**
   * The order's shipping fulfilments (eBay getShippingFulfillments), oldest first. Called when a
   * tracking push is refused because a line already has a fulfilment (eBay 32700, a bare 409): only
   * a fulfilment carrying our tracking number tells an earlier push of ours whose answer was lost
   * from items shipped otherwise. `TOKEN_EXPIRED` on 401, `QUOTA_EXCEEDED` on 429, `REQUEST_REFUSED`
   * for an order the seller does not have (eBay 32100).
   *
   * @example await adapter.getShippingFulfillments({ accessToken, externalOrderId: '12-34567-89012' })
   * // [{ fulfillmentId: '9405509699937003457459', lineItems: [{ lineItemId: '10012345678901', quantity: 1 }], shippingCarrierCode: 'GLS', trackingNumber: 'MI123456789', shippedDate: '2026-03-05T09:00:00.000Z' }]
   */
  getShippingFulfillments(request: { accessToken: string; externalOrderId: string }): Promise<ShippingFulfillment[]>;
  /**
   * A tracking number as `pushTracking` sends it (eBay: without the spaces carriers print), so that
   * it can be found again among {@link getShippingFulfillments}' answer. Pure.
   *
   * @example adapter.trackingNumberAsSent('MI 123 456 789') // 'MI123456789'
   */
  trackingNumberAsSent(trackingNumber: string): string;
  /** Releases HTTP connections. */
  close(): Promise<void>;
}

export type MarketplaceErrorCode =
  /** App credentials refused (invalid_client) or not configured. */
  | 'CLIENT_REFUSED'
  /** The authorization code was refused (invalid_grant on exchange): used, expired or foreign. */
  | 'CODE_REFUSED'
  /** The refresh token was refused: the seller must connect again. */
  | 'REFRESH_REFUSED'
  /** The access token is expired or revoked (401): refresh once and retry. */
  | 'TOKEN_EXPIRED'
  /** Call quota exceeded (429): back off and retry. */
  | 'QUOTA_EXCEEDED'
  /** The marketplace refused the request (4xx with its own code, e.g. eBay 32300). */
  | 'REQUEST_REFUSED';

/** A marketplace failure the service can act on, with the marketplace's own code when it gave one. */
export class MarketplaceError extends DomainError {
  constructor(
    readonly code: MarketplaceErrorCode,
    message: string,
    readonly details: { providerCode?: string; retryAfterMs?: number; httpStatus?: number } = {},
  ) {
    super(code, message);
  }
}
