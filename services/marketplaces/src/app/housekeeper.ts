import type { Logger, Pool } from '@smista/service-kit';
import { integrationsToRefresh, pruneJobs, scheduleJobs } from '../store';
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
/** Finished jobs are kept this long (the list of a merchant's syncs); each integration's latest completed one always. */
const JOB_RETENTION_DAYS = 30;

/**
 * The periodic work of every replica, safe to run on all of them at once:
 * - the schedule (every SYNC_INTERVAL_SECONDS): a job for every switched-on, active integration
 *   that has none pending or running (the unique index keeps it to one across replicas);
 *   and finished jobs older than 30 days are forgotten (the latest completed one of each kept);
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
    const sweepMs = Math.max(1_000, Math.min(60_000, (this.deps.marginSeconds * 1000) / 2));
    this.every(this.deps.syncIntervalSeconds * 1000, () => this.schedule());
    this.every(sweepMs, () => this.sweepTokens());
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.allSettled([...this.inFlight]);
  }

  /** One round of the schedule; answers the number of jobs created. */
  async schedule(): Promise<number> {
    await pruneJobs(this.deps.pool, JOB_RETENTION_DAYS);
    const created = await scheduleJobs(this.deps.pool, this.deps.adapters.identifiers(), this.deps.syncIntervalSeconds);
    if (created > 0) {
      this.deps.logger.info({ created }, 'scheduled syncs');
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

  private every(ms: number, work: () => Promise<unknown>): void {
    const timer = setInterval(() => {
      const run = work()
        .catch((err: unknown) => this.deps.logger.error({ err }, 'housekeeping round failed'))
        .finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }
}
