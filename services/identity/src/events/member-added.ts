import { roleFromProto, type EventHandler, type Logger } from '@smista/service-kit';
import type { merchantsEvents } from '@smista/proto';
import { updateMemberSessionsRole } from '../store/sessions';

/**
 * `merchants.member.added`: a user got (or changed) a role in a merchant. Live sessions of that
 * user working in that merchant take the new role at once, so the next caller token carries it.
 * Runs inside the consumer's transaction together with the inbox row (a redelivery is a no-op).
 */
export function handleMemberAdded(logger: Logger): EventHandler<merchantsEvents.MemberAdded> {
  return async (event, tx, meta) => {
    const role = roleFromProto(event.role);
    if (!role || !event.userId || !event.merchantId) {
      logger.warn({ messageId: meta.messageId, merchantId: event.merchantId }, 'member.added without user, merchant or role: ignored');
      return;
    }
    const updated = await updateMemberSessionsRole(tx, { userId: event.userId, merchantId: event.merchantId, role });
    logger.info({ userId: event.userId, merchantId: event.merchantId, role, sessions: updated }, 'session roles refreshed');
  };
}
