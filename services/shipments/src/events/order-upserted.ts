import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { ordersEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { setOrderPayment } from '../store';

/**
 * `orders.order.upserted`: the order's payment reaches its live shipments (issue 19), so a shipment
 * of an order refunded on the marketplace shows in the Errori tab with its reason. An older event
 * than the one applied (out of order) changes nothing; an event written before the payment was in
 * it (''), or an order without shipments here, changes nothing either. Idempotent through the inbox.
 */
export function handleOrderUpserted(logger: Logger): EventHandler<ordersEvents.OrderUpserted> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.orderId) || event.orderId <= 0) {
      throw new InvalidEventError('order.upserted without a merchant uuid and a positive order id');
    }
    const payment = event.paymentStatus.trim().toLowerCase();
    const occurredAt = new Date(event.occurredAt);
    if (!payment || Number.isNaN(occurredAt.getTime())) return;
    const changed = await setOrderPayment(tx, event.merchantId.toLowerCase(), event.orderId, payment, occurredAt);
    if (changed > 0) logger.debug({ merchantId: event.merchantId, orderId: event.orderId, payment, shipments: changed, messageId: meta.messageId }, "order's payment on its shipments");
  };
}
