import { randomBytes } from 'node:crypto';
import { fulfillmentStatusOf, generateAmazonOrders, quantityShipped, type AmazonOrder, type AmazonPackage } from './orders';

/*
 * The sandbox's state in memory: the registered apps (LWA client, roles), the sellers with their
 * Seller Central password and orders, authorization codes, LWA tokens, the usage plans' buckets per
 * seller and operation, the pagination tokens and the injected faults.
 */

/** An SP-API app: its LWA client, where the consent may send the seller, its restricted role. */
export interface AmazonSandboxApp {
  /** The app id of the consent URL (`application_id`). */
  applicationId: string;
  clientId: string;
  clientSecret: string;
  name: string;
  /** Registered redirect URIs; empty = any http(s) URL. */
  redirectUris: readonly string[];
  /** Holds Direct-to-Consumer Delivery (Restricted): the recipient's name, address lines and e-mail. */
  restrictedRole: boolean;
}

/** Smista's app in the sandbox (development and tests). */
export const AMAZON_SANDBOX_APP: AmazonSandboxApp = {
  applicationId: 'amzn1.sp.solution.smista-sandbox',
  clientId: 'amzn1.application-oa2-client.smistasandbox',
  clientSecret: 'amzn1.oa2-cs.v1.sandbox5c7e9a1f3b2d4c6e8a0b',
  name: 'Smista',
  redirectUris: [],
  restrictedRole: true,
};

/** An operation's usage plan: requests per second and burst (providers.md). */
export interface UsagePlan {
  rate: number;
  burst: number;
}

/** Amazon's documented plans of the operations the sandbox serves. */
export const AMAZON_USAGE_PLANS = {
  searchOrders: { rate: 0.0056, burst: 20 },
  getOrder: { rate: 0.5, burst: 30 },
  confirmShipment: { rate: 2, burst: 10 },
  getMarketplaceParticipations: { rate: 0.016, burst: 15 },
} as const satisfies Record<string, UsagePlan>;
export type AmazonOperation = keyof typeof AMAZON_USAGE_PLANS;

export interface AmazonSandboxSellerInput {
  /** The selling partner id, e.g. `A2SMISTADEMO01`; default from the name. */
  sellerId?: string;
  /** The store name (Seller Central), shown on the consent page. */
  storeName: string;
  email?: string;
  password?: string;
  orders: number;
  seed?: string | number;
  /** Share of orders fulfilled by Amazon; default 0.1. */
  fbaShare?: number;
}

export interface SellerState {
  sellerId: string;
  storeName: string;
  email: string;
  password: string;
  orders: AmazonOrder[];
}

interface Grant {
  sellerId: string;
  clientId: string;
  expiresAt: number;
  used: boolean;
  revoked: boolean;
}

export type AmazonFaultKind = 'quota' | 'unavailable';
export interface AmazonFault {
  kind: AmazonFaultKind;
  count: number;
  /** quota: the `x-amzn-RateLimit-Limit` of the 429 (requests per second); default the operation's rate. */
  rateLimit?: number;
  /** Only calls of this operation; default every SP-API call. */
  operation?: AmazonOperation;
}

export class AmazonControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AmazonStoreOptions {
  now: () => Date;
  apps: readonly AmazonSandboxApp[];
  sellers: readonly AmazonSandboxSellerInput[];
  accessTokenTtlSeconds: number;
  codeTtlSeconds: number;
  paginationTokenTtlSeconds: number;
  usagePlans: Record<AmazonOperation, UsagePlan>;
}

interface Bucket {
  tokens: number;
  at: number;
}

interface PageCursor {
  query: string;
  sellerId: string;
  offset: number;
  expiresAt: number;
}

const secret = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;

export class AmazonStore {
  readonly apps = new Map<string, AmazonSandboxApp>();
  readonly sellers = new Map<string, SellerState>();
  private readonly codes = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly buckets = new Map<string, Bucket>();
  private readonly cursors = new Map<string, PageCursor>();
  private faults: AmazonFault[] = [];
  calls = 0;
  /** Calls refused by the provider's own limits (its usage plan, quota or cost bucket; injected faults not counted). */
  limited = 0;

