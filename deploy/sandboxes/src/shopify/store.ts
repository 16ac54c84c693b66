import { randomBytes } from 'node:crypto';
import { gid, generateShopifyOrders, remainingQuantity, type ShopifyAddress, type ShopifyFulfillment, type ShopifyOrder, type ShopifyTrackingInfo } from './orders';

/*
 * The sandbox's state in memory: the registered apps, the shops with their owner's password and
 * orders, authorization codes, tokens, each shop's cost bucket and the injected faults.
 */

/** A Shopify app (Partner dashboard): client id and secret, where its callback may go, the scopes it may ask. */
export interface ShopifySandboxApp {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Allowed redirection URLs; empty = any http(s) URL. */
  redirectUris: readonly string[];
  /** Where the app's configured webhook topics are delivered (like `shopify.app.toml`); none = no deliveries. */
  webhookUri?: string;
}

/** Smista's app in the sandbox (development and tests). */
export const SHOPIFY_SANDBOX_APP: ShopifySandboxApp = {
  clientId: 'smista-shopify-sandbox-client',
  clientSecret: 'shpss_sandbox_9f4c2e7a1b6d8e3f5a0c',
  name: 'Smista',
  redirectUris: [],
};

/** The scopes Smista asks (providers.md). */
export const SHOPIFY_SMISTA_SCOPES = ['read_orders', 'read_merchant_managed_fulfillment_orders', 'write_merchant_managed_fulfillment_orders', 'write_fulfillments'] as const;

/** What each scope lets an app do, as the consent page says it. */
export const SHOPIFY_KNOWN_SCOPES: Readonly<Record<string, string>> = {
  read_orders: 'Visualizzare gli ordini, le transazioni e i resi',
  write_orders: 'Modificare gli ordini',
  read_all_orders: 'Visualizzare tutti gli ordini, anche quelli più vecchi di 60 giorni',
  read_merchant_managed_fulfillment_orders: 'Visualizzare gli ordini di evasione gestiti dal negozio',
  write_merchant_managed_fulfillment_orders: 'Evadere gli ordini gestiti dal negozio e aggiungere il tracking',
  write_fulfillments: 'Aggiornare le evasioni e i loro eventi di consegna',
  read_customers: 'Visualizzare i clienti',
};

/** Shopify's plans and their cost buckets (providers.md): points restored per second, bucket size. */
export const SHOPIFY_PLANS = {
  basic: { restoreRate: 100, maximumAvailable: 2000 },
  advanced: { restoreRate: 200, maximumAvailable: 4000 },
  plus: { restoreRate: 1000, maximumAvailable: 20000 },
} as const;
export type ShopifyPlan = keyof typeof SHOPIFY_PLANS;

export interface ShopifySandboxShopInput {
  /** `bottega-verde` or `bottega-verde.myshopify.com`. */
  shop: string;
  /** Shown on the consent page. Default from the domain. */
  name?: string;
  /** The owner's e-mail and password on the consent page. */
  email?: string;
  password?: string;
  orders: number;
  seed?: string | number;
  plan?: ShopifyPlan;
  /**
   * The cost bucket instead of the plan's (`make bench` lifts it, so that a bench measures Smista
   * and not Shopify's plan; Shopify itself sets it by plan only).
   */
  limits?: ShopifyBucketLimits;
}

/** A shop's cost bucket: points restored a second, and the most it holds. */
export interface ShopifyBucketLimits {
  restoreRate: number;
  maximumAvailable: number;
}

/** A fulfillment event as `GET /__sandbox/fulfillment-events` lists it (GIDs as the API gives them). */
export interface ShopifyFulfillmentEventRecord {
  id: string;
  shop: string;
  orderId: string;
  fulfillmentId: string;
  /** FulfillmentEventStatus: DELIVERED, IN_TRANSIT… */
  status: string;
  happenedAt: string;
  createdAt: string;
  message: string | null;
  /** The app that created it. */
  clientId: string;
}

