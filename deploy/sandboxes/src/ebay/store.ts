import { randomInt } from 'node:crypto';
import { DEFAULT_SELLER_PASSWORD, type EbayAccountType, type EbaySandboxApp, type EbaySandboxSellerInput } from './accounts';
import type { Listing } from './catalogue';
import type { FulfillmentRequest } from './fulfillment-rules';
import { catalogueFor, generateOrders } from './generator';
import {
  CANCEL_STATES,
  compareOrders,
  FULFILLMENT_STATUSES,
  instant,
  PAYMENT_STATUSES,
  totalCents,
  type CancelState,
  type FulfillmentStatus,
  type PaymentStatus,
  type SandboxFulfillment,
  type SandboxOrder,
} from './order-model';
import type { OrdersQuery } from './orders-query';
import { createRandom } from './random';
import { newAccessToken, newAuthorizationCode, newRefreshToken } from './tokens';

/*
 * The sandbox's state, in memory: applications, sellers with their orders, authorization codes,
 * tokens, injected faults and call counts. Every rule about time asks the injected clock.
 */

/** A control request the sandbox refuses (bad input, unknown seller): its HTTP status and Italian text. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface SellerState {
  username: string;
  password: string;
  /** eBay's immutable user id (commerce/identity `userId`). */
  userId: string;
  accountType: EbayAccountType;
  seed: string | number;
  /** Sorted as getOrders pages them (creation date, then order id). */
  orders: SandboxOrder[];
  byId: Map<string, SandboxOrder>;
  takenOrderIds: Set<string>;
  catalogue: Listing[];
  nextSalesRecord: number;
  batches: number;
  /** Lifetimes of tokens issued from now on, when set by the control endpoints. */
  accessTokenTtlSeconds?: number;
  refreshTokenTtlSeconds?: number;
}

interface CodeGrant {
  clientId: string;
  seller: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

interface RefreshGrant {
  clientId: string;
  seller: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

/** What an access token allows. `seller` is absent on an application token (client credentials). */
export interface AccessGrant {
  clientId: string;
  seller?: string;
  scopes: string[];
  expiresAt: number;
}

export interface FaultRule {
  kind: 'quota' | 'unavailable';
  /** Calls still to fail. */
  remaining: number;
  /** Only calls whose path starts with it; default every API call. */
  pathPrefix: string;
  /** Sent as `Retry-After` with a quota answer (eBay sends none). */
  retryAfterSeconds?: number;
}

/** Fields of an order the control endpoint may change (flat, eBay's names where eBay has one). */
export interface EbayOrderPatch {
  buyerUsername?: string;
  fullName?: string;
  companyName?: string;
  email?: string;
  phone?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  stateOrProvince?: string;
  postalCode?: string;
  countryCode?: string;
  orderFulfillmentStatus?: FulfillmentStatus;
  orderPaymentStatus?: PaymentStatus;
  cancelState?: CancelState;
}

const PATCH_TEXT_FIELDS = [
  'buyerUsername',
  'fullName',
  'companyName',
  'email',
  'phone',
  'addressLine1',
  'addressLine2',
  'city',
  'stateOrProvince',
  'postalCode',
  'countryCode',
] as const;

export interface EndpointStats {
  calls: number;
  /** Answers by HTTP status. */
  statuses: Record<string, number>;
}

export interface EbayStoreOptions {
  now: () => Date;
  apps: readonly EbaySandboxApp[];
  sellers: readonly EbaySandboxSellerInput[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  codeTtlSeconds: number;
}

/** The page of one getOrders call, before it becomes JSON. */
export interface OrdersSlice {
  total: number;
  orders: SandboxOrder[];
}

const keyOf = (username: string) => username.trim().toLowerCase();

/** `length` random decimal digits, the first never 0 (ids eBay makes at request time). */
function randomDigits(length: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < length) out += String(randomInt(0, 10));
  return out;
}

function checkApp(input: unknown): EbaySandboxApp {
  const a = (input ?? {}) as Record<string, unknown>;
  const text = (k: string) => (typeof a[k] === 'string' ? (a[k] as string).trim() : '');
  for (const field of ['clientId', 'clientSecret', 'ruName', 'acceptUrl']) {
    if (!text(field)) throw new ControlError(400, `Campo obbligatorio mancante: ${field}`);
  }
  for (const field of ['acceptUrl', 'declineUrl']) {
    if (a[field] === undefined) continue;
    let url: URL | undefined;
    try {
      url = new URL(text(field));
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol)) throw new ControlError(400, `${field} deve essere un indirizzo http(s) assoluto`);
  }
  const app: EbaySandboxApp = { clientId: text('clientId'), clientSecret: text('clientSecret'), ruName: text('ruName'), acceptUrl: text('acceptUrl') };
  if (text('declineUrl')) app.declineUrl = text('declineUrl');
  if (text('name')) app.name = text('name');
  return app;
}

export class EbayStore {
  private readonly apps = new Map<string, EbaySandboxApp>();
  private readonly sellers = new Map<string, SellerState>();
  private readonly codes = new Map<string, CodeGrant>();
  private readonly refreshTokens = new Map<string, RefreshGrant>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  private issued = 0;
  private faults: FaultRule[] = [];
  private faultsServed = 0;
  private endpoints = new Map<string, EndpointStats>();

