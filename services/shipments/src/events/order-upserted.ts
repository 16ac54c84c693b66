import { isUuid, oncePerTransaction, type EventHandler, type Logger } from '@smista/service-kit';
import type { ordersEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { setOrderPayments, type OrderPayment } from '../store';

/**
 * `orders.order.upserted`: the order's payment reaches its live shipments (issue 19), so a shipment
 * of an order refunded on the marketplace shows in the Errori tab with its reason. An older event
 * than the one applied (out of order) changes nothing; an event written before the payment was in
 * it (''), or an order without shipments here, changes nothing either. Idempotent through the inbox.
 *
 * An import publishes one per order, nearly all of orders without shipments: a batch's payments
 * wait for its end and go in one statement (`setOrderPayments`), not one query per order.
 */
export function handleOrderUpserted(logger: Logger): EventHandler<ordersEvents.OrderUpserted> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.orderId) || event.orderId <= 0) {
      throw new InvalidEventError('order.upserted without a merchant uuid and a positive order id');
    }
    const paymentStatus = event.paymentStatus.trim().toLowerCase();
    const occurredAt = new Date(event.occurredAt);
    if (!paymentStatus || Number.isNaN(occurredAt.getTime())) return;
    const pending = await oncePerTransaction(meta, 'shipments:order-payments', async () => {
      const payments: OrderPayment[] = [];
      meta.beforeCommit(async () => {
        const changed = await setOrderPayments(tx, payments);
        if (changed > 0) logger.debug({ orders: payments.length, shipments: changed }, "orders' payments on their shipments");
      });
      return payments;
    });
    pending.push({ merchantId: event.merchantId.toLowerCase(), orderId: event.orderId, paymentStatus, occurredAt });
  };
}
