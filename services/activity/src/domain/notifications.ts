import { activityMessages as m, notificationLinks, TOKEN_WARNING_DAYS, type NotificationKind, type ParcelRef } from '@smista/contracts';

/**
 * A notification to raise: what the merchant reads and where they fix it. `dedupKey` is unique per
 * merchant: raising the same key again (a redelivered event, the hourly check finding the same
 * expiry, a second replica) changes nothing, so each condition notifies once. `subject` is what it
 * is about (see {@link subjects}): when that cause goes away, the notification resolves itself.
 */
export interface NotificationDraft {
  kind: NotificationKind;
  dedupKey: string;
  subject: string;
  title: string;
  text: string;
  link: string;
}

/**
 * A cause that went away: the open notifications of `kinds` about `subject` are resolved (they
 * leave the lists and the unread count). With `at`, only those raised up to then, and the
 * resolution is remembered: a notification of the same cause whose event arrives later, told by
 * another consumer (a failed sync after the integration's deletion), comes resolved when its cause
 * is older than `at`. Without `at`, every open one (the projection says the cause is gone now).
 */
export interface Resolution {
  kinds: readonly NotificationKind[];
  subject: string;
  at: Date | null;
}

/** What a notification is about: the key its cause goes away by. */
export const subjects = {
  marketplace: (integrationId: number) => `marketplace:${integrationId}`,
  carrier: (integrationId: number) => `carrier:${integrationId}`,
  workday: (day: string) => `workday:${day}`,
  shipment: (shipmentId: number) => `shipment:${shipmentId}`,
} as const;

const DAY_MS = 86_400_000;

/** A sync job that ended: a failed one is a notification (once per job), leading to its integration. */
export function syncFailedNotification(event: { jobId: number; integrationId: number; provider: string; status: string; errorMessage: string }): NotificationDraft | null {
  if (event.status !== 'failed') return null;
  return {
    kind: 'sync_failed',
    dedupKey: `sync-failed:${event.jobId}`,
    subject: subjects.marketplace(event.integrationId),
    title: m.syncFailedTitle,
    text: m.syncFailed(event.provider, event.errorMessage),
    link: notificationLinks.marketplaceIntegration(event.integrationId),
  };
}

