import { trackingPushMessages } from '@smista/contracts';
import type { AuditOutcome } from './shipment';

/** The shipment's `marketplace_tracking_status` of an attempt (a retry still to come is pending). */
export function marketplaceTrackingStatusOf(attemptStatus: string): 'pushed' | 'pending' | 'failed' | 'skipped' {
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

/** The audit row of a marketplace attempt: outcome and the reason shown. */
export function pushAudit(attempt: { status: string; errorMessage: string; marketplace: string }): { outcome: AuditOutcome; message: string } {
  const reason = attempt.errorMessage.trim();
  switch (attempt.status) {
    case 'pushed':
      return { outcome: 'ok', message: trackingPushMessages.pushed(attempt.marketplace || 'marketplace') };
    case 'retrying':
      return { outcome: 'unavailable', message: reason || trackingPushMessages.retrying };
    case 'skipped':
      return { outcome: 'ok', message: reason || trackingPushMessages.skipped };
    default:
      return { outcome: 'refused', message: reason || trackingPushMessages.failed };
  }
}
