import type { EventHandler, Logger } from '@smista/service-kit';
import type { identityEvents } from '@smista/proto';
import { acceptInviteInTx } from '../app/accept-invite';
import { hashInviteToken } from '../domain';

/**
 * `identity.user.registered` with an invite token: the user registered from an invite link, so
 * they join the invite's merchant with its role, as AcceptInvite would do, in the consumer's
 * transaction (the inbox row makes a redelivery add nothing; the membership insert is also
 * ON CONFLICT DO NOTHING). An invalid invite or another e-mail is logged and acknowledged: a
 * retry could not make it valid.
 */
export function handleUserRegistered(logger: Logger): EventHandler<identityEvents.UserRegistered> {
  return async (event, tx, meta) => {
    const token = event.inviteToken?.trim();
    if (!token || !event.userId || !event.email) return;
    const outcome = await acceptInviteInTx(tx, {
      tokenHash: hashInviteToken(token),
      userId: event.userId.toLowerCase(),
      email: event.email,
      now: new Date(),
    });
    const fields = { messageId: meta.messageId, userId: event.userId, inviteId: outcome.inviteId, merchantId: outcome.membership?.merchantId };
    if (outcome.membership) logger.info({ ...fields, decision: outcome.decision }, 'invite accepted on registration');
    else logger.warn({ ...fields, decision: outcome.decision }, 'registration invite not accepted');
  };
}
