import { listen, RequestLog } from '../listen';
import { createAmazonApp, type AmazonRecordedRequest } from './app';
import { AMAZON_SANDBOX_APP, AMAZON_USAGE_PLANS, AmazonStore, type AmazonOperation, type AmazonSandboxApp, type AmazonSandboxSellerInput, type UsagePlan } from './store';

export type { AmazonRecordedRequest } from './app';
export { authorizeAs as amazonAuthorizeAs, amazonSandboxControl, type AmazonSandboxControl, type AmazonSandboxOrderSummary, type AmazonSandboxSellerInfo } from './control';
export { ITALY_MARKETPLACE as AMAZON_ITALY_MARKETPLACE } from './orders';
export { AMAZON_SANDBOX_APP, AMAZON_USAGE_PLANS, type AmazonFault, type AmazonOperation, type AmazonSandboxApp, type AmazonSandboxSellerInput, type UsagePlan } from './store';

/** The sellers of `make dev` (README.md): password Venditore1!. */
export const defaultAmazonSellers: readonly AmazonSandboxSellerInput[] = [
  { sellerId: 'A2SMISTABOTTEGA', storeName: 'Bottega Amazon', email: 'venditore@bottega-amazon.it', orders: 60, seed: 1 },
];

export interface AmazonSandboxOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added before every Amazon call (not `/__sandbox/`). Default 0. */
  latencyMs?: number;
  /** The known apps; default [{@link AMAZON_SANDBOX_APP}]; more with `POST /__sandbox/apps`. */
  apps?: readonly AmazonSandboxApp[];
  /** The sellers at start; default {@link defaultAmazonSellers}. */
  sellers?: readonly AmazonSandboxSellerInput[];
  /** LWA access tokens' `expires_in`. Default 3600. */
  accessTokenTtlSeconds?: number;
  /** Lifetime of an `spapi_oauth_code`. Default 300 (about 5 minutes, providers.md). */
  authorizationCodeTtlSeconds?: number;
  /** Lifetime of a searchOrders pagination token. Default 86400 (24 h). */
  paginationTokenTtlSeconds?: number;
  /** Usage plans over Amazon's ({@link AMAZON_USAGE_PLANS}): tests make them fast. */
  usagePlans?: Partial<Record<AmazonOperation, UsagePlan>>;
  /** The clock (tests move it). Default the system clock. */
  now?: () => Date;
}

export interface AmazonSandbox {
  /** `http://host:port`: Seller Central, LWA and the SP-API at once. */
  url: string;
  port: number;
  /** The calls received so far, oldest first (the last 1000; never a token or secret). */
  requests(): AmazonRecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the Amazon sandbox on one host: Seller Central's consent page (website authorization
 * flow), Login with Amazon's token endpoint, the SP-API Orders v2026-01-01 (searchOrders, getOrder),
 * v0 shipmentConfirmation and Sellers marketplaceParticipations, with Amazon's usage plans (429
 * QuotaExceeded, `x-amzn-RateLimit-Limit`), error envelope and restricted data rules, for sellers
 * with seeded Italian orders; control endpoints under `/__sandbox/` ({@link amazonSandboxControl}).
 *
 * @example
 * const amazon = await startAmazonSandbox({ port: 0, sellers: [{ storeName: 'Negozio', orders: 30 }] });
 * // AMAZON_LWA_URL = AMAZON_CONSENT_URL = AMAZON_API_URL = amazon.url
 * await amazon.close();
 */
export async function startAmazonSandbox(options: AmazonSandboxOptions = {}): Promise<AmazonSandbox> {
  const store = new AmazonStore({
    now: options.now ?? (() => new Date()),
    apps: options.apps ?? [AMAZON_SANDBOX_APP],
    sellers: options.sellers ?? defaultAmazonSellers,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    codeTtlSeconds: options.authorizationCodeTtlSeconds ?? 300,
    paginationTokenTtlSeconds: options.paginationTokenTtlSeconds ?? 86_400,
    usagePlans: { ...AMAZON_USAGE_PLANS, ...options.usagePlans },
  });
  const log = new RequestLog<AmazonRecordedRequest>();
  const app = createAmazonApp({ store, latencyMs: options.latencyMs ?? 0, record: (request) => log.record({ ...request, at: Date.now() }) });
  const served = await listen(app, options);
  return { ...served, requests: () => log.list() };
}