  constructor(private readonly options: EbayStoreOptions) {
    for (const app of options.apps) this.registerApp(app);
    for (const seller of options.sellers) this.addSeller(seller);
  }

  private nowMs(): number {
    return this.options.now().getTime();
  }

  get codeTtlSeconds(): number {
    return this.options.codeTtlSeconds;
  }

  // Applications

  /** Adds an application, or replaces the one with the same client id. */
  registerApp(input: unknown): EbaySandboxApp {
    const app = checkApp(input);
    this.apps.set(app.clientId, app);
    return app;
  }

  app(clientId: string): EbaySandboxApp | undefined {
    return this.apps.get(clientId);
  }

  // Sellers and orders

  addSeller(input: EbaySandboxSellerInput, replace = false): SellerState {
    const username = typeof input.username === 'string' ? input.username.trim() : '';
    if (!/^[A-Za-z0-9._-]{2,64}$/.test(username)) throw new ControlError(400, 'username non valido: da 2 a 64 lettere, cifre, punti, trattini o trattini bassi');
    const count = input.orders;
    if (!Number.isInteger(count) || count < 0 || count > 100_000) throw new ControlError(400, 'orders deve essere un numero intero tra 0 e 100000');
    if (input.password !== undefined && (typeof input.password !== 'string' || !input.password)) throw new ControlError(400, 'password non valida');
    const accountType = input.accountType ?? 'BUSINESS';
    if (accountType !== 'BUSINESS' && accountType !== 'INDIVIDUAL') throw new ControlError(400, 'accountType deve essere BUSINESS o INDIVIDUAL');
    if (input.seed !== undefined && typeof input.seed !== 'string' && typeof input.seed !== 'number') throw new ControlError(400, 'seed deve essere un testo o un numero');
    const key = keyOf(username);
    if (this.sellers.has(key) && !replace) throw new ControlError(409, `Il venditore ${username} esiste già`);

    const seed = input.seed ?? username;
    const takenOrderIds = new Set<string>();
    const catalogue = catalogueFor(seed);
    const orders = generateOrders({ sellerId: username, seed, count, anchor: this.options.now(), catalogue, takenOrderIds });
    const userId = createRandom(`${key}:userId`).chars(11, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
    const seller: SellerState = {
      username,
      password: input.password ?? DEFAULT_SELLER_PASSWORD,
      userId,
      accountType,
      seed,
      orders,
      byId: new Map(orders.map((o) => [o.orderId, o])),
      takenOrderIds,
      catalogue,
      nextSalesRecord: 1001 + count,
      batches: 0,
    };
    this.sellers.set(key, seller);
    return seller;
  }

  seller(username: string): SellerState | undefined {
    return this.sellers.get(keyOf(username));
  }

  listSellers(): SellerState[] {
    return [...this.sellers.values()];
  }

  /** The seller whose username and password these are (the consent page's sign-in). */
  login(username: string, password: string): SellerState | undefined {
    const seller = this.seller(username);
    return seller && seller.password === password ? seller : undefined;
  }

  private mustSeller(username: string): SellerState {
    const seller = this.seller(username);
    if (!seller) throw new ControlError(404, `Venditore ${username} non trovato`);
    return seller;
  }

  private mustOrder(seller: SellerState, orderId: string): SandboxOrder {
    const order = seller.byId.get(orderId);
    if (!order) throw new ControlError(404, `Ordine ${orderId} non trovato per il venditore ${seller.username}`);
    return order;
  }

  controlOrder(username: string, orderId: string): SandboxOrder {
    return this.mustOrder(this.mustSeller(username), orderId);
  }

  controlOrders(username: string): SandboxOrder[] {
    return this.mustSeller(username).orders;
  }

  /** Adds `count` orders created now (a new sale while a sync runs); answers them. */
  addOrders(username: string, count: unknown, seed?: unknown): SandboxOrder[] {
    const seller = this.mustSeller(username);
    if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 10_000) throw new ControlError(400, 'count deve essere un numero intero tra 1 e 10000');
    if (seed !== undefined && typeof seed !== 'string' && typeof seed !== 'number') throw new ControlError(400, 'seed deve essere un testo o un numero');
    seller.batches += 1;
    const fresh = generateOrders({
      sellerId: seller.username,
      seed: (seed as string | number | undefined) ?? `${seller.seed}:batch${seller.batches}`,
      count: count as number,
      anchor: this.options.now(),
      historyDays: 0,
      catalogue: seller.catalogue,
      firstSalesRecord: seller.nextSalesRecord,
      takenOrderIds: seller.takenOrderIds,
    });
    seller.nextSalesRecord += fresh.length;
    for (const order of fresh) seller.byId.set(order.orderId, order);
    seller.orders.push(...fresh);
    seller.orders.sort(compareOrders);
    return fresh;
  }

