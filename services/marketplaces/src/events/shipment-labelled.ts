import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { shipmentsEvents } from '@smista/proto';
import { decideForLabelled, InvalidEventError, type TrackingPayload } from '../domain';
import { findIntegrationById, forgetWaitingDelivery, insertTrackingPush } from '../store';
import { enqueueTrackingAttempted } from './publishers';

/**
 * `shipments.shipment.labelled`: the carrier gave the shipment its tracking number. When the
 * order's marketplace integration is the merchant's, switched on, connected and has
 * `autoUpdateTracking`, a pending push is recorded (once per shipment: a redelivery or a second
 * event inserts nothing) and the pusher makes it after this transaction commits. Otherwise the push
 * is recorded as skipped with the reason, and `marketplaces.tracking.attempted` (status skipped)
 * tells shipments why nothing was sent; PushTracking on demand still works later. A shipment of an
 * order without a marketplace integration, or of an integration this merchant does not have,
 * records nothing.
 */
export function handleShipmentLabelled(deps: { logger: Logger; now: () => Date; onPending: () => void; hasDeliveryCall: (marketplace: string) => boolean }): EventHandler<shipmentsEvents.ShipmentLabelled> {
  return async (event, tx, meta) => {
    if (!Number.isSafeInteger(event.shipmentId) || event.shipmentId <= 0 || !isUuid(event.merchantId)) {
      throw new InvalidEventError('shipment.labelled without a positive shipment id and a merchant uuid');
    }
    const merchantId = event.merchantId.toLowerCase();
    const log = { shipmentId: event.shipmentId, merchantId, orderId: event.orderId, integrationId: event.marketplaceIntegrationId, messageId: meta.messageId };
    if (!Number.isSafeInteger(event.marketplaceIntegrationId) || event.marketplaceIntegrationId <= 0) {
      await forgetWaitingDelivery(tx, merchantId, event.shipmentId);
      deps.logger.debug(log, 'labelled shipment without a marketplace integration: no tracking push');
      return;
    }
    const integration = await findIntegrationById(tx, event.marketplaceIntegrationId);
    const decision = decideForLabelled(integration, merchantId);
    if (decision.action === 'ignore' || !integration) {
      await forgetWaitingDelivery(tx, merchantId, event.shipmentId);
      deps.logger.warn(log, "labelled shipment of an unknown or another merchant's integration: no tracking push");
      return;
    }
    // A delivery known before this label (events of two subjects are not ordered) waits for the
    // push's fulfilment, unless the marketplace has no delivery call: then it is forgotten.
    if (!deps.hasDeliveryCall(integration.marketplace.identifier)) await forgetWaitingDelivery(tx, merchantId, event.shipmentId);
    const payload: TrackingPayload = {
      externalOrderId: event.externalOrderId,
      lineItems: event.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
      carrierCode: event.carrierProvider,
      trackingNumber: event.trackingNumber,
      shippedDate: event.shippedAt || event.occurredAt,
    };
    const now = deps.now();
    const row = await insertTrackingPush(tx, {
      shipmentId: event.shipmentId,
      merchantId,
      integrationId: integration.id,
      orderId: Number.isSafeInteger(event.orderId) && event.orderId > 0 ? event.orderId : 0,
      payload,
      status: decision.action === 'push' ? 'pending' : 'skipped',
      ...(decision.action === 'skip' ? { reason: decision.reason } : {}),
      runId: event.runId,
      now,
    });
    if (!row) {
      deps.logger.debug(log, 'tracking push of this shipment already recorded');
      return;
    }
    if (decision.action === 'push') {
      deps.onPending();
      deps.logger.info(log, 'tracking push recorded');
    } else {
      await enqueueTrackingAttempted(tx, row, { marketplace: integration.marketplace.identifier, attemptedAt: now, durationMs: 0 });
      deps.logger.info({ ...log, reason: decision.reason }, 'tracking push skipped');
    }
  };
}
