import { createHash, randomBytes } from 'node:crypto';
import { createInviteSchema, INVITE_TTL_DAYS } from '@smista/contracts';
import { merchantsErrors } from './errors';
import type { Role } from './roles';

/** What decides whether an invite can still be used. */
export interface InviteLifecycle {
  expiresAt: Date;
  acceptedAt: Date | null;
  cancelledAt: Date | null;
}

export type InviteStatus = 'pending' | 'accepted' | 'cancelled' | 'expired';

/** Accepted and cancelled are final; a pending invite past its expiry is expired. */
export function inviteStatus(invite: InviteLifecycle, now: Date): InviteStatus {
  if (invite.acceptedAt) return 'accepted';
  if (invite.cancelledAt) return 'cancelled';
  if (invite.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

export function isInviteUsable(invite: InviteLifecycle, now: Date): boolean {
  return inviteStatus(invite, now) === 'pending';
}

/** Invites last INVITE_TTL_DAYS (7) from creation. */
export function inviteExpiry(createdAt: Date, ttlDays: number = INVITE_TTL_DAYS): Date {
  return new Date(createdAt.getTime() + ttlDays * 24 * 60 * 60 * 1000);
}

/**
 * The invite a request asks for: trimmed, lower-case e-mail and a role (default user), with the
 * Italian message of the first broken rule otherwise (INVALID_INVITE).
 */
export function parseInviteRequest(input: { email: string; role?: string }): { email: string; role: Role } {
  const result = createInviteSchema.safeParse(input);
  if (!result.success) throw merchantsErrors.invalidInvite(result.error.issues[0]?.message ?? 'Dati non validi');
  return result.data;
}

/** E-mail addresses compare case-insensitively and without surrounding blanks. */
export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** A new invite token: 256 random bits (base64url) for the link, and the hash that is stored. */
export function newInviteToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInviteToken(token) };
}

/** Only this hash is stored: a database leak does not hand out working invite links. */
export function hashInviteToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * The hash to look an incoming token up by, or INVITE_INVALID for a blank or oversized one (an
 * answer identical to an unknown token's).
 */
export function inviteTokenHash(raw: string): string {
  const token = raw.trim();
  if (!token || token.length > 200) throw merchantsErrors.inviteInvalid();
  return hashInviteToken(token);
}

/** The link of the invite e-mail: the shell's accept-invite page with token and e-mail. */
export function inviteLink(publicUrl: string, token: string, email: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/accept-invite?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;
}

export type AcceptanceDecision = 'invalid' | 'emailMismatch' | 'alreadyMember' | 'join';

/**
 * What accepting an invite does, in this order: an unusable invite is refused (INVITE_INVALID);
 * an invite for another e-mail is refused (INVITE_EMAIL_MISMATCH); a user who is already a
 * member just closes the invite (idempotent); anyone else joins with the invite's role.
 */
export function decideAcceptance(input: {
  invite: (InviteLifecycle & { email: string }) | null;
  now: Date;
  email: string;
  alreadyMember: boolean;
}): AcceptanceDecision {
  if (!input.invite || !isInviteUsable(input.invite, input.now)) return 'invalid';
  if (!sameEmail(input.invite.email, input.email)) return 'emailMismatch';
  return input.alreadyMember ? 'alreadyMember' : 'join';
}

/** Throws the refusal of a decision that does not let the caller in. */
export function assertAccepted(decision: AcceptanceDecision): asserts decision is 'alreadyMember' | 'join' {
  if (decision === 'invalid') throw merchantsErrors.inviteInvalid();
  if (decision === 'emailMismatch') throw merchantsErrors.inviteEmailMismatch();
}
