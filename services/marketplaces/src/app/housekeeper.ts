import { withTransaction, type Logger, type Pool } from '@smista/service-kit';
import { nextSyncSlot, scheduleTickMs } from '../domain';
import { insertScheduledJobs, integrationsToRefresh, lockDueSyncs, pruneJobs, pruneOAuthStates, setNextSyncs } from '../store';
import type { AdapterRegistry } from './adapter-registry';
import type { TokenKeeper } from './token-keeper';

export interface HousekeeperDeps {
  pool: Pool;
  logger: Logger;
  adapters: AdapterRegistry;
  tokens: TokenKeeper;
  now: () => Date;
  /** SYNC_INTERVAL_SECONDS. */
  syncIntervalSeconds: number;
  /** TOKEN_REFRESH_MARGIN_SECONDS. */
  marginSeconds: number;
  /** Called after the schedule created jobs (the worker looks at once). */
  onScheduled: () => void;
}

/** The sweep refreshes at most this many integrations per round (the rest wait for the next one). */
const SWEEP_BATCH = 100;
/** Scheduled jobs created per transaction; a round goes on until no slot is due. */
const SCHEDULE_BATCH = 500;
/** Finished jobs are kept this long (the list of a merchant's syncs); each integration's latest completed one always. */
const JOB_RETENTION_DAYS = 30;

/**
 * The periodic work of every replica, safe to run on all of them at once:
 * - the schedule: each integration's syncs lie on a grid of SYNC_INTERVAL_SECONDS
 *   (`nextSyncSlot`); every replica looks for due slots often (`scheduleTickMs`), and the
 *   database decides which creates the job (the due integrations are locked `SKIP LOCKED`, the
 *   unique index `jobs_one_open` keeps one open job each). So a schedule never runs twice, and
 *   never skips a slot while one replica is up: a replica that dies leaves the next slot to the others;
 * - the forgetting of finished jobs older than 30 days (the latest completed one of each kept), and
 *   of OAuth states that ran out more than a day ago;
 * - the token sweep (every minute, or twice per margin when the margin is shorter): refreshes the
 *   access tokens expiring within the margin, so that an integration nobody syncs keeps a valid
 *   token too. Each refresh takes the integration's row lock; a token another replica just renewed
 *   is not renewed again.
 */
export class Housekeeper {
  private timers: NodeJS.Timeout[] = [];
  private inFlight = new Set<Promise<unknown>>();

  constructor(private readonly deps: HousekeeperDeps) {}

  start(): void {
    const intervalMs = this.deps.syncIntervalSeconds * 1000;
    const sweepMs = Math.max(1_000, Math.min(60_000, (this.deps.marginSeconds * 1000) / 2));
    this.every(scheduleTickMs(this.deps.syncIntervalSeconds), () => this.scheduleDue());
    this.every(Math.max(60_000, intervalMs), () => pruneJobs(this.deps.pool, JOB_RETENTION_DAYS));
    this.every(Math.max(60_000, intervalMs), () => pruneOAuthStates(this.deps.pool));
    this.every(sweepMs, () => this.sweepTokens());
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled([...this.inFlight]);
  }

  /** Forgets old jobs, then one round of the schedule (tests call it instead of waiting); answers the jobs created. */
  async schedule(): Promise<number> {
    await pruneJobs(this.deps.pool, JOB_RETENTION_DAYS);
    return this.scheduleDue();
  }

  /** A job for every integration whose slot is due, each slot moved on in the same transaction; answers the jobs created. */
  async scheduleDue(): Promise<number> {
    const { pool, adapters, syncIntervalSeconds, logger } = this.deps;
    const intervalMs = syncIntervalSeconds * 1000;
    let created = 0;
    for (;;) {
      const { due, made } = await withTransaction(pool, async (tx) => {
        const due = await lockDueSyncs(tx, adapters.identifiers(), syncIntervalSeconds, SCHEDULE_BATCH);
        const made = new Set(await insertScheduledJobs(tx, due));
        const scheduled = due.filter((d) => made.has(d.integrationId));
        await setNextSyncs(tx, scheduled.map((d) => ({ integrationId: d.integrationId, at: nextSyncSlot(d.dueAt, d.now, intervalMs) })));
        return { due, made };
      });
      created += made.size;
      if (due.length < SCHEDULE_BATCH || made.size === 0) break;
    }
    if (created > 0) {
      logger.info({ created }, 'scheduled syncs');
      this.deps.onScheduled();
    }
    return created;
  }

  /** One round of the token sweep; answers the integrations refreshed. */
  async sweepTokens(): Promise<number[]> {
    const { pool, tokens, now, marginSeconds, logger } = this.deps;
    const ids = await integrationsToRefresh(pool, new Date(now().getTime() + marginSeconds * 1000), SWEEP_BATCH);
    const refreshed: number[] = [];
    for (const id of ids) {
      try {
        await tokens.refresh(id, { mode: 'if-expiring' });
        refreshed.push(id);
      } catch (err) {
        logger.warn({ integrationId: id, err: err instanceof Error ? err.message : String(err) }, 'token sweep: refresh failed');
      }
    }
    return refreshed;
  }

  /** `work` every `ms`, never two rounds of it at once in this replica (a slow round skips a tick). */
  private every(ms: number, work: () => Promise<unknown>): void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const run = work()
        .catch((err: unknown) => this.deps.logger.error({ err }, 'housekeeping round failed'))
        .finally(() => {
          busy = false;
          this.inFlight.delete(run);
        });
      this.inFlight.add(run);
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