  /** Applies a control edit and bumps the order's lastModifiedDate to now. */
  editOrder(username: string, orderId: string, patch: unknown): SandboxOrder {
    const order = this.mustOrder(this.mustSeller(username), orderId);
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw new ControlError(400, 'Il corpo deve essere un oggetto JSON');
    const p = patch as Record<string, unknown>;
    const known = new Set<string>([...PATCH_TEXT_FIELDS, 'orderFulfillmentStatus', 'orderPaymentStatus', 'cancelState']);
    const unknown = Object.keys(p).filter((k) => !known.has(k));
    if (unknown.length) throw new ControlError(400, `Campi non modificabili: ${unknown.join(', ')}`);
    if (Object.keys(p).length === 0) throw new ControlError(400, 'Nessun campo da modificare');
    for (const field of PATCH_TEXT_FIELDS) {
      if (p[field] !== undefined && typeof p[field] !== 'string') throw new ControlError(400, `${field} deve essere un testo`);
    }
    const oneOf = <T extends string>(field: string, values: readonly T[]): T | undefined => {
      if (p[field] === undefined) return undefined;
      if (!values.includes(p[field] as T)) throw new ControlError(400, `${field} deve essere uno tra ${values.join(', ')}`);
      return p[field] as T;
    };
    const fulfillment = oneOf('orderFulfillmentStatus', FULFILLMENT_STATUSES);
    const payment = oneOf('orderPaymentStatus', PAYMENT_STATUSES);
    const cancel = oneOf('cancelState', CANCEL_STATES);
    const now = this.nowMs();
    const text = (field: (typeof PATCH_TEXT_FIELDS)[number]) => p[field] as string | undefined;

    const { buyer } = order;
    if (text('buyerUsername') !== undefined) buyer.username = text('buyerUsername')!;
    if (text('fullName') !== undefined) buyer.fullName = text('fullName')!;
    if (text('email') !== undefined) buyer.email = text('email')!;
    if (text('companyName') !== undefined) {
      if (text('companyName')) buyer.companyName = text('companyName')!;
      else delete buyer.companyName;
    }
    if (text('phone') !== undefined) {
      if (text('phone')) buyer.phone = text('phone')!;
      else delete buyer.phone;
    }
    if (text('addressLine2') !== undefined) {
      if (text('addressLine2')) buyer.address.addressLine2 = text('addressLine2')!;
      else delete buyer.address.addressLine2;
    }
    for (const field of ['addressLine1', 'city', 'stateOrProvince', 'postalCode', 'countryCode'] as const) {
      if (text(field) !== undefined) buyer.address[field] = text(field)!;
    }
    if (fulfillment) {
      order.fulfillmentStatus = fulfillment;
      // Back to "not started": the order has shipped nothing, so its packages go too.
      if (fulfillment === 'NOT_STARTED') order.fulfillments = [];
      order.lineItems.forEach((line, i) => {
        if (fulfillment === 'IN_PROGRESS') line.fulfillmentStatus = order.lineItems.length > 1 ? (i === 0 ? 'FULFILLED' : 'NOT_STARTED') : 'IN_PROGRESS';
        else line.fulfillmentStatus = fulfillment;
      });
    }
    if (payment) {
      order.paymentStatus = payment;
      if (payment === 'FULLY_REFUNDED' || payment === 'PARTIALLY_REFUNDED') {
        const total = totalCents(order);
        order.refund = { refundId: randomDigits(13), cents: payment === 'FULLY_REFUNDED' ? total : Math.round(total / 2), date: now };
      } else {
        delete order.refund;
      }
      if (payment === 'PAID' && order.paymentDate === undefined) order.paymentDate = now;
    }
    if (cancel) {
      order.cancel =
        cancel === 'NONE_REQUESTED'
          ? { state: cancel }
          : {
              state: cancel,
              requestedDate: now,
              initiator: 'SELLER',
              reason: 'OUT_OF_STOCK_OR_CANNOT_FULFILL',
              requestId: randomDigits(10),
              ...(cancel === 'CANCELED' ? { completedDate: now } : {}),
            };
    }
    order.lastModifiedDate = now;
    return order;
  }

