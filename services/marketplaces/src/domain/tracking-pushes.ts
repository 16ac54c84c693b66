import { marketplaceMessages as m, trackingPushMessages as t } from '@smista/contracts';
import type { Integration } from './integrations';

/*
 * The tracking of one shipment told to its marketplace (the adapter's pushTracking), recorded
 * per shipment in `tracking_pushes`: what to do with a labelled shipment, and what an attempt's
 * outcome makes of the row. Pure: the pusher (app/tracking-pusher.ts) carries the decisions out.
 *
 * ```
 * labelled ──auto update on──▶ pending ──attempt──▶ pushed (eBay has the fulfilment; never sent again)
 *    │                           ▲   │               ▲
 *    │                           │   │               └── ALREADY_FULFILLED and a fulfilment with our tracking number
 *    │                           │   ├── quota / unreachable ──▶ retrying ──(next_attempt_at)──┘
 *    │                           │   └── refused (the marketplace's refusal, shipped otherwise, integration off...) or retries spent ──▶ failed
 *    └──auto update off, integration off or in error──▶ skipped
 * on demand (PushTracking with a shipment id): any row but pushed is claimed and attempted now.
 * ```
 */

export type TrackingPushStatus = 'pending' | 'pushed' | 'retrying' | 'failed' | 'skipped';

/** What the marketplace is told, kept with the row so a retry sends exactly the same. */
export interface TrackingPayload {
  externalOrderId: string;
  lineItems: { lineItemId: string; quantity: number }[];
  /** Our carrier code (gls, poste_delivery, posta_1...); the adapter maps it to the marketplace's. */
  carrierCode: string;
  trackingNumber: string;
  /** ISO-8601. */
  shippedDate: string;
}

