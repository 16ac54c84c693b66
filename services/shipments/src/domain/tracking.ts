import { FINAL_TRACKING_STATUSES, isTrackingStatus, STUCK_AFTER_DAYS, type ShipmentStatus } from '@smista/contracts';
import type { Shipment } from './shipment';
import { workingDaysBetween } from './working-days';

/** One tracking event as carriers' Track answers it (`status`: Smista's, mapped by the adapter). */
export interface TrackingEvent {
  /** ISO-8601. */
  at: string;
  status: string;
  description: string;
  location?: string;
  /** The carrier's own event code, when it gives one. */
  code?: string;
}

/**
 * What the merchant hears of about a parcel on its way (issue 26), each raised once per cause by
 * activity: held at a depot or post office ('giacenza'), another delivery problem, returned to the
 * sender, no movement for {@link STUCK_AFTER_DAYS} working days, the promised date passed.
 */
export const trackingAlertKinds = ['held', 'exception', 'returned', 'stalled', 'late'] as const;
export type TrackingAlert = (typeof trackingAlertKinds)[number];

/** Tracking statuses that say the parcel is where it should not be (each its own alert). */
const PROBLEM_STATUSES: Readonly<Record<string, TrackingAlert>> = { held: 'held', exception: 'exception', returned: 'returned' };

/** What a Track answer changes on a shipment. */
export interface TrackingUpdate {
  trackingStatus: string;
  description: string;
  /** The time of the last event: the shipment's last movement. */
  at: Date;
  /** The shipment's status after it (delivered when the carrier says so). */
  status: ShipmentStatus;
  deliveredAt: Date | null;
  alerts: TrackingAlert[];
  /** Whether anything stored differs (only then is `tracking_updated` published). */
  changed: boolean;
}

type TrackedView = Pick<Shipment, 'status' | 'trackingStatus' | 'trackingDescription' | 'trackingUpdatedAt' | 'deliveredAt' | 'shippedAt' | 'estimatedDeliveryDate'> & {
  trackingAlerts?: readonly string[];
};

/** The latest event by time (the later one in the list on a tie); null without events. */
export function latestEvent(events: readonly TrackingEvent[]): TrackingEvent | null {
  let latest: TrackingEvent | null = null;
  for (const e of events) {
    const t = Date.parse(e.at);
    if (Number.isNaN(t)) continue;
    if (!latest || t >= Date.parse(latest.at)) latest = e;
  }
  return latest;
}

/** The promised instant (the end of the promised delivery window, as the marketplace gives it) passed. */
const promisedPassed = (promised: Date, now: Date) => now.getTime() > promised.getTime();

/**
 * The alerts a shipment on its way stands in now: its last status when it is a problem; stalled
 * when neither its last event nor (without one) its shipping is less than {@link STUCK_AFTER_DAYS}
 * working days old, unless already held, in trouble or back; late once the promised date passed.
 * Only a shipped shipment has any: delivered, cancelled and pending ones none.
 *
 * @example trackingAlerts({ status: 'shipped', trackingStatus: 'held', ... }, now) // ['held']
 */
export function trackingAlerts(
  s: { status: ShipmentStatus; trackingStatus: string | null; lastMovementAt: Date | null; shippedAt: Date | null; promisedAt: Date | null },
  now: Date,
): TrackingAlert[] {
  if (s.status !== 'shipped') return [];
  const alerts: TrackingAlert[] = [];
  const problem = s.trackingStatus ? PROBLEM_STATUSES[s.trackingStatus] : undefined;
  if (problem) alerts.push(problem);
  const since = s.lastMovementAt ?? s.shippedAt;
  if (!problem && since && workingDaysBetween(since, now) >= STUCK_AFTER_DAYS) alerts.push('stalled');
  if (s.promisedAt && promisedPassed(s.promisedAt, now) && s.trackingStatus !== 'returned') alerts.push('late');
  return alerts;
}

const sameAlerts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * The shipment after a Track answer at `now`: the last event is stored; a shipped shipment the
 * carrier reports delivered becomes delivered (at the event's time); the alerts are worked out
 * again (a parcel that has not moved turns stalled without any new event). Null when the carrier
 * has no event and no alert changed.
 *
 * @example trackingUpdate(shipment, [{ at: '2026-11-20T10:00:00Z', status: 'delivered', description: 'CONSEGNATA.' }], true, now)
 * // { trackingStatus: 'delivered', status: 'delivered', alerts: [], changed: true, ... }
 */
export function trackingUpdate(s: TrackedView, events: readonly TrackingEvent[], delivered: boolean, now: Date = new Date()): TrackingUpdate | null {
  const last = latestEvent(events);
  const before = s.trackingAlerts ?? [];
  if (!last) {
    const alerts = trackingAlerts({ status: s.status, trackingStatus: s.trackingStatus, lastMovementAt: s.trackingUpdatedAt, shippedAt: s.shippedAt, promisedAt: s.estimatedDeliveryDate }, now);
    if (sameAlerts(alerts, before)) return null;
    return {
      trackingStatus: s.trackingStatus ?? '',
      description: s.trackingDescription ?? '',
      at: s.trackingUpdatedAt ?? s.shippedAt ?? now,
      status: s.status,
      deliveredAt: s.deliveredAt,
      alerts,
      changed: true,
    };
  }
  const at = new Date(last.at);
  const description = [last.description.trim(), last.location?.trim()].filter(Boolean).join(' - ');
  const becomesDelivered = (delivered || last.status === 'delivered') && s.status === 'shipped';
  const status: ShipmentStatus = becomesDelivered ? 'delivered' : s.status;
  const alerts = trackingAlerts({ status, trackingStatus: last.status, lastMovementAt: at, shippedAt: s.shippedAt, promisedAt: s.estimatedDeliveryDate }, now);
  const changed =
    status !== s.status ||
    last.status !== s.trackingStatus ||
    description !== s.trackingDescription ||
    at.getTime() !== s.trackingUpdatedAt?.getTime() ||
    !sameAlerts(alerts, before);
  return { trackingStatus: last.status, description, at, status, deliveredAt: becomesDelivered ? at : s.deliveredAt, alerts, changed };
}

/** Whether a tracking status is one after which the carrier is no longer asked. */
export const isFinalTrackingStatus = (status: string | null): boolean => status !== null && isTrackingStatus(status) && FINAL_TRACKING_STATUSES.includes(status);