  /** One getOrders page of `seller` (a window query) or the orders named (an ids query). */
  ordersPage(seller: SellerState, query: OrdersQuery): OrdersSlice {
    if (query.kind === 'ids') {
      const wanted = new Set(query.orderIds);
      const orders = seller.orders.filter((o) => wanted.has(o.orderId));
      return { total: orders.length, orders };
    }
    const to = query.to ?? Number.POSITIVE_INFINITY;
    const matching = seller.orders.filter((o) => {
      const at = o[query.field];
      return at >= query.from && at <= to && (!query.statuses || query.statuses.has(o.fulfillmentStatus));
    });
    return { total: matching.length, orders: matching.slice(query.offset, query.offset + query.limit) };
  }

  /** Records a createShippingFulfillment: the line items shipped, the order's status and lastModifiedDate. */
  fulfill(order: SandboxOrder, request: FulfillmentRequest): SandboxFulfillment {
    const now = this.nowMs();
    let fulfillmentId = randomDigits(19);
    while (order.fulfillments.some((f) => f.fulfillmentId === fulfillmentId)) fulfillmentId = randomDigits(19);
    const fulfillment: SandboxFulfillment = {
      fulfillmentId,
      orderId: order.orderId,
      lineItems: request.lineItems,
      shippedDate: request.shippedDate,
      ...(request.shippingCarrierCode ? { shippingCarrierCode: request.shippingCarrierCode } : {}),
      ...(request.trackingNumber ? { trackingNumber: request.trackingNumber } : {}),
      createdAt: instant(now),
      source: 'api',
    };
    order.fulfillments.push(fulfillment);
    const shipped = new Set(request.lineItems.map((l) => l.lineItemId));
    for (const line of order.lineItems) if (shipped.has(line.lineItemId)) line.fulfillmentStatus = 'FULFILLED';
    const done = order.lineItems.filter((l) => l.fulfillmentStatus === 'FULFILLED').length;
    order.fulfillmentStatus = done === order.lineItems.length ? 'FULFILLED' : 'IN_PROGRESS';
    order.lastModifiedDate = now;
    return fulfillment;
  }

