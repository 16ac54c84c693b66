import type { marketplaces } from '@smista/proto';
import { marketplaceMessages } from '@smista/contracts';
import type {
  MarketplaceId,
  MarketplaceIntegrationJson,
  MarketplaceIntegrationStatus,
  MarketplaceJson,
  OAuthCallbackJson,
  OAuthParamsJson,
  SyncJobJson,
  SyncJobStatus,
  SyncStartedJson,
} from '@smista/contracts';

/** The marketplaces service's answers → the JSON the marketplace and orders screens read (`libs/contracts/src/api-types/`). */

const orNull = (v: string | undefined) => (v ? v : null);

export function marketplaceJson(m: marketplaces.Marketplace): MarketplaceJson {
  return {
    id: m.id,
    name: m.name,
    identifier: m.identifier as MarketplaceId,
    description: m.description,
    logoUrl: m.logoUrl,
    active: m.active,
    oauthUrl: orNull(m.oauthUrl),
    apiDocUrl: orNull(m.apiDocUrl),
    requiredSettings: m.requiredSettings,
    maxOrdersLimit: m.maxOrdersLimit,
    supported: m.supported,
  };
}

export function oauthParamsJson(p: marketplaces.OAuthParams): OAuthParamsJson {
  return { clientId: p.clientId, redirectUri: p.redirectUri, authorizeUrl: p.authorizeUrl, scopes: p.scopes, state: p.state, consentUrl: p.consentUrl };
}

export function syncJobJson(j: marketplaces.Job): SyncJobJson {
  return {
    id: j.id,
    merchantId: j.merchantId,
    integrationId: j.integrationId,
    provider: j.provider,
    type: 'orders_sync',
    executionMode: 'background',
    triggeredBy: j.triggeredBy as SyncJobJson['triggeredBy'],
    status: j.status as SyncJobStatus,
    startedAt: orNull(j.startedAt),
    completedAt: orNull(j.completedAt),
    ordersFound: j.ordersFound,
    ordersSynced: j.ordersSynced,
    errorMessage: orNull(j.errorMessage),
    createdAt: j.createdAt,
  };
}

/** `POST /api/orders/sync/{integrationId}`: a new job, or the running one joined. */
export function syncStartedJson(j: marketplaces.Job): SyncStartedJson {
  return { message: j.joined ? marketplaceMessages.syncJoined : marketplaceMessages.syncStarted, joined: j.joined, job: syncJobJson(j) };
}

/** Tokens only masked: the detail page's 8 + 6 dots + 8 and the list's 10 + dots + 4. */
export function marketplaceIntegrationJson(i: marketplaces.Integration): MarketplaceIntegrationJson {
  return {
    id: i.id,
    merchantId: i.merchantId,
    type: 'marketplace',
    provider: i.provider as MarketplaceId,
    marketplaceName: i.marketplaceName,
    logoUrl: i.logoUrl,
    status: i.status as MarketplaceIntegrationStatus,
    statusMessage: orNull(i.statusMessage),
    active: i.active,
    connectedAt: orNull(i.connectedAt),
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    accessToken: orNull(i.accessTokenMasked),
    refreshToken: orNull(i.refreshTokenMasked),
    refreshTokenPreview: orNull(i.refreshTokenPreview),
    accessTokenExpiresAt: orNull(i.accessTokenExpiresAt),
    refreshTokenExpiresAt: orNull(i.refreshTokenExpiresAt),
    config: i.configJson || '{}',
    autoUpdateTracking: i.autoUpdateTracking,
    userId: orNull(i.externalUserId),
    username: orNull(i.username),
    email: orNull(i.email),
    accountType: orNull(i.accountType),
    tokenWarning: orNull(i.tokenWarning),
    lastSyncedAt: orNull(i.lastSyncedAt),
    currentJob: i.currentJob ? syncJobJson(i.currentJob) : null,
    lastJob: i.lastJob ? syncJobJson(i.lastJob) : null,
  };
}

export function oauthCallbackJson(r: marketplaces.CompleteOAuthResponse): OAuthCallbackJson {
  return {
    success: true,
    message: marketplaceMessages.integrationCompleted,
    redirectToDashboard: r.redirectToDashboard,
    integration: marketplaceIntegrationJson(r.integration!),
  };
}
