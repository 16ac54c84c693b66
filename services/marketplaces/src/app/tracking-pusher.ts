import { randomUUID } from 'node:crypto';
import { PollLoop, withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { trackingPushMessages } from '@smista/contracts';
import {
  claimable,
  decideAfterAttempt,
  defaultTrackingRetryPolicy,
  marketplacesErrors,
  type AttemptDecision,
  type AttemptResult,
  type Integration,
  type TrackingPayload,
  type TrackingPush,
  type TrackingRetryPolicy,
} from '../domain';
import { enqueueTrackingAttempted } from '../events/publishers';
import { claimDuePushes, claimForDemand, findIntegrationById, recordAttempt, releasePush } from '../store';
import type { AdapterRegistry } from './adapter-registry';
import { DeliveryReporter } from './delivery-reporter';
import { passingOf } from './passing-fault';
import { pushTracking } from './push-tracking';
import type { TokenKeeper } from './token-keeper';

export interface TrackingPusherDeps {
  pool: Pool;
  logger: Logger;
  adapters: AdapterRegistry;
  tokens: TokenKeeper;
  now: () => Date;
  retryPolicy?: TrackingRetryPolicy | undefined;
  /** How often an idle pusher looks for due rows (another replica's, or a retry come due). Default 1 s. */
  pollMs?: number | undefined;
  /**
   * How long a claim owns a row. Longer than one attempt can take (a token refresh and the push,
   * each bounded by the HTTP client's 30 s), so a live claim never runs out mid-call.
   */
  leaseSeconds?: number;
}

/** PushTracking on demand, as answered (the proto's PushTrackingResponse). */
export type DemandAnswer =
  | { ok: true; fulfillmentId: string; alreadyPushed: boolean }
  | { ok: false; errorCode: string; errorMessage: string };

/** What `attempt` did: the decision and the row as recorded (null when the lease was lost meanwhile). */
interface AttemptOutcome {
  decision: AttemptDecision;
  recorded: TrackingPush | null;
  /** The passing fault behind a `retrying` decision. */
  error?: unknown;
}

/** Rows taken per round, and pushed at once (the adapter's per-host cap still applies). */
const ROUND_SIZE = 8;
const ROUND_CONCURRENCY = 4;
export const PUSH_IN_PROGRESS = 'PUSH_IN_PROGRESS';

/**
 * Tells marketplaces the tracking of labelled shipments, one row of `tracking_pushes` per shipment
 * (spec: "never twice for the same shipment"), and then their deliveries where the marketplace has
 * a call for it (`DeliveryReporter`, run in the same rounds).
 *
 * - The consumer of `shipments.shipment.labelled` records a pending row; this pusher's round (every
 *   replica runs one) claims due pending and retrying rows with a lease (`FOR UPDATE SKIP LOCKED`),
 *   makes the call, and records the outcome with `marketplaces.tracking.attempted` in one
 *   transaction, only while its lease holds. Passing faults (quota, eBay unreachable) are retried
 *   after 1, 5, 15, 60 minutes, 6 attempts in all; a refusal (eBay 32xxx, the integration off)
 *   fails at once with its Italian message.
 * - PushTracking with a shipment id (`pushOnDemand`) claims the same row at once: a pushed row is
 *   answered `already_pushed` with nothing sent; a row someone is pushing answers "in progress".
 * - A fulfilment is never made twice: the POST is never retried blindly by the HTTP client, a row
 *   is pushed by one lease holder at a time, and eBay's "already fulfilled" (32700 / 409) on a
 *   retry after a lost answer counts as pushed — but only when the order's fulfilments at eBay show
 *   one carrying our tracking number; lines shipped otherwise fail the push with the reason.
 */
export class TrackingPusher {
  private readonly loop: PollLoop;
  private readonly policy: TrackingRetryPolicy;
  private readonly leaseSeconds: number;
  private readonly deliveries: DeliveryReporter;

  constructor(private readonly deps: TrackingPusherDeps) {
    this.policy = deps.retryPolicy ?? defaultTrackingRetryPolicy;
    this.leaseSeconds = deps.leaseSeconds ?? 120;
    this.deliveries = new DeliveryReporter({ ...deps, logger: deps.logger.child({ component: 'delivery-reporter' }) });
    this.loop = new PollLoop({ name: 'tracking push', logger: deps.logger.child({ component: 'tracking-pusher' }), pollMs: deps.pollMs ?? 1_000, round: () => this.round() });
  }

  start(): void {
    this.loop.start();
  }

  /** Stops taking rows; an attempt in flight finishes and is recorded. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** A row just became due here: look at once instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /**
   * A row was written in a transaction still open (the consumer's): look once it has committed.
   * The next poll finds it anyway should the commit take longer.
   */
  wakeSoon(): void {
    this.loop.wakeAfter(50);
  }

  /**
   * One round: claims the due rows and pushes them, then the due deliveries (issue 26: a delivery
   * waiting for its fulfilment goes in the round that made it); answers how many were taken.
   */
  async round(): Promise<number> {
    const owner = randomUUID();
    const due = await claimDuePushes(this.deps.pool, owner, this.leaseSeconds, this.deps.now(), ROUND_SIZE);
    for (let i = 0; i < due.length; i += ROUND_CONCURRENCY) {
      await Promise.all(due.slice(i, i + ROUND_CONCURRENCY).map((push) => this.pushClaimed(push, owner)));
    }
    return due.length + (await this.deliveries.round(() => this.loop.isRunning));
  }

  /**
   * PushTracking with a shipment id, on behalf of a member (orders' UpdateTracking, shipments'
   * update-tracking): claims the shipment's row and pushes now. A passing fault is recorded as
   * retrying (the pusher tries again later) and thrown for the caller's status.
   */
  async pushOnDemand(integration: Integration, request: { shipmentId: number; orderId: number; payload: TrackingPayload }, logger: Logger): Promise<DemandAnswer> {
    const owner = randomUUID();
    const now = this.deps.now();
    const claim = await withTransaction(this.deps.pool, (tx) =>
      claimForDemand(
        tx,
        { ...request, merchantId: integration.merchantId, integrationId: integration.id, owner, leaseSeconds: this.leaseSeconds, now },
        (push) => claimable(push, now),
      ),
    );
    const busy = (): DemandAnswer => ({ ok: false, errorCode: PUSH_IN_PROGRESS, errorMessage: trackingPushMessages.pushInProgress(integration.marketplace.name) });
    if (claim.kind === 'already-pushed') return { ok: true, fulfillmentId: claim.push.fulfillmentId ?? '', alreadyPushed: true };
    if (claim.kind === 'busy') return busy();

    const { decision, recorded, error } = await this.attempt(claim.push, owner, integration, logger);
    if (!recorded) return busy();
    switch (decision.status) {
      case 'pushed':
        return { ok: true, fulfillmentId: decision.fulfillmentId || (recorded.fulfillmentId ?? ''), alreadyPushed: decision.alreadyThere };
      case 'failed':
        return { ok: false, errorCode: decision.errorCode, errorMessage: decision.message };
      case 'retrying':
        throw error;
    }
  }

  /** A row of the round: its integration (deleted: the row went with it), then the attempt. */
  private async pushClaimed(push: TrackingPush, owner: string): Promise<void> {
    const logger = this.deps.logger.child({ shipmentId: push.shipmentId, merchantId: push.merchantId, integrationId: push.integrationId });
    try {
      if (!this.loop.isRunning) return await releasePush(this.deps.pool, push.id, owner);
      const integration = await findIntegrationById(this.deps.pool, push.integrationId);
      if (!integration) return;
      await this.attempt(push, owner, integration, logger);
    } catch (err) {
      // The row keeps its lease until it runs out; then it is taken again.
      logger.error({ err }, 'tracking push not recorded');
    }
  }

  /**
   * One call to the marketplace for a claimed row, then its outcome and the event in one
   * transaction, while `owner` still holds the lease.
   */
  private async attempt(push: TrackingPush, owner: string, integration: Integration, logger: Logger): Promise<AttemptOutcome> {
    const { pool, now } = this.deps;
    const startedAt = now();
    const started = performance.now();
    let result: AttemptResult;
    let error: unknown;
    try {
      const outcome = await pushTracking(this.deps, integration, push.payload, logger);
      result = outcome.ok
        ? { kind: 'pushed', fulfillmentId: outcome.fulfillmentId, ...(outcome.alreadyFulfilledCode !== undefined ? { alreadyFulfilledCode: outcome.alreadyFulfilledCode } : {}) }
        : { kind: 'refused', errorCode: outcome.errorCode, message: outcome.errorMessage };
    } catch (err) {
      error = err;
      const passing = passingOf(err);
      result = passing;
      logger.warn({ shipmentId: push.shipmentId, errorCode: passing.errorCode, detail: err instanceof Error ? err.message : String(err) }, 'tracking push failed, passing fault');
    }
    const durationMs = performance.now() - started;
    const decision = decideAfterAttempt(result, push.attempts + 1, now(), this.policy, integration.marketplace.name);
    const recorded = await withTransaction(pool, async (tx) => {
      const row = await recordAttempt(tx, push.id, owner, decision, now());
      if (row) await enqueueTrackingAttempted(tx, row, { marketplace: integration.marketplace.identifier, attemptedAt: startedAt, durationMs });
      return row;
    });
    const fields = { shipmentId: push.shipmentId, merchantId: push.merchantId, integrationId: push.integrationId, status: decision.status, attempts: push.attempts + 1, durationMs: Math.round(durationMs) };
    if (!recorded) logger.warn(fields, 'tracking push lease lost before recording: left to the lease holder');
    else logger.info({ ...fields, errorCode: decision.errorCode || undefined }, 'tracking push attempted');
    return { decision, recorded, error };
  }
}
