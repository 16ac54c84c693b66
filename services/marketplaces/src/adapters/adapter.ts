/**
 * The marketplace adapter interface: what the marketplaces service asks of each marketplace,
 * whatever its wire format. One folder per marketplace (`ebay/`, `shopify/`, `amazon/`, `etsy/`,
 * `aliexpress/`) with the same files: `settings.ts` (its configuration variables and the settings made
 * of them), `client.ts` (HTTP only, through the kit's `provider-http`), pure `build*` / `parse*`
 * functions, `units.ts` (the marketplace's codes to ours) and `errors.ts` (its failure forms as
 * {@link MarketplaceError}s). The folder joins the service with one line of the adapters table
 * (`index.ts`) and runs the one contract suite every adapter runs (`contract.ts`).
 *
 * Everything a marketplace calls by its own name is mapped to Smista's inside its folder: order and
 * payment statuses, line fulfilment states (`LineFulfilmentStatus` of the contracts), the express
 * marker, our carrier codes to its carrier codes, and its "already fulfilled" refusal
 * (`ALREADY_FULFILLED`). Nothing outside `adapters/<provider>/` names a marketplace's raw value.
 *
 * An operation a marketplace lacks throws the kit's `NotSupportedError`. Failures are
 * {@link MarketplaceError}s with a stable code and an Italian message; an unreachable marketplace
 * (network error, 5xx after the client's retries) is the kit's `ProviderUnavailableError`.
 */
import { DomainError } from '@smista/service-kit';
import type { MarketplaceCapabilities, MarketplaceConnectMethod, PostalAddress } from '@smista/contracts';
import { common, type marketplacesEvents } from '@smista/proto';

/** Our normalised order, the payload of `marketplaces.order.imported` (proto events/v1). */
export type ImportedOrder = marketplacesEvents.ImportedOrder;

/**
 * The buyer's address of an imported order: the one postal address in `address`, and the same
 * address in the event's older fields (1-10), which orders of an earlier release still read.
 *
 * @example importedAddress({ name: 'Giulia Bianchi', addressLine1: 'Via Roma 1', city: 'Milano', postalCode: '20121', countryCode: 'IT' }).fullName // 'Giulia Bianchi'
 */
export function importedAddress(a: PostalAddress): marketplacesEvents.ImportedAddress {
  const address = common.PostalAddress.fromPartial({ ...a });
  return {
    fullName: address.name,
    companyName: address.companyName,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    stateOrProvince: address.province,
    postalCode: address.postalCode,
    countryCode: address.countryCode,
    phoneNumber: address.phone,
    email: address.email,
    address,
  };
}

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
  /** PKCE (marketplaces with `pkce`): BASE64URL(SHA-256(verifier)), set by the service with each state. */
  codeChallenge?: string;
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
  /**
   * Orders in the whole window, as the marketplace counts them; a marketplace that does not count
   * (Amazon) answers its estimate until the last page, and the exact number on it.
   */
  total: number;
  /** Offset of the next page; null on the last page. */
  nextOffset: number | null;
  /**
   * The marketplace asks to go slower though it answered (Etsy: the app's day quota running low):
   * the next page (or the next scheduled sync) waits `delayMs`, and the integration says `notice`
   * (Italian) meanwhile, instead of failing later.
   */
  slowDown?: { delayMs: number; notice: string };
}

export interface TrackingPush {
  accessToken: string;
  externalOrderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  carrierCode: string;
  trackingNumber: string;
  shippedDate: Date;
}

