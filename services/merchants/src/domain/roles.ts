import { common } from '@smista/proto';
import { merchantsErrors } from './errors';

/** A member's role inside one merchant, as stored (`memberships.role`). */
export type MemberRole = 'admin' | 'user';

export const MEMBER_ROLES: readonly MemberRole[] = ['admin', 'user'];

/** Whoever creates a merchant becomes its admin; membership rows default to admin (spec §6). */
export const CREATOR_ROLE: MemberRole = 'admin';

/** Invites default to the user role (spec §6, §9). */
export const DEFAULT_INVITE_ROLE: MemberRole = 'user';

export function isMemberRole(value: string): value is MemberRole {
  return (MEMBER_ROLES as readonly string[]).includes(value);
}

/** Reads a stored role; anything else means the row is corrupt, which is a bug, not bad input. */
export function parseMemberRole(value: string): MemberRole {
  if (!isMemberRole(value)) throw new Error(`unknown member role in storage: ${JSON.stringify(value)}`);
  return value;
}

const toProto: Record<MemberRole, common.Role> = {
  admin: common.Role.ROLE_ADMIN,
  user: common.Role.ROLE_USER,
};

/** The role on the wire (responses and events). */
export function roleToProto(role: MemberRole): common.Role {
  return toProto[role];
}

/** The role a request asks for; undefined when unspecified or unknown (the caller picks a default). */
export function roleFromProto(role: common.Role): MemberRole | undefined {
  if (role === common.Role.ROLE_ADMIN) return 'admin';
  if (role === common.Role.ROLE_USER) return 'user';
  return undefined;
}

/**
 * The role a role change asks for: admin or user, nothing else (INVALID_ROLE, 'Ruolo non valido').
 * `undefined` (an unspecified wire role) is refused too: a role change must name the role.
 */
export function parseRequestedRole(role: string | undefined): MemberRole {
  if (role === undefined || !isMemberRole(role)) throw merchantsErrors.invalidRole();
  return role;
}
