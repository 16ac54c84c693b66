import { activityMessages as m, notificationLinks, TOKEN_WARNING_DAYS, type NotificationKind } from '@smista/contracts';

/**
 * A notification to raise: what the merchant reads and where they fix it. `dedupKey` is unique per
 * merchant: raising the same key again (a redelivered event, the hourly check finding the same
 * expiry, a second replica) changes nothing, so each condition notifies once.
 */
export interface NotificationDraft {
  kind: NotificationKind;
  dedupKey: string;
  title: string;
  text: string;
  link: string;
}

const DAY_MS = 86_400_000;

/** A sync job that ended: a failed one is a notification (once per job). */
export function syncFailedNotification(event: { jobId: number; provider: string; status: string; errorMessage: string }): NotificationDraft | null {
  if (event.status !== 'failed') return null;
  return {
    kind: 'sync_failed',
    dedupKey: `sync-failed:${event.jobId}`,
    title: m.syncFailedTitle,
    text: m.syncFailed(event.provider, event.errorMessage),
    link: notificationLinks.marketplaces,
  };
}

/** What activity keeps of a marketplace integration (from `marketplaces.integration.changed`). */
export interface IntegrationState {
  integrationId: number;
  provider: string;
  status: string;
  deleted: boolean;
  refreshTokenExpiresAt: Date | null;
  changedAt: Date;
}

/**
 * The marketplace refused the token: the integration went into `error` (it was not before). Once
 * per refusal: the key holds the time of the change that refused it.
 */
export function tokenRefusedNotification(previous: Pick<IntegrationState, 'status'> | null, next: IntegrationState): NotificationDraft | null {
  if (next.deleted || next.status !== 'error' || previous?.status === 'error') return null;
  return {
    kind: 'token_refused',
    dedupKey: `token-refused:${next.integrationId}:${next.changedAt.toISOString()}`,
    title: m.tokenRefusedTitle,
    text: m.tokenRefused(next.provider),
    link: notificationLinks.marketplaces,
  };
}

/**
 * The refresh token expires within {@link TOKEN_WARNING_DAYS} days (or has expired): once per
 * integration and expiry (a renewed token with a new expiry may warn again, 30 days before it).
 * An integration in error already had its own notification; a deleted one none.
 */
export function tokenExpiringNotification(integration: IntegrationState, now: Date): NotificationDraft | null {
  const expiresAt = integration.refreshTokenExpiresAt;
  if (integration.deleted || integration.status === 'error' || !expiresAt) return null;
  if (expiresAt.getTime() - now.getTime() > TOKEN_WARNING_DAYS * DAY_MS) return null;
  return {
    kind: 'token_expiring',
    dedupKey: `token-expiring:${integration.integrationId}:${expiresAt.toISOString()}`,
    title: expiresAt.getTime() <= now.getTime() ? m.tokenExpiredTitle : m.tokenExpiringTitle,
    text: m.tokenExpiring(integration.provider, expiresAt, now),
    link: notificationLinks.marketplaces,
  };
}

/**
 * A pool fell under the threshold (carriers publishes once per fall): once per fall, whose time is
 * in the key; adding codes above the threshold and falling again is a new one.
 */
export function codesLowNotification(event: { integrationId: number; provider: string; available: number; occurredAt: string }): NotificationDraft {
  return {
    kind: 'codes_low',
    dedupKey: `codes-low:${event.integrationId}:${event.occurredAt}`,
    title: m.codesLowTitle,
    text: m.codesLow(event.provider, event.available),
    link: notificationLinks.carrierCodes(event.provider, event.integrationId),
  };
}

/**
 * The group a failed label joins: its processing run (one notification "12 etichette non create"
 * per run, not twelve), or the minute it failed in when the event names no run.
 */
export function labelFailureGroup(event: { runId: string; occurredAt: Date }): string {
  return event.runId ? `labels-failed:${event.runId}` : `labels-failed:${event.occurredAt.toISOString().slice(0, 16)}`;
}

/** The notification of a group of failed labels, with how many failed so far and the last reason. */
export function labelsFailedNotification(group: string, count: number, lastReason: string): NotificationDraft {
  return {
    kind: 'labels_failed',
    dedupKey: group,
    title: m.labelsFailedTitle,
    text: m.labelsFailed(count, lastReason),
    link: notificationLinks.shipmentErrors,
  };
}

/** GLS shipments labelled on `day` and still not closed at the end of the afternoon: once per merchant and day. */
export function workdayOpenNotification(day: string, openShipments: number): NotificationDraft | null {
  if (openShipments <= 0) return null;
  return {
    kind: 'workday_open',
    dedupKey: `workday-open:${day}`,
    title: m.workdayOpenTitle,
    text: m.workdayOpen(openShipments),
    link: notificationLinks.shipments,
  };
}
