import { marketplaceMessages as m } from '@smista/contracts';

/*
 * Order-sync jobs (spec §3 jobs): the window a job reads, what it does after a failed page, and how
 * long it waits. Pure: the worker (app/sync-worker.ts) carries the decisions out.
 *
 *   pending ──claim──▶ running ──last page committed──▶ completed
 *                        │  ▲
 *                        │  └── lease expired (crash) or back-off over: claimed again, resumes at nextOffset
 *                        └──── refusal, or retries spent ──▶ failed
 */

export type JobStatus = 'pending' | 'running' | 'completed' | 'failed';
export type TriggeredBy = 'user' | 'schedule' | 'auto';
export const triggers: readonly TriggeredBy[] = ['user', 'schedule', 'auto'];

/** A job as stored (spec §3 jobs) with its progress. */
export interface Job {
  id: number;
  merchantId: string;
  integrationId: number;
  provider: string;
  type: 'orders_sync';
  executionMode: 'background';
  triggeredBy: TriggeredBy;
  status: JobStatus;
  startedAt: Date | null;
  completedAt: Date | null;
  ordersFound: number;
  /** Every order read (new or changed on the marketplace since the previous sync). */
  ordersSynced: number;
  /** Of them, the orders this integration had never imported: the sync's imports. */
  ordersNew: number;
  errorMessage: string | null;
  progress: JobProgress | null;
  createdAt: Date;
}

/** The orders a job reads: creation dates on the first import, last-modified dates afterwards. */
export interface SyncWindow {
  filter: 'created' | 'modified';
  from: Date;
  to: Date;
}

/** A running job's place, stored in `jobs.metadata` and renewed with each committed page. */
export interface JobProgress {
  window: SyncWindow;
  /** Offset of the next page to read; null once the last page is committed. */
  nextOffset: number | null;
  pages: number;
  /** Consecutive failed attempts at the current page. */
  retries: number;
}

/** The first import reaches this far back (eBay's own default window). */
export const FIRST_SYNC_DAYS = 90;
/** Later imports start this much before the previous window's end: an order changed while it was read is read again. */
export const MODIFIED_OVERLAP_MS = 5 * 60_000;

/**
 * The window of a job that starts now. First sync (no completed job before): orders created in
 * [now − 90 days .. now]. Later: orders modified in [previous window's end − 5 min .. now], so an
 * order edited on the marketplace is imported again, and one edited during the previous job (which
 * may have left the previous window while it was read) too.
 *
 * @example syncWindow(null, now) // { filter: 'created', from: now − 90 days, to: now }
 * @example syncWindow(previousEnd, now) // { filter: 'modified', from: previousEnd − 5 min, to: now }
 */
export function syncWindow(previousWindowEnd: Date | null, now: Date): SyncWindow {
  if (!previousWindowEnd) return { filter: 'created', from: new Date(now.getTime() - FIRST_SYNC_DAYS * 86_400_000), to: now };
  const from = new Date(Math.min(previousWindowEnd.getTime() - MODIFIED_OVERLAP_MS, now.getTime() - MODIFIED_OVERLAP_MS));
  return { filter: 'modified', from, to: now };
}

/*
 * The server-side schedule (SYNC_INTERVAL_SECONDS). Each integration's scheduled syncs lie on a
 * fixed grid: a slot is due at the previous slot + the interval (the first one an interval after
 * the integration's latest job, or its connection). Every replica looks often for due slots; the
 * database decides which one creates the job. A slot met by an open job (a sync still running, one
 * a member started) stays due until that job ends, so no slot is skipped; a slot created late
 * (a busy or restarted replica) does not move the grid.
 */

/**
 * The slot after `due`, once `due`'s job was created at `now`: the first grid point later than
 * `now` (after a long outage: one sync now, then back on the grid, no burst of missed slots).
 *
 * @example nextSyncSlot(new Date('…T10:00:00Z'), new Date('…T10:00:01Z'), 300_000) // …T10:05:00Z
 * @example nextSyncSlot(new Date('…T10:00:00Z'), new Date('…T10:12:00Z'), 300_000) // …T10:15:00Z
 */
export function nextSyncSlot(due: Date, now: Date, intervalMs: number): Date {
  const late = Math.max(0, now.getTime() - due.getTime());
  return new Date(due.getTime() + (Math.floor(late / intervalMs) + 1) * intervalMs);
}

/**
 * How often a replica looks for due slots: a tenth of the interval, between 0.2 and 5 s. A slot
 * starts at most this late while a replica is up (5 s of a 5-minute schedule).
 */
export function scheduleTickMs(intervalSeconds: number): number {
  return Math.min(5_000, Math.max(200, Math.round(intervalSeconds * 100)));
}

/** The progress of a job that has not read anything yet. */
export function startProgress(window: SyncWindow): JobProgress {
  return { window, nextOffset: 0, pages: 0, retries: 0 };
}

