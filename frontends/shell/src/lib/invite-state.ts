/** The pure decisions of the invite pages (spec §2 /accept-invite, /accept-existing-invite; §4; §5). */
import { inviteLoginRedirect } from './redirects';

/** `GET /api/invites/{token}`. */
export interface InviteDetails {
  email: string;
  role: string;
  merchant: { id?: string; name: string };
  inviterEmail: string;
  expiresAt?: string;
}

/** What the invite page shows. */
export type InvitePageState =
  | { kind: 'no-token' }
  | { kind: 'loading' }
  | { kind: 'login-required'; to: string }
  | { kind: 'invalid' }
  | { kind: 'email-mismatch'; invite: InviteDetails; userEmail: string }
  | { kind: 'ready'; invite: InviteDetails };

export interface InvitePageInput {
  /** The `token` query parameter, as given. */
  token: string | null;
  /** The `email` query parameter, carried to /auth. */
  email: string | null;
  userPending: boolean;
  user: { email: string } | null | undefined;
  invitePending: boolean;
  /** The invite, or null when the lookup failed (invalid, expired, used, or unreachable). */
  invite: InviteDetails | null | undefined;
}

/** Invite and login e-mails compare case-insensitively, ignoring outer blanks (spec §5). */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  return Boolean(a && b) && a!.trim().toLowerCase() === b!.trim().toLowerCase();
}

/**
 * The invite page's state, in the order the spec implies: a link without token says so; a visitor
 * who is not logged in goes to /auth with token and email; a failed lookup is an invalid invite;
 * an invite for another address is a mismatch; otherwise it can be accepted.
 *
 * @example inviteStateFor({ token: null, ... }) // { kind: 'no-token' }
 */
export function inviteStateFor(input: InvitePageInput): InvitePageState {
  const token = input.token?.trim();
  if (!token) return { kind: 'no-token' };
  if (input.userPending) return { kind: 'loading' };
  if (!input.user) return { kind: 'login-required', to: inviteLoginRedirect(token, input.email) };
  if (input.invitePending) return { kind: 'loading' };
  if (!input.invite) return { kind: 'invalid' };
  if (!sameEmail(input.invite.email, input.user.email)) {
    return { kind: 'email-mismatch', invite: input.invite, userEmail: input.user.email };
  }
  return { kind: 'ready', invite: input.invite };
}

/**
 * The merchant to enter after accepting: the one the accept call names, else the invite's own
 * (it carries the id); null when neither has an id.
 */
export function acceptedMerchant(
  response: { merchant?: { id?: string | number; name?: string } | null } | null | undefined,
  invite: InviteDetails | null | undefined,
): { id: string; name: string } | null {
  const fromResponse = response?.merchant;
  if (fromResponse?.id !== undefined && fromResponse.id !== null && String(fromResponse.id)) {
    return { id: String(fromResponse.id), name: fromResponse.name ?? invite?.merchant.name ?? '' };
  }
  if (invite?.merchant.id) return { id: String(invite.merchant.id), name: invite.merchant.name };
  return null;
}