/** A delivery told to the marketplace ({@link MarketplaceAdapter.reportDelivery}). */
export interface DeliveryReport {
  accessToken: string;
  /** The fulfilment id {@link MarketplaceAdapter.pushTracking} answered for the shipment, as stored. */
  fulfillmentId: string;
  /** When the carrier delivered (its last movement), else when Smista learned it. */
  happenedAt: Date;
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

/** What a verified webhook delivery asks of Smista (capability `webhooks`). */
export type WebhookAction =
  /** An order was created, changed or cancelled: read it again and import it as a sync would. */
  | { kind: 'import_order'; externalOrderId: string }
  /** Erase a buyer's personal data from the seller's orders and shipments (Shopify customers/redact). */
  | { kind: 'redact_customer'; customerId: string; email: string; externalOrderIds: string[] }
  /** A buyer asked the seller for their data (Shopify customers/data_request): recorded. */
  | { kind: 'customer_data_request'; customerId: string; email: string; externalOrderIds: string[]; dataRequestId: string }
  /** The seller's store is gone: erase its buyers' personal data (Shopify shop/redact). */
  | { kind: 'redact_shop' };

export interface VerifiedWebhook {
  /** The marketplace's topic (`orders/create`). */
  topic: string;
  /** The seller it concerns, as the integration's `seller_user_id` holds it (Shopify: the shop's domain). */
  seller: string;
  /** The marketplace's delivery id, the same on every retry of one delivery: the de-duplication key. */
  webhookId: string;
  action: WebhookAction;
}

/** A refused delivery: `signature` is UNAUTHENTICATED (not the marketplace's), the rest INVALID_ARGUMENT; nothing is written. */
export interface WebhookRefusal {
  reason: 'signature' | 'incomplete' | 'topic' | 'seller' | 'body' | 'too_large';
  /** Italian, for the log and the HTTP answer. */
  message: string;
}

export type WebhookVerdict = { ok: true; webhook: VerifiedWebhook } | { ok: false; refusal: WebhookRefusal };

/** Headers as Node gives them: names in lower case. */
export type WebhookHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** What a `settings` marketplace answers when its connect dialog's values are accepted. */
export interface SettingsConnection {
  /** The account the settings open. */
  seller: SellerIdentity;
  /** Where the marketplace gives tokens for the settings (Amazon's LWA refresh token); absent when the settings are the credential. */
  tokens?: TokenSet;
}

export interface MarketplaceAdapter {
  /** The catalogue's id (`ebay`): the adapter's line in the adapters table. */
  readonly identifier: string;
  /** How a merchant connects it; equal to the catalogue's (`MARKETPLACE_CATALOGUE` of the contracts). */
  readonly connectMethod: MarketplaceConnectMethod;
  /**
   * What Smista can do with it (tracking push, partial shipment, refresh token, webhooks); equal to
   * the catalogue's, which the screens read. The service asks these, never an identifier.
   */
  readonly capabilities: MarketplaceCapabilities;
  /**
   * `oauth` marketplaces whose consent needs PKCE (Etsy: S256, mandatory). The service then makes a
   * code verifier with each state, keeps it sealed beside the state (single-use, short-lived, bound
   * to the user and merchant), gives its S256 challenge to {@link consentUrl} (`codeChallenge` of
   * the params) and the verifier, at the callback, to {@link exchangeCode}; the verifier never
   * reaches the browser. Absent: no PKCE.
   */
  readonly pkce?: boolean;