/** A row of `tracking_pushes`. */
export interface TrackingPush {
  id: number;
  shipmentId: number;
  merchantId: string;
  integrationId: number;
  orderId: number;
  payload: TrackingPayload;
  status: TrackingPushStatus;
  /** Calls made (or refused before sending) so far. */
  attempts: number;
  lastErrorCode: string | null;
  /** Italian. */
  lastError: string | null;
  nextAttemptAt: Date | null;
  fulfillmentId: string | null;
  /** The shipments processing run that labelled it ('' when pushed on demand). */
  runId: string;
  pushedAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * How long to wait after each failed attempt (a passing fault), and how many attempts in all: the
 * n-th failure waits `delaysMs[n-1]` (the last one repeated); the `maxAttempts`-th failure fails
 * the push. Default: 1, 5, 15, 60, 60 minutes; 6 attempts (about 2 h 20 of quota or outage).
 */
export interface TrackingRetryPolicy {
  delaysMs: readonly number[];
  maxAttempts: number;
}

export const defaultTrackingRetryPolicy: TrackingRetryPolicy = {
  delaysMs: [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000],
  maxAttempts: 6,
};

/*
 * A push the adapter refuses as ALREADY_FULFILLED ("a line item of this request already has a
 * fulfilment"; each adapter maps its marketplace's form of it) does not say whose fulfilment it is:
 * ours, made by an earlier attempt whose answer was lost on the way (a timeout after the marketplace
 * made it, a crash before recording it), or another (the line shipped with another tracking
 * number, or marked shipped by hand). So the pusher then reads the order's fulfilments and judges
 * with {@link judgeAlreadyFulfilled}.
 */

/** A fulfilment of the order as the marketplace holds it (the adapter's ShippingFulfillment). */
export interface MarketplaceFulfillment {
  fulfillmentId: string;
  lineItems: { lineItemId: string }[];
  /** As the marketplace holds it; '' when none. */
  trackingNumber: string;
}

/** Whose the fulfilment behind an "already fulfilled" answer is. */
export type AlreadyFulfilledVerdict =
  /** An earlier push of ours made it (the answer was lost): the push is done, nothing to send again. */
  | { ours: true; fulfillmentId: string }
  /** The lines shipped otherwise: a refusal with the reason the merchant reads. */
  | { ours: false; message: string };


/** Other tracking numbers named in a refusal, at most (the message stays readable). */
const MAX_NAMED_TRACKING = 3;

/**
 * Whose fulfilment the marketplace meant when it refused a push as "already fulfilled" (see
 * ALREADY_FULFILLED above), from the order's fulfilments as it holds them. Ours only when
 * fulfilments carrying our tracking number (compared as the push sends it, `asSent`, ignoring case)
 * cover every line of the push — what an earlier attempt of ours whose answer was lost leaves
 * behind. Otherwise a refusal: naming the other tracking numbers the push's lines shipped with,
 * saying they shipped without one, or, when no fulfilment holds them (marked shipped by hand), the
 * marketplace's own refusal (`refusal`, e.g. eBay's 32700 text).
 *
 * @example judgeAlreadyFulfilled([{ fulfillmentId: 'F1', lineItems: [{ lineItemId: 'A' }], trackingNumber: 'MI123' }], { lineItemIds: ['A'], trackingNumber: 'MI 123' }, (t) => t.replace(/\s+/g, ''), { marketplace: 'eBay', code: '32700', message: '…' })
 * // { ours: true, fulfillmentId: 'F1' }
 */
export function judgeAlreadyFulfilled(
  fulfillments: readonly MarketplaceFulfillment[],
  push: { lineItemIds: readonly string[]; trackingNumber: string },
  asSent: (trackingNumber: string) => string,
  refusal: { marketplace: string; code: string; message: string },
): AlreadyFulfilledVerdict {
  const key = (trackingNumber: string) => asSent(trackingNumber.trim()).toUpperCase();
  const ourKey = key(push.trackingNumber);
  const wanted = new Set(push.lineItemIds.map((id) => id.trim()));
  const ours = ourKey ? fulfillments.filter((f) => key(f.trackingNumber) === ourKey) : [];
  const coveredByOurs = new Set(ours.flatMap((f) => f.lineItems.map((l) => l.lineItemId.trim())));
  if (ours.length > 0 && wanted.size > 0 && [...wanted].every((id) => coveredByOurs.has(id))) {
    const first = ours.find((f) => f.lineItems.some((l) => wanted.has(l.lineItemId.trim()))) ?? ours[0]!;
    return { ours: true, fulfillmentId: first.fulfillmentId };
  }
  const others = fulfillments.filter((f) => !ours.includes(f) && f.lineItems.some((l) => wanted.has(l.lineItemId.trim())));
  const linesShipped = new Set(others.flatMap((f) => f.lineItems.map((l) => l.lineItemId.trim()).filter((id) => wanted.has(id)))).size;
  const numbers = [...new Set(others.map((f) => f.trackingNumber.trim()).filter(Boolean))];
  if (numbers.length > 0) {
    const named = numbers.length > MAX_NAMED_TRACKING ? [...numbers.slice(0, MAX_NAMED_TRACKING), '…'] : numbers;
    return { ours: false, message: t.shippedWithOtherTracking(refusal.marketplace, linesShipped, named, refusal.code) };
  }
  if (others.length > 0) return { ours: false, message: t.shippedWithoutTracking(refusal.marketplace, linesShipped, refusal.code) };
  return { ours: false, message: refusal.message };
}

/** One attempt's outcome, as the pusher read the adapter's answer. */
export type AttemptResult =
  /**
   * The fulfilment is there. `alreadyFulfilledCode`: the marketplace first answered "already
   * fulfilled" (32700 / 409) and the fulfilment found is ours (see {@link judgeAlreadyFulfilled}).
   */
  | { kind: 'pushed'; fulfillmentId: string; alreadyFulfilledCode?: string }
  /** Retrying the same request cannot help: the marketplace's refusal, the integration off, bad input. */
  | { kind: 'refused'; errorCode: string; message: string }
  /** Quota, marketplace unreachable, our own hiccup: the same request may pass later. */
  | { kind: 'passing'; errorCode: string; message: string; retryAfterMs?: number };

export type AttemptDecision =
  /** `alreadyThere`: our fulfilment was already at the marketplace (an earlier answer lost); `errorCode` its "already fulfilled" code. */
  | { status: 'pushed'; fulfillmentId: string; alreadyThere: boolean; errorCode: string }
  | { status: 'retrying'; errorCode: string; message: string; nextAttemptAt: Date }
  | { status: 'failed'; errorCode: string; message: string };

/** The wait after the `attempts`-th failed attempt: the policy's step, or the marketplace's Retry-After when longer. */
export function retryDelayMs(attempts: number, retryAfterMs: number | undefined, policy: TrackingRetryPolicy): number {
  const steps = policy.delaysMs.length > 0 ? policy.delaysMs : [0];
  const step = steps[Math.min(Math.max(attempts, 1), steps.length) - 1]!;
  return Math.max(step, retryAfterMs !== undefined && retryAfterMs > 0 ? retryAfterMs : 0);
}

/**
 * What an attempt makes of the push. `attempts` counts this attempt too.
 *
 * @example decideAfterAttempt({ kind: 'passing', errorCode: 'QUOTA_EXCEEDED', message: '…' }, 1, now, defaultTrackingRetryPolicy, 'eBay')
 * // { status: 'retrying', nextAttemptAt: now + 1 min, … }
 */
export function decideAfterAttempt(
  result: AttemptResult,
  attempts: number,
  now: Date,
  policy: TrackingRetryPolicy,
  marketplaceName: string,
  exhausted: (marketplace: string, attempts: number, reason: string) => string = t.retriesExhausted,
): AttemptDecision {
  switch (result.kind) {
    case 'pushed':
      return { status: 'pushed', fulfillmentId: result.fulfillmentId, alreadyThere: result.alreadyFulfilledCode !== undefined, errorCode: result.alreadyFulfilledCode ?? '' };
    case 'refused':
      return { status: 'failed', errorCode: result.errorCode, message: result.message };
    case 'passing':
      if (attempts >= policy.maxAttempts) {
        return { status: 'failed', errorCode: result.errorCode, message: exhausted(marketplaceName, attempts, result.message) };
      }
      return {
        status: 'retrying',
        errorCode: result.errorCode,
        message: result.message,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, result.retryAfterMs, policy)),
      };
  }
}

