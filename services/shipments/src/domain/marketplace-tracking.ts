import { marketplaceName, trackingPushMessages } from '@smista/contracts';
import type { AuditOutcome } from './shipment';

/** A shipment's `marketplace_tracking_status`. */
export type MarketplaceTrackingStatus = 'pushed' | 'pending' | 'failed' | 'skipped';

/** The shipment's `marketplace_tracking_status` of an attempt (a retry still to come is pending). */
export function marketplaceTrackingStatusOf(attemptStatus: string): MarketplaceTrackingStatus {
  switch (attemptStatus) {
    case 'pushed':
      return 'pushed';
    case 'retrying':
      return 'pending';
    case 'skipped':
      return 'skipped';
    default:
      return 'failed';
  }
}

/**
 * The audit row of a marketplace attempt: outcome and the reason shown, the marketplace by its
 * name. A pushed attempt with an error code found the fulfilment already there (eBay 32700 on a
 * retry whose earlier answer was lost): 'Tracking già inviato a eBay'. A skipped push made no call
 * and says why (automatic tracking off...): its outcome is `skipped`, never `ok`.
 *
 * @example pushAudit({ status: 'pushed', errorCode: '', errorMessage: '', marketplace: 'ebay' }) // { outcome: 'ok', message: 'Tracking inviato a eBay' }
 */
export function pushAudit(attempt: { status: string; errorCode?: string; errorMessage: string; marketplace: string }): { outcome: AuditOutcome; message: string } {
  const reason = attempt.errorMessage.trim();
  const name = marketplaceName(attempt.marketplace);
  switch (attempt.status) {
    case 'pushed':
      return { outcome: 'ok', message: (attempt.errorCode ?? '').trim() ? trackingPushMessages.alreadyPushed(name) : trackingPushMessages.pushed(name) };
    case 'retrying':
      return { outcome: 'unavailable', message: reason || trackingPushMessages.retrying };
    case 'skipped':
      return { outcome: 'skipped', message: reason || trackingPushMessages.skipped };
    default:
      return { outcome: 'refused', message: reason || trackingPushMessages.failed };
  }
}

/**
 * The audit line of an attempt to tell the marketplace a delivery (issue 26, kind `delivery`):
 * told, retried or refused with the marketplace's Italian reason.
 */
export function deliveryAudit(attempt: { status: string; errorMessage: string; marketplace: string }): { outcome: AuditOutcome; message: string } {
  const reason = attempt.errorMessage.trim();
  switch (attempt.status) {
    case 'pushed':
      return { outcome: 'ok', message: trackingPushMessages.deliveryReported(marketplaceName(attempt.marketplace)) };
    case 'retrying':
      return { outcome: 'unavailable', message: reason || trackingPushMessages.deliveryRetrying };
    default:
      return { outcome: 'refused', message: reason || trackingPushMessages.deliveryFailed };
  }
}