export interface ShopState {
  domain: string;
  name: string;
  email: string;
  password: string;
  plan: ShopifyPlan;
  /** The bucket's limits: the plan's, or the ones a bench set. */
  limits: ShopifyBucketLimits;
  orders: ShopifyOrder[];
  /**
   * Moves whenever an order is added or its `updatedAt` moves: the GraphQL API keeps the orders
   * sorted per revision (graphql-api.ts) instead of sorting the shop again for every page.
   */
  ordersRevision: number;
  nextNumber: number;
  /** The cost bucket: points available at `bucketAt`. */
  bucket: number;
  bucketAt: number;
}

export interface ShopifyToken {
  token: string;
  shop: string;
  clientId: string;
  scopes: string[];
  /** Null: an offline token that never expires. */
  expiresAt: number | null;
  revoked: boolean;
}

export interface ShopifyRefreshToken {
  token: string;
  shop: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

interface AuthorizationCode {
  code: string;
  shop: string;
  clientId: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export type ShopifyFaultKind = 'throttled' | 'unavailable';
export interface ShopifyFault {
  kind: ShopifyFaultKind;
  count: number;
  /** throttled: answer HTTP 429 with Retry-After instead of Shopify's 200 with THROTTLED. */
  httpStatus?: 200 | 429;
  /** throttled with 429: the Retry-After header (seconds). */
  retryAfterSeconds?: number;
}

/** A change the shop owner makes to an order (`POST /__sandbox/shops/{shop}/orders/{id}`). */
export interface ShopifyOrderChange {
  /** Cancels the order (Shopify then sends orders/cancelled and orders/updated). */
  cancel?: boolean;
  /** Refunds it in full. */
  refund?: boolean;
  /** Edits the shipping address (only the fields given). */
  shippingAddress?: Partial<Pick<ShopifyAddress, 'firstName' | 'lastName' | 'company' | 'address1' | 'address2' | 'city' | 'zip' | 'phone'>>;
}

/** One webhook delivery the sandbox sent (`GET /__sandbox/webhooks`). */
export interface ShopifySentWebhook {
  webhookId: string;
  topic: string;
  shop: string;
  /** The order's numeric id (order topics); '' otherwise. */
  orderId: string;
  clientId: string;
  uri: string;
  /** The receiver's HTTP status; 0 when it could not be reached. */
  status: number;
  sentAt: string;
}

export class ShopifyControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const MYSHOPIFY = /^[a-zA-Z0-9][a-zA-Z0-9-_]*\.myshopify\.com$/;

/** `negozio` → `negozio.myshopify.com`; an invalid name throws. */
export function shopDomainOf(input: string): string {
  const value = input.trim().toLowerCase();
  const domain = value.includes('.') ? value : `${value}.myshopify.com`;
  if (!MYSHOPIFY.test(domain)) throw new ShopifyControlError(400, `dominio del negozio non valido: ${input}`);
  return domain;
}

export const isShopDomain = (value: string) => MYSHOPIFY.test(value);

export interface ShopifyStoreOptions {
  now: () => Date;
  apps: readonly ShopifySandboxApp[];
  shops: readonly ShopifySandboxShopInput[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  codeTtlSeconds: number;
}

const secret = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;

export class ShopifyStore {
  readonly apps = new Map<string, ShopifySandboxApp>();
  readonly shops = new Map<string, ShopState>();
  private readonly codes = new Map<string, AuthorizationCode>();
  private readonly tokens = new Map<string, ShopifyToken>();
  private readonly refreshTokens = new Map<string, ShopifyRefreshToken>();
  private faults: ShopifyFault[] = [];
  private lastId = 5_000_000_000;
  /** The webhook deliveries sent, oldest first (the last 1000). */
  readonly sentWebhooks: ShopifySentWebhook[] = [];
  /** The fulfillment events created through `fulfillmentEventCreate`, oldest first (the last 1000). */
  readonly fulfillmentEvents: ShopifyFulfillmentEventRecord[] = [];
  /** How a throttled call answers when no fault says otherwise. */
  throttledHttpStatus: 200 | 429 = 200;
  calls = 0;
  /** Calls refused by the provider's own limits (its usage plan, quota or cost bucket; injected faults not counted). */
  limited = 0;

