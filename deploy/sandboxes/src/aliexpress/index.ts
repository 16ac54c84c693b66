import { submitConsentForm } from '../control-client';
import { listen, RequestLog } from '../listen';
import { createAliexpressApp, type AliexpressRecordedRequest } from './app';
import { ALIEXPRESS_SANDBOX_APP, AliexpressStore, type AliexpressSandboxApp, type AliexpressSandboxSellerInput } from './store';

export type { AliexpressRecordedRequest } from './app';
export { aliexpressSandboxControl, type AliexpressSandboxControl, type AliexpressSandboxOrderSummary, type AliexpressSandboxSellerInfo } from './control';
export { wallClock as aliexpressWallClock, ITALIAN_SERVICES as ALIEXPRESS_ITALIAN_SERVICES } from './app';
export { ALIEXPRESS_SANDBOX_APP, gatewaySign as aliexpressGatewaySign, type AliexpressFault, type AliexpressSandboxApp, type AliexpressSandboxSellerInput } from './store';

/** The seller of `make dev` (README.md): password Venditore1!. */
export const defaultAliexpressSellers: readonly AliexpressSandboxSellerInput[] = [{ sellerId: '2209876543', userNick: 'Bottega AliExpress', email: 'venditore@bottega-aliexpress.it', orders: 30, seed: 1 }];

export interface AliexpressSandboxOptions {
  port?: number;
  host?: string;
  latencyMs?: number;
  apps?: readonly AliexpressSandboxApp[];
  sellers?: readonly AliexpressSandboxSellerInput[];
  /** Default 30 days (the gateway's `expires_in` example). */
  accessTokenTtlSeconds?: number;
  /** Default 60 days. */
  refreshTokenTtlSeconds?: number;
  /** Default 180 (3 minutes, single-use). */
  authorizationCodeTtlSeconds?: number;
  /** The platform's wall clock for order dates; default America/Los_Angeles. */
  timeZone?: string;
  now?: () => Date;
}

export interface AliexpressSandbox {
  url: string;
  port: number;
  requests(): AliexpressRecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the AliExpress sandbox (IOP gateway; the local stack's row `aliexpress`): the
 * authorize page, `/rest/auth/token/create|refresh` and `/sync` with the seller order methods, the
 * HMAC-SHA256 signature checked on every call, refusals as `error_response` with HTTP 200, order
 * dates on the Pacific wall clock; control endpoints under `/__sandbox/`.
 */
export async function startAliexpressSandbox(options: AliexpressSandboxOptions = {}): Promise<AliexpressSandbox> {
  const store = new AliexpressStore({
    now: options.now ?? (() => new Date()),
    apps: options.apps ?? [ALIEXPRESS_SANDBOX_APP],
    sellers: options.sellers ?? defaultAliexpressSellers,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 30 * 86_400,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 60 * 86_400,
    codeTtlSeconds: options.authorizationCodeTtlSeconds ?? 180,
  });
  const log = new RequestLog<AliexpressRecordedRequest>();
  const app = createAliexpressApp({ store, latencyMs: options.latencyMs ?? 0, timeZone: options.timeZone ?? 'America/Los_Angeles', record: log.record });
  const served = await listen(app, options);
  return { ...served, requests: () => log.list() };
}

/** A seller on the authorize page: signs in and allows; answers the redirect (`code`, `state`). */
export async function aliexpressAuthorizeAs(authorizeUrl: string, seller: { email: string; password: string }): Promise<string> {
  return submitConsentForm(authorizeUrl, '/oauth/authorize', { email: seller.email, password: seller.password, decision: 'allow' });
}
