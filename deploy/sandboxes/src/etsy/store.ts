import { createHash, randomBytes } from 'node:crypto';
import { generateEtsyReceipts, type EtsyReceipt, type EtsyShipment } from './receipts';

/*
 * The Etsy sandbox's state: the apps (keystring and shared secret), the sellers with their shop and
 * receipts, the OAuth codes (with their PKCE challenge), access and refresh tokens, the app's quotas
 * per second and per day (sliding 24 h), and injected faults.
 */

/** An Etsy app: its keystring is the OAuth client id; every API call sends `keystring:shared_secret`. */
export interface EtsySandboxApp {
  keystring: string;
  sharedSecret: string;
  name: string;
  /** Registered redirect URIs; empty accepts any http(s) URI (tests). */
  redirectUris: string[];
}

/** Smista's app in the sandbox (README.md). */
export const ETSY_SANDBOX_APP: EtsySandboxApp = { keystring: 'smista5sandbox5keystring01', sharedSecret: 'smistasegreto01', name: 'Smista', redirectUris: [] };

/** Etsy's default quotas for an app (providers.md: commonly 10/s, 10,000/day). */
export const ETSY_DEFAULT_QUOTA = { perSecond: 10, perDay: 10_000 };

export interface EtsySandboxSellerInput {
  /** Numeric; also the prefix of the seller's tokens. Default one drawn from the shop name. */
  userId?: number;
  shopId?: number;
  shopName: string;
  email?: string;
  password?: string;
  receipts: number;
  seed?: string | number;
}

export interface SellerState {
  userId: number;
  shopId: number;
  shopName: string;
  email: string;
  password: string;
  receipts: EtsyReceipt[];
}

export type EtsyFault =
  | { kind: 'quota'; count: number; retryAfterSeconds?: number }
  | { kind: 'unavailable'; count: number };

export class EtsyControlError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

interface Grant {
  userId: number;
  keystring: string;
  expiresAt: number;
}
interface CodeGrant extends Grant {
  redirectUri: string;
  codeChallenge: string;
}

export interface EtsyStoreOptions {
  now: () => Date;
  apps: readonly EtsySandboxApp[];
  sellers: readonly EtsySandboxSellerInput[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  codeTtlSeconds: number;
  quota: { perSecond: number; perDay: number };
}

const b64url = (bytes: Buffer) => bytes.toString('base64url');
/** PKCE S256: BASE64URL(SHA256(verifier)). */
export const s256 = (verifier: string) => b64url(createHash('sha256').update(verifier, 'ascii').digest());

export class EtsyStore {
  readonly apps = new Map<string, EtsySandboxApp>();
  readonly sellers = new Map<number, SellerState>();
  private readonly codes = new Map<string, CodeGrant & { used: boolean }>();
  private readonly accessTokens = new Map<string, Grant>();
  private readonly refreshTokens = new Map<string, Grant>();
  private faults: EtsyFault[] = [];
  /** Each app's calls of the last 24 h (ms), oldest first. */
  private readonly callTimes = new Map<string, number[]>();
  /** Calls of the day said spent by the control endpoint (a day's quota running low). */
  private readonly spentToday = new Map<string, number>();
  quota: { perSecond: number; perDay: number };
  calls = 0;
  /** Calls refused by the provider's own limits (its usage plan, quota or cost bucket; injected faults not counted). */
  limited = 0;
  private lastId = 3_100_000_000;

  constructor(readonly options: EtsyStoreOptions) {
    for (const app of options.apps) this.apps.set(app.keystring, app);
    for (const seller of options.sellers) this.addSeller(seller);
    this.quota = { ...options.quota };
  }

  private now = () => this.options.now().getTime();
  readonly nextId = () => ++this.lastId;

  addSeller(input: EtsySandboxSellerInput & { replace?: boolean }): SellerState {
    const userId = input.userId ?? 700_000_000 + (this.sellers.size + 1) * 1_013;
    if (this.sellers.has(userId) && !input.replace) throw new EtsyControlError(409, `utente ${userId} già presente`);
    const slug = input.shopName.toLowerCase().replace(/[^a-z0-9]+/g, '');
    const seller: SellerState = {
      userId,
      shopId: input.shopId ?? userId + 17,
      shopName: input.shopName.replace(/[^A-Za-z0-9]/g, '') || 'Negozio',
      email: input.email ?? `${slug || 'negozio'}@etsy-sandbox.it`,
      password: input.password ?? 'Artigiano1!',
      receipts: [],
    };
    this.sellers.set(userId, seller);
    seller.receipts = generateEtsyReceipts({ count: input.receipts, seed: input.seed ?? slug, now: this.options.now() }, this.nextId);
    return seller;
  }

  seller(userId: number): SellerState {
    const seller = this.sellers.get(userId);
    if (!seller) throw new EtsyControlError(404, `utente ${userId} sconosciuto`);
    return seller;
  }

  sellerByEmail(email: string): SellerState | undefined {
    return [...this.sellers.values()].find((s) => s.email.toLowerCase() === email.toLowerCase());
  }

  shop(shopId: number): SellerState | undefined {
    return [...this.sellers.values()].find((s) => s.shopId === shopId);
  }

  addReceipts(userId: number, count: number, seed: string | number = Date.now()): EtsyReceipt[] {
    const seller = this.seller(userId);
    const added = generateEtsyReceipts({ count, seed, now: this.options.now(), historyDays: 1 }, this.nextId);
    seller.receipts.push(...added);
    return added;
  }

