import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';
import { deliveryAudit, InvalidEventError, marketplaceTrackingStatusOf, pushAudit } from '../domain';
import { recordCall, setMarketplaceTracking, shipmentExists } from '../store';

/**
 * `marketplaces.tracking.attempted`: one attempt to tell the marketplace a shipment's tracking. The
 * shipment's `marketplace_tracking_*` fields follow it (an older attempt arriving late does not
 * overwrite a newer one) and the attempt joins the audit trail. Idempotent through the kit's inbox;
 * an attempt for a shipment this service does not have (another deployment's) is ignored.
 */
export function handleTrackingAttempted(logger: Logger, now: () => Date = () => new Date()): EventHandler<marketplacesEvents.MarketplaceTrackingAttempted> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.shipmentId) || event.shipmentId <= 0) {
      throw new InvalidEventError('tracking.attempted without a merchant uuid and a positive shipment id');
    }
    const merchantId = event.merchantId.toLowerCase();
    const log = { merchantId, shipmentId: event.shipmentId, messageId: meta.messageId };
    if (!(await shipmentExists(tx, merchantId, event.shipmentId))) {
      logger.debug(log, 'tracking attempt for an unknown shipment ignored');
      return;
    }
    const parsed = Date.parse(event.attemptedAt);
    const attemptedAt = Number.isNaN(parsed) ? now() : new Date(parsed);
    if (event.kind === 'delivery') {
      // The delivery told to the marketplace (issue 26): the audit trail only; the tracking push's
      // status is what the shipment shows, and it stays as it is.
      const audit = deliveryAudit(event);
      await recordCall(tx, { shipmentId: event.shipmentId, merchantId, operation: 'ReportDelivery', target: event.marketplace, startedAt: attemptedAt, durationMs: event.durationMs, outcome: audit.outcome, message: audit.message });
      logger.debug({ ...log, status: event.status }, 'marketplace delivery report recorded');
      return;
    }
    const status = marketplaceTrackingStatusOf(event.status);
    await setMarketplaceTracking(tx, merchantId, event.shipmentId, {
      status,
      error: status === 'pushed' ? null : event.errorMessage.trim() || null,
      attempts: event.attempts,
      attemptedAt,
    });
    const audit = pushAudit(event);
    await recordCall(tx, {
      shipmentId: event.shipmentId,
      merchantId,
      operation: 'PushTracking',
      target: event.marketplace,
      startedAt: attemptedAt,
      durationMs: event.durationMs,
      outcome: audit.outcome,
      message: audit.message,
    });
    logger.debug({ ...log, status }, 'marketplace tracking attempt recorded');
  };
}