  constructor(readonly options: ShopifyStoreOptions) {
    for (const app of options.apps) this.apps.set(app.clientId, app);
    for (const shop of options.shops) this.addShop(shop);
  }

  private readonly nextId = () => ++this.lastId;
  private nowMs = () => this.options.now().getTime();

  addShop(input: ShopifySandboxShopInput & { replace?: boolean }): ShopState {
    const domain = shopDomainOf(input.shop);
    if (this.shops.has(domain) && !input.replace) throw new ShopifyControlError(409, `il negozio ${domain} esiste già`);
    const plan = input.plan ?? 'basic';
    const handle = domain.replace(/\.myshopify\.com$/, '');
    const state: ShopState = {
      domain,
      name: input.name ?? handle.split(/[-_]/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' '),
      email: input.email ?? `titolare@${handle}.it`,
      password: input.password ?? 'Negozio1!',
      plan,
      limits: { ...(input.limits ?? SHOPIFY_PLANS[plan]) },
      orders: generateShopifyOrders({ count: input.orders, seed: input.seed ?? domain, nextId: this.nextId, firstNumber: 1001, now: this.options.now() }),
      ordersRevision: 0,
      nextNumber: 1001 + input.orders,
      bucket: (input.limits ?? SHOPIFY_PLANS[plan]).maximumAvailable,
      bucketAt: this.nowMs(),
    };
    this.shops.set(domain, state);
    return state;
  }

  shop(domain: string): ShopState {
    const shop = this.shops.get(domain);
    if (!shop) throw new ShopifyControlError(404, `negozio sconosciuto: ${domain}`);
    return shop;
  }

  addOrders(domain: string, count: number, seed: string | number = Date.now()): ShopifyOrder[] {
    const shop = this.shop(domain);
    const orders = generateShopifyOrders({ count, seed, nextId: this.nextId, firstNumber: shop.nextNumber, now: this.options.now(), historyDays: 0.05 });
    shop.nextNumber += count;
    shop.orders.push(...orders);
    shop.ordersRevision++;
    return orders;
  }

  /** An order changed now: its `updatedAt` moves, and with it the shop's `ordersRevision` (the sorted pages). */
  private touch(shop: ShopState, order: ShopifyOrder): void {
    order.updatedAt = this.options.now();
    shop.ordersRevision++;
  }

  /** The owner changes an order: what Shopify's admin would do; its `updatedAt` moves. */
  changeOrder(domain: string, id: string, change: ShopifyOrderChange): ShopifyOrder {
    const shop = this.shop(domain);
    const order = shop.orders.find((o) => String(o.id) === id);
    if (!order) throw new ShopifyControlError(404, `ordine sconosciuto: ${id}`);
    if (!change.cancel && !change.refund && !change.shippingAddress) throw new ShopifyControlError(400, 'nessuna modifica: cancel, refund o shippingAddress');
    if (change.shippingAddress && !order.shippingAddress) throw new ShopifyControlError(400, "l'ordine non ha un indirizzo di spedizione");
    if (change.cancel) order.cancelledAt = this.options.now();
    if (change.refund) order.financialStatus = 'REFUNDED';
    if (change.shippingAddress) order.shippingAddress = { ...order.shippingAddress!, ...change.shippingAddress };
    this.touch(shop, order);
    return order;
  }

  /**
   * The apps installed on the shop (a live access or refresh token) that have a webhook address:
   * Shopify delivers a shop's events to those only, never to an app uninstalled or never installed.
   */
  installedWebhookApps(domain: string): ShopifySandboxApp[] {
    return this.installedApps(domain).filter((app) => app.webhookUri);
  }

  /** The apps installed on the shop: a live access or refresh token of theirs. */
  installedApps(domain: string): ShopifySandboxApp[] {
    const now = this.nowMs();
    const installed = new Set<string>();
    for (const t of this.tokens.values()) if (t.shop === domain && !t.revoked && (t.expiresAt === null || t.expiresAt > now)) installed.add(t.clientId);
    for (const t of this.refreshTokens.values()) if (t.shop === domain && !t.revoked && t.expiresAt > now) installed.add(t.clientId);
    return [...installed].flatMap((clientId) => {
      const app = this.apps.get(clientId);
      return app ? [app] : [];
    });
  }

