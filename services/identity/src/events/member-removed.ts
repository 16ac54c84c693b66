import type { EventHandler, Logger } from '@smista/service-kit';
import type { merchantsEvents } from '@smista/proto';
import { clearMemberSessionsMerchant } from '../store/sessions';
import { enqueueSessionsInvalidatedByEvent, InvalidationReason } from './publishers';

/**
 * `merchants.member.removed`: the user no longer belongs to the merchant. Live sessions working in
 * it drop the selection, so the next caller token carries no merchant and the shell sends the user
 * back to merchant selection; the gateways drop their cached lookups of them
 * (`identity.sessions.invalidated`).
 */
export function handleMemberRemoved(logger: Logger): EventHandler<merchantsEvents.MemberRemoved> {
  return async (event, tx, meta) => {
    if (!event.userId || !event.merchantId) {
      logger.warn({ messageId: meta.messageId }, 'member.removed without user or merchant: ignored');
      return;
    }
    const cleared = await clearMemberSessionsMerchant(tx, { userId: event.userId, merchantId: event.merchantId });
    if (cleared > 0) await enqueueSessionsInvalidatedByEvent(tx, { userId: event.userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_MEMBERSHIP_CHANGED });
    logger.info({ userId: event.userId, merchantId: event.merchantId, sessions: cleared }, 'sessions left the merchant');
  };
}
