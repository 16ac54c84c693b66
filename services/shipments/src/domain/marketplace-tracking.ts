import { auditTexts } from './texts';
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
      return { outcome: 'ok', message: auditTexts.trackingPushed(attempt.marketplace || 'marketplace') };
    case 'retrying':
      return { outcome: 'unavailable', message: reason || auditTexts.trackingPushRetrying };
    case 'skipped':
      return { outcome: 'ok', message: reason || auditTexts.trackingPushSkipped };
    default:
      return { outcome: 'refused', message: reason || auditTexts.trackingPushFailed };
  }
}