  recordWebhook(sent: ShopifySentWebhook): void {
    this.sentWebhooks.push(sent);
    if (this.sentWebhooks.length > 1000) this.sentWebhooks.shift();
  }

  // OAuth

  issueCode(shop: string, clientId: string, scopes: string[]): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { code, shop, clientId, scopes, expiresAt: this.nowMs() + this.options.codeTtlSeconds * 1000, used: false });
    return code;
  }

  /** The code's grant, once; undefined for a code unknown, used, expired, another app's or another shop's. */
  redeemCode(code: string, clientId: string, shop: string): AuthorizationCode | undefined {
    const grant = this.codes.get(code);
    if (!grant || grant.used || grant.clientId !== clientId || grant.shop !== shop || grant.expiresAt < this.nowMs()) return undefined;
    grant.used = true;
    return grant;
  }

  issueTokens(shop: string, clientId: string, scopes: string[], expiring: boolean): { access: ShopifyToken; refresh?: ShopifyRefreshToken } {
    const access: ShopifyToken = { token: secret('shpat_'), shop, clientId, scopes, expiresAt: expiring ? this.nowMs() + this.options.accessTokenTtlSeconds * 1000 : null, revoked: false };
    this.tokens.set(access.token, access);
    if (!expiring) return { access };
    const refresh: ShopifyRefreshToken = { token: secret('shprt_'), shop, clientId, scopes, expiresAt: this.nowMs() + this.options.refreshTokenTtlSeconds * 1000, revoked: false };
    this.refreshTokens.set(refresh.token, refresh);
    return { access, refresh };
  }

  /** A live refresh token of the app and shop; using it retires it (a new one comes with the answer). */
  useRefreshToken(token: string, clientId: string, shop: string): ShopifyRefreshToken | undefined {
    const refresh = this.refreshTokens.get(token);
    if (!refresh || refresh.revoked || refresh.clientId !== clientId || refresh.shop !== shop || refresh.expiresAt < this.nowMs()) return undefined;
    refresh.revoked = true;
    return refresh;
  }

  /** The token's grant when it is live; 'expired' / undefined otherwise. */
  accessToken(token: string): ShopifyToken | 'expired' | undefined {
    const access = this.tokens.get(token);
    if (!access || access.revoked) return undefined;
    if (access.expiresAt !== null && access.expiresAt <= this.nowMs()) return 'expired';
    return access;
  }

  /** Every access token of the shop expires now; answers how many were live. */
  expireAccessTokens(shop: string): number {
    let n = 0;
    for (const t of this.tokens.values()) {
      if (t.shop !== shop || t.revoked || (t.expiresAt !== null && t.expiresAt <= this.nowMs())) continue;
      t.expiresAt = this.nowMs() - 1;
      n++;
    }
    return n;
  }

  /** The shop's owner uninstalls the app: every token of the shop stops working. */
  revokeConsent(shop: string): number {
    let n = 0;
    for (const t of [...this.tokens.values(), ...this.refreshTokens.values()]) {
      if (t.shop === shop && !t.revoked) {
        t.revoked = true;
        n++;
      }
    }
    return n;
  }

  // Cost bucket

  /** The bucket now, restored at the plan's rate since its last use. */
  available(shop: ShopState): number {
    const { restoreRate, maximumAvailable } = shop.limits;
    const now = this.nowMs();
    shop.bucket = Math.min(maximumAvailable, shop.bucket + ((now - shop.bucketAt) / 1000) * restoreRate);
    shop.bucketAt = now;
    return shop.bucket;
  }

  /** Spends `cost` when the bucket holds it; false (nothing spent) when it does not. */
  spend(shop: ShopState, cost: number): boolean {
    if (this.available(shop) < cost) return false;
    shop.bucket -= cost;
    return true;
  }

  /** Empties the shop's bucket (the next calls are throttled until it restores). */
  drain(shop: ShopState, leave = 0): void {
    this.available(shop);
    shop.bucket = leave;
  }

  // Faults

