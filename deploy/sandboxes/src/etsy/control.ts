import { controlCaller, submitConsentForm } from '../control-client';
import type { EtsyFault, EtsySandboxApp } from './store';

/*
 * Clients of a running Etsy sandbox for tests and the local stack: the typed `/__sandbox/` control
 * endpoints, and a browser stand-in that signs in on the consent page and allows (or denies).
 */

export interface EtsySandboxSellerInfo {
  userId: number;
  shopId: number;
  shopName: string;
  email: string;
  receipts: number;
}

/** A receipt as the control endpoints list it. */
export interface EtsySandboxReceiptSummary {
  receiptId: number;
  status: string;
  isShipped: boolean;
  createdAt: string;
  updatedAt: string;
  express: boolean;
  transactions: { transactionId: number; sku: string; quantity: number }[];
  shipments: { receiptShippingId: number; carrierName: string; trackingCode: string }[];
}

export interface EtsySandboxControl {
  registerApp(app: EtsySandboxApp): Promise<void>;
  addSeller(seller: { shopName: string; receipts: number; userId?: number; shopId?: number; email?: string; password?: string; seed?: string | number; replace?: boolean }): Promise<EtsySandboxSellerInfo>;
  sellers(): Promise<EtsySandboxSellerInfo[]>;
  receipts(userId: number): Promise<EtsySandboxReceiptSummary[]>;
  addReceipts(userId: number, count: number, seed?: string | number): Promise<EtsySandboxReceiptSummary[]>;
  /** Every access token of the seller expires now (API calls answer 401 invalid_token). */
  expireAccessTokens(userId: number): Promise<number>;
  /** Every refresh token of the seller runs out now (as after 90 days: invalid_grant). */
  expireRefreshTokens(userId: number): Promise<number>;
  /** The seller removes the app: every token stops working. */
  revokeConsent(userId: number): Promise<number>;
  /** The app's quotas, and calls already spent today (a day's quota running low). */
  setQuota(quota: { perSecond?: number; perDay?: number; usedToday?: number }): Promise<{ perSecond: number; perDay: number }>;
  /** The next `count` API calls answer 429 (with `retry-after`) or 503. */
  injectFault(fault: EtsyFault): Promise<EtsyFault[]>;
  clearFaults(): Promise<void>;
  stats(): Promise<{ calls: number; limited: number; pendingFaults: EtsyFault[]; quota: { perSecond: number; perDay: number } }>;
}

export function etsySandboxControl(baseUrl: string): EtsySandboxControl {
  const base = baseUrl.replace(/\/+$/, '');
  const call = controlCaller('Etsy', base);
  const sellerPath = (userId: number) => `/sellers/${encodeURIComponent(String(userId))}`;
  return {
    registerApp: async (app) => void (await call('POST', '/apps', app)),
    addSeller: (seller) => call('POST', '/sellers', seller),
    sellers: () => call('GET', '/sellers'),
    receipts: (userId) => call('GET', `${sellerPath(userId)}/receipts`),
    addReceipts: (userId, count, seed) => call('POST', `${sellerPath(userId)}/receipts`, { count, ...(seed !== undefined ? { seed } : {}) }),
    expireAccessTokens: async (userId) => (await call<{ expired: number }>('POST', `${sellerPath(userId)}/expire-tokens`, {})).expired,
    expireRefreshTokens: async (userId) => (await call<{ expired: number }>('POST', `${sellerPath(userId)}/expire-refresh-tokens`, {})).expired,
    revokeConsent: async (userId) => (await call<{ revoked: number }>('POST', `${sellerPath(userId)}/revoke`, {})).revoked,
    setQuota: (quota) => call('PUT', '/quota', quota),
    injectFault: (fault) => call('POST', '/faults', fault),
    clearFaults: async () => void (await call('DELETE', '/faults')),
    stats: () => call('GET', '/stats'),
  };
}

/**
 * What a seller does on Etsy's consent page: signs in with `email` and `password` and allows (or
 * denies). Answers the URL Etsy redirects to (`code` and `state`, or `error`); throws with the
 * page's text when there is no redirect.
 */
export async function authorizeAs(consentUrl: string, seller: { email: string; password: string; allow?: boolean }): Promise<string> {
  return submitConsentForm(consentUrl, '/oauth/connect', { email: seller.email, password: seller.password, decision: seller.allow === false ? 'deny' : 'allow' });
}
