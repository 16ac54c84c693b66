import { common, merchants, type identity } from '@smista/proto';
import type { Role } from '@smista/contracts';
import { roleName } from '../middleware/session';

/** The user as the browser sees it (spec §3 users, without the password). */
export interface UserJson {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  avatar: string | null;
  createdAt: string;
}

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
  };
}

/** A merchant list item (spec §7: `{id, name, role}`); an unknown role reads as the lesser one. */
export interface MerchantJson {
  id: string;
  name: string;
  role: Role;
}

export function merchantJson(m: { id: string; name: string; role: merchants.Merchant['role'] }): MerchantJson {
  return { id: m.id, name: m.name, role: roleName(m.role) ?? 'user' };
}

/** The role a request names, on the wire. */
export function roleToProto(role: Role): common.Role {
  return role === 'admin' ? common.Role.ROLE_ADMIN : common.Role.ROLE_USER;
}

/** A team member (`GET /api/merchants/{merchantId}/users`): `id` is the user's id. */
export interface MemberJson {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  role: Role;
  joinedAt: string;
}

export function memberJson(m: merchants.Member): MemberJson {
  return {
    id: m.userId,
    firstName: m.firstName,
    lastName: m.lastName,
    username: m.username,
    email: m.email,
    role: roleName(m.role) ?? 'user',
    joinedAt: m.joinedAt,
  };
}

/** A member after a role change: what UpdateMemberRole answers. */
export function memberRoleJson(m: merchants.UpdateMemberRoleResponse): { id: string; merchantId: string; role: Role } {
  return { id: m.userId, merchantId: m.merchantId, role: roleName(m.role) ?? 'user' };
}

/** A pending invite (`GET /api/merchants/{merchantId}/invites`); the token is never answered. */
export interface InviteJson {
  id: string;
  email: string;
  role: Role;
  createdAt: string;
  expiresAt: string;
  inviterEmail: string | null;
}

export function inviteJson(i: merchants.Invite): InviteJson {
  return {
    id: i.id,
    email: i.email,
    role: roleName(i.role) ?? 'user',
    createdAt: i.createdAt,
    expiresAt: i.expiresAt,
    inviterEmail: i.inviterEmail || null,
  };
}

/** What an invite link offers (`GET /api/invites/{token}`, public). */
export interface InviteDetailsJson {
  email: string;
  role: Role;
  merchant: { id: string; name: string };
  inviterEmail: string;
  inviterName: string | null;
  expiresAt: string;
}

export function inviteDetailsJson(d: merchants.InviteDetails): InviteDetailsJson {
  return {
    email: d.email,
    role: roleName(d.role) ?? 'user',
    merchant: { id: d.merchantId, name: d.merchantName },
    inviterEmail: d.inviterEmail,
    inviterName: d.inviterName || null,
    expiresAt: d.expiresAt,
  };
}

/** A merchant address (spec §3) as `/api/merchant-addresses` answers it: unset optionals are null. */
export interface AddressJson {
  id: string;
  merchantId: string;
  addressTypes: string[];
  isDefault: boolean;
  companyName: string | null;
  contactPerson: string | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  country: string | null;
  countryCode: string | null;
  phone: string | null;
  email: string | null;
  vatNumber: string | null;
  taxCode: string | null;
  pickupHours: string | null;
  notes: string | null;
  active: boolean;
  createdAt: string;
  updatedAt: string;
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
