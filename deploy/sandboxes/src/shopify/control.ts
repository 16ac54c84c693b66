import { controlCaller, submitConsentForm } from '../control-client';
import type { ShopifyBucketLimits, ShopifyFault, ShopifyFulfillmentEventRecord, ShopifyOrderChange, ShopifyPlan, ShopifySandboxApp, ShopifySentWebhook } from './store';
import type { ShopifyTrackingInfo } from './orders';
import type { FiredWebhook, FireWebhookRequest } from './webhooks';

/*
 * Clients of a running Shopify sandbox for tests and the local stack: the typed `/__sandbox/`
 * control endpoints, and a browser stand-in that signs in on the install page and installs.
 */

export interface ShopifySandboxShopInfo {
  shop: string;
  name: string;
  email: string;
  plan: ShopifyPlan;
  orders: number;
  bucket: { restoreRate: number; maximumAvailable: number; currentlyAvailable: number };
}

/** An order as the control endpoints list it (GIDs as the API gives them). */
export interface ShopifySandboxOrderSummary {
  id: string;
  legacyResourceId: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  cancelled: boolean;
  financialStatus: string;
  remainingQuantity: number;
  lineItems: { id: string; fulfillmentOrderLineItemId: string; quantity: number; remainingQuantity: number }[];
  /** `deliveredAt`: the time a DELIVERED fulfillment event gave (null until one). */
  fulfillments: { id: string; viaApi: boolean; trackingInfo: ShopifyTrackingInfo[]; deliveredAt: string | null }[];
}

export interface ShopifySandboxControl {
  registerApp(app: ShopifySandboxApp): Promise<void>;
  /** A shop; `limits` replaces its plan's cost bucket (a bench measuring Smista, not the plan). */
  addShop(shop: { shop: string; orders: number; name?: string; email?: string; password?: string; seed?: string | number; plan?: ShopifyPlan; limits?: ShopifyBucketLimits; replace?: boolean }): Promise<ShopifySandboxShopInfo>;
  shops(): Promise<ShopifySandboxShopInfo[]>;
  orders(shop: string): Promise<ShopifySandboxOrderSummary[]>;
  /** Adds orders created now; the apps installed on the shop with a webhook address get orders/create for each first. */
  addOrders(shop: string, count: number, seed?: string | number): Promise<ShopifySandboxOrderSummary[]>;
  /** The owner changes an order (cancel, refund, address): orders/updated (orders/cancelled too) to the installed apps. */
  changeOrder(shop: string, orderId: string, change: ShopifyOrderChange): Promise<{ order: ShopifySandboxOrderSummary; webhooks: FiredWebhook[] }>;
  /** The deliveries sent so far, oldest first. */
  sentWebhooks(): Promise<ShopifySentWebhook[]>;
  /** The fulfillment events apps created (fulfillmentEventCreate), oldest first; only `shop`'s when given. */
  fulfillmentEvents(shop?: string): Promise<ShopifyFulfillmentEventRecord[]>;
  /** Every access token of the shop expires now (API calls answer 401). */
  expireAccessTokens(shop: string): Promise<number>;
  /** The owner uninstalls the app: every access and refresh token of the shop stops working. */
  revokeConsent(shop: string): Promise<number>;
  /** Empties the shop's cost bucket (down to `leave` points). */
  drainBucket(shop: string, leave?: number): Promise<ShopifySandboxShopInfo>;
  /** The next `count` GraphQL calls answer THROTTLED (HTTP 200, or 429 with Retry-After) or 503. */
  injectFault(fault: ShopifyFault): Promise<ShopifyFault[]>;
  clearFaults(): Promise<void>;
  /** How a throttled call answers from now on: Shopify's 200 with THROTTLED (default), or 429. */
  setThrottledStatus(status: 200 | 429): Promise<void>;
  stats(): Promise<{ calls: number; limited: number; pendingFaults: ShopifyFault[] }>;
  /** Sends one signed webhook delivery of the shop to the app's `webhookUri` (or `uri`); the same `webhookId` again re-sends it. */
  fireWebhook(shop: string, request: FireWebhookRequest): Promise<FiredWebhook>;
}

export function shopifySandboxControl(baseUrl: string): ShopifySandboxControl {
  const base = baseUrl.replace(/\/+$/, '');
  const call = controlCaller('Shopify', base);
  const shopPath = (shop: string) => `/shops/${encodeURIComponent(shop.includes('.') ? shop : `${shop}.myshopify.com`)}`;
  return {
    registerApp: async (app) => void (await call('POST', '/apps', app)),
    addShop: (shop) => call('POST', '/shops', shop),
    shops: () => call('GET', '/shops'),
    orders: (shop) => call('GET', `${shopPath(shop)}/orders`),
    addOrders: (shop, count, seed) => call('POST', `${shopPath(shop)}/orders`, { count, ...(seed !== undefined ? { seed } : {}) }),
    changeOrder: (shop, orderId, change) => call('POST', `${shopPath(shop)}/orders/${encodeURIComponent(orderId)}`, change),
    sentWebhooks: () => call('GET', '/webhooks'),
    fulfillmentEvents: (shop) => call('GET', `/fulfillment-events${shop ? `?shop=${encodeURIComponent(shop.includes('.') ? shop : `${shop}.myshopify.com`)}` : ''}`),
    expireAccessTokens: async (shop) => (await call<{ expired: number }>('POST', `${shopPath(shop)}/expire-tokens`, {})).expired,
    revokeConsent: async (shop) => (await call<{ revoked: number }>('POST', `${shopPath(shop)}/revoke`, {})).revoked,
    drainBucket: (shop, leave = 0) => call('POST', `${shopPath(shop)}/drain`, { leave }),
    injectFault: (fault) => call('POST', '/faults', fault),
    clearFaults: async () => void (await call('DELETE', '/faults')),
    setThrottledStatus: async (status) => void (await call('PUT', '/throttled-status', { status })),
    stats: () => call('GET', '/stats'),
    fireWebhook: (shop, request) => call('POST', `${shopPath(shop)}/webhooks`, request),
  };
}

/**
 * What a shop owner does on the install page: signs in with `email` and `password` and installs
 * (or cancels). Answers the callback URL Shopify redirects to (with `code`, `hmac`, `host`, `shop`,
 * `state`, `timestamp`); throws with the page's text when there is no redirect.
 */
export async function installAs(authorizeUrl: string, owner: { email: string; password: string; install?: boolean }): Promise<string> {
  // The form posts back under the shop's own prefix (`/store/{shop}`), as the page says.
  const prefix = /^\/store\/[^/]+/.exec(new URL(authorizeUrl).pathname)?.[0] ?? '';
  return submitConsentForm(authorizeUrl, `${prefix}/admin/oauth/authorize`, { email: owner.email, password: owner.password, decision: owner.install === false ? 'cancel' : 'install' });
}
