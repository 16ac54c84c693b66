import { deliveryReportMessages as d } from '@smista/contracts';
import { decideAfterAttempt, type AttemptDecision, type AttemptResult, type TrackingPush, type TrackingRetryPolicy } from './tracking-pushes';

/*
 * The delivery of one shipment told to its marketplace (the adapter's optional reportDelivery:
 * Shopify's fulfillmentEventCreate DELIVERED), recorded per shipment in `delivery_reports`. Pure:
 * what a tracking update makes of it, when a row can go, and what an attempt's outcome makes of it.
 * The delivery pusher (app/delivery-reporter.ts) carries the decisions out, with the tracking push's
 * back-off and leases.
 *
 * ```
 * delivered ──the tracking push's marketplace has a delivery call (or no push known yet)──▶ pending
 * pending ──the push has its fulfilment──▶ attempt ──▶ reported (never sent again)
 *                                             ├── quota / unreachable ──▶ retrying ──(1, 5, 15, 60 min)──┘
 *                                             └── refused, or the 6th failure ──▶ failed (shown like a tracking push's error)
 * pending, and the push turns out to be of a marketplace without the call ──▶ skipped (nothing sent, no error)
 * ```
 */

export type DeliveryReportStatus = 'pending' | 'reported' | 'retrying' | 'failed' | 'skipped';

/** A row of `delivery_reports`. */
export interface DeliveryReport {
  id: number;
  shipmentId: number;
  merchantId: string;
  orderId: number;
  happenedAt: Date;
  status: DeliveryReportStatus;
  attempts: number;
  lastErrorCode: string | null;
  /** Italian. */
  lastError: string | null;
  nextAttemptAt: Date | null;
  /** The marketplace's id of the event (Shopify's FulfillmentEvent GID). */
  eventId: string | null;
  reportedAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
}

/** A due row claimed with its shipment's tracking push (pushed, with its fulfilment). */
export interface ClaimedDelivery {
  report: DeliveryReport;
  push: Pick<TrackingPush, 'integrationId' | 'fulfillmentId' | 'orderId' | 'runId'>;
}

/** What a `shipments.shipment.tracking_updated` does for the delivery. */
export type TrackingUpdatedDecision =
  /** Record a pending delivery (once per shipment): it goes when the fulfilment is there. */
  | { action: 'record'; happenedAt: Date }
  /** Nothing to record: not delivered, or the shipment's marketplace has no delivery call. */
  | { action: 'ignore'; reason: 'not-delivered' | 'no-delivery-call' };

/**
 * When the carrier delivered: the time of its last movement, else when the update was made, else now.
 *
 * @example deliveredAt('2026-11-20T10:15:00Z', '2026-11-20T11:00:00Z', now) // 2026-11-20T10:15:00.000Z
 */
export function deliveredAt(lastMovementAt: string, occurredAt: string, now: Date): Date {
  for (const value of [lastMovementAt, occurredAt]) {
    const at = Date.parse(value.trim());
    if (value.trim() && !Number.isNaN(at)) return new Date(at);
  }
  return now;
}

/**
 * A tracking update of a shipment: only a delivered one is told. When the shipment's tracking push
 * is known, its marketplace decides (`hasDeliveryCall`: the adapter has reportDelivery); when it is
 * not known yet (the labelled event not consumed yet), the delivery is recorded and waits for it.
 *
 * @example decideForTrackingUpdated({ delivered: true, lastMovementAt: '2026-11-20T10:15:00Z', occurredAt: '' }, { hasDeliveryCall: false }, now) // { action: 'ignore', reason: 'no-delivery-call' }
 */
export function decideForTrackingUpdated(
  event: { delivered: boolean; lastMovementAt: string; occurredAt: string },
  push: { hasDeliveryCall: boolean } | null,
  now: Date,
): TrackingUpdatedDecision {
  if (!event.delivered) return { action: 'ignore', reason: 'not-delivered' };
  if (push && !push.hasDeliveryCall) return { action: 'ignore', reason: 'no-delivery-call' };
  return { action: 'record', happenedAt: deliveredAt(event.lastMovementAt, event.occurredAt, now) };
}

/**
 * What an attempt makes of the delivery: the tracking push's rules (a refusal fails at once, a
 * passing fault is retried with the same back-off until the attempts are spent), in the delivery's words.
 *
 * @example decideDeliveryAfterAttempt({ kind: 'passing', errorCode: 'QUOTA_EXCEEDED', message: '…' }, 6, now, defaultTrackingRetryPolicy, 'Shopify')
 * // { status: 'failed', message: 'Consegna non comunicata a Shopify dopo 6 tentativi: …' }
 */
export function decideDeliveryAfterAttempt(result: AttemptResult, attempts: number, now: Date, policy: TrackingRetryPolicy, marketplaceName: string): AttemptDecision {
  return decideAfterAttempt(result, attempts, now, policy, marketplaceName, d.retriesExhausted);
}

