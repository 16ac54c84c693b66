import { roleFromProto, type EventHandler, type Logger } from '@smista/service-kit';
import type { merchantsEvents } from '@smista/proto';
import { updateMemberSessionsRole } from '../store/sessions';
import { enqueueSessionsInvalidatedByEvent, InvalidationReason } from './publishers';

/**
 * `merchants.member.added`: a user got (or changed) a role in a merchant. Live sessions of that
 * user working in that merchant take the new role at once, so the next caller token carries it, and
 * `identity.sessions.invalidated` tells the gateways to drop their cached lookups of them.
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
    // The gateways' cached lookups of those sessions still carry the old role.
    if (updated > 0) await enqueueSessionsInvalidatedByEvent(tx, { userId: event.userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_MEMBERSHIP_CHANGED });
    logger.info({ userId: event.userId, merchantId: event.merchantId, role, sessions: updated }, 'session roles refreshed');
  };
}
