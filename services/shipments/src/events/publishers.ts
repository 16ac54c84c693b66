import { enqueueEvent, enqueueEvents, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { shipmentsEvents } from '@smista/proto';
import type { Shipment } from '../domain';

/** The stream shipments owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'SHIPMENTS', subjects: ['shipments.>'] };

/** Subjects this service publishes, all in the SHIPMENTS stream (`shipments.>`). */
export const subjects = {
  created: 'shipments.shipment.created',
  labelled: 'shipments.shipment.labelled',
  cancelled: 'shipments.shipment.cancelled',
  workdayClosed: 'shipments.shipment.workday_closed',
  trackingUpdated: 'shipments.shipment.tracking_updated',
  failed: 'shipments.shipment.failed',
} as const;

const iso = (d: Date | null) => (d ? d.toISOString() : '');

/** ShipmentCreated for each new shipment, in the transaction that inserted them (one statement). */
export async function enqueueShipmentsCreated(
  tx: PoolClient,
  created: readonly { shipmentId: number; merchantId: string; orderId: number; carrierIntegrationId: number | null; carrierProvider: string | null }[],
  occurredAt: Date,
): Promise<void> {
  await enqueueEvents(
    tx,
    created.map((c) => ({
      subject: subjects.created,
      payload: shipmentsEvents.ShipmentCreated.encode(
        shipmentsEvents.ShipmentCreated.fromPartial({
          shipmentId: c.shipmentId,
          merchantId: c.merchantId,
          orderId: c.orderId,
          carrierIntegrationId: c.carrierIntegrationId ?? 0,
          carrierProvider: c.carrierProvider ?? '',
          occurredAt: occurredAt.toISOString(),
        }),
      ).finish(),
    })),
  );
}

/**
 * ShipmentLabelled, in the transaction that stored the label: what the marketplace must be told
 * (its integration, the external order id, the lines and the tracking number).
 */
export async function enqueueShipmentLabelled(tx: PoolClient, s: Shipment, occurredAt: Date, runId = ''): Promise<void> {
  const payload = shipmentsEvents.ShipmentLabelled.encode(
    shipmentsEvents.ShipmentLabelled.fromPartial({
      shipmentId: s.id,
      merchantId: s.merchantId,
      orderId: s.orderId,
      marketplaceIntegrationId: s.marketplaceIntegrationId ?? 0,
      marketplace: s.marketplace,
      externalOrderId: s.orderExternalId,
      lineItems: s.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
      carrierIntegrationId: s.carrierIntegrationId ?? 0,
      carrierProvider: s.carrierProvider ?? '',
      trackingNumber: s.trackingNumber ?? '',
      carrierShipmentNumber: s.carrierShipmentNumber ?? '',
      shippedAt: iso(s.shippedAt),
      occurredAt: occurredAt.toISOString(),
      runId,
    }),
  ).finish();
  await enqueueEvent(tx, subjects.labelled, payload);
}

/**
 * ShipmentFailed, in the transaction that stored a refused label attempt (the shipment is now in
 * error with the carrier's reason): activity notifies it, one notification per run.
 */
export async function enqueueShipmentFailed(
  tx: PoolClient,
  s: Pick<Shipment, 'id' | 'merchantId' | 'orderId' | 'orderExternalId' | 'carrierProvider'>,
  failure: { errorMessage: string; runId: string },
  occurredAt: Date,
): Promise<void> {
  const payload = shipmentsEvents.ShipmentFailed.encode(
    shipmentsEvents.ShipmentFailed.fromPartial({
      shipmentId: s.id,
      merchantId: s.merchantId,
      orderId: s.orderId,
      carrierProvider: s.carrierProvider ?? '',
      errorMessage: failure.errorMessage,
      runId: failure.runId,
      externalOrderId: s.orderExternalId,
      occurredAt: occurredAt.toISOString(),
    }),
  ).finish();
  await enqueueEvent(tx, subjects.failed, payload);
}

/** ShipmentCancelled, in the transaction of the cancellation. */
export async function enqueueShipmentCancelled(tx: PoolClient, s: Shipment, previousStatus: string, occurredAt: Date): Promise<void> {
  const payload = shipmentsEvents.ShipmentCancelled.encode(
    shipmentsEvents.ShipmentCancelled.fromPartial({ shipmentId: s.id, merchantId: s.merchantId, orderId: s.orderId, previousStatus, occurredAt: occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.cancelled, payload);
}

/** ShipmentWorkdayClosed, one per carrier integration and close, with the shipments it confirmed. */
export async function enqueueWorkdayClosed(
  tx: PoolClient,
  event: { merchantId: string; carrierIntegrationId: number; carrierProvider: string; shipmentIds: number[]; manifestId: number | null },
  occurredAt: Date,
): Promise<void> {
  const payload = shipmentsEvents.ShipmentWorkdayClosed.encode(
    shipmentsEvents.ShipmentWorkdayClosed.fromPartial({ ...event, manifestId: event.manifestId ?? 0, occurredAt: occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.workdayClosed, payload);
}

/** ShipmentTrackingUpdated, when the carrier's tracking changed the shipment. */
export async function enqueueTrackingUpdated(tx: PoolClient, s: Shipment, occurredAt: Date, previousTrackingStatus: string | null = null): Promise<void> {
  const payload = shipmentsEvents.ShipmentTrackingUpdated.encode(
    shipmentsEvents.ShipmentTrackingUpdated.fromPartial({
      shipmentId: s.id,
      merchantId: s.merchantId,
      orderId: s.orderId,
      trackingNumber: s.trackingNumber ?? '',
      trackingStatus: s.trackingStatus ?? '',
      description: s.trackingDescription ?? '',
      delivered: s.status === 'delivered',
      status: s.status,
      occurredAt: occurredAt.toISOString(),
      externalOrderId: s.orderExternalId,
      carrierProvider: s.carrierProvider ?? '',
      carrierIntegrationId: s.carrierIntegrationId ?? 0,
      previousTrackingStatus: previousTrackingStatus ?? '',
      lastMovementAt: s.trackingUpdatedAt?.toISOString() ?? '',
      alerts: s.trackingAlerts,
      promisedDeliveryAt: s.estimatedDeliveryDate?.toISOString() ?? '',
    }),
  ).finish();
  await enqueueEvent(tx, subjects.trackingUpdated, payload);
}