  issueCode(userId: number, keystring: string, redirectUri: string, codeChallenge: string): string {
    const code = b64url(randomBytes(48));
    this.codes.set(code, { userId, keystring, redirectUri, codeChallenge, expiresAt: this.now() + this.options.codeTtlSeconds * 1000, used: false });
    return code;
  }

  /** The code's grant when it is this app's, unused, in time, for this redirect and verifier; the reason otherwise. */
  redeemCode(code: string, keystring: string, redirectUri: string, verifier: string): Grant | string {
    const grant = this.codes.get(code);
    if (!grant || grant.keystring !== keystring) return 'code is invalid';
    if (grant.used) return 'code has already been used';
    if (grant.expiresAt <= this.now()) return 'code has expired';
    if (grant.redirectUri !== redirectUri) return 'redirect_uri does not match';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return 'code_verifier is invalid';
    if (s256(verifier) !== grant.codeChallenge) return 'code_verifier does not match the code_challenge';
    grant.used = true;
    return grant;
  }

  issueTokens(userId: number, keystring: string): { access_token: string; token_type: 'Bearer'; expires_in: number; refresh_token: string } {
    const access = `${userId}.${b64url(randomBytes(40))}`;
    const refresh = `${userId}.${b64url(randomBytes(40))}`;
    this.accessTokens.set(access, { userId, keystring, expiresAt: this.now() + this.options.accessTokenTtlSeconds * 1000 });
    this.refreshTokens.set(refresh, { userId, keystring, expiresAt: this.now() + this.options.refreshTokenTtlSeconds * 1000 });
    return { access_token: access, token_type: 'Bearer', expires_in: this.options.accessTokenTtlSeconds, refresh_token: refresh };
  }

  /** A refresh token's grant (each refresh answers a new refresh token; the old one keeps working until it runs out, as Etsy's). */
  refreshGrant(token: string, keystring: string): Grant | undefined {
    const grant = this.refreshTokens.get(token);
    return grant && grant.keystring === keystring && grant.expiresAt > this.now() ? grant : undefined;
  }

  accessGrant(token: string): Grant | 'expired' | undefined {
    const grant = this.accessTokens.get(token);
    if (!grant) return undefined;
    return grant.expiresAt > this.now() ? grant : 'expired';
  }

  expireAccessTokens(userId: number): number {
    let n = 0;
    for (const grant of this.accessTokens.values()) if (grant.userId === userId && grant.expiresAt > this.now()) (grant.expiresAt = this.now() - 1), n++;
    return n;
  }

  /** The refresh tokens of the seller run out now (as 90 days later). */
  expireRefreshTokens(userId: number): number {
    let n = 0;
    for (const grant of this.refreshTokens.values()) if (grant.userId === userId && grant.expiresAt > this.now()) (grant.expiresAt = this.now() - 1), n++;
    return n;
  }

  /** The seller removes the app: every token stops working. */
  revokeConsent(userId: number): number {
    let n = 0;
    for (const tokens of [this.accessTokens, this.refreshTokens]) {
      for (const [token, grant] of tokens) if (grant.userId === userId) (tokens.delete(token), n++);
    }
    return n;
  }

  /**
   * Counts one call of the app against its quotas; answers the headers Etsy sends and, when over
   * a quota, the seconds to wait.
   */
  take(keystring: string): { headers: Record<string, string>; retryAfterSeconds?: number } {
    const now = this.now();
    const times = (this.callTimes.get(keystring) ?? []).filter((t) => t > now - 86_400_000);
    this.callTimes.set(keystring, times);
    const lastSecond = times.filter((t) => t > now - 1000).length;
    // Calls said spent by the control endpoint count for the day (not for the second).
    const day = times.length + (this.spentToday.get(keystring) ?? 0);
    const headers = (second: number, day: number) => ({
      'x-limit-per-second': String(this.quota.perSecond),
      'x-remaining-this-second': String(Math.max(0, this.quota.perSecond - second)),
      'x-limit-per-day': String(this.quota.perDay),
      'x-remaining-today': String(Math.max(0, this.quota.perDay - day)),
    });
    if (day >= this.quota.perDay) return { headers: headers(lastSecond, day), retryAfterSeconds: Math.max(1, Math.ceil(((times[0] ?? now) + 86_400_000 - now) / 1000)) };
    if (lastSecond >= this.quota.perSecond) return { headers: headers(lastSecond, day), retryAfterSeconds: 1 };
    times.push(now);
    return { headers: headers(lastSecond + 1, day + 1) };
  }

  /** The app has spent `used` calls of today already (tests of a quota running low). */
  spendToday(keystring: string, used: number): void {
    this.callTimes.set(keystring, []);
    this.spentToday.set(keystring, Math.max(0, Math.floor(used)));
  }

  injectFault(fault: EtsyFault): EtsyFault[] {
    this.faults.push(fault);
    return this.pendingFaults();
  }

  takeFault(): EtsyFault | undefined {
    const fault = this.faults[0];
    if (!fault) return undefined;
    fault.count--;
    if (fault.count <= 0) this.faults.shift();
    return fault;
  }

  pendingFaults(): EtsyFault[] {
    return this.faults.map((f) => ({ ...f }));
  }

  clearFaults(): void {
    this.faults = [];
  }

  ship(receipt: EtsyReceipt, carrierName: string, trackingCode: string): EtsyShipment {
    const shipment: EtsyShipment = { receiptShippingId: this.nextId(), carrierName, trackingCode, notifiedAt: this.options.now() };
    receipt.shipments.push(shipment);
    receipt.isShipped = true;
    if (receipt.status === 'paid' || receipt.status === 'open') receipt.status = 'completed';
    receipt.updatedAt = this.options.now();
    return shipment;
  }
}