/** What a labelled shipment does for its marketplace integration. */
export type LabelledDecision =
  /** Record a pending push and make it. */
  | { action: 'push' }
  /** Record it as skipped, with the reason the merchant reads. */
  | { action: 'skip'; reason: string }
  /** Nothing to record: no such integration of this merchant (deleted meanwhile, or a foreign id). */
  | { action: 'ignore' };

/**
 * `shipments.shipment.labelled`: the tracking goes to the marketplace by itself only when the
 * integration exists, is the shipment's merchant's, is switched on and connected, its marketplace
 * has an adapter, and the merchant chose `autoUpdateTracking`. Otherwise a skipped row says why
 * (the shipment shows it, and PushTracking on demand still works later).
 *
 * @example decideForLabelled({ ...integration, autoUpdateTracking: false }, merchantId) // { action: 'skip', reason: '…disattivato…' }
 */
export function decideForLabelled(
  integration: Pick<Integration, 'merchantId' | 'active' | 'status' | 'statusMessage' | 'autoUpdateTracking' | 'marketplace'> | null,
  merchantId: string,
): LabelledDecision {
  if (!integration || integration.merchantId.toLowerCase() !== merchantId.toLowerCase()) return { action: 'ignore' };
  if (!integration.autoUpdateTracking) return { action: 'skip', reason: t.autoUpdateOff };
  if (!integration.active) return { action: 'skip', reason: m.trackingIntegrationInactive };
  if (integration.status !== 'active') return { action: 'skip', reason: integration.statusMessage ?? m.trackingIntegrationNotActive };
  if (!integration.marketplace.supported) return { action: 'skip', reason: m.marketplaceNotAvailable(integration.marketplace.name) };
  return { action: 'push' };
}

/** What PushTracking on demand finds for a shipment before calling the marketplace. */
export type DemandClaim =
  /** Pushed before: answered ok, nothing sent. */
  | { kind: 'already-pushed'; push: TrackingPush }
  /** Another request or replica holds its lease right now. */
  | { kind: 'busy'; push: TrackingPush }
  | { kind: 'claimed'; push: TrackingPush };

/** Whether a row may be claimed now: not pushed, and nobody's lease is running. */
export function claimable(push: Pick<TrackingPush, 'status' | 'leaseUntil'>, now: Date): 'already-pushed' | 'busy' | 'claimable' {
  if (push.status === 'pushed') return 'already-pushed';
  if (push.leaseUntil && push.leaseUntil.getTime() > now.getTime()) return 'busy';
  return 'claimable';
}