/** A sync that completed: the integration's failed syncs are behind it. */
export function syncSucceededResolution(event: { integrationId: number; status: string }, at: Date): Resolution | null {
  if (event.status !== 'completed') return null;
  return { kinds: ['sync_failed'], subject: subjects.marketplace(event.integrationId), at };
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
 * The marketplace refused the token: the integration went into `error` (it was not before) by the
 * change that refused it (`token_refused`; any change, from an older publisher without `change`).
 * An integration still in error switched off and on again is no new refusal. Once per refusal: the
 * key holds the time of the change that refused it.
 */
export function tokenRefusedNotification(previous: Pick<IntegrationState, 'status'> | null, next: IntegrationState, change = ''): NotificationDraft | null {
  if (next.deleted || next.status !== 'error' || previous?.status === 'error') return null;
  if (change && change !== 'token_refused') return null;
  return {
    kind: 'token_refused',
    dedupKey: `token-refused:${next.integrationId}:${next.changedAt.toISOString()}`,
    subject: subjects.marketplace(next.integrationId),
    title: m.tokenRefusedTitle,
    text: m.tokenRefused(next.provider),
    link: notificationLinks.marketplaceIntegration(next.integrationId),
  };
}

/** Whether a refresh token expiring at `expiresAt` is warned of at `now` (within {@link TOKEN_WARNING_DAYS} days, or gone). */
const withinWarning = (expiresAt: Date | null, now: Date) => expiresAt !== null && expiresAt.getTime() - now.getTime() <= TOKEN_WARNING_DAYS * DAY_MS;

/**
 * The refresh token expires within {@link TOKEN_WARNING_DAYS} days (or has expired): once per
 * integration and expiry (a renewed token with a new expiry may warn again, 30 days before it).
 * An integration in error already had its own notification; a deleted one none.
 */
export function tokenExpiringNotification(integration: IntegrationState, now: Date): NotificationDraft | null {
  const expiresAt = integration.refreshTokenExpiresAt;
  if (integration.deleted || integration.status === 'error' || !expiresAt || !withinWarning(expiresAt, now)) return null;
  return {
    kind: 'token_expiring',
    dedupKey: `token-expiring:${integration.integrationId}:${expiresAt.toISOString()}`,
    subject: subjects.marketplace(integration.integrationId),
    title: expiresAt.getTime() <= now.getTime() ? m.tokenExpiredTitle : m.tokenExpiringTitle,
    text: m.tokenExpiring(integration.provider, expiresAt, now),
    link: notificationLinks.marketplaceIntegration(integration.integrationId),
  };
}

/**
 * The causes a marketplace integration's change took away, as of the change: deleted, none of its
 * notifications stands; connected again or its token refreshed (or back to active after a
 * refusal), the refusal is behind it; a token whose expiry moved (renewed) or is no longer near,
 * the expiry warnings raised before (an access-token refresh keeps the refresh token: its warning
 * stands). A still-near new expiry is warned of again right after
 * ({@link tokenExpiringNotification}).
 *
 * @example integrationResolutions({ status: 'error', ... }, { status: 'active', ... }, 'reconnected', now) // token_refused and token_expiring resolved
 */
export function integrationResolutions(previous: IntegrationState | null, next: IntegrationState, change: string, now: Date): Resolution[] {
  const subject = subjects.marketplace(next.integrationId);
  const at = next.changedAt;
  if (next.deleted || change === 'deleted') return [{ kinds: ['sync_failed', 'token_refused', 'token_expiring'], subject, at }];
  const resolved: Resolution[] = [];
  const renewed = change === 'reconnected' || change === 'token_refreshed';
  if (next.status !== 'error' && (renewed || next.status === 'active')) resolved.push({ kinds: ['token_refused'], subject, at });
  const expiryMoved = previous !== null && previous.refreshTokenExpiresAt?.getTime() !== next.refreshTokenExpiresAt?.getTime();
  // (An access-token refresh keeps the refresh token and its expiry: its warning stands.)
  if (next.status !== 'error' && (expiryMoved || !withinWarning(next.refreshTokenExpiresAt, now))) resolved.push({ kinds: ['token_expiring'], subject, at });
  return resolved;
}

/**
 * A pool fell under the threshold (carriers publishes once per fall): once per fall, whose time is
 * in the key; adding codes above the threshold and falling again is a new one.
 */
export function codesLowNotification(event: { integrationId: number; provider: string; available: number; occurredAt: string }): NotificationDraft {
  return {
    kind: 'codes_low',
    dedupKey: `codes-low:${event.integrationId}:${event.occurredAt}`,
    subject: subjects.carrier(event.integrationId),
    title: m.codesLowTitle,
    text: m.codesLow(event.provider, event.available),
    link: notificationLinks.carrierCodes(event.provider, event.integrationId),
  };
}

/** Codes added lifted the pool back to the threshold (`carriers.codes.restocked`): its warnings are answered. */
export function codesRestockedResolution(event: { integrationId: number }, at: Date): Resolution {
  return { kinds: ['codes_low'], subject: subjects.carrier(event.integrationId), at };
}

/** A carrier integration deleted: nothing about it stands any more. */
export function carrierDeletedResolution(event: { integrationId: number; deleted: boolean; change: string }, at: Date): Resolution | null {
  if (!event.deleted && event.change !== 'deleted') return null;
  return { kinds: ['codes_low'], subject: subjects.carrier(event.integrationId), at };
}

/**
 * The group a failed label joins: its processing run (one notification "12 etichette non create"
 * per run, not twelve), or the minute it failed in when the event names no run.
 */
export function labelFailureGroup(event: { runId: string; occurredAt: Date }): string {
  return event.runId ? `labels-failed:${event.runId}` : `labels-failed:${event.occurredAt.toISOString().slice(0, 16)}`;
}

/** A failed label of a group that is still a problem (its shipment neither labelled since nor cancelled). */
export interface OpenLabelFailure {
  shipmentId: number;
  reason: string;
  externalOrderId: string;
}

/**
 * The notification of a group of failed labels, from the failures still open (the newest last):
 * how many, the reason when there is one, and a link that shows them: the shipments of the order
 * when one is left (whatever its tab now), else the Errori tab. Null when none is left: the
 * notification is resolved.
 */
export function labelsFailedNotification(group: string, open: readonly OpenLabelFailure[]): NotificationDraft | null {
  if (open.length === 0) return null;
  const last = open[open.length - 1]!;
  const only = open.length === 1 && last.externalOrderId.trim() ? last.externalOrderId.trim() : '';
  return {
    kind: 'labels_failed',
    dedupKey: group,
    subject: group,
    title: m.labelsFailedTitle,
    text: m.labelsFailed(open.length, last.reason),
    link: only ? notificationLinks.shipmentsOfOrder(only) : notificationLinks.shipmentErrors,
  };
}

/**
 * GLS shipments labelled on `day` and still not closed at the end of the afternoon: once per
 * merchant and day, leading to the shipped shipments of their GLS account (all shipped ones when
 * they are of several accounts). Null when none is open.
 */
export function workdayOpenNotification(day: string, openShipments: number, carrierIntegrationIds: readonly number[] = []): NotificationDraft | null {
  if (openShipments <= 0) return null;
  const accounts = [...new Set(carrierIntegrationIds.filter((id) => Number.isSafeInteger(id) && id > 0))];
  return {
    kind: 'workday_open',
    dedupKey: `workday-open:${day}`,
    subject: subjects.workday(day),
    title: m.workdayOpenTitle,
    text: m.workdayOpen(openShipments),
    link: notificationLinks.shippedShipments(accounts.length === 1 ? accounts[0]! : null),
  };
}

/** The GLS day closed (or its last open shipment cancelled): its reminder is answered. */
export function workdayClosedResolution(day: string): Resolution {
  return { kinds: ['workday_open'], subject: subjects.workday(day), at: null };
}

/** What `shipments.shipment.tracking_updated` says of a parcel on its way (issue 26). */
export interface ParcelTracking extends ParcelRef {
  shipmentId: number;
  description: string;
  /** The alerts the parcel stands in now (held, exception, returned, stalled, late). */
  alerts: readonly string[];
  /** The time of the carrier's last event; null before any. */
  lastMovementAt: Date | null;
  promisedAt: Date | null;
}

/** The notification kind of each alert the shipments service raises. */
const ALERT_KINDS: Readonly<Record<string, NotificationKind>> = {
  held: 'parcel_held',
  exception: 'parcel_exception',
  returned: 'parcel_exception',
  stalled: 'parcel_stalled',
  late: 'delivery_late',
};

const PARCEL_KINDS: readonly NotificationKind[] = ['parcel_held', 'parcel_exception', 'parcel_stalled', 'delivery_late'];

/**
 * The notifications a parcel's tracking raises: one per alert, each once per cause (the key holds
 * the time of the carrier's last event: held again after moving on is a new cause; a late parcel
 * is late once). They lead to the shipment (the list searched by its order).
 *
 * @example parcelNotifications({ shipmentId: 7, alerts: ['held'], externalOrderId: '1001', ... }) // [{ kind: 'parcel_held', ... }]
 */
export function parcelNotifications(p: ParcelTracking): NotificationDraft[] {
  const since = p.lastMovementAt?.toISOString() ?? 'none';
  const link = p.externalOrderId.trim() ? notificationLinks.shipmentsOfOrder(p.externalOrderId) : notificationLinks.shipmentErrors;
  const drafts: NotificationDraft[] = [];
  for (const alert of new Set(p.alerts)) {
    const kind = ALERT_KINDS[alert];
    if (!kind) continue;
    const [title, text] =
      alert === 'held'
        ? [m.parcelHeldTitle, m.parcelHeld(p, p.description)]
        : alert === 'exception'
          ? [m.parcelExceptionTitle, m.parcelException(p, p.description)]
          : alert === 'returned'
            ? [m.parcelReturnedTitle, m.parcelReturned(p, p.description)]
            : alert === 'stalled'
              ? [m.parcelStalledTitle, m.parcelStalled(p, p.lastMovementAt)]
              : [m.deliveryLateTitle, m.deliveryLate(p, p.promisedAt)];
    const key = alert === 'late' ? `${alert}:${p.shipmentId}` : `${alert}:${p.shipmentId}:${since}`;
    drafts.push({ kind, dedupKey: `parcel-${key}`, subject: subjects.shipment(p.shipmentId), title, text, link });
  }
  return drafts;
}

/**
 * The parcel's notifications whose cause went away, as of the update: every kind the parcel no
 * longer stands in (delivered: all of them; moving again: no longer stalled).
 */
export function parcelResolution(p: Pick<ParcelTracking, 'shipmentId' | 'alerts'>, at: Date): Resolution | null {
  const standing = new Set(p.alerts.map((a) => ALERT_KINDS[a]).filter(Boolean));
  const kinds = PARCEL_KINDS.filter((k) => !standing.has(k));
  return kinds.length > 0 ? { kinds, subject: subjects.shipment(p.shipmentId), at } : null;
}
