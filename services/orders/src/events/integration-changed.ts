import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { deleteIntegrationOrders } from '../store';

/**
 * `marketplaces.integration.changed`: a deleted integration takes its orders with it (items and
 * addresses cascade), and later imports of it are dropped. Other changes (toggle, tokens) leave the
 * orders as they are.
 */
export function handleIntegrationChanged(logger: Logger): EventHandler<marketplacesEvents.MarketplaceIntegrationChanged> {
  return async (event, tx, meta) => {
    if (!event.deleted) return;
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.integrationId) || event.integrationId <= 0) {
      throw new InvalidEventError('integration.changed without a merchant uuid and a positive integration id');
    }
    const merchantId = event.merchantId.toLowerCase();
    const removed = await deleteIntegrationOrders(tx, merchantId, event.integrationId);
    logger.info({ merchantId, integrationId: event.integrationId, removed, messageId: meta.messageId }, 'orders of a deleted marketplace integration removed');
  };
}
