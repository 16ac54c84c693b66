import type { EventHandler, Logger } from '@smista/service-kit';
import type { merchantsEvents } from '@smista/proto';
import { applySsoRequirement } from '../store/sessions';
import { enqueueSessionsInvalidatedByEvent, InvalidationReason } from './publishers';

/**
 * `merchants.merchant.sso_required_changed`: identity keeps its copy of the requirement (merchant
 * selection refuses a password session by it) and, when SSO is now required, the sessions opened
 * with a password leave that merchant: their next caller token carries no merchant, so every
 * merchant-scoped call of theirs is refused, and the gateways drop their cached lookups.
 */
export function handleSsoRequiredChanged(logger: Logger): EventHandler<merchantsEvents.MerchantSsoRequiredChanged> {
  return async (event, tx, meta) => {
    const changedAt = new Date(event.occurredAt);
    if (!event.merchantId || Number.isNaN(changedAt.getTime())) {
      logger.warn({ messageId: meta.messageId }, 'merchant.sso_required_changed without merchant or time: ignored');
      return;
    }
    const users = await applySsoRequirement(tx, { merchantId: event.merchantId, required: event.required, changedAt });
    for (const userId of users) {
      await enqueueSessionsInvalidatedByEvent(tx, { userId, reason: InvalidationReason.SESSIONS_INVALIDATED_REASON_MEMBERSHIP_CHANGED });
    }
    logger.info({ merchantId: event.merchantId, required: event.required, usersLeft: users.length }, 'merchant sso requirement applied');
  };
}
