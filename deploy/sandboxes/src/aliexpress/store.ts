import { createHmac, randomBytes } from 'node:crypto';
import { ITALY } from '../ebay/places';
import { createRandom } from '../ebay/random';

/*
 * The AliExpress sandbox's state: the apps (app key and secret), the sellers with their orders, the
 * authorization codes (3 minutes, single-use), access and refresh tokens, injected faults.
 */

export interface AliexpressSandboxApp {
  appKey: string;
  appSecret: string;
  name: string;
}

/** Smista's app in the sandbox (README.md). */
export const ALIEXPRESS_SANDBOX_APP: AliexpressSandboxApp = { appKey: '509999', appSecret: 'smistasegretoaliexpress0123456789', name: 'Smista' };

export interface AliexpressSandboxSellerInput {
  sellerId?: string;
  userNick: string;
  email?: string;
  password?: string;
  orders: number;
  seed?: string | number;
}

export interface AliexpressOrder {
  orderId: string;
  /** Instants; answered as Pacific wall clock. */
  createdAt: Date;
  modifiedAt: Date;
  status: string;
  buyerLoginId: string;
  buyerName: string;
  address: { contactPerson: string; address: string; address2: string; city: string; province: string; zip: string; country: string; mobileNo: string; phoneCountry: string };
  items: { childId: string; productId: string; productName: string; quantity: number; unitCents: number; skuCode: string }[];
  shippingCents: number;
  logisticsService: string;
  fulfilments: { serviceName: string; logisticsNo: string; sendType: string; at: Date }[];
}

export interface SellerState {
  sellerId: string;
  userNick: string;
  email: string;
  password: string;
  orders: AliexpressOrder[];
}

export type AliexpressFault = { kind: 'quota'; count: number; banSeconds?: number } | { kind: 'unavailable'; count: number };

export class AliexpressControlError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface Grant {
  sellerId: string;
  appKey: string;
  expiresAt: number;
}

export interface AliexpressStoreOptions {
  now: () => Date;
  apps: readonly AliexpressSandboxApp[];
  sellers: readonly AliexpressSandboxSellerInput[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  codeTtlSeconds: number;
}

const STATUSES: readonly (readonly [string, number])[] = [['WAIT_SELLER_SEND_GOODS', 6], ['WAIT_BUYER_ACCEPT_GOODS', 2], ['FINISH', 1.5], ['PLACE_ORDER_SUCCESS', 0.3], ['IN_CANCEL', 0.2]];
const PRODUCTS = [
  { productId: '1005006123456789', name: 'Cover in silicone per smartphone', cents: 599, sku: 'COVER-SIL' },
  { productId: '1005006987654321', name: 'Cavo USB-C intrecciato 2 m', cents: 899, sku: 'USBC-2M' },
  { productId: '1005007111222333', name: 'Lampada LED da scrivania', cents: 2490, sku: 'LED-DESK' },
  { productId: '1005007444555666', name: 'Organizer da viaggio in tessuto', cents: 1350, sku: 'ORG-VIAGGIO' },
] as const;

/** The gateway's signature (the same the adapter computes): HMAC-SHA256 over apiPath + sorted key+value, `sign` and empty values left out. */
export function gatewaySign(appSecret: string, params: Readonly<Record<string, string>>, apiPath = ''): string {
  const keys = Object.keys(params).filter((k) => k !== 'sign' && params[k] !== '').sort();
  return createHmac('sha256', appSecret).update(apiPath + keys.map((k) => `${k}${params[k]}`).join(''), 'utf8').digest('hex').toUpperCase();
}

export class AliexpressStore {
  readonly apps = new Map<string, AliexpressSandboxApp>();
  readonly sellers = new Map<string, SellerState>();
  private readonly codes = new Map<string, Grant & { used: boolean }>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private faults: AliexpressFault[] = [];
  calls = 0;

  constructor(readonly options: AliexpressStoreOptions) {
    for (const app of options.apps) this.apps.set(app.appKey, app);
    for (const seller of options.sellers) this.addSeller(seller);
  }

  private now = () => this.options.now().getTime();

  addSeller(input: AliexpressSandboxSellerInput & { replace?: boolean }): SellerState {
    const sellerId = input.sellerId ?? String(2_200_000_000 + this.sellers.size * 7_919 + 17);
    if (this.sellers.has(sellerId) && !input.replace) throw new AliexpressControlError(409, `venditore ${sellerId} già presente`);
    const slug = input.userNick.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const seller: SellerState = { sellerId, userNick: input.userNick, email: input.email ?? `${slug || 'negozio'}@aliexpress-sandbox.it`, password: input.password ?? 'Venditore1!', orders: [] };
    seller.orders = this.generate(input.orders, input.seed ?? slug, 45);
    this.sellers.set(sellerId, seller);
    return seller;
  }