  injectFault(fault: ShopifyFault): ShopifyFault[] {
    this.faults.push({ ...fault });
    return this.pendingFaults();
  }
  takeFault(): ShopifyFault | undefined {
    const fault = this.faults[0];
    if (!fault) return undefined;
    if (--fault.count <= 0) this.faults.shift();
    return { ...fault };
  }
  pendingFaults(): ShopifyFault[] {
    return this.faults.map((f) => ({ ...f }));
  }
  clearFaults(): void {
    this.faults = [];
  }

  // Fulfilment

  /** `fulfillmentCreate` on one fulfillment order: the lines named (all when none), with the tracking. */
  createFulfillment(shop: ShopState, order: ShopifyOrder, lines: { id: number; quantity: number }[] | undefined, tracking: ShopifyTrackingInfo) {
    const chosen = lines ?? order.fulfillmentOrderLines.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
    const fulfillment = {
      id: this.nextId(),
      status: 'SUCCESS' as const,
      createdAt: this.options.now(),
      trackingInfo: [tracking],
      lines: chosen.map((c) => {
        const line = order.fulfillmentOrderLines.find((l) => l.id === c.id)!;
        line.remainingQuantity -= c.quantity;
        return { fulfillmentOrderLineId: c.id, lineItemId: line.lineItemId, quantity: c.quantity };
      }),
      viaApi: true,
    };
    order.fulfillments.push(fulfillment);
    this.touch(shop, order);
    return fulfillment;
  }

  /** `fulfillmentEventCreate` on a fulfillment of `order`: recorded for the control endpoint. */
  createFulfillmentEvent(shop: ShopState, order: ShopifyOrder, fulfillment: ShopifyFulfillment, input: { status: string; happenedAt: Date; message: string | null }, appClientId: string): ShopifyFulfillmentEventRecord {
    const event: ShopifyFulfillmentEventRecord = {
      id: gid('FulfillmentEvent', this.nextId()),
      shop: shop.domain,
      orderId: gid('Order', order.id),
      fulfillmentId: gid('Fulfillment', fulfillment.id),
      status: input.status,
      happenedAt: input.happenedAt.toISOString(),
      createdAt: this.options.now().toISOString(),
      message: input.message,
      clientId: appClientId,
    };
    if (input.status === 'DELIVERED') fulfillment.deliveredAt = input.happenedAt;
    this.fulfillmentEvents.push(event);
    if (this.fulfillmentEvents.length > 1000) this.fulfillmentEvents.shift();
    return event;
  }

  /** The order of `shop` holding the fulfillment `id`, with it. */
  findFulfillment(shop: ShopState, id: number): { order: ShopifyOrder; fulfillment: ShopifyFulfillment } | undefined {
    for (const order of shop.orders) {
      const fulfillment = order.fulfillments.find((f) => f.id === id);
      if (fulfillment) return { order, fulfillment };
    }
    return undefined;
  }

  findOrder(shop: ShopState, id: number): ShopifyOrder | undefined {
    return shop.orders.find((o) => o.id === id);
  }

  findOrderByFulfillmentOrder(shop: ShopState, id: number): ShopifyOrder | undefined {
    return shop.orders.find((o) => o.fulfillmentOrderId === id);
  }

  summary(order: ShopifyOrder) {
    return {
      id: gid('Order', order.id),
      legacyResourceId: String(order.id),
      name: order.name,
      createdAt: order.createdAt.toISOString(),
      updatedAt: order.updatedAt.toISOString(),
      cancelled: order.cancelledAt !== null,
      financialStatus: order.financialStatus,
      remainingQuantity: remainingQuantity(order),
      lineItems: order.fulfillmentOrderLines.map((l) => ({ id: gid('LineItem', l.lineItemId), fulfillmentOrderLineItemId: gid('FulfillmentOrderLineItem', l.id), quantity: l.totalQuantity, remainingQuantity: l.remainingQuantity })),
      fulfillments: order.fulfillments.map((f) => ({ id: gid('Fulfillment', f.id), viaApi: f.viaApi, trackingInfo: f.trackingInfo, deliveredAt: f.deliveredAt?.toISOString() ?? null })),
    };
  }
}
