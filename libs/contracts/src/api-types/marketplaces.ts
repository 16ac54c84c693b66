/**
 * The marketplace catalogue, marketplace integrations, their OAuth and their order-sync jobs. JSON
 * of `/api` (see `index.ts`); types only.
 */
import type { MarketplaceId } from '../marketplace-catalogue';

/** A marketplace of the catalogue (`GET /api/marketplaces`, spec §3 marketplaces). */
export interface MarketplaceJson {
  id: number;
  name: string;
  identifier: MarketplaceId;
  description: string;
  logoUrl: string;
  active: boolean;
  /** The authorization page; null when the marketplace connects from its requiredSettings instead. */
  oauthUrl: string | null;
  apiDocUrl: string | null;
  /** Setting names the connect dialog asks for (names containing key or secret are masked). */
  requiredSettings: string[];
  maxOrdersLimit: number;
  /** An adapter exists and connecting works; false for the marketplaces still to come. */
  supported: boolean;
}

/** `GET /api/marketplace/ebay/oauth-params` (spec §7). */
export interface OAuthParamsJson {
  clientId: string;
  /** eBay: the RuName, sent as redirect_uri. */
  redirectUri: string;
  authorizeUrl: string;
  scopes: string[];
  /**
   * The consent's `state` (`ebay.<nonce>`), to send as is: issued to this user in this merchant for
   * this marketplace, valid 15 minutes, used once by the callback.
   */
  state: string;
  /** Where the browser goes: the consent page with its whole query, in the marketplace's own form. */
  consentUrl: string;
}

/** `POST /api/merchants/current/oauth/callback`. */
export interface OAuthCallbackJson {
  success: boolean;
  message: string;
  redirectToDashboard: boolean;
  integration: MarketplaceIntegrationJson;
}

export type SyncJobStatus = 'pending' | 'running' | 'completed' | 'failed';

/** An order-sync job (spec §3 jobs). */
export interface SyncJobJson {
  id: number;
  merchantId: string;
  integrationId: number;
  provider: string;
  type: 'orders_sync';
  executionMode: 'background';
  triggeredBy: 'user' | 'schedule' | 'auto';
  status: SyncJobStatus;
  startedAt: string | null;
  completedAt: string | null;
  ordersFound: number;
  ordersSynced: number;
  /** Italian; null unless failed. */
  errorMessage: string | null;
  createdAt: string;
}

/** `POST /api/orders/sync/{integrationId}`: the started (or joined) job. */
export interface SyncStartedJson {
  message: string;
  /** True when a sync of this integration was already running and this request joined it. */
  joined: boolean;
  job: SyncJobJson;
}

export type MarketplaceIntegrationStatus = 'pending' | 'active' | 'error' | 'inactive';

/**
 * A marketplace integration (spec §3 integrations). Tokens only masked: `accessToken` and
 * `refreshToken` as the detail page shows them (8 + 6 dots + 8), `refreshTokenPreview` as the list
 * (10 + dots + 4).
 */
export interface MarketplaceIntegrationJson {
  id: number;
  merchantId: string;
  type: 'marketplace';
  provider: MarketplaceId;
  marketplaceName: string;
  logoUrl: string;
  status: MarketplaceIntegrationStatus;
  statusMessage: string | null;
  active: boolean;
  connectedAt: string | null;
  createdAt: string;
  updatedAt: string;
  accessToken: string | null;
  refreshToken: string | null;
  refreshTokenPreview: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  /** Provider config without secrets, JSON text (shown formatted on the detail page). */
  config: string;
  autoUpdateTracking: boolean;
  userId: string | null;
  username: string | null;
  email: string | null;
  accountType: string | null;
  /** Italian: the refresh token expires within 30 days or was refused; null when none. */
  tokenWarning: string | null;
  lastSyncedAt: string | null;
  currentJob: SyncJobJson | null;
  lastJob: SyncJobJson | null;
}

/** `POST /api/webhooks/{marketplace}` (the marketplace calling us): the delivery taken. */
export interface WebhookReceivedJson {
  received: true;
  /** The marketplace sent this delivery before (its id already seen): nothing done again. */
  duplicate: boolean;
}
