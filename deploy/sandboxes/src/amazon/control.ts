import { controlCaller, submitConsentForm } from '../control-client';
import type { AmazonFault, AmazonOperation, AmazonSandboxApp } from './store';

/*
 * Clients of a running Amazon sandbox for tests and the local stack: the typed `/__sandbox/`
 * control endpoints, and a browser stand-in that signs in on the consent page and confirms.
 */

export interface AmazonSandboxSellerInfo {
  sellerId: string;
  storeName: string;
  email: string;
  orders: number;
}

/** An order as the control endpoints list it. */
export interface AmazonSandboxOrderSummary {
  orderId: string;
  createdTime: string;
  lastUpdatedTime: string;
  fulfilledBy: 'MERCHANT' | 'AMAZON';
  fulfillmentStatus: string;
  serviceLevel: string;
  items: { orderItemId: string; sellerSku: string; quantityOrdered: number; quantityShipped: number }[];
  packages: { packageReferenceId: string; carrierCode: string; carrierName: string | null; trackingNumber: string; viaApi: boolean; items: { orderItemId: string; quantity: number }[] }[];
}

export interface AmazonSandboxControl {
  registerApp(app: AmazonSandboxApp): Promise<void>;
  /** Gives or takes the app's Direct-to-Consumer Delivery role: without it the recipient is withheld. */
  setRestrictedRole(applicationId: string, restrictedRole: boolean): Promise<void>;
  addSeller(seller: { storeName: string; orders: number; sellerId?: string; email?: string; password?: string; seed?: string | number; fbaShare?: number; replace?: boolean }): Promise<AmazonSandboxSellerInfo>;
  sellers(): Promise<AmazonSandboxSellerInfo[]>;
  orders(sellerId: string): Promise<AmazonSandboxOrderSummary[]>;
  addOrders(sellerId: string, count: number, seed?: string | number): Promise<AmazonSandboxOrderSummary[]>;
  /** Every access token of the seller expires now (SP-API calls answer 403 Unauthorized). */
  expireAccessTokens(sellerId: string): Promise<number>;
  /** The seller removes the app: every access and refresh token stops working (refresh: invalid_grant). */
  revokeConsent(sellerId: string): Promise<number>;
  /** Empties the seller's usage-plan bucket of one operation. */
  drain(sellerId: string, operation: AmazonOperation, leave?: number): Promise<void>;
  /** Every pagination token handed out expires now. */
  expirePaginationTokens(): Promise<number>;
  /** The next `count` SP-API calls (of `operation`, or any) answer 429 QuotaExceeded or 503. */
  injectFault(fault: AmazonFault): Promise<AmazonFault[]>;
  clearFaults(): Promise<void>;
  stats(): Promise<{ calls: number; limited: number; pendingFaults: AmazonFault[] }>;
}

export function amazonSandboxControl(baseUrl: string): AmazonSandboxControl {
  const base = baseUrl.replace(/\/+$/, '');
  const call = controlCaller('Amazon', base);
  const sellerPath = (sellerId: string) => `/sellers/${encodeURIComponent(sellerId)}`;
  return {
    registerApp: async (app) => void (await call('POST', '/apps', app)),
    setRestrictedRole: async (applicationId, restrictedRole) => void (await call('PUT', `/apps/${encodeURIComponent(applicationId)}/restricted-role`, { restrictedRole })),
    addSeller: (seller) => call('POST', '/sellers', seller),
    sellers: () => call('GET', '/sellers'),
    orders: (sellerId) => call('GET', `${sellerPath(sellerId)}/orders`),
    addOrders: (sellerId, count, seed) => call('POST', `${sellerPath(sellerId)}/orders`, { count, ...(seed !== undefined ? { seed } : {}) }),
    expireAccessTokens: async (sellerId) => (await call<{ expired: number }>('POST', `${sellerPath(sellerId)}/expire-tokens`, {})).expired,
    revokeConsent: async (sellerId) => (await call<{ revoked: number }>('POST', `${sellerPath(sellerId)}/revoke`, {})).revoked,
    drain: async (sellerId, operation, leave = 0) => void (await call('POST', `${sellerPath(sellerId)}/drain`, { operation, leave })),
    expirePaginationTokens: async () => (await call<{ expired: number }>('POST', '/expire-pagination-tokens', {})).expired,
    injectFault: (fault) => call('POST', '/faults', fault),
    clearFaults: async () => void (await call('DELETE', '/faults')),
    stats: () => call('GET', '/stats'),
  };
}

/**
 * What a seller does on the consent page: signs in with `email` and `password` and confirms (or
 * cancels). Answers the URL Amazon redirects to (with `state`, `selling_partner_id`,
 * `spapi_oauth_code`); throws with the page's text when there is no redirect.
 */
export async function authorizeAs(consentUrl: string, seller: { email: string; password: string; confirm?: boolean }): Promise<string> {
  return submitConsentForm(consentUrl, '/apps/authorize/consent', { email: seller.email, password: seller.password, decision: seller.confirm === false ? 'cancel' : 'confirm' });
}
