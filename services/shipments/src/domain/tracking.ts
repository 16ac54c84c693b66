import type { ShipmentStatus } from '@smista/contracts';
import type { Shipment } from './shipment';

/** One tracking event as carriers' Track answers it. */
export interface TrackingEvent {
  /** ISO-8601. */
  at: string;
  status: string;
  description: string;
  location?: string;
}

/** What a Track answer changes on a shipment. */
export interface TrackingUpdate {
  trackingStatus: string;
  description: string;
  /** The time of the last event: the shipment's last movement. */
  at: Date;
  /** The shipment's status after it (delivered when the carrier says so). */
  status: ShipmentStatus;
  deliveredAt: Date | null;
  /** Whether anything stored differs (only then is `tracking_updated` published). */
  changed: boolean;
}

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

/**
 * The shipment after a Track answer: the last event is stored; a shipped shipment the carrier
 * reports delivered becomes delivered (at the event's time). Null when the carrier has no event yet.
 *
 * @example trackingUpdate(shipment, [{ at: '2026-11-20T10:00:00Z', status: 'delivered', description: 'CONSEGNATA.' }], true)
 * // { trackingStatus: 'delivered', status: 'delivered', changed: true, ... }
 */
export function trackingUpdate(
  s: Pick<Shipment, 'status' | 'trackingStatus' | 'trackingDescription' | 'trackingUpdatedAt' | 'deliveredAt'>,
  events: readonly TrackingEvent[],
  delivered: boolean,
): TrackingUpdate | null {
  const last = latestEvent(events);
  if (!last) return null;
  const at = new Date(last.at);
  const description = [last.description.trim(), last.location?.trim()].filter(Boolean).join(' - ');
  const becomesDelivered = (delivered || last.status === 'delivered') && s.status === 'shipped';
  const status: ShipmentStatus = becomesDelivered ? 'delivered' : s.status;
  const changed =
    status !== s.status || last.status !== s.trackingStatus || description !== s.trackingDescription || at.getTime() !== s.trackingUpdatedAt?.getTime();
  return { trackingStatus: last.status, description, at, status, deliveredAt: becomesDelivered ? at : s.deliveredAt, changed };
}
