import { randomUUID } from 'node:crypto';
import { withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { decideDeliveryAfterAttempt, defaultTrackingRetryPolicy, type AttemptResult, type ClaimedDelivery, type TrackingRetryPolicy } from '../domain';
import { enqueueDeliveryAttempted } from '../events/publishers';
import { claimDueDeliveries, findIntegrationById, recordDeliveryAttempt, releaseDelivery, skipDelivery } from '../store';
import type { AdapterRegistry } from './adapter-registry';
import { passingOf } from './passing-fault';
import { reportDelivery } from './report-delivery';
import type { TokenKeeper } from './token-keeper';

export interface DeliveryReporterDeps {
  pool: Pool;
  logger: Logger;
  adapters: AdapterRegistry;
  tokens: TokenKeeper;
  now: () => Date;
  retryPolicy?: TrackingRetryPolicy | undefined;
  leaseSeconds?: number;
}

const ROUND_SIZE = 8;
const ROUND_CONCURRENCY = 4;

/**
 * Tells marketplaces their shipments' deliveries, one row of `delivery_reports` per shipment
 * (issue 26: Shopify's fulfillmentEventCreate DELIVERED). The consumer of
 * `shipments.shipment.tracking_updated` records a pending row for a delivered shipment; each round
 * of the tracking pusher (every replica, right after its tracking pushes, so a fulfilment made in
 * the round is used at once) claims the due rows whose tracking push has its fulfilment, under the
 * tracking push's lease and back-off, and records each outcome in one transaction with its
 * `marketplaces.tracking.attempted` (kind delivery) when shipments should show it. A row whose
 * marketplace has no delivery call is skipped: nothing sent, no error.
 */
export class DeliveryReporter {
  private readonly policy: TrackingRetryPolicy;
  private readonly leaseSeconds: number;

  constructor(private readonly deps: DeliveryReporterDeps) {
    this.policy = deps.retryPolicy ?? defaultTrackingRetryPolicy;
    this.leaseSeconds = deps.leaseSeconds ?? 120;
  }

  /** One round: claims the due deliveries and reports them; answers how many were taken. `running` false: let go at once. */
  async round(running: () => boolean): Promise<number> {
    const owner = randomUUID();
    const due = await claimDueDeliveries(this.deps.pool, owner, this.leaseSeconds, this.deps.now(), ROUND_SIZE);
    for (let i = 0; i < due.length; i += ROUND_CONCURRENCY) {
      await Promise.all(due.slice(i, i + ROUND_CONCURRENCY).map((claimed) => this.reportClaimed(claimed, owner, running)));
    }
    return due.length;
  }

  private async reportClaimed({ report, push }: ClaimedDelivery, owner: string, running: () => boolean): Promise<void> {
    const { pool, now } = this.deps;
    const logger = this.deps.logger.child({ shipmentId: report.shipmentId, merchantId: report.merchantId, integrationId: push.integrationId });
    try {
      if (!running()) return await releaseDelivery(pool, report.id, owner);
      const integration = await findIntegrationById(pool, push.integrationId);
      if (!integration) return await skipDelivery(pool, report.id, owner, now());
      const startedAt = now();
      const started = performance.now();
      let result: AttemptResult;
      try {
        const outcome = await reportDelivery(this.deps, integration, { fulfillmentId: push.fulfillmentId ?? '', happenedAt: report.happenedAt }, logger);
        if (outcome.kind === 'no-call') {
          logger.debug('delivery of a marketplace without a delivery call: nothing sent');
          return await skipDelivery(pool, report.id, owner, now());
        }
        result = outcome;
      } catch (err) {
        const passing = passingOf(err);
        result = passing;
        logger.warn({ errorCode: passing.errorCode, detail: err instanceof Error ? err.message : String(err) }, 'delivery report failed, passing fault');
      }
      const durationMs = performance.now() - started;
      const attempts = report.attempts + 1;
      const decision = decideDeliveryAfterAttempt(result, attempts, now(), this.policy, integration.marketplace.name);
      const recorded = await withTransaction(pool, async (tx) => {
        const row = await recordDeliveryAttempt(tx, report.id, owner, decision, now());
        if (row) {
          await enqueueDeliveryAttempted(tx, row, { ...push, marketplace: integration.marketplace.identifier, attemptedAt: startedAt, durationMs });
        }
        return row;
      });
      const fields = { status: decision.status, attempts, durationMs: Math.round(durationMs) };
      if (!recorded) logger.warn(fields, 'delivery report lease lost before recording: left to the lease holder');
      else logger.info({ ...fields, errorCode: decision.errorCode || undefined }, 'delivery report attempted');
    } catch (err) {
      // The row keeps its lease until it runs out; then it is taken again.
      logger.error({ err }, 'delivery report not recorded');
    }
  }
}
