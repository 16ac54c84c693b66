import type { carriers } from '@smista/proto';
import { pageMeta } from '@smista/contracts';
import type {
  CarrierCode,
  CarrierIntegrationJson,
  CarrierJson,
  CredentialKind,
  IntegrationStatus,
  TrackingCodeJson,
  TrackingCodePageJson,
  TrackingCodeStatsJson,
  TrackingCodeStatus,
} from '@smista/contracts';

/** The carriers service's answers → the JSON the carrier screens read (`libs/contracts/src/api-types/`). */

const orNull = (v: string | undefined) => (v ? v : null);

export function carrierJson(c: carriers.Carrier): CarrierJson {
  return {
    id: c.id,
    name: c.name,
    code: c.code as CarrierCode,
    logoUrl: c.logoUrl,
    description: c.description,
    credentialKind: c.credentialKind as CredentialKind,
    usesCodePool: c.usesCodePool,
  };
}

export function carrierIntegrationJson(i: carriers.Integration): CarrierIntegrationJson {
  const c = i.credentials;
  return {
    id: i.id,
    merchantId: i.merchantId,
    carrierId: i.carrierId,
    provider: i.provider as CarrierCode,
    carrierName: i.carrierName,
    logoUrl: i.logoUrl,
    connectionName: i.connectionName,
    status: i.status as IntegrationStatus,
    statusMessage: orNull(i.statusMessage),
    active: i.active,
    connectedAt: orNull(i.connectedAt),
    lastSync: orNull(i.lastSync),
    createdAt: i.createdAt,
    updatedAt: i.updatedAt,
    credentials: {
      siglaSede: orNull(c?.siglaSede),
      codiceCliente: orNull(c?.codiceCliente),
      codiceContratto: orNull(c?.codiceContratto),
      emailFiliale: orNull(c?.emailFiliale),
      usernameRitiri: orNull(c?.usernameRitiri),
      username: orNull(c?.username),
      customerCode: orNull(c?.customerCode),
      serviceType: orNull(c?.serviceType),
      hasPasswordCliente: c?.hasPasswordCliente ?? false,
      hasPasswordRitiri: c?.hasPasswordRitiri ?? false,
      hasPassword: c?.hasPassword ?? false,
    },
  };
}

export function trackingCodeStatsJson(s: carriers.TrackingCodeStats): TrackingCodeStatsJson {
  return { available: s.available, used: s.used, reserved: s.reserved, total: s.total, lowStock: s.lowStock };
}

export function trackingCodeJson(c: carriers.TrackingCode): TrackingCodeJson {
  return {
    id: c.id,
    trackingCode: c.trackingCode,
    status: c.status as TrackingCodeStatus,
    assignedToOrderId: orNull(c.assignedToOrderId),
    usedAt: orNull(c.usedAt),
    createdAt: c.createdAt,
  };
}

export function trackingCodePageJson(r: carriers.ListTrackingCodesResponse): TrackingCodePageJson {
  return { data: r.codes.map(trackingCodeJson), meta: pageMeta(r.page, r.pageSize, r.totalItems) };
}