  constructor(readonly options: AmazonStoreOptions) {
    for (const app of options.apps) this.apps.set(app.applicationId, app);
    for (const seller of options.sellers) this.addSeller(seller);
  }

  private nowMs = () => this.options.now().getTime();

  appByClientId(clientId: string): AmazonSandboxApp | undefined {
    return [...this.apps.values()].find((a) => a.clientId === clientId);
  }

  addSeller(input: AmazonSandboxSellerInput & { replace?: boolean }): SellerState {
    const handle = input.storeName.toLowerCase().normalize('NFD').replace(/[^a-z0-9]+/g, '');
    const sellerId = (input.sellerId ?? `A${handle.toUpperCase()}`.slice(0, 14)).toUpperCase();
    if (!/^A[A-Z0-9]{5,20}$/.test(sellerId)) throw new AmazonControlError(400, `sellerId non valido: ${sellerId}`);
    if (this.sellers.has(sellerId) && !input.replace) throw new AmazonControlError(409, `il venditore ${sellerId} esiste già`);
    const seller: SellerState = {
      sellerId,
      storeName: input.storeName,
      email: input.email ?? `venditore@${handle}.it`,
      password: input.password ?? 'Venditore1!',
      orders: generateAmazonOrders({ count: input.orders, seed: input.seed ?? sellerId, now: this.options.now(), ...(input.fbaShare !== undefined ? { fbaShare: input.fbaShare } : {}) }),
    };
    this.sellers.set(sellerId, seller);
    return seller;
  }

  seller(sellerId: string): SellerState {
    const seller = this.sellers.get(sellerId.toUpperCase());
    if (!seller) throw new AmazonControlError(404, `venditore sconosciuto: ${sellerId}`);
    return seller;
  }

  sellerByEmail(email: string): SellerState | undefined {
    return [...this.sellers.values()].find((s) => s.email.toLowerCase() === email.trim().toLowerCase());
  }

  addOrders(sellerId: string, count: number, seed: string | number = Date.now()): AmazonOrder[] {
    const seller = this.seller(sellerId);
    // Created 5–10 minutes ago: visible to searchOrders at once (it hides the last 2 minutes).
    const orders = generateAmazonOrders({ count, seed, now: this.options.now(), historyDays: 10 / 1440, fbaShare: 0 });
    seller.orders.push(...orders);
    return orders;
  }

  // LWA

  issueCode(sellerId: string, clientId: string): string {
    const code = secret('ANsandbox');
    this.codes.set(code, { sellerId, clientId, expiresAt: this.nowMs() + this.options.codeTtlSeconds * 1000, used: false, revoked: false });
    return code;
  }

  /** The code's seller, once; undefined for a code unknown, used, expired or another app's. */
  redeemCode(code: string, clientId: string): Grant | undefined {
    const grant = this.codes.get(code);
    if (!grant || grant.used || grant.clientId !== clientId || grant.expiresAt < this.nowMs()) return undefined;
    grant.used = true;
    return grant;
  }

  issueRefreshToken(sellerId: string, clientId: string): string {
    const token = secret('Atzr|');
    this.refreshTokens.set(token, { sellerId, clientId, expiresAt: Number.MAX_SAFE_INTEGER, used: false, revoked: false });
    return token;
  }

  /** The refresh token's seller (LWA refresh tokens do not rotate); undefined when unknown, revoked or another app's. */
  refreshGrant(token: string, clientId: string): Grant | undefined {
    const grant = this.refreshTokens.get(token);
    return grant && !grant.revoked && grant.clientId === clientId ? grant : undefined;
  }

  issueAccessToken(sellerId: string, clientId: string): { token: string; expiresIn: number } {
    const token = secret('Atza|');
    this.accessTokens.set(token, { sellerId, clientId, expiresAt: this.nowMs() + this.options.accessTokenTtlSeconds * 1000, used: false, revoked: false });
    return { token, expiresIn: this.options.accessTokenTtlSeconds };
  }

  /** The token's grant when live; 'expired' or undefined (unknown, revoked) otherwise. */
  accessGrant(token: string): Grant | 'expired' | undefined {
    const grant = this.accessTokens.get(token);
    if (!grant || grant.revoked) return undefined;
    if (grant.expiresAt <= this.nowMs()) return 'expired';
    return grant;
  }