  /**
   * `oauth` marketplaces: where the seller's consent page is (the catalogue's `oauthUrl`), from
   * configuration; pure, answered even before the app's credentials are set.
   *
   * @example ebay.consentPageUrl() // 'https://auth.ebay.com/oauth2/authorize'
   */
  consentPageUrl(): string;
  /**
   * `oauth`: what the browser needs for the consent page (GET /api/marketplace/ebay/oauth-params).
   * `account` names the seller's store where the consent page is the store's own (Shopify: the
   * shop's domain as the merchant wrote it, refused in Italian before any call); eBay ignores it.
   */
  authorizeParams(account?: string): AuthorizeParams;
  /**
   * `oauth`: the consent page's URL for `params` and the consent's `state`, in the marketplace's
   * own form (eBay: response_type, space-separated scopes; Shopify: comma-separated scopes,
   * grant_options[]; Etsy: `codeChallenge` with method S256). Pure.
   */
  consentUrl(params: AuthorizeParams, state: string): string;
  /**
   * `oauth`: exchanges a single-use authorization code (POST token, grant_type=authorization_code).
   * `callback` is the whole callback query where the marketplace signs it (Shopify: `hmac`, `shop`,
   * `timestamp` checked before the code is used); eBay ignores it. `codeVerifier` is the PKCE
   * verifier kept with the consent's state (marketplaces with {@link pkce}).
   */
  exchangeCode(code: string, callback?: Readonly<Record<string, string>>, codeVerifier?: string): Promise<TokenSet>;
  /**
   * `settings` marketplaces: called when the connect dialog is saved with every required setting;
   * checks them with the marketplace's cheapest read and answers the account they open.
   * `CLIENT_REFUSED` with the marketplace's reason when it refuses them; an `oauth` marketplace
   * throws the kit's `NotSupportedError`.
   *
   * @example await shopify.connectWithSettings({ shopDomain: 'bottega.myshopify.com', accessToken: 'shpat_…' })
   */
  connectWithSettings(settings: Readonly<Record<string, string>>): Promise<SettingsConnection>;
  /**
   * Called before a token runs out (capability `refreshToken`): a new access token from the refresh
   * token; `REFRESH_REFUSED` when the marketplace refuses it (the seller must connect again).
   */
  refreshAccessToken(refreshToken: string): Promise<TokenSet>;
  /**
   * Checks the credentials by reading the account they open: after a consent (who consented), and
   * whenever a token's validity is in doubt. `TOKEN_EXPIRED` when the marketplace refuses the token.
   *
   * @example (await ebay.getIdentity(accessToken)).username // 'bottega_spedizioni'
   */
  getIdentity(accessToken: string): Promise<SellerIdentity>;
  /**
   * Called by a sync job for each page of its window: the orders created (first import) or changed
   * in `from`..`to`, from `offset`. `TOKEN_EXPIRED` on 401, `QUOTA_EXCEEDED` (with retryAfterMs) on
   * the marketplace's rate limit, `REQUEST_REFUSED` with its reason for a request it refuses.
   *
   * @example const { orders, nextOffset } = await ebay.fetchOrdersPage({ accessToken, filterBy: 'created', from, to, offset: 0, limit: 200 })
   */
  fetchOrdersPage(request: OrdersPageRequest): Promise<OrdersPage>;
  /**
   * One order as it stands now, normalised like a page's: `REQUEST_REFUSED` for an order the seller
   * does not have; `TOKEN_EXPIRED` and `QUOTA_EXCEEDED` as for a page.
   *
   * @example (await ebay.fetchOrder({ accessToken, externalOrderId: '12-34567-89012' })).status // 'da_spedire'
   */
  fetchOrder(request: { accessToken: string; externalOrderId: string }): Promise<ImportedOrder>;
  /**
   * Called when a labelled shipment's tracking goes to the marketplace (capability `trackingPush`):
   * tells it the items shipped and answers its fulfilment id. `ALREADY_FULFILLED` when a line
   * already has a fulfilment (eBay 32700), `REQUEST_REFUSED` for its other refusals.
   */
  pushTracking(push: TrackingPush): Promise<{ fulfillmentId: string }>;
  /**
   * Optional: a marketplace that can be told a shipment was delivered (Shopify's
   * fulfillmentEventCreate with status DELIVERED) has it; the others (eBay, Amazon, Etsy, AliExpress)
   * leave it out, and nothing is sent for their deliveries. Called once per shipment, when the
   * carrier's tracking says delivered and the tracking push made the fulfilment `fulfillmentId`
   * (a delivery known before the fulfilment waits for it). Answers the marketplace's event id.
   * `TOKEN_EXPIRED` on 401, `QUOTA_EXCEEDED` on the rate limit, `REQUEST_REFUSED` with its reason
   * (Italian) for a refusal (a fulfilment it does not have, a permission the seller never granted).
   *
   * @example await shopify.reportDelivery?.({ accessToken, fulfillmentId: '5000000123', happenedAt: new Date('2026-11-20T10:15:00Z') }) // { eventId: 'gid://shopify/FulfillmentEvent/5000000456' }
   */
  reportDelivery?(report: DeliveryReport): Promise<{ eventId: string }>;
  /**
   * The order's shipping fulfilments (eBay getShippingFulfillments), oldest first. Called when a
   * tracking push is refused as `ALREADY_FULFILLED` (eBay 32700, a bare 409): only
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
  /**
   * Capability `webhooks`: checks a delivery of the marketplace's notifications as received (the
   * signature over `rawBody` before anything is parsed) and reads what it asks. Pure; a marketplace
   * without webhooks throws the kit's `NotSupportedError`.
   *
   * @example shopify.readWebhook(req.headers, rawBody) // { ok: true, webhook: { topic: 'orders/create', seller: 'bottega.myshopify.com', … } }
   */
  readWebhook(headers: WebhookHeaders, rawBody: Buffer): WebhookVerdict;
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
  | 'REQUEST_REFUSED'
  /**
   * A tracking push refused because a line already has a fulfilment (eBay 32700, a bare 409): ours
   * from an earlier attempt whose answer was lost, or another; `providerCode` keeps the marketplace's code.
   */
  | 'ALREADY_FULFILLED';

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
