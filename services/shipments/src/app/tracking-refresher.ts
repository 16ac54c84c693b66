import { withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { CarrierCallError, nextRefreshAt, type RefreshPolicy, type Shipment } from '../domain';
import { claimDueTracking, pruneCallBudget, releaseTracking, returnCallBudget, scheduleTracking, takeCallBudget } from '../store';
import type { CarrierGateway } from './ports';
import { keepTrackAnswer } from './update-tracking';

export interface TrackingRefresherDeps {
  pool: Pool;
  logger: Logger;
  carriers: CarrierGateway;
  now: () => Date;
  policy: RefreshPolicy;
  /** Calls per minute each carrier allows (TRACKING_CALLS_PER_MINUTE), shared by every replica; a carrier not named is not read. */
  callsPerMinute: Readonly<Record<string, number>>;
  /** Track calls this replica makes at once. */
  concurrency: number;
  /** Shipments claimed per carrier and round. */
  batchSize: number;
  /** How long a claimed shipment stays this replica's: longer than a Track call may last. */
  claimMs: number;
  /** How long to wait when nothing was due. */
  idleMs: number;
}

/** What one round did (the tests and the bench read it). */
export interface RefreshRound {
  refreshed: number;
  failed: number;
  changed: number;
}

/**
 * The caller the refresher acts as toward carriers: the shipment's merchant, by no user. Carriers
 * only reads the merchant's own integration with it.
 */
const refresherCaller = (merchantId: string) => ({ userId: 'smista:tracking-refresher', merchantId, role: 'user' as const });

/**
 * Tracking that keeps itself current (issue 26): every replica runs one. A round takes, per carrier,
 * as many calls as the carrier's budget for this minute still allows (one budget for all
 * replicas), claims that many due shipments (oldest due first; a claim keeps the other replicas
 * off them), asks the carrier and keeps each answer as 'Aggiorna tracking' does. A failed call is
 * retried later, sooner than its normal interval; a refusal ("not yet known") is an answer
 * without events. Rounds follow each other while work is due, and pause `idleMs` when none is.
 */
export class TrackingRefresher {
  private stopping = false;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private lastPrune = 0;

  constructor(private readonly deps: TrackingRefresherDeps) {}

  start(): void {
    const loop = async () => {
      this.timer = undefined;
      if (this.stopping) return;
      let busy = false;
      try {
        const round = await this.runRound();
        busy = round.refreshed + round.failed > 0;
      } catch (err) {
        this.deps.logger.warn({ err }, 'tracking refresh round failed');
      }
      if (!this.stopping) this.schedule(busy ? 0 : this.deps.idleMs, loop);
    };
    this.schedule(0, loop);
  }

  private schedule(ms: number, loop: () => Promise<void>): void {
    this.timer = setTimeout(() => {
      this.running = loop();
    }, ms);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One round over every carrier; answers what it did. */
  async runRound(): Promise<RefreshRound> {
    const total: RefreshRound = { refreshed: 0, failed: 0, changed: 0 };
    for (const [provider, perMinute] of Object.entries(this.deps.callsPerMinute)) {
      if (this.stopping) break;
      const round = await this.refreshCarrier(provider, perMinute);
      total.refreshed += round.refreshed;
      total.failed += round.failed;
      total.changed += round.changed;
    }
    if (Date.now() - this.lastPrune > 600_000) {
      this.lastPrune = Date.now();
      await pruneCallBudget(this.deps.pool);
    }
    return total;
  }

  private async refreshCarrier(provider: string, perMinute: number): Promise<RefreshRound> {
    const { pool, batchSize, claimMs } = this.deps;
    const granted = await takeCallBudget(pool, provider, batchSize, perMinute);
    if (granted === 0) return { refreshed: 0, failed: 0, changed: 0 };
    const due = await claimDueTracking(pool, provider, granted, claimMs);
    await returnCallBudget(pool, provider, granted - due.length);
    const round: RefreshRound = { refreshed: 0, failed: 0, changed: 0 };
    let next = 0;
    const worker = async () => {
      while (next < due.length && !this.stopping) {
        const s = due[next++]!;
        const outcome = await this.refreshOne(s);
        if (outcome === 'failed') round.failed++;
        else {
          round.refreshed++;
          if (outcome === 'changed') round.changed++;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.deps.concurrency, due.length) }, worker));
    // Claimed but not asked (stopping): released for the next replica at once, their calls given back.
    const unasked = due.slice(next);
    await releaseTracking(pool, unasked.map((s) => s.id));
    await returnCallBudget(pool, provider, unasked.length);
    return round;
  }

  private async refreshOne(s: Shipment & { trackingFailures: number }): Promise<'changed' | 'same' | 'failed'> {
    const { pool, carriers, logger, policy } = this.deps;
    let answer: Awaited<ReturnType<CarrierGateway['track']>>;
    try {
      answer = await carriers.track(refresherCaller(s.merchantId), {
        integrationId: s.carrierIntegrationId ?? 0,
        trackingNumber: s.trackingNumber ?? '',
        carrierShipmentNumber: s.carrierShipmentNumber ?? '',
      });
    } catch (err) {
      const refused = err instanceof CarrierCallError && err.failure.kind === 'refused';
      if (!refused) {
        const now = this.deps.now();
        const failures = s.trackingFailures + 1;
        const next = nextRefreshAt({ shippedAt: s.shippedAt ?? now, trackingStatus: s.trackingStatus, failures }, now, policy);
        await scheduleTracking(pool, s, next, 'failed', now).catch((e: unknown) => logger.warn({ err: e, shipmentId: s.id }, 'tracking schedule not saved'));
        logger.warn({ merchantId: s.merchantId, shipmentId: s.id, carrier: s.carrierProvider, failures, err: err instanceof Error ? err.message : String(err) }, 'tracking refresh failed');
        return 'failed';
      }
      // The carrier does not know the parcel yet (GLS before the close): an answer without events.
      answer = { events: [], delivered: false };
    }
    const { update } = await withTransaction(pool, (tx) => keepTrackAnswer(tx, s, answer, this.deps.now(), policy));
    if (update?.changed) logger.info({ merchantId: s.merchantId, shipmentId: s.id, carrier: s.carrierProvider, trackingStatus: update.trackingStatus, alerts: update.alerts }, 'tracking refreshed');
    return update?.changed ? 'changed' : 'same';
  }
}
