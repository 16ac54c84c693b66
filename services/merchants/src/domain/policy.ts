import { merchantsErrors } from './errors';
import type { Role } from './roles';

/** Who is acting: the user of a verified caller token. */
export interface Actor {
  userId: string;
  /** The session was opened by single sign-on (the caller token's `sso`). */
  sso: boolean;
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * A membership may be read only by its own user: identity asks with a caller token signed for the
 * user whose session it is resolving. Anyone else is FORBIDDEN, before any lookup, so the answer
 * says nothing about the merchant.
 */
export function assertMayReadMembershipOf(actor: Actor, userId: string): void {
  if (!sameId(actor.userId, userId.trim())) throw merchantsErrors.forbidden();
}

/** Everything a member may ask to do inside one merchant. */
export const TEAM_ACTIONS = [
  'members.read',
  'invites.read',
  'invites.create',
  'invites.cancel',
  'members.changeRole',
  'members.remove',
  'addresses.read',
  'addresses.write',
  'sso.change',
  'logo.read',
  'logo.change',
] as const;
export type TeamAction = (typeof TEAM_ACTIONS)[number];

/**
 * The permission table (also in services/merchants/README.md). Admins run the team; both roles
 * read it and work with the merchant's data (addresses, and later orders, shipments, rules).
 * The role is always the one stored in `memberships` for that merchant, never the token's.
 */
export const PERMISSIONS: Readonly<Record<TeamAction, readonly Role[]>> = {
  'members.read': ['admin', 'user'],
  'invites.read': ['admin', 'user'],
  'invites.create': ['admin'],
  'invites.cancel': ['admin'],
  'members.changeRole': ['admin'],
  'members.remove': ['admin'],
  'addresses.read': ['admin', 'user'],
  'addresses.write': ['admin', 'user'],
  'sso.change': ['admin'],
  'logo.read': ['admin', 'user'],
  'logo.change': ['admin'],
};

/**
 * A merchant that requires single sign-on answers a session opened with a password as if it could
 * not work there (SSO_REQUIRED: the shell says to use 'Accedi con SSO'), whatever it asks.
 */
export function assertMayWorkIn(merchant: { ssoRequired: boolean }, actor: Actor): void {
  if (merchant.ssoRequired && !actor.sso) throw merchantsErrors.ssoRequired();
}

/**
 * Requiring single sign-on is turned on only from a session opened with it, so the admin who turns
 * it on (the last admin too) keeps their way in (SSO_SESSION_NEEDED). Turning it off needs nothing
 * more: a password session cannot work in such a merchant anyway.
 */
export function assertMayRequireSso(required: boolean, actor: Actor): void {
  if (required && !actor.sso) throw merchantsErrors.ssoSessionNeeded();
}

export function may(role: Role, action: TeamAction): boolean {
  return PERMISSIONS[action].includes(role);
}

/** Throws ADMIN_ONLY when the role may not do the action (every restricted action is admin-only). */
export function assertMay(role: Role, action: TeamAction): void {
  if (!may(role, action)) throw merchantsErrors.adminOnly();
}

/** A change to one membership that could leave a merchant without an admin. */
export type MembershipChange = { kind: 'changeRole'; to: Role } | { kind: 'remove' };

/**
 * The last admin of a merchant can be neither demoted nor removed (LAST_ADMIN). `adminCount` is
 * the number of admins counted while their rows are locked, so two concurrent demotions cannot
 * both see "two admins".
 *
 * @example assertKeepsAnAdmin({ role: 'admin' }, { kind: 'remove' }, 1) // throws LAST_ADMIN
 */
export function assertKeepsAnAdmin(target: { role: Role }, change: MembershipChange, adminCount: number): void {
  const losesAdmin = target.role === 'admin' && (change.kind === 'remove' || change.to !== 'admin');
  if (losesAdmin && adminCount <= 1) throw merchantsErrors.lastAdmin();
}
