import { listen, RequestLog } from '../listen';
import { createShopifyApp, type ShopifyRecordedRequest } from './app';
import { SHOPIFY_SANDBOX_APP, ShopifyStore, type ShopifySandboxApp, type ShopifySandboxShopInput } from './store';

export { callbackHmac as shopifyCallbackHmac, type ShopifyRecordedRequest } from './app';
export { installAs as shopifyInstallAs, shopifySandboxControl, type ShopifySandboxControl, type ShopifySandboxOrderSummary, type ShopifySandboxShopInfo } from './control';
export { MAX_PAGE_SIZE as SHOPIFY_MAX_PAGE_SIZE, VISIBLE_DAYS_WITHOUT_READ_ALL as SHOPIFY_VISIBLE_DAYS } from './graphql-api';
export { SINGLE_QUERY_MAX_COST as SHOPIFY_SINGLE_QUERY_MAX_COST } from './cost';
export { SANDBOX_WEBHOOK_TOPICS as SHOPIFY_SANDBOX_WEBHOOK_TOPICS, type FiredWebhook as ShopifyFiredWebhook, type FireWebhookRequest as ShopifyFireWebhookRequest } from './webhooks';
export { SHOPIFY_PLANS, SHOPIFY_SANDBOX_APP, SHOPIFY_SMISTA_SCOPES, type ShopifyBucketLimits, type ShopifyFault, type ShopifyFulfillmentEventRecord, type ShopifyOrderChange, type ShopifyPlan, type ShopifySandboxApp, type ShopifySandboxShopInput, type ShopifySentWebhook } from './store';

/** The shops of `make dev` (README.md): owner e-mail titolare@<name>.it, password Negozio1!. */
export const defaultShopifyShops: readonly ShopifySandboxShopInput[] = [
  { shop: 'bottega-verde', name: 'Bottega Verde', orders: 40, seed: 1 },
  { shop: 'ceramiche-vietri', name: 'Ceramiche Vietri', orders: 250, seed: 2, plan: 'advanced' },
];

export interface ShopifySandboxOptions {
  /** Port on `host`; 0 (the default) picks a free one. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Added before every Shopify call (not `/__sandbox/`). Default 0. */
  latencyMs?: number;
  /** The known apps; default [{@link SHOPIFY_SANDBOX_APP}]; more with `POST /__sandbox/apps`. */
  apps?: readonly ShopifySandboxApp[];
  /** The shops at start; default {@link defaultShopifyShops}. */
  shops?: readonly ShopifySandboxShopInput[];
  /** `expires_in` of expiring offline access tokens. Default 3600 ([open], README). */
  accessTokenTtlSeconds?: number;
  /** `refresh_token_expires_in`. Default 7776000, 90 days ([open], README). */
  refreshTokenTtlSeconds?: number;
  /** Lifetime of an authorization code. Default 60 s ([open]). */
  authorizationCodeTtlSeconds?: number;
  /** The clock (tests move it). Default the system clock. */
  now?: () => Date;
}

export interface ShopifySandbox {
  /** `http://host:port`; a shop's own host is `<url>/store/<shop>.myshopify.com`. */
  url: string;
  port: number;
  /** The Shopify calls received so far, oldest first (the last 1000; never a token or secret). */
  requests(): ShopifyRecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts the Shopify sandbox: the install page and JSON token endpoint of the OAuth
 * authorization-code grant, the GraphQL Admin API (orders with cursor pages and search, fulfillment
 * orders, fulfillmentCreate) with Shopify's cost-based throttling and error envelopes, for shops
 * with seeded Italian orders; control endpoints under `/__sandbox/` ({@link shopifySandboxControl}).
 *
 * @example
 * const shopify = await startShopifySandbox({ port: 0, shops: [{ shop: 'negozio', orders: 30 }] });
 * // SHOPIFY_SHOP_URL = `${shopify.url}/store/{shop}`
 * await shopify.close();
 */
export async function startShopifySandbox(options: ShopifySandboxOptions = {}): Promise<ShopifySandbox> {
  const now = options.now ?? (() => new Date());
  const store = new ShopifyStore({
    now,
    apps: options.apps ?? [SHOPIFY_SANDBOX_APP],
    shops: options.shops ?? defaultShopifyShops,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds ?? 3600,
    refreshTokenTtlSeconds: options.refreshTokenTtlSeconds ?? 7_776_000,
    codeTtlSeconds: options.authorizationCodeTtlSeconds ?? 60,
  });
  const log = new RequestLog<ShopifyRecordedRequest>();
  const app = createShopifyApp({ store, latencyMs: options.latencyMs ?? 0, record: log.record });
  const served = await listen(app, options);
  return { ...served, requests: () => log.list() };
}
