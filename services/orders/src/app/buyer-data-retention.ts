import { randomUUID } from 'node:crypto';
import { withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { byMerchant, ERASED_AFTER_DELIVERY, ERASURE_REASON_RETENTION, erasureCutoff } from '../domain';
import { enqueueBuyerDataErased } from '../events/publishers';
import { eraseBuyerData, ordersDueForErasure } from '../store';

/** The session advisory lock that lets one replica at a time run a round (beside the store's 7_102_00x). */
const RETENTION_LOCK = [7_102_003, 0];

export interface BuyerDataRetentionDeps {
  pool: Pool;
  logger: Logger;
  /** The clock the cutoff is counted from (tests set it; production: the system's). */
  now: () => Date;
  /** AMAZON_PII_RETENTION_DAYS. */
  retentionDays: number;
  /** Orders erased per transaction (one event per merchant of each). */
  batchSize?: number;
  /** How often a round runs (an hour); also once at start. */
  intervalMs?: number;
}

/** What a round did: null when another replica was running one. */
export interface RetentionRound {
  roundId: string;
  /** Orders erased, per merchant. */
  erased: Map<string, number>;
}

/**
 * Erases the personal data of Amazon's buyers `retentionDays` after delivery (issue 22, Amazon's
 * Data Protection Policy): every hour (and at start) a round takes the Amazon orders delivered at
 * least that long ago whose buyer's data is still there, and erases them in batches, one
 * transaction each with the existing erasure (`eraseBuyerData`, the privacy requests' own) and one
 * `orders.buyer.erased` per merchant through the outbox (shipments erases the recipients, activity
 * writes the line). Idempotent: an erased order is never taken again, so a second round finds
 * nothing and publishes nothing. One replica at a time: a round holds a session advisory lock, and
 * a replica that cannot take it skips its round (the lock goes with a dead replica's connection).
 */
export class BuyerDataRetention {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;

  constructor(private readonly deps: BuyerDataRetentionDeps) {}

  start(): void {
    const run = () => {
      if (this.running) return;
      this.running = this.runRound()
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'buyer data retention round failed'))
        .finally(() => (this.running = undefined));
    };
    run();
    this.timer = setInterval(run, this.deps.intervalMs ?? 3_600_000);
    this.timer.unref();
  }

  /** Resolves when the round the timer started (if any) is over. */
  async idle(): Promise<void> {
    await this.running;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** One round now (the timer's, or a test's with its own clock). */
  async runRound(): Promise<RetentionRound | null> {
    const { pool, logger, retentionDays } = this.deps;
    const batchSize = this.deps.batchSize ?? 200;
    const lockHolder = await pool.connect();
    try {
      const { rows } = await lockHolder.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', RETENTION_LOCK);
      if (!rows[0]?.locked) {
        logger.debug('buyer data retention round skipped: another replica runs one');
        return null;
      }
      try {
        const roundId = randomUUID();
        const cutoff = erasureCutoff(this.deps.now(), retentionDays);
        const erased = new Map<string, number>();
        for (;;) {
          const taken = await withTransaction(pool, async (tx) => {
            const due = await ordersDueForErasure(tx, ERASED_AFTER_DELIVERY, cutoff, batchSize);
            for (const [merchantId, orders] of byMerchant(due)) {
              await eraseBuyerData(tx, orders);
              await enqueueBuyerDataErased(tx, {
                merchantId,
                orderIds: orders.map((o) => o.id),
                marketplace: ERASED_AFTER_DELIVERY,
                reason: ERASURE_REASON_RETENTION,
                retentionDays,
                roundId,
                occurredAt: this.deps.now(),
              });
              erased.set(merchantId, (erased.get(merchantId) ?? 0) + orders.length);
            }
            return due.length;
          });
          if (taken < batchSize) break;
        }
        for (const [merchantId, count] of erased) logger.info({ merchantId, erased: count, roundId, retentionDays }, "Amazon buyers' personal data erased after delivery");
        return { roundId, erased };
      } finally {
        await lockHolder.query('SELECT pg_advisory_unlock($1, $2)', RETENTION_LOCK);
      }
    } finally {
      lockHolder.release();
    }
  }
}
