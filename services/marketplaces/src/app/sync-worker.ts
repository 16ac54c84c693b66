import { randomUUID } from 'node:crypto';
import { DomainError, KitErrorCode, PollLoop, withTransaction, type Logger, type Pool, type ProcessPresence } from '@smista/service-kit';
import { marketplaceMessages, messages } from '@smista/contracts';
import { MarketplaceError, type OrdersPage } from '../adapters';
import {
  advance,
  assertCanSync,
  decideAfterFailure,
  defaultRetryPolicy,
  startProgress,
  syncWindow,
  type Integration,
  type Job,
  type JobProgress,
  type PageFailure,
  type RetryPolicy,
} from '../domain';
import { enqueueOrdersImported, enqueueSyncFinished } from '../events/publishers';
import {
  commitPage,
  failJob,
  findIntegrationById,
  holdIntegration,
  lockClaimableJob,
  ownerProcessesOfRunningJobs,
  lockOwnedJob,
  markRunning,
  previousWindowEnd,
  recordImportedOrders,
  releaseForRetry,
  releaseLease,
  renewLease,
  postponeNextSync,
  setLastSynced,
  setSyncNotice,
} from '../store';
import type { AdapterRegistry } from './adapter-registry';
import type { TokenKeeper } from './token-keeper';

export interface SyncWorkerDeps {
  pool: Pool;
  logger: Logger;
  /** This process's presence: jobs record it, and a job of a process gone is taken over at once. */
  presence: Pick<ProcessPresence, 'id' | 'goneAmong'>;
  adapters: AdapterRegistry;
  tokens: TokenKeeper;
  now: () => Date;
  /** SYNC_PAGE_SIZE. */
  pageSize: number;
  /** SYNC_JOB_LEASE_SECONDS. */
  leaseSeconds: number;
  /** Jobs this replica works on at once. */
  concurrency?: number;
  /** How often an idle slot looks for a job another replica (or the schedule) created. */
  pollMs?: number;
  retryPolicy?: RetryPolicy;
}

/** A job this replica claimed: `owner` is the lease token of this claim (a takeover gets another). */
interface Claim {
  job: Job;
  owner: string;
  /** The job was running before this claim: its lease ran out (a replica died) or its back-off ended. */
  resumed: boolean;
}

/** The adapter's failure as the domain's decision table reads it. */
export function classifyFailure(err: unknown): PageFailure {
  if (err instanceof MarketplaceError) {
    if (err.code === 'TOKEN_EXPIRED') return { kind: 'token-expired' };
    if (err.code === 'QUOTA_EXCEEDED') return { kind: 'quota', ...(err.details.retryAfterMs !== undefined ? { retryAfterMs: err.details.retryAfterMs } : {}) };
    return { kind: 'refused', message: err.message };
  }
  if (err instanceof DomainError) {
    if (err.code === KitErrorCode.ProviderUnavailable) return { kind: 'unavailable' };
    return { kind: 'refused', message: err.message };
  }
  // Our own database or network hiccup: a passing fault as well; the retries are bounded.
  return { kind: 'unavailable' };
}

/**
 * Runs order-sync jobs in the background (spec §3 jobs). Each slot claims a job with `FOR UPDATE
 * SKIP LOCKED` (pending, or running with its lease over), fixes its window on the first claim, and
 * reads it page by page. Every page is ONE transaction: one `marketplaces.order.imported` per order
 * into the outbox, and the job's progress (found = the marketplace's total, synced += the page,
 * next offset), after checking that the lease is still this claim's. A crash therefore loses at most
 * the page in flight: the lease runs out and any replica resumes from the last committed offset.
 *
 * While a slot works, a heartbeat renews its lease; a quota answer or an unavailable marketplace
 * releases the job for the back-off's length instead of holding it (the same page is tried again,
 * by whichever replica comes first); a 401 refreshes the token once; a refusal fails the job with
 * its Italian message. A completed job sets the integration's `last_synced_at`.
 */
export class SyncWorker {
  private readonly loop: PollLoop;
  private readonly pollMs: number;
  private readonly policy: RetryPolicy;
  private gone?: { at: number; processes: Promise<string[]> };

  constructor(private readonly deps: SyncWorkerDeps) {
    this.pollMs = deps.pollMs ?? 1_000;
    this.policy = deps.retryPolicy ?? defaultRetryPolicy;
    this.loop = new PollLoop({ name: 'sync slot', logger: deps.logger.child({ component: 'sync-worker' }), pollMs: this.pollMs, slots: deps.concurrency ?? 4, round: (slot) => this.round(slot) });
  }

