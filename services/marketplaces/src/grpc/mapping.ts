import { marketplaces } from '@smista/proto';
import { shownStatus, tokenWarning, type Integration, type Job, type Marketplace } from '../domain';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** A catalogue entry; `oauth_url` from configuration for an OAuth marketplace, empty otherwise. */
export function toMarketplaceMessage(m: Marketplace, oauthUrls: Readonly<Record<string, string>>): marketplaces.Marketplace {
  return marketplaces.Marketplace.fromPartial({
    id: m.id,
    identifier: m.identifier,
    name: m.name,
    description: m.description,
    logoUrl: m.logoUrl,
    active: m.active,
    oauthUrl: m.oauth ? (oauthUrls[m.identifier] ?? '') : '',
    apiDocUrl: m.apiDocUrl ?? '',
    requiredSettings: m.requiredSettings,
    maxOrdersLimit: m.maxOrdersLimit,
    supported: m.supported,
  });
}

export function toJobMessage(j: Job, joined = false): marketplaces.Job {
  return marketplaces.Job.fromPartial({
    id: j.id,
    merchantId: j.merchantId,
    integrationId: j.integrationId,
    type: j.type,
    executionMode: j.executionMode,
    triggeredBy: j.triggeredBy,
    status: j.status,
    startedAt: iso(j.startedAt),
    completedAt: iso(j.completedAt),
    ordersFound: j.ordersFound,
    ordersSynced: j.ordersSynced,
    errorMessage: j.errorMessage ?? '',
    createdAt: iso(j.createdAt),
    provider: j.provider,
    joined,
  });
}

/** An integration as answered: tokens only masked, the status as shown, the warning of the day. */
export function toIntegrationMessage(i: Integration, jobs: { current: Job | null; last: Job | null } | undefined, now: Date): marketplaces.Integration {
  return marketplaces.Integration.fromPartial({
    id: i.id,
    merchantId: i.merchantId,
    type: 'marketplace',
    provider: i.marketplace.identifier,
    marketplaceName: i.marketplace.name,
    logoUrl: i.marketplace.logoUrl,
    status: shownStatus(i),
    statusMessage: i.statusMessage ?? '',
    active: i.active,
    connectedAt: iso(i.connectedAt),
    createdAt: iso(i.createdAt),
    updatedAt: iso(i.updatedAt),
    accessTokenMasked: i.accessTokenMasked ?? '',
    refreshTokenMasked: i.refreshTokenMasked ?? '',
    refreshTokenPreview: i.refreshTokenPreview ?? '',
    accessTokenExpiresAt: iso(i.accessTokenExpiresAt),
    refreshTokenExpiresAt: iso(i.refreshTokenExpiresAt),
    configJson: JSON.stringify(i.config),
    autoUpdateTracking: i.autoUpdateTracking,
    externalUserId: i.externalUserId ?? '',
    username: i.username ?? '',
    email: i.email ?? '',
    accountType: i.accountType ?? '',
    tokenWarning: tokenWarning(i, now) ?? '',
    lastSyncedAt: iso(i.lastSyncedAt),
    currentJob: jobs?.current ? toJobMessage(jobs.current) : undefined,
    lastJob: jobs?.last ? toJobMessage(jobs.last) : undefined,
  });
}
