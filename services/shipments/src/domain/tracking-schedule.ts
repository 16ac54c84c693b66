import { FINAL_TRACKING_STATUSES, isTrackingStatus } from '@smista/contracts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How often a shipped shipment's tracking is read (issue 26): often while the parcel is close to
 * the buyer or fresh, less as it ages, never after a final status. `scale` multiplies every
 * interval (TRACKING_REFRESH_SCALE: tests and the local stack run a day in minutes); the carriers'
 * call limits are applied apart, by the refresher's shared budget.
 */
export interface RefreshPolicy {
  /** The parcel is out for delivery: it may be delivered within the hour. */
  outForDeliveryMs: number;
  /** The first days after shipping, when most parcels arrive. */
  freshMs: number;
  freshForMs: number;
  /** Up to `agingForMs` after shipping. */
  agingMs: number;
  agingForMs: number;
  /** Older parcels (held, lost in a hub). */
  oldMs: number;
  /** After this long since shipping the carrier is no longer asked (GLS keeps shipments 40 days). */
  giveUpAfterMs: number;
  /** After a failed call: the first wait, doubled per failure up to the interval of its age. */
  retryMs: number;
}

export const defaultRefreshPolicy: RefreshPolicy = {
  outForDeliveryMs: 1 * HOUR_MS,
  freshMs: 2 * HOUR_MS,
  freshForMs: 3 * DAY_MS,
  agingMs: 6 * HOUR_MS,
  agingForMs: 10 * DAY_MS,
  oldMs: 24 * HOUR_MS,
  giveUpAfterMs: 40 * DAY_MS,
  retryMs: 10 * 60_000,
};

/** The policy with every time multiplied by `scale` (0 < scale ≤ 1 in tests). */
export function scaledPolicy(scale: number, base: RefreshPolicy = defaultRefreshPolicy): RefreshPolicy {
  const out = {} as RefreshPolicy;
  for (const [k, v] of Object.entries(base) as [keyof RefreshPolicy, number][]) out[k] = Math.max(1, Math.round(v * scale));
  return out;
}

export interface RefreshState {
  /** When the shipment was labelled (its age counts from then). */
  shippedAt: Date;
  /** Smista's tracking status of the last event; null before the first. */
  trackingStatus: string | null;
  /** Failed calls in a row (0 after a good answer). */
  failures: number;
}

/**
 * When the tracking is read next, or null when never again (a final status, or too old).
 *
 * @example nextRefreshAt({ shippedAt: new Date('2026-11-20T10:00:00Z'), trackingStatus: 'in_transit', failures: 0 }, new Date('2026-11-20T12:00:00Z'), defaultRefreshPolicy)
 * // 2026-11-20T14:00:00Z
 */
export function nextRefreshAt(s: RefreshState, now: Date, policy: RefreshPolicy = defaultRefreshPolicy): Date | null {
  const status = s.trackingStatus ?? '';
  if (isTrackingStatus(status) && FINAL_TRACKING_STATUSES.includes(status)) return null;
  const age = Math.max(0, now.getTime() - s.shippedAt.getTime());
  if (age >= policy.giveUpAfterMs) return null;
  const interval =
    status === 'out_for_delivery' ? policy.outForDeliveryMs : age < policy.freshForMs ? policy.freshMs : age < policy.agingForMs ? policy.agingMs : policy.oldMs;
  const wait = s.failures > 0 ? Math.min(interval, policy.retryMs * 2 ** Math.min(s.failures - 1, 20)) : interval;
  return new Date(now.getTime() + wait);
}
