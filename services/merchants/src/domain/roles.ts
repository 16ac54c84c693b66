import { isRole, roles, type Role } from '@smista/contracts';
import { merchantsErrors } from './errors';

export type { Role };

/** A member's role inside one merchant, as stored (`memberships.role`): the contracts' `Role`. */
export const MEMBER_ROLES: readonly Role[] = roles;

/** Whoever creates a merchant becomes its admin; membership rows default to admin (spec §6). */
export const CREATOR_ROLE: Role = 'admin';

/** Invites default to the user role (spec §6, §9). */
export const DEFAULT_INVITE_ROLE: Role = 'user';

/** Reads a stored role; anything else means the row is corrupt, which is a bug, not bad input. */
export function parseMemberRole(value: string): Role {
  if (!isRole(value)) throw new Error(`unknown member role in storage: ${JSON.stringify(value)}`);
  return value;
}

/**
 * The role a role change asks for: admin or user, nothing else (INVALID_ROLE, 'Ruolo non valido').
 * `undefined` (an unspecified wire role) is refused too: a role change must name the role.
 */
export function parseRequestedRole(role: string | undefined): Role {
  if (role === undefined || !isRole(role)) throw merchantsErrors.invalidRole();
  return role;
}
