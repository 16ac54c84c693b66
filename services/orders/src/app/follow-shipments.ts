import type { Logger, PoolClient } from '@smista/service-kit';
import type { OrderStatus, PaymentStatus } from '@smista/contracts';
import { deliveredAt, orderStatusFollowing, type ShipmentChange } from '../domain';
import { enqueueOrderUpserted } from '../events/publishers';
import { lockOrder, setFollowedStatus, shipmentsOfOrder, upsertOrderShipment } from '../store';

/**
 * One shipments event, in the consumer's transaction: the order is locked (an import of it waits),
 * the shipment's row takes the change (an older event never changes its status), and the order's
 * status is worked out again from its marketplace status, its shipments and its payment
 * (`orderStatusFollowing`). A changed status is stored (the tabs' counters follow through their
 * trigger) and published as `orders.order.upserted` (created false). An order that is unknown or
 * another merchant's (its integration deleted meanwhile) changes nothing.
 */
export async function applyShipmentChange(tx: PoolClient, change: ShipmentChange, deps: { logger: Logger; now: () => Date }): Promise<OrderStatus | null> {
  const log = { merchantId: change.merchantId, orderId: change.orderId, shipmentId: change.shipmentId, shipmentStatus: change.status };
  const order = await lockOrder(tx, change.merchantId, change.orderId);
  if (!order) {
    deps.logger.warn(log, "shipment of an unknown or another merchant's order: ignored");
    return null;
  }
  if (!(await upsertOrderShipment(tx, change))) {
    deps.logger.warn(log, 'shipment already known under another order: ignored');
    return null;
  }
  return followShipments(tx, order, deps, log);
}

/**
 * Works the status of a locked order out again from its shipments, after a shipments event or an
 * import of a newer version of an order that has shipments; stores and publishes it when it changed.
 */
export async function followShipments(
  tx: PoolClient,
  order: {
    id: number;
    merchantId: string;
    integrationId: number;
    externalId: string;
    marketplace: string;
    status: OrderStatus;
    marketplaceStatus: OrderStatus;
    paymentStatus: PaymentStatus;
    hasShipments: boolean;
  },
  deps: { logger: Logger; now: () => Date },
  log: Record<string, unknown> = {},
  options: { publishUnchanged?: boolean; created?: boolean } = {},
): Promise<OrderStatus> {
  const shipments = await shipmentsOfOrder(tx, order.id);
  const status = orderStatusFollowing(order.marketplaceStatus, shipments, order.paymentStatus);
  if (status !== order.status || !order.hasShipments) await setFollowedStatus(tx, order.id, status, deliveredAt(status, shipments));
  if (status !== order.status || options.publishUnchanged) {
    await enqueueOrderUpserted(tx, {
      orderId: order.id,
      merchantId: order.merchantId,
      integrationId: order.integrationId,
      externalId: order.externalId,
      marketplace: order.marketplace,
      status,
      paymentStatus: order.paymentStatus,
      created: options.created ?? false,
      occurredAt: deps.now(),
    });
  }
  if (status !== order.status) deps.logger.info({ ...log, orderId: order.id, from: order.status, to: status }, 'order status follows its shipments');
  return status;
}