  /** The fulfillments made through createShippingFulfillment (and, with `all`, the generated ones), oldest first. */
  fulfillments(username: string, all = false): SandboxFulfillment[] {
    const seller = this.mustSeller(username);
    return seller.orders
      .flatMap((o) => o.fulfillments)
      .filter((f) => all || f.source === 'api')
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  // OAuth

  /**
   * Forgets spent codes and dead tokens now and then, so a long-running local stack does not grow
   * without end. Invisible to clients: an unknown credential is refused exactly like a dead one.
   */
  private pruneNowAndThen(): void {
    this.issued += 1;
    if (this.issued % 500 !== 0) return;
    const now = this.nowMs();
    for (const [code, grant] of this.codes) if (grant.used || grant.expiresAt <= now) this.codes.delete(code);
    for (const [token, grant] of this.accessTokens) if (grant.expiresAt <= now) this.accessTokens.delete(token);
    for (const [token, grant] of this.refreshTokens) if (grant.revoked || grant.expiresAt <= now) this.refreshTokens.delete(token);
  }

  /** A single-use code for what the seller consented to. */
  issueCode(clientId: string, seller: SellerState, scopes: string[]): string {
    this.pruneNowAndThen();
    const code = newAuthorizationCode();
    this.codes.set(code, { clientId, seller: keyOf(seller.username), scopes, expiresAt: this.nowMs() + this.options.codeTtlSeconds * 1000, used: false });
    return code;
  }

  /** Spends a code issued to `clientId`; undefined when unknown, used, expired or another app's. */
  redeemCode(code: string, clientId: string): { seller: SellerState; scopes: string[] } | undefined {
    const grant = this.codes.get(code);
    if (!grant || grant.used || grant.clientId !== clientId || grant.expiresAt <= this.nowMs()) return undefined;
    const seller = this.sellers.get(grant.seller);
    if (!seller) return undefined;
    grant.used = true;
    return { seller, scopes: grant.scopes };
  }

  private issueAccess(clientId: string, seller: SellerState | undefined, scopes: string[]): { accessToken: string; expiresIn: number } {
    this.pruneNowAndThen();
    const expiresIn = seller?.accessTokenTtlSeconds ?? this.options.accessTokenTtlSeconds;
    const accessToken = newAccessToken(seller ? 'user' : 'application');
    const grant: AccessGrant = { clientId, scopes, expiresAt: this.nowMs() + expiresIn * 1000 };
    if (seller) grant.seller = keyOf(seller.username);
    this.accessTokens.set(accessToken, grant);
    return { accessToken, expiresIn };
  }

  /** The answer of an authorization_code grant: access and refresh token with their lifetimes. */
  issueUserTokens(clientId: string, seller: SellerState, scopes: string[]) {
    const access = this.issueAccess(clientId, seller, scopes);
    const refreshExpiresIn = seller.refreshTokenTtlSeconds ?? this.options.refreshTokenTtlSeconds;
    const refreshToken = newRefreshToken();
    this.refreshTokens.set(refreshToken, { clientId, seller: keyOf(seller.username), scopes, expiresAt: this.nowMs() + refreshExpiresIn * 1000, revoked: false });
    return { ...access, refreshToken, refreshExpiresIn };
  }

  /**
   * A new access token from a refresh token of `clientId`, for `scopes` (default the consented
   * ones): `invalid_grant` when the refresh token is unknown, another app's, revoked or expired,
   * `invalid_scope` when a scope was not consented.
   */
  refresh(refreshToken: string, clientId: string, scopes: string[] | undefined): { accessToken: string; expiresIn: number } | 'invalid_grant' | 'invalid_scope' {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.clientId !== clientId || grant.revoked || grant.expiresAt <= this.nowMs()) return 'invalid_grant';
    const seller = this.sellers.get(grant.seller);
    if (!seller) return 'invalid_grant';
    if (scopes && scopes.some((s) => !grant.scopes.includes(s))) return 'invalid_scope';
    return this.issueAccess(clientId, seller, scopes ?? grant.scopes);
  }

  /** An application token (client_credentials): no seller behind it. */
  issueApplicationToken(clientId: string, scopes: string[]): { accessToken: string; expiresIn: number } {
    return this.issueAccess(clientId, undefined, scopes);
  }

  /** The live grant of an access token; undefined when unknown or expired. */
  access(token: string): AccessGrant | undefined {
    const grant = this.accessTokens.get(token);
    return grant && grant.expiresAt > this.nowMs() ? grant : undefined;
  }

