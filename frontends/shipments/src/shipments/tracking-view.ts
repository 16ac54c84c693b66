/**
 * Issue 26 as the screen shows it: a tracking status as a small badge in Italian (never the code),
 * marked when the parcel is in trouble (held, a delivery problem, back to the sender), and the
 * steps of the drawer's 'Tracking' section, newest first. Pure.
 */
import { isProblemTrackingStatus, isTrackingStatus, trackingStatusText, type ShipmentTrackingEventJson, type TrackingStatus } from '@smista/contracts';
import type { BadgeLook, BadgeTone } from '@smista/ui-kit';

/** Moving blue, delivered green, held orange, in trouble or back red, the carrier's notes grey. */
const TRACKING_TONES: Readonly<Record<TrackingStatus, BadgeTone>> = {
  in_transit: 'blue',
  out_for_delivery: 'blue',
  delivered: 'green',
  held: 'orange',
  exception: 'red',
  returned: 'red',
  info: 'grey',
};

/** A tracking status's badge; `alert` when the list marks it ('In giacenza', 'Problema di consegna', 'Reso al mittente'). */
export interface TrackingBadgeLook extends BadgeLook {
  alert: boolean;
}

/**
 * The badge of a stored tracking status, or null when the carrier has said nothing yet.
 *
 * @example trackingBadge('held') // { tone: 'orange', label: 'In giacenza', alert: true }
 */
export function trackingBadge(status: string | null | undefined): TrackingBadgeLook | null {
  const key = (status ?? '').trim().toLowerCase();
  if (!key) return null;
  return { tone: isTrackingStatus(key) ? TRACKING_TONES[key] : 'grey', label: trackingStatusText(key), alert: isProblemTrackingStatus(key) };
}

/** One step of the drawer's list: the carrier's words and the place, each shown once. */
export interface TrackingStep {
  key: string;
  at: string;
  status: string;
  badge: TrackingBadgeLook;
  text: string;
  place: string;
}

/**
 * The steps newest first (the API answers them so; a tie keeps its order), each with its badge.
 * A step without words says its status, so no step is blank.
 */
export function trackingSteps(events: readonly ShipmentTrackingEventJson[] | null | undefined): TrackingStep[] {
  const time = (at: string) => {
    const t = Date.parse(at);
    return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
  };
  return (events ?? [])
    .map((e, i) => ({ e, i }))
    .sort((a, b) => time(b.e.at) - time(a.e.at) || a.i - b.i)
    .map(({ e, i }) => {
      const badge = trackingBadge(e.status) ?? { tone: 'grey' as const, label: trackingStatusText(''), alert: false };
      const text = e.description.trim() || badge.label;
      return { key: `${i}-${e.at}-${e.code}`, at: e.at, status: e.status, badge, text, place: e.location.trim() };
    });
}

/**
 * The buyer's link of a shipment (issue 26): the details' `publicTrackingUrl` (a path) on this
 * site's origin; null without one (no label yet) or for a cancelled shipment, whose page is gone.
 *
 * @example buyerTrackingLink({ publicTrackingUrl: '/t/abc', status: 'shipped' }, 'https://app.smista.it') // 'https://app.smista.it/t/abc'
 */
export function buyerTrackingLink(details: { publicTrackingUrl?: string | null; status: string }, origin: string): string | null {
  if (!details.publicTrackingUrl || (details.status !== 'shipped' && details.status !== 'delivered')) return null;
  return new URL(details.publicTrackingUrl, origin).href;
}
