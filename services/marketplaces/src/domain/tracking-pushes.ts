import { marketplaceMessages as m } from '@smista/contracts';
import type { Integration } from './integrations';
import { trackingPushMessages as t } from '@smista/contracts';

/*
 * The tracking of one shipment told to its marketplace (eBay createShippingFulfillment), recorded
 * per shipment in `tracking_pushes`: what to do with a labelled shipment, and what an attempt's
 * outcome makes of the row. Pure: the pusher (app/tracking-pusher.ts) carries the decisions out.
 *
 * ```
 * labelled ──auto update on──▶ pending ──attempt──▶ pushed (eBay has the fulfilment; never sent again)
 *    │                           ▲   │
 *    │                           │   ├── quota / unreachable ──▶ retrying ──(next_attempt_at)──┘
 *    │                           │   └── refused (32xxx, integration off...) or retries spent ──▶ failed
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

/**
 * The marketplace's answers meaning "this line item already has a fulfilment": eBay 32700 (409),
 * or a 409 without an error id. On a retry after an answer lost on the way (a timeout after eBay
 * made the fulfilment, a crash before recording it) this is our own fulfilment: the push counts
 * as done, and nothing is ever sent a third time. 32710 (a 409 too) is a cancelled order: a refusal.
 */
export const ALREADY_FULFILLED_CODES: ReadonlySet<string> = new Set(['32700', '409']);

/** One attempt's outcome, as the pusher read the adapter's answer. */
export type AttemptResult =
  | { kind: 'pushed'; fulfillmentId: string }
  /** Retrying the same request cannot help: the marketplace's refusal, the integration off, bad input. */
  | { kind: 'refused'; errorCode: string; message: string }
  /** Quota, marketplace unreachable, our own hiccup: the same request may pass later. */
  | { kind: 'passing'; errorCode: string; message: string; retryAfterMs?: number };

export type AttemptDecision =
  /** `alreadyThere`: the marketplace answered that the items were already fulfilled (see {@link ALREADY_FULFILLED_CODES}). */
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
export function decideAfterAttempt(result: AttemptResult, attempts: number, now: Date, policy: TrackingRetryPolicy, marketplaceName: string): AttemptDecision {
  switch (result.kind) {
    case 'pushed':
      return { status: 'pushed', fulfillmentId: result.fulfillmentId, alreadyThere: false, errorCode: '' };
    case 'refused':
      if (ALREADY_FULFILLED_CODES.has(result.errorCode)) return { status: 'pushed', fulfillmentId: '', alreadyThere: true, errorCode: result.errorCode };
      return { status: 'failed', errorCode: result.errorCode, message: result.message };
    case 'passing':
      if (attempts >= policy.maxAttempts) {
        return { status: 'failed', errorCode: result.errorCode, message: t.retriesExhausted(marketplaceName, attempts, result.message) };
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