  expireAccessTokens(sellerId: string): number {
    let n = 0;
    for (const g of this.accessTokens.values()) {
      if (g.sellerId !== sellerId || g.revoked || g.expiresAt <= this.nowMs()) continue;
      g.expiresAt = this.nowMs() - 1;
      n++;
    }
    return n;
  }

  /** The seller removes the app in Seller Central: every token of the seller stops working. */
  revokeConsent(sellerId: string): number {
    let n = 0;
    for (const g of [...this.accessTokens.values(), ...this.refreshTokens.values()]) {
      if (g.sellerId === sellerId && !g.revoked) {
        g.revoked = true;
        n++;
      }
    }
    return n;
  }

  // Usage plans

  plan(operation: AmazonOperation): UsagePlan {
    return this.options.usagePlans[operation];
  }

  /** Takes a request from the seller's bucket of `operation`; false when it is empty (429). */
  take(sellerId: string, operation: AmazonOperation): boolean {
    const { rate, burst } = this.plan(operation);
    const key = `${sellerId}|${operation}`;
    const now = this.nowMs();
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * rate);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) return false;
    bucket.tokens -= 1;
    return true;
  }

  /** Empties the seller's bucket of `operation` (down to `leave` requests). */
  drain(sellerId: string, operation: AmazonOperation, leave = 0): void {
    this.buckets.set(`${sellerId}|${operation}`, { tokens: leave, at: this.nowMs() });
  }

  // Pagination tokens

  issueCursor(sellerId: string, query: string, offset: number): string {
    const token = randomBytes(24).toString('base64');
    this.cursors.set(token, { sellerId, query, offset, expiresAt: this.nowMs() + this.options.paginationTokenTtlSeconds * 1000 });
    return token;
  }

  /** The query and offset a pagination token stands for; 'expired', or undefined when unknown or another seller's. */
  cursor(token: string, sellerId: string): { query: string; offset: number } | 'expired' | undefined {
    const cursor = this.cursors.get(token);
    if (!cursor || cursor.sellerId !== sellerId) return undefined;
    if (cursor.expiresAt <= this.nowMs()) return 'expired';
    return { query: cursor.query, offset: cursor.offset };
  }

  expireCursors(): number {
    for (const c of this.cursors.values()) c.expiresAt = this.nowMs() - 1;
    return this.cursors.size;
  }

  // Faults

  injectFault(fault: AmazonFault): AmazonFault[] {
    this.faults.push({ ...fault });
    return this.pendingFaults();
  }
  takeFault(operation: AmazonOperation): AmazonFault | undefined {
    const index = this.faults.findIndex((f) => !f.operation || f.operation === operation);
    const fault = this.faults[index];
    if (!fault) return undefined;
    if (--fault.count <= 0) this.faults.splice(index, 1);
    return { ...fault };
  }
  pendingFaults(): AmazonFault[] {
    return this.faults.map((f) => ({ ...f }));
  }
  clearFaults(): void {
    this.faults = [];
  }

  // Shipments

  /** Records a confirmed package on the order; the lines' shipped quantities follow from it. */
  confirmShipment(order: AmazonOrder, pkg: Omit<AmazonPackage, 'viaApi'>): void {
    order.packages.push({ ...pkg, viaApi: true });
    order.lastUpdatedTime = this.options.now();
  }

  summary(order: AmazonOrder) {
    return {
      orderId: order.orderId,
      createdTime: order.createdTime.toISOString(),
      lastUpdatedTime: order.lastUpdatedTime.toISOString(),
      fulfilledBy: order.fulfilledBy,
      fulfillmentStatus: fulfillmentStatusOf(order),
      serviceLevel: order.serviceLevel,
      items: order.items.map((i) => ({ orderItemId: i.orderItemId, sellerSku: i.sellerSku, quantityOrdered: i.quantityOrdered, quantityShipped: quantityShipped(order, i.orderItemId) })),
      packages: order.packages.map((p) => ({ packageReferenceId: p.packageReferenceId, carrierCode: p.carrierCode, carrierName: p.carrierName, trackingNumber: p.trackingNumber, viaApi: p.viaApi, items: p.items })),
    };
  }
}
