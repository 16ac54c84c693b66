import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { ordersEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { eraseRecipients } from '../store';

/**
 * `orders.buyer.erased` (issue 22: Amazon's buyers' data erased by orders a number of days after
 * delivery): the recipient of those orders' shipments is erased as a privacy request erases it
 * (`eraseRecipients`: name, street, phone, e-mail, the label PDF, the quotes in the audit and the
 * errors). One transaction with the inbox; a repeat finds nothing left to erase.
 */
export function handleBuyerDataErased(logger: Logger): EventHandler<ordersEvents.BuyerDataErased> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId)) throw new InvalidEventError('buyer.erased without a merchant uuid');
    const orderIds = event.orderIds.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0);
    if (orderIds.length === 0) return;
    const merchantId = event.merchantId.toLowerCase();
    const erased = await eraseRecipients(tx, merchantId, null, { externalOrderIds: [], email: '', wholeIntegration: false, orderIds });
    logger.info({ merchantId, orders: orderIds.length, erased, reason: event.reason, messageId: meta.messageId }, "shipments' recipient erased after the buyer's data");
  };
}
