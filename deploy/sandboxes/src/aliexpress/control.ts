import { controlCaller } from '../control-client';
import type { AliexpressFault } from './store';

/*
 * A client of a running AliExpress sandbox for tests and the local stack: the typed `/__sandbox/`
 * control endpoints (README.md).
 */

export interface AliexpressSandboxSellerInfo {
  sellerId: string;
  userNick: string;
  email: string;
  orders: number;
}

/** An order as the control endpoints list it (instants in UTC; the gateway answers Pacific wall clock). */
export interface AliexpressSandboxOrderSummary {
  orderId: string;
  status: string;
  createdAt: string;
  modifiedAt: string;
  /** The buyer's shipping service ('AliExpress Premium Shipping' is the express one). */
  logisticsService: string;
  items: { childId: string; quantity: number }[];
  fulfilments: { serviceName: string; logisticsNo: string; sendType: string }[];
}

export interface AliexpressSandboxControl {
  addSeller(seller: { userNick: string; orders: number; sellerId?: string; email?: string; password?: string; seed?: string | number }): Promise<AliexpressSandboxSellerInfo>;
  sellers(): Promise<AliexpressSandboxSellerInfo[]>;
  orders(sellerId: string): Promise<AliexpressSandboxOrderSummary[]>;
  /** Every access token of the seller expires now (`/sync` answers IllegalAccessToken). */
  expireAccessTokens(sellerId: string): Promise<number>;
  /** The seller withdraws the authorization: every token stops working. */
  revokeConsent(sellerId: string): Promise<number>;
  /** The next `count` `/sync` calls answer ApiCallLimit ("this ban will last N seconds") or ServiceUnavailable. */
  injectFault(fault: AliexpressFault): Promise<unknown>;
  clearFaults(): Promise<void>;
  stats(): Promise<{ calls: number; pendingFaults: AliexpressFault[] }>;
}

export function aliexpressSandboxControl(baseUrl: string): AliexpressSandboxControl {
  const base = baseUrl.replace(/\/+$/, '');
  const call = controlCaller('AliExpress', base);
  const sellerPath = (sellerId: string) => `/sellers/${encodeURIComponent(sellerId)}`;
  return {
    addSeller: (seller) => call('POST', '/sellers', seller),
    sellers: () => call('GET', '/sellers'),
    orders: (sellerId) => call('GET', `${sellerPath(sellerId)}/orders`),
    expireAccessTokens: async (sellerId) => (await call<{ expired: number }>('POST', `${sellerPath(sellerId)}/expire-tokens`)).expired,
    revokeConsent: async (sellerId) => (await call<{ revoked: number }>('POST', `${sellerPath(sellerId)}/revoke`)).revoked,
    injectFault: (fault) => call('POST', '/faults', fault),
    clearFaults: () => call('DELETE', '/faults'),
    stats: () => call('GET', '/stats'),
  };
}
