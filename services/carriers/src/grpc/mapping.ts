import { carriers, common } from '@smista/proto';
import type { CarrierCredentials } from '@smista/contracts';
import type { Carrier, Integration } from '../domain';
import type { PartyAddress } from '../adapters';
import type { TrackingCodeRow } from '../store';

const iso = (d: Date | null) => (d ? d.toISOString() : '');

export function toCarrierMessage(c: Carrier): carriers.Carrier {
  return carriers.Carrier.fromPartial({
    id: c.id,
    code: c.code,
    name: c.name,
    description: c.description,
    logoUrl: c.logoUrl,
    credentialKind: c.credentialKind,
    usesCodePool: c.usesCodePool,
  });
}

/** An integration as answered: secrets only as "is one stored". */
export function toIntegrationMessage(i: Integration): carriers.Integration {
  const c = i.credentials;
  return carriers.Integration.fromPartial({
    id: i.id,
    merchantId: i.merchantId,
    carrierId: i.carrier.id,
    provider: i.carrier.code,
    carrierName: i.carrier.name,
    logoUrl: i.carrier.logoUrl,
    connectionName: i.connectionName,
    status: i.status,
    statusMessage: i.statusMessage ?? '',
    active: i.active,
    connectedAt: iso(i.connectedAt),
    lastSync: iso(i.lastSync),
    createdAt: iso(i.createdAt),
    updatedAt: iso(i.updatedAt),
    credentials: {
      siglaSede: c.siglaSede ?? '',
      codiceCliente: c.codiceCliente ?? '',
      hasPasswordCliente: i.storedSecrets.has('passwordCliente'),
      codiceContratto: c.codiceContratto ?? '',
      emailFiliale: c.emailFiliale ?? '',
      usernameRitiri: c.usernameRitiri ?? '',
      hasPasswordRitiri: i.storedSecrets.has('passwordRitiri'),
      username: c.username ?? '',
      hasPassword: i.storedSecrets.has('password'),
      customerCode: c.customerCode ?? '',
      serviceType: c.serviceType ?? '',
    },
  });
}

export function toCodeMessage(r: TrackingCodeRow): carriers.TrackingCode {
  return carriers.TrackingCode.fromPartial({
    id: r.id,
    integrationId: r.integrationId,
    trackingCode: r.trackingCode,
    status: r.status,
    assignedToOrderId: r.assignedToOrderId ?? '',
    usedAt: iso(r.usedAt),
    createdAt: iso(r.createdAt),
  });
}

/** Proto credentials → the contracts' shape (unset fields absent). */
export function credentialsInput(c: carriers.Credentials | undefined): CarrierCredentials {
  const out: CarrierCredentials = {};
  if (!c) return out;
  for (const [key, value] of Object.entries(c)) if (typeof value === 'string') (out as Record<string, string>)[key] = value;
  return out;
}

export function partyAddress(a: common.PostalAddress | undefined): PartyAddress {
  const t = (v: string | undefined) => (v ?? '').trim();
  const opt = (v: string | undefined) => t(v) || undefined;
  return {
    name: t(a?.name),
    companyName: opt(a?.companyName),
    contactName: opt(a?.contactName),
    addressLine1: t(a?.addressLine1),
    addressLine2: opt(a?.addressLine2),
    city: t(a?.city),
    postalCode: t(a?.postalCode),
    province: opt(a?.province),
    country: opt(a?.country),
    countryCode: t(a?.countryCode).toUpperCase(),
    phone: opt(a?.phone),
    email: opt(a?.email),
  };
}

/** Our party address → proto (absent optional fields as empty strings). */
export function toProtoPartyAddress(a: PartyAddress): common.PostalAddress {
  return common.PostalAddress.fromPartial({ ...a });
}