  start(): void {
    this.loop.start();
  }

  /** A job was just created here: idle slots look at once instead of at their next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops claiming; each slot commits the page in flight and lets go of its job for another replica. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One slot's round: claims a job and reads it to its end (or its release); answers whether one was taken. */
  private async round(slot: number): Promise<number> {
    const claim = await this.claim();
    if (!claim) return 0;
    // Made only for a job taken: an idle slot's rounds (one a poll) log nothing.
    const logger = this.deps.logger.child({ component: 'sync-worker', slot });
    try {
      // Which replica works on which job (a takeover after a crash or a back-off says `resumed`).
      logger.info({ jobId: claim.job.id, integrationId: claim.job.integrationId, merchantId: claim.job.merchantId, offset: claim.job.progress?.nextOffset, resumed: claim.resumed }, 'sync job claimed');
      await this.run(claim, logger);
    } catch (err) {
      logger.error({ err, jobId: claim.job.id }, 'sync slot failed');
      await this.fail(claim.job, claim.owner, messages.errors.internal).catch(() => undefined);
    }
    return 1;
  }

  /** The processes holding running jobs that are gone, asked at most once a poll for every slot. */
  private goneProcesses(): Promise<string[]> {
    const { pool, presence } = this.deps;
    const fresh = this.gone && Date.now() - this.gone.at < this.pollMs;
    if (!fresh) this.gone = { at: Date.now(), processes: ownerProcessesOfRunningJobs(pool).then((owners) => presence.goneAmong(pool, owners)) };
    return this.gone!.processes;
  }

  private async claim(): Promise<Claim | null> {
    const { pool, now, leaseSeconds, presence } = this.deps;
    const gone = await this.goneProcesses();
    return withTransaction(pool, async (tx) => {
      const job = await lockClaimableJob(tx, gone);
      if (!job) return null;
      const owner = randomUUID();
      // The window is fixed on the first claim; a takeover keeps it and its offset.
      const progress = job.progress ?? startProgress(syncWindow(await previousWindowEnd(tx, job.integrationId), now()));
      await markRunning(tx, job.id, owner, presence.id, leaseSeconds, progress);
      return { job: { ...job, status: 'running', progress }, owner, resumed: job.status === 'running' };
    });
  }

