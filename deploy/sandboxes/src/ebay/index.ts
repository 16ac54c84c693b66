import { listen, RequestLog } from '../listen';
import { defaultEbaySellers, EBAY_SANDBOX_APP, type EbaySandboxApp, type EbaySandboxSellerInput } from './accounts';
import { createEbayApp, type EbayRecordedRequest } from './app';
import { EbayStore } from './store';

export {
  API_SCOPE as EBAY_API_SCOPE,
  DEFAULT_SELLER_PASSWORD as EBAY_DEFAULT_SELLER_PASSWORD,
  defaultEbaySellers,
  EBAY_KNOWN_SCOPES,
  EBAY_SANDBOX_APP,
  SMISTA_SCOPES as EBAY_SMISTA_SCOPES,
  type EbayAccountType,
  type EbaySandboxApp,
  type EbaySandboxSellerInput,
} from './accounts';
export { endpointOf as ebayEndpointOf, type EbayRecordedRequest } from './app';
export {
  consentAs,
  consentUrlOf,
  ebayAuthorizeUrl,
  ebaySandboxControl,
  ebaySellerTokens,
  type EbayUserTokens,
  type EbayOrderJson,
  type EbayOrderPatch,
  type EbaySandboxControl,
  type EbaySandboxOrderSummary,
  type EbaySandboxSellerInfo,
  type EbaySandboxStats,
} from './control';
export { generateOrders as generateEbayOrders, type GenerateOrdersOptions as GenerateEbayOrdersOptions } from './generator';
export { CONTACT_VISIBLE_DAYS as EBAY_CONTACT_VISIBLE_DAYS, EMAIL_VISIBLE_DAYS as EBAY_EMAIL_VISIBLE_DAYS, orderJson as ebayOrderJson } from './order-json';
export type { SandboxFulfillment as EbaySandboxFulfillment, SandboxOrder as EbaySandboxOrder } from './order-model';
export { MAX_LIMIT as EBAY_MAX_ORDERS_LIMIT } from './orders-query';

export interface EbaySandboxOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added before every eBay call (consent page, token, identity, fulfillment; not `/__sandbox/`). Default 0. */
  latencyMs?: number;
  /** The known applications; default [{@link EBAY_SANDBOX_APP}]. More can be registered with `POST /__sandbox/apps`. */
  apps?: readonly EbaySandboxApp[];
  /** The sellers to create at start; default {@link defaultEbaySellers} (README.md). */
  sellers?: readonly EbaySandboxSellerInput[];
  /** `expires_in` of access tokens. Default 7200 (eBay's). */
  accessTokenTtlSeconds?: number;
  /** `refresh_token_expires_in` of refresh tokens. Default 47304000 (18 months, eBay's). */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of an authorization code (`expires_in` of the redirect). Default 299 (eBay's). */
  authorizationCodeTtlSeconds?: number;
  /** The clock (tests move it). Default the system clock. */
  now?: () => Date;
}

export interface EbaySandbox {
  /** `http://host:port`: the one base URL of the authorize page, token, identity and fulfillment paths. */
  url: string;
  port: number;
  /** The eBay calls received so far, oldest first (the last 1000; never a token, code or secret). */
  requests(): EbayRecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the eBay sandbox: `GET|POST /oauth2/authorize` (a consent page a person can use),
 * `POST /identity/v1/oauth2/token`, `GET /commerce/identity/v1/user/` and the Sell Fulfillment
 * order calls under `/sell/fulfillment/v1/`, all on one base URL, with sellers and their generated
 * orders in memory; control endpoints under `/__sandbox/` (see {@link ebaySandboxControl}).
 * README.md lists the app, the sellers, the control endpoints and the failure triggers.
 *
 * @example
 * const ebay = await startEbaySandbox({ port: 0, sellers: [{ username: 'seller_1000', orders: 1000, seed: 7 }] });
 * // EBAY_AUTH_URL = EBAY_API_URL = EBAY_IDENTITY_URL = ebay.url
 * await ebay.close();
 */
export async function startEbaySandbox(options: EbaySandboxOptions = {}): Promise<EbaySandbox> {
  const now = options.now ?? (() => new Date());
  const store = new EbayStore({
    now,
    apps: options.apps ?? [EBAY_SANDBOX_APP],
    sellers: options.sellers ?? defaultEbaySellers,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 7200,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 47_304_000,
    codeTtlSeconds: options.authorizationCodeTtlSeconds ?? 299,
  });
  const log = new RequestLog<EbayRecordedRequest>();
  const app = createEbayApp({ store, now, latencyMs: options.latencyMs ?? 0, record: log.record });
  const served = await listen(app, options);
  return {
    ...served,
    requests: () => log.list(),
  };
}