/** The progress after a committed page: the next offset, retries reset. */
export function advance(progress: JobProgress, nextOffset: number | null): JobProgress {
  return { ...progress, nextOffset, pages: progress.pages + 1, retries: 0 };
}

/** How a page failed, as the worker classified the adapter's error. */
export type PageFailure =
  /** 429 / eBay 2001: the marketplace asks to slow down (its wait, if it gave one). */
  | { kind: 'quota'; retryAfterMs?: number }
  /** Network, timeout, 5xx after the HTTP client's own retries: a passing fault. */
  | { kind: 'unavailable' }
  /** 401: the access token is expired or revoked. */
  | { kind: 'token-expired' }
  /** Anything the marketplace refused for good (its Italian message), or the refresh token refused. */
  | { kind: 'refused'; message: string };

export interface RetryPolicy {
  /** First back-off; doubled on each consecutive failure. */
  baseDelayMs: number;
  /** No wait is longer, whatever the marketplace asked. */
  maxDelayMs: number;
  /** Consecutive quota answers on one page before the job gives up (generous: quotas pass). */
  maxQuotaRetries: number;
  /** Consecutive unavailable answers on one page before the job gives up. */
  maxUnavailableRetries: number;
}

export const defaultRetryPolicy: RetryPolicy = { baseDelayMs: 1_000, maxDelayMs: 120_000, maxQuotaRetries: 60, maxUnavailableRetries: 8 };

export type PageDecision =
  /** Try the same page again after `delayMs` (the job keeps its place, the lease is released meanwhile). */
  | { action: 'retry'; delayMs: number }
  /** Refresh the access token once and try again at once. */
  | { action: 'refresh' }
  | { action: 'fail'; message: string };

/**
 * What a job does after a failed page. `retries` counts the failures of this page so far;
 * `refreshed` says whether this attempt already came after a token refresh (a second 401 in a row
 * fails the job instead of refreshing forever).
 */
export function decideAfterFailure(
  failure: PageFailure,
  state: { retries: number; refreshed: boolean },
  policy: RetryPolicy,
  marketplaceName: string,
): PageDecision {
  switch (failure.kind) {
    case 'token-expired':
      return state.refreshed ? { action: 'fail', message: m.syncTokenRejected(marketplaceName) } : { action: 'refresh' };
    case 'quota':
      if (state.retries >= policy.maxQuotaRetries) return { action: 'fail', message: m.syncQuotaExhausted(marketplaceName) };
      return { action: 'retry', delayMs: backoffDelayMs(state.retries + 1, failure.retryAfterMs, policy) };
    case 'unavailable':
      if (state.retries >= policy.maxUnavailableRetries) return { action: 'fail', message: m.syncUnavailable(marketplaceName) };
      return { action: 'retry', delayMs: backoffDelayMs(state.retries + 1, undefined, policy) };
    case 'refused':
      return { action: 'fail', message: m.syncFailed(failure.message) };
  }
}

/**
 * The wait before attempt `attempt + 1`: what the marketplace asked for (Retry-After) when it said,
 * else `base × 2^(attempt−1)`; never more than `maxDelayMs`.
 *
 * @example backoffDelayMs(3, undefined, { baseDelayMs: 1000, maxDelayMs: 120000, ... }) // 4000
 */
export function backoffDelayMs(attempt: number, retryAfterMs: number | undefined, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  const exponential = policy.baseDelayMs * 2 ** Math.max(0, Math.min(attempt - 1, 30));
  const wanted = retryAfterMs !== undefined && retryAfterMs >= 0 ? retryAfterMs : exponential;
  return Math.max(0, Math.min(wanted, policy.maxDelayMs));
}

/** `jobs.metadata` ⇄ progress. Unknown or partial metadata reads as "not started". */
export function progressToMetadata(progress: JobProgress): Record<string, unknown> {
  return {
    filter: progress.window.filter,
    windowFrom: progress.window.from.toISOString(),
    windowTo: progress.window.to.toISOString(),
    nextOffset: progress.nextOffset,
    pages: progress.pages,
    retries: progress.retries,
  };
}

export function progressFromMetadata(metadata: unknown): JobProgress | null {
  if (typeof metadata !== 'object' || metadata === null) return null;
  const md = metadata as Record<string, unknown>;
  const from = typeof md.windowFrom === 'string' ? new Date(md.windowFrom) : null;
  const to = typeof md.windowTo === 'string' ? new Date(md.windowTo) : null;
  if ((md.filter !== 'created' && md.filter !== 'modified') || !from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return null;
  const nextOffset = typeof md.nextOffset === 'number' && md.nextOffset >= 0 ? md.nextOffset : null;
  return {
    window: { filter: md.filter, from, to },
    nextOffset,
    pages: typeof md.pages === 'number' ? md.pages : 0,
    retries: typeof md.retries === 'number' ? md.retries : 0,
  };
}