  private async run({ job, owner }: Claim, parent: Logger): Promise<void> {
    const { pool, leaseSeconds } = this.deps;
    const logger = parent.child({ jobId: job.id, integrationId: job.integrationId, merchantId: job.merchantId });
    const heartbeat = setInterval(() => {
      renewLease(pool, job.id, owner, leaseSeconds).catch((err: unknown) => logger.warn({ err }, 'lease not renewed'));
    }, Math.max(200, (leaseSeconds * 1000) / 3));
    heartbeat.unref();
    try {
      await this.pages(job, owner, job.progress!, logger);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async pages(job: Job, owner: string, start: JobProgress, logger: Logger): Promise<void> {
    const { pool, adapters, tokens, pageSize } = this.deps;
    let progress = start;
    // After a 401: refresh before the next attempt; a second 401 in a row fails the job.
    let refreshNext = false;
    let refreshed = false;
    let staleToken = '';
    for (;;) {
      if (!this.loop.isRunning) {
        await releaseLease(pool, job.id, owner);
        return;
      }
      if (progress.nextOffset === null) return;
      const integration = await findIntegrationById(pool, job.integrationId);
      if (!integration) return; // deleted: its jobs went with it
      const refusal = syncRefusal(integration);
      if (refusal) {
        await this.fail(job, owner, refusal);
        logger.info({ reason: refusal }, 'sync stopped');
        return;
      }

      let page: OrdersPage;
      try {
        if (refreshNext) {
          await tokens.refresh(integration.id, { mode: 'if-unchanged', staleAccessToken: staleToken });
          refreshNext = false;
        }
        const accessToken = await tokens.accessToken(integration);
        staleToken = accessToken;
        const { window } = progress;
        page = await adapters.of(integration.marketplace).fetchOrdersPage({
          accessToken,
          filterBy: window.filter,
          from: window.from,
          to: window.to,
          offset: progress.nextOffset,
          limit: pageSize,
        });
      } catch (err) {
        const failure = classifyFailure(err);
        const decision = decideAfterFailure(failure, { retries: progress.retries, refreshed }, this.policy, integration.marketplace.name);
        logger.warn({ failure: failure.kind, decision: decision.action, offset: progress.nextOffset, retries: progress.retries, detail: err instanceof Error ? err.message : String(err) }, 'sync page failed');
        if (decision.action === 'refresh') {
          refreshNext = true;
          refreshed = true;
          continue;
        }
        if (decision.action === 'retry') {
          const waiting = { ...progress, retries: progress.retries + 1 };
          if (await releaseForRetry(pool, job.id, owner, decision.delayMs, waiting)) this.loop.wakeAfter(decision.delayMs + 20);
          return;
        }
        await this.fail(job, owner, decision.message);
        return;
      }
      refreshed = false;

      const next = advance(progress, page.nextOffset);
      const outcome = await this.commit(job, owner, integration, progress, next, page);
      if (outcome === 'lost') {
        logger.warn({ offset: progress.nextOffset }, 'job taken over by another replica: page dropped');
        return;
      }
      if (outcome === 'done') {
        logger.info({ pages: next.pages, ordersFound: page.total }, 'sync completed');
        return;
      }
      if (page.slowDown) {
        // The marketplace answered but asks to go slower (a day's quota running low): the next page
        // waits, the job released meanwhile like a back-off, without counting as a failure.
        logger.info({ delayMs: page.slowDown.delayMs, offset: next.nextOffset }, 'sync slowed down by the marketplace');
        if (await releaseForRetry(pool, job.id, owner, page.slowDown.delayMs, next)) this.loop.wakeAfter(page.slowDown.delayMs + 20);
        return;
      }
      progress = next;
    }
  }

  /** One page in one transaction: its orders into the outbox and the job's progress, only if the job is still ours. */
  private commit(job: Job, owner: string, integration: Integration, current: JobProgress, next: JobProgress, page: OrdersPage): Promise<'lost' | 'done' | 'more'> {
    const { pool, now, leaseSeconds } = this.deps;
    return withTransaction(pool, async (tx) => {
      if (!(await holdIntegration(tx, integration.id))) return 'lost';
      const locked = await lockOwnedJob(tx, job.id, owner);
      if (!locked || locked.progress?.nextOffset !== current.nextOffset) return 'lost';
      const syncedAt = now();
      await enqueueOrdersImported(tx, { merchantId: integration.merchantId, integrationId: integration.id, jobId: job.id, orders: page.orders, syncedAt });
      // Orders read again because they changed on the marketplace are updates, not imports.
      const fresh = await recordImportedOrders(tx, integration.id, job.id, page.orders.map((o) => o.externalId));
      const done = page.nextOffset === null;
      await commitPage(tx, job.id, { ordersFound: page.total, synced: page.orders.length, fresh, progress: next, done, leaseSeconds });
      // The integration says why its syncs go slower while they do; the schedule waits as well.
      await setSyncNotice(tx, integration.id, page.slowDown?.notice ?? null);
      if (done && page.slowDown) await postponeNextSync(tx, integration.id, new Date(syncedAt.getTime() + page.slowDown.delayMs));
      if (done) {
        await setLastSynced(tx, integration.id, syncedAt);
        const ordersSynced = locked.ordersSynced + page.orders.length;
        const ordersNew = locked.ordersNew + fresh;
        await enqueueSyncFinished(tx, locked, { status: 'completed', ordersFound: page.total, ordersSynced, ordersNew, errorMessage: '', occurredAt: syncedAt });
      }
      return done ? 'done' : 'more';
    });
  }

  /** The job fails for good with its Italian reason, and `marketplaces.sync.finished` says so, in one transaction. */
  private fail(job: Job, owner: string, message: string): Promise<boolean> {
    const { pool, now } = this.deps;
    return withTransaction(pool, async (tx) => {
      const ended = await failJob(tx, job.id, owner, message);
      if (ended) await enqueueSyncFinished(tx, job, { status: 'failed', ...ended, errorMessage: message, occurredAt: now() });
      return ended !== null;
    });
  }
}

/** Why an integration's job must stop before its next page, or undefined to go on. */
function syncRefusal(integration: Integration): string | undefined {
  if (!integration.active) return marketplaceMessages.syncDeactivated;
  try {
    assertCanSync(integration);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : marketplaceMessages.integrationNotActive;
  }
}
