import { listen, RequestLog } from '../listen';
import { createEtsyApp, type EtsyRecordedRequest } from './app';
import { ETSY_DEFAULT_QUOTA, ETSY_SANDBOX_APP, EtsyStore, type EtsySandboxApp, type EtsySandboxSellerInput } from './store';

export type { EtsyRecordedRequest } from './app';
export { ETSY_ITALIAN_CARRIERS } from './app';
export { authorizeAs as etsyAuthorizeAs, etsySandboxControl, type EtsySandboxControl, type EtsySandboxReceiptSummary, type EtsySandboxSellerInfo } from './control';
export { ETSY_DEFAULT_QUOTA, ETSY_SANDBOX_APP, type EtsyFault, type EtsySandboxApp, type EtsySandboxSellerInput } from './store';

/** The sellers of `make dev` (README.md): password Artigiano1!. */
export const defaultEtsySellers: readonly EtsySandboxSellerInput[] = [
  { userId: 781234567, shopId: 29876543, shopName: 'BottegaArtigiana', email: 'venditore@bottega-etsy.it', password: 'Artigiano1!', receipts: 40, seed: 1 },
];

export interface EtsySandboxOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added before every Etsy call (not `/__sandbox/`). Default 0. */
  latencyMs?: number;
  /** The known apps; default [{@link ETSY_SANDBOX_APP}]; more with `POST /__sandbox/apps`. */
  apps?: readonly EtsySandboxApp[];
  /** The sellers at start; default {@link defaultEtsySellers}. */
  sellers?: readonly EtsySandboxSellerInput[];
  /** Access tokens' `expires_in`. Default 3600 (an hour, as Etsy's). */
  accessTokenTtlSeconds?: number;
  /** Refresh tokens' lifetime. Default 90 days. */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of an authorization code. Default 300. */
  authorizationCodeTtlSeconds?: number;
  /** The app's quotas; default {@link ETSY_DEFAULT_QUOTA}. */
  quota?: { perSecond: number; perDay: number };
  /** The clock (tests move it). Default the system clock. */
  now?: () => Date;
}

export interface EtsySandbox {
  /** `http://host:port`: www.etsy.com's consent page, api.etsy.com's tokens and openapi.etsy.com at once. */
  url: string;
  port: number;
  /** The calls received so far, oldest first (the last 1000; never a token, secret or verifier). */
  requests(): EtsyRecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the Etsy sandbox on one host: the OAuth 2.0 consent page with PKCE S256, the token
 * endpoint (code and refresh grants), the Open API v3 calls Smista makes (getMe,
 * getShopByOwnerUserId, getShopReceipts, getShopReceipt, createReceiptShipment,
 * getShippingCarriers) with `x-api-key: keystring:shared_secret` checked, Etsy's quota headers and
 * 429 `retry-after`, for sellers with seeded Italian receipts; control endpoints under
 * `/__sandbox/` ({@link etsySandboxControl}).
 *
 * @example
 * const etsy = await startEtsySandbox({ port: 0, sellers: [{ shopName: 'Negozio', receipts: 30 }] });
 * // ETSY_CONNECT_URL = ETSY_API_URL = etsy.url
 * await etsy.close();
 */
export async function startEtsySandbox(options: EtsySandboxOptions = {}): Promise<EtsySandbox> {
  const store = new EtsyStore({
    now: options.now ?? (() => new Date()),
    apps: options.apps ?? [ETSY_SANDBOX_APP],
    sellers: options.sellers ?? defaultEtsySellers,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 90 * 86_400,
    codeTtlSeconds: options.authorizationCodeTtlSeconds ?? 300,
    quota: options.quota ?? ETSY_DEFAULT_QUOTA,
  });
  const log = new RequestLog<EtsyRecordedRequest>();
  const app = createEtsyApp({ store, latencyMs: options.latencyMs ?? 0, record: log.record });
  const served = await listen(app, options);
  return { ...served, requests: () => log.list() };
}