  sellerOf(grant: AccessGrant): SellerState | undefined {
    return grant.seller ? this.sellers.get(grant.seller) : undefined;
  }

  /** Ends every access token (of one seller, when given) now; answers how many were live. */
  expireAccessTokens(username?: string): number {
    if (username !== undefined) this.mustSeller(username);
    const now = this.nowMs();
    let ended = 0;
    for (const grant of this.accessTokens.values()) {
      if (username !== undefined && grant.seller !== keyOf(username)) continue;
      if (grant.expiresAt > now) ended += 1;
      grant.expiresAt = Math.min(grant.expiresAt, now);
    }
    return ended;
  }

  /** Revokes every refresh token of a seller (the seller withdrew the consent); answers how many. */
  revokeSeller(username: string): number {
    const key = keyOf(this.mustSeller(username).username);
    let revoked = 0;
    for (const grant of this.refreshTokens.values()) {
      if (grant.seller === key && !grant.revoked) {
        grant.revoked = true;
        revoked += 1;
      }
    }
    return revoked;
  }

  /** Lifetime of the tokens issued from now on to a seller. */
  setLifetime(username: string, which: 'access' | 'refresh', seconds: unknown): void {
    const seller = this.mustSeller(username);
    if (!Number.isInteger(seconds) || (seconds as number) < 1 || (seconds as number) > 10 * 365 * 86_400) {
      throw new ControlError(400, 'seconds deve essere un numero intero di secondi, almeno 1');
    }
    if (which === 'access') seller.accessTokenTtlSeconds = seconds as number;
    else seller.refreshTokenTtlSeconds = seconds as number;
  }

  // Faults and statistics

  addFault(input: unknown): FaultRule[] {
    const f = (input ?? {}) as Record<string, unknown>;
    if (f.kind !== 'quota' && f.kind !== 'unavailable') throw new ControlError(400, "kind deve essere 'quota' o 'unavailable'");
    if (!Number.isInteger(f.count) || (f.count as number) < 1) throw new ControlError(400, 'count deve essere un numero intero maggiore di 0');
    if (f.pathPrefix !== undefined && (typeof f.pathPrefix !== 'string' || !f.pathPrefix.startsWith('/'))) throw new ControlError(400, "pathPrefix deve iniziare con '/'");
    if (f.retryAfterSeconds !== undefined && (!Number.isInteger(f.retryAfterSeconds) || (f.retryAfterSeconds as number) < 0)) {
      throw new ControlError(400, 'retryAfterSeconds deve essere un numero intero di secondi');
    }
    const rule: FaultRule = { kind: f.kind, remaining: f.count as number, pathPrefix: (f.pathPrefix as string | undefined) ?? '/' };
    if (f.retryAfterSeconds !== undefined) rule.retryAfterSeconds = f.retryAfterSeconds as number;
    this.faults.push(rule);
    return this.pendingFaults();
  }

  pendingFaults(): FaultRule[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** The fault this API call meets, if any (and counts it down). */
  takeFault(path: string): FaultRule | undefined {
    const rule = this.faults.find((f) => f.remaining > 0 && path.startsWith(f.pathPrefix));
    if (!rule) return undefined;
    rule.remaining -= 1;
    this.faultsServed += 1;
    this.faults = this.faults.filter((f) => f.remaining > 0);
    return { ...rule };
  }

  countCall(endpoint: string, status: number): void {
    const stats = this.endpoints.get(endpoint) ?? { calls: 0, statuses: {} };
    stats.calls += 1;
    stats.statuses[String(status)] = (stats.statuses[String(status)] ?? 0) + 1;
    this.endpoints.set(endpoint, stats);
  }

  stats(): { endpoints: Record<string, EndpointStats>; faultsServed: number; pendingFaults: FaultRule[] } {
    return {
      endpoints: Object.fromEntries([...this.endpoints].map(([k, v]) => [k, { calls: v.calls, statuses: { ...v.statuses } }])),
      faultsServed: this.faultsServed,
      pendingFaults: this.pendingFaults(),
    };
  }

  resetStats(): void {
    this.endpoints = new Map();
    this.faultsServed = 0;
  }
}
