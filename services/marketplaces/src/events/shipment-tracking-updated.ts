import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { shipmentsEvents } from '@smista/proto';
import { decideForTrackingUpdated, InvalidEventError } from '../domain';
import { findPushMarketplace, insertDeliveryReport } from '../store';

/**
 * `shipments.shipment.tracking_updated` (issue 26): a delivered shipment's delivery is told to the
 * marketplace where it has a call for it (Shopify). A pending `delivery_reports` row is recorded once
 * per shipment (a redelivery or a second delivered update inserts nothing); the tracking pusher's
 * round sends it once the shipment's tracking push has its fulfilment, so a delivery known before
 * the fulfilment waits for it. The shipment's tracking push names the marketplace: one without a
 * delivery call (eBay, Amazon, Etsy, AliExpress) records nothing; with no push recorded yet (its
 * labelled event not consumed yet) the row waits, and the labelled event forgets it if the shipment
 * has no marketplace with the call. Not delivered: nothing.
 */
export function handleShipmentTrackingUpdated(deps: { logger: Logger; now: () => Date; onPending: () => void; hasDeliveryCall: (marketplace: string) => boolean }): EventHandler<shipmentsEvents.ShipmentTrackingUpdated> {
  return async (event, tx, meta) => {
    if (!event.delivered) return;
    if (!Number.isSafeInteger(event.shipmentId) || event.shipmentId <= 0 || !isUuid(event.merchantId)) {
      throw new InvalidEventError('shipment.tracking_updated without a positive shipment id and a merchant uuid');
    }
    const merchantId = event.merchantId.toLowerCase();
    const log = { shipmentId: event.shipmentId, merchantId, orderId: event.orderId, messageId: meta.messageId };
    const push = await findPushMarketplace(tx, merchantId, event.shipmentId);
    const now = deps.now();
    const decision = decideForTrackingUpdated(event, push ? { hasDeliveryCall: deps.hasDeliveryCall(push.marketplace) } : null, now);
    if (decision.action === 'ignore') {
      deps.logger.debug({ ...log, reason: decision.reason }, 'delivered shipment: nothing to tell its marketplace');
      return;
    }
    const row = await insertDeliveryReport(tx, {
      shipmentId: event.shipmentId,
      merchantId,
      orderId: Number.isSafeInteger(event.orderId) && event.orderId > 0 ? event.orderId : 0,
      happenedAt: decision.happenedAt,
      now,
    });
    if (!row) {
      deps.logger.debug(log, 'delivery of this shipment already recorded');
      return;
    }
    deps.onPending();
    deps.logger.info({ ...log, waitingForPush: !push }, 'delivery report recorded');
  };
}
