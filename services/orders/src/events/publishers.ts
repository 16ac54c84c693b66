import { enqueueEvent, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { ordersEvents } from '@smista/proto';

/** The stream orders owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'ORDERS', subjects: ['orders.>'] };

/** Subjects this service publishes, all in the ORDERS stream (`orders.>`). */
export const subjects = {
  orderUpserted: 'orders.order.upserted',
  carrierAssigned: 'orders.carrier.assigned',
} as const;

/**
 * Writes OrderUpserted to the outbox, in the transaction that created the order, stored a newer
 * version of it (a replay of the same or an older version publishes nothing), or changed its status
 * as its shipments moved (`created` false).
 */
export async function enqueueOrderUpserted(
  tx: PoolClient,
  event: { orderId: number; merchantId: string; integrationId: number; externalId: string; marketplace: string; status: string; created: boolean; occurredAt: Date },
): Promise<void> {
  const payload = ordersEvents.OrderUpserted.encode(ordersEvents.OrderUpserted.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() })).finish();
  await enqueueEvent(tx, subjects.orderUpserted, payload);
}

/** Writes OrderCarrierAssigned (0 = removed) in the transaction of the change. */
export async function enqueueCarrierAssigned(
  tx: PoolClient,
  event: { orderId: number; merchantId: string; carrierIntegrationId: number | null; assignedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = ordersEvents.OrderCarrierAssigned.encode(
    ordersEvents.OrderCarrierAssigned.fromPartial({
      ...event,
      carrierIntegrationId: event.carrierIntegrationId ?? 0,
      occurredAt: event.occurredAt.toISOString(),
    }),
  ).finish();
  await enqueueEvent(tx, subjects.carrierAssigned, payload);
}
