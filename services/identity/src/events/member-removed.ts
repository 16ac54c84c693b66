import type { EventHandler, Logger } from '@smista/service-kit';
import type { merchantsEvents } from '@smista/proto';
import { clearMemberSessionsMerchant } from '../store/sessions';

/**
 * `merchants.member.removed`: the user no longer belongs to the merchant. Live sessions working in
 * it drop the selection, so the next caller token carries no merchant and the shell sends the user
 * back to merchant selection.
 */
export function handleMemberRemoved(logger: Logger): EventHandler<merchantsEvents.MemberRemoved> {
  return async (event, tx, meta) => {
    if (!event.userId || !event.merchantId) {
      logger.warn({ messageId: meta.messageId }, 'member.removed without user or merchant: ignored');
      return;
    }
    const cleared = await clearMemberSessionsMerchant(tx, { userId: event.userId, merchantId: event.merchantId });
    logger.info({ userId: event.userId, merchantId: event.merchantId, sessions: cleared }, 'sessions left the merchant');
  };
}