  seller(sellerId: string): SellerState {
    const s = this.sellers.get(sellerId);
    if (!s) throw new AliexpressControlError(404, `venditore ${sellerId} sconosciuto`);
    return s;
  }

  sellerByEmail(email: string): SellerState | undefined {
    return [...this.sellers.values()].find((s) => s.email.toLowerCase() === email.toLowerCase());
  }

  /** Orders created between `days` ago and 5 minutes ago, oldest first. */
  generate(count: number, seed: string | number, days: number): AliexpressOrder[] {
    const random = createRandom(`aliexpress:${seed}`);
    const span = days * 86_400_000;
    const start = this.now() - span;
    const orders: AliexpressOrder[] = [];
    for (let i = 0; i < count; i++) {
      const createdAt = new Date(start + Math.floor(((i + random.next()) / Math.max(1, count)) * Math.max(0, span - 300_000)));
      const first = random.pick(ITALY.firstNames);
      const last = random.pick(ITALY.lastNames);
      const place = random.pick(ITALY.places);
      const product = random.pick(PRODUCTS);
      orders.push({
        orderId: `80${random.digits(14)}`,
        createdAt,
        modifiedAt: createdAt,
        status: random.weighted(STATUSES),
        buyerLoginId: `it${random.digits(9)}`,
        buyerName: `${first} ${last}`,
        address: { contactPerson: `${first} ${last}`, address: `${random.pick(ITALY.streets)} ${random.int(1, 150)}`, address2: '', city: place.city, province: place.stateOrProvince, zip: place.postalCode, country: 'IT', mobileNo: `3${random.digits(9)}`, phoneCountry: '+39' },
        items: [{ childId: random.digits(16), productId: product.productId, productName: product.name, quantity: random.weighted([[1, 8], [2, 2]] as const), unitCents: product.cents, skuCode: product.sku }],
        shippingCents: random.pick([0, 199, 349]),
        logisticsService: random.chance(0.2) ? 'AliExpress Premium Shipping' : 'AliExpress Standard Shipping',
        fulfilments: [],
      });
    }
    return orders;
  }

  issueCode(sellerId: string, appKey: string): string {
    const code = `3_${appKey}_${randomBytes(18).toString('base64url')}`;
    this.codes.set(code, { sellerId, appKey, expiresAt: this.now() + this.options.codeTtlSeconds * 1000, used: false });
    return code;
  }

  redeemCode(code: string, appKey: string): Grant | undefined {
    const grant = this.codes.get(code);
    if (!grant || grant.appKey !== appKey || grant.used || grant.expiresAt <= this.now()) return undefined;
    grant.used = true;
    return grant;
  }

  issueTokens(sellerId: string, appKey: string): { access: string; refresh: string; accessExpiresAt: number; refreshExpiresAt: number } {
    const access = `50000${randomBytes(24).toString('hex')}`;
    const refresh = `50001${randomBytes(24).toString('hex')}`;
    const accessExpiresAt = this.now() + this.options.accessTokenTtlSeconds * 1000;
    const refreshExpiresAt = this.now() + this.options.refreshTokenTtlSeconds * 1000;
    this.accessTokens.set(access, { sellerId, appKey, expiresAt: accessExpiresAt });
    this.refreshTokens.set(refresh, { sellerId, appKey, expiresAt: refreshExpiresAt });
    return { access, refresh, accessExpiresAt, refreshExpiresAt };
  }

  refreshGrant(token: string, appKey: string): Grant | undefined {
    const g = this.refreshTokens.get(token);
    return g && g.appKey === appKey && g.expiresAt > this.now() ? g : undefined;
  }

  accessGrant(token: string): Grant | 'expired' | undefined {
    const g = this.accessTokens.get(token);
    if (!g) return undefined;
    return g.expiresAt > this.now() ? g : 'expired';
  }

  expireAccessTokens(sellerId: string): number {
    let n = 0;
    for (const g of this.accessTokens.values()) if (g.sellerId === sellerId && g.expiresAt > this.now()) (g.expiresAt = this.now() - 1), n++;
    return n;
  }

  revokeConsent(sellerId: string): number {
    let n = 0;
    for (const tokens of [this.accessTokens, this.refreshTokens]) for (const [t, g] of tokens) if (g.sellerId === sellerId) (tokens.delete(t), n++);
    return n;
  }

  injectFault(fault: AliexpressFault): AliexpressFault[] {
    this.faults.push(fault);
    return this.pendingFaults();
  }

  takeFault(): AliexpressFault | undefined {
    const f = this.faults[0];
    if (!f) return undefined;
    if (--f.count <= 0) this.faults.shift();
    return f;
  }

  pendingFaults(): AliexpressFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clearFaults(): void {
    this.faults = [];
  }
}
