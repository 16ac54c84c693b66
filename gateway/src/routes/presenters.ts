import { merchants, type identity } from '@smista/proto';
import type { AddressJson, InviteDetailsJson, InviteJson, MemberJson, MemberRoleJson, MerchantJson, UserJson } from '@smista/contracts';
import { roleFromProto } from '@smista/service-kit';

/**
 * gRPC answers → the JSON the browser reads. The shapes are the contracts' (`@smista/contracts`
 * api-types), shared with the frontends; an unknown role reads as the lesser one.
 */

export function userJson(user: identity.User | undefined): UserJson {
  if (!user) throw new Error('identity answered without a user');
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    avatar: user.avatar ? user.avatar : null,
    createdAt: user.createdAt,
    hasPassword: user.hasPassword === true,
  };
}

export function merchantJson(m: { id: string; name: string; role: merchants.Merchant['role']; ssoRequired?: boolean }): MerchantJson {
  return { id: m.id, name: m.name, role: roleFromProto(m.role) ?? 'user', ssoRequired: m.ssoRequired === true };
}

export function memberJson(m: merchants.Member): MemberJson {
  return {
    id: m.userId,
    firstName: m.firstName,
    lastName: m.lastName,
    username: m.username,
    email: m.email,
    role: roleFromProto(m.role) ?? 'user',
    joinedAt: m.joinedAt,
  };
}

/** A member after a role change: what UpdateMemberRole answers. */
export function memberRoleJson(m: merchants.UpdateMemberRoleResponse): MemberRoleJson {
  return { id: m.userId, merchantId: m.merchantId, role: roleFromProto(m.role) ?? 'user' };
}

export function inviteJson(i: merchants.Invite): InviteJson {
  return {
    id: i.id,
    email: i.email,
    role: roleFromProto(i.role) ?? 'user',
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
    inviterEmail: i.inviterEmail || null,
  };
}

export function inviteDetailsJson(d: merchants.InviteDetails): InviteDetailsJson {
  return {
    email: d.email,
    role: roleFromProto(d.role) ?? 'user',
    merchant: { id: d.merchantId, name: d.merchantName },
    inviterEmail: d.inviterEmail,
    inviterName: d.inviterName || null,
    expiresAt: d.expiresAt,
  };
}

export function addressJson(a: merchants.MerchantAddress): AddressJson {
  const f = a.fields ?? merchants.MerchantAddressFields.fromPartial({});
  return {
    id: a.id,
    merchantId: a.merchantId,
    addressTypes: f.addressTypes,
    isDefault: f.isDefault ?? false,
    companyName: f.companyName ?? null,
    contactPerson: f.contactPerson ?? null,
    addressLine1: f.addressLine1 ?? null,
    addressLine2: f.addressLine2 ?? null,
    city: f.city ?? null,
    state: f.state ?? null,
    postalCode: f.postalCode ?? null,
    country: f.country ?? null,
    countryCode: f.countryCode ?? null,
    phone: f.phone ?? null,
    email: f.email ?? null,
    vatNumber: f.vatNumber ?? null,
    taxCode: f.taxCode ?? null,
    pickupHours: f.pickupHours ?? null,
    notes: f.notes ?? null,
    active: f.active ?? true,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}
