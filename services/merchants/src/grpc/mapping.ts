import { common, merchants } from '@smista/proto';
import { roleFromProto, roleToProto } from '@smista/service-kit';
import {
  ADDRESS_FIELDS,
  addressFieldOf,
  merchantsErrors,
  type AddressField,
} from '../domain';
import type { AddressRow, InviteRow, MemberMerchant, MemberRow } from '../store';
import type { UserProfile } from './identity-client';
import { messages } from '@smista/contracts';

export function toMerchantMessage(m: MemberMerchant): merchants.Merchant {
  return merchants.Merchant.fromPartial({ id: m.id, name: m.name, role: roleToProto(m.role), createdAt: m.createdAt.toISOString(), ssoRequired: m.ssoRequired });
}

/**
 * The role name a request asks for, for the contracts' schemas to check: unspecified → undefined
 * (the caller picks the default or refuses), a value this build does not know → a name no schema
 * accepts ('Ruolo non valido').
 */
export function requestedRoleName(role: common.Role): string | undefined {
  if (role === common.Role.ROLE_UNSPECIFIED) return undefined;
  return roleFromProto(role) ?? `unknown:${role}`;
}

/** A member with the profile identity answered; a user identity does not know shows without names. */
export function toMemberMessage(m: MemberRow, profile: UserProfile | undefined): merchants.Member {
  return merchants.Member.fromPartial({
    userId: m.userId,
    firstName: profile?.firstName ?? '',
    lastName: profile?.lastName ?? '',
    username: profile?.username ?? '',
    email: profile?.email ?? '',
    role: roleToProto(m.role),
    joinedAt: m.joinedAt.toISOString(),
  });
}

export function toInviteMessage(i: InviteRow): merchants.Invite {
  return merchants.Invite.fromPartial({
    id: i.id,
    merchantId: i.merchantId,
    email: i.email,
    role: roleToProto(i.role),
    createdAt: i.createdAt.toISOString(),
    expiresAt: i.expiresAt.toISOString(),
    inviterEmail: i.inviterEmail || undefined,
  });
}

export function toAddressMessage(a: AddressRow): merchants.MerchantAddress {
  return merchants.MerchantAddress.fromPartial({
    id: a.id,
    merchantId: a.merchantId,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    fields: {
      addressTypes: a.addressTypes,
      isDefault: a.isDefault,
      companyName: a.companyName,
      contactPerson: a.contactPerson ?? undefined,
      addressLine1: a.addressLine1,
      addressLine2: a.addressLine2 ?? undefined,
      city: a.city,
      state: a.state ?? undefined,
      postalCode: a.postalCode,
      country: a.country,
      countryCode: a.countryCode,
      phone: a.phone ?? undefined,
      email: a.email ?? undefined,
      vatNumber: a.vatNumber ?? undefined,
      taxCode: a.taxCode ?? undefined,
      pickupHours: a.pickupHours ?? undefined,
      notes: a.notes ?? undefined,
      active: a.active,
    },
  });
}

/** Text fields that cannot be empty: an unset one reads as '' so the Italian "required" message shows. */
const REQUIRED_TEXT = new Set<AddressField>(['companyName', 'addressLine1', 'city', 'postalCode', 'country', 'countryCode']);
const BOOLEANS = new Set<AddressField>(['isDefault', 'active']);

/**
 * The create input for the contracts' schema. Unset optional strings are null (none), unset
 * isDefault/active/country/countryCode take the schema's defaults (false, true, Italia, IT).
 */
export function newAddressInput(f: merchants.MerchantAddressFields | undefined): Record<string, unknown> {
  const fields = f ?? merchants.MerchantAddressFields.fromPartial({});
  const input: Record<string, unknown> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = (fields as unknown as Record<string, unknown>)[field];
    if (field === 'addressTypes') input[field] = value;
    else if (value !== undefined) input[field] = value;
    else if (field === 'country' || field === 'countryCode' || BOOLEANS.has(field)) input[field] = undefined;
    else input[field] = REQUIRED_TEXT.has(field) ? '' : null;
  }
  return input;
}

/**
 * The fields an UpdateAddress changes and their raw values. `update_mask` names them (camelCase or
 * snake_case); a named field left unset is cleared (null), or '' for required text so the rule's
 * message shows, or [] for the address types. An empty mask means every field set in `fields`.
 */
export function addressPatchInput(
  f: merchants.MerchantAddressFields | undefined,
  updateMask: readonly string[],
): { input: Record<string, unknown>; fields: AddressField[] } {
  const given = (f ?? merchants.MerchantAddressFields.fromPartial({})) as unknown as Record<string, unknown>;
  let fields: AddressField[];
  if (updateMask.length > 0) {
    const named = updateMask.map(addressFieldOf);
    if (named.some((n) => n === undefined)) throw merchantsErrors.invalidAddress(messages.errors.validation);
    fields = [...new Set(named as AddressField[])];
  } else {
    fields = ADDRESS_FIELDS.filter((field) =>
      field === 'addressTypes' ? (given.addressTypes as string[]).length > 0 : given[field] !== undefined,
    );
  }
  const input: Record<string, unknown> = {};
  for (const field of fields) {
    const value = given[field];
    if (field === 'addressTypes') input[field] = value;
    else if (value !== undefined) input[field] = value;
    else if (BOOLEANS.has(field)) input[field] = undefined;
    else input[field] = REQUIRED_TEXT.has(field) ? '' : null;
  }
  return { input, fields };
}
