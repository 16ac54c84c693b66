import type { PoolClient } from '@smista/service-kit';
import { decideAcceptance, type AcceptanceDecision, type Role } from '../domain';
import { findInviteByTokenHash, findMembership, insertMembershipIfAbsent, markInviteAccepted } from '../store';
import { enqueueMemberAdded } from '../events/publishers';

export interface AcceptInviteOutcome {
  decision: AcceptanceDecision;
  /** Set when the user is (now) a member: the merchant and the user's role in it. */
  membership?: { merchantId: string; merchantName: string; role: Role };
  inviteId?: string;
}

/**
 * Accepts the invite a token names for a user, inside the caller's transaction: the AcceptInvite
 * rpc (a logged-in user) and the `identity.user.registered` consumer (a user who registered from
 * the invite link) both come here. The invite row is locked, so two accepts of one invite queue
 * and the second finds it used. On 'join': membership with the invite's role, invite accepted
 * (accepted_at, accepted_by), MemberAdded in the outbox. On 'alreadyMember': the invite is closed
 * as accepted and the existing membership answered. Refusals write nothing.
 */
export async function acceptInviteInTx(
  tx: PoolClient,
  input: { tokenHash: string; userId: string; email: string; now: Date },
): Promise<AcceptInviteOutcome> {
  const invite = await findInviteByTokenHash(tx, input.tokenHash, { forUpdate: true });
  const existing = invite ? await findMembership(tx, input.userId, invite.merchantId) : null;
  const decision = decideAcceptance({ invite, now: input.now, email: input.email, alreadyMember: existing !== null });
  if (!invite || (decision !== 'join' && decision !== 'alreadyMember')) return { decision, inviteId: invite?.id };

  if (existing) {
    await markInviteAccepted(tx, invite.id, input.userId, input.now);
    return { decision, inviteId: invite.id, membership: { merchantId: invite.merchantId, merchantName: existing.merchantName, role: existing.role } };
  }
  const added = await insertMembershipIfAbsent(tx, { userId: input.userId, merchantId: invite.merchantId, role: invite.role });
  await markInviteAccepted(tx, invite.id, input.userId, input.now);
  if (added) await enqueueMemberAdded(tx, { merchantId: added.merchantId, userId: added.userId, role: added.role, occurredAt: added.createdAt });
  return {
    decision,
    inviteId: invite.id,
    membership: { merchantId: invite.merchantId, merchantName: invite.merchantName, role: added?.role ?? invite.role },
  };
}
