/**
 * Order sync as the screen sees it (spec §2 'Sincronizza tutto' and the sync icons, §8 sync
 * toasts, §9 auto-sync): whether a job is under way, its progress text, which watched jobs ended
 * between two readings of the merchant's integrations, and the toasts of a start and of an end.
 * Pure; `use-order-sync.ts` wires it to the queries.
 */
import { marketplaceNames, syncPaceText, type MarketplaceIntegrationJson, type SyncJobJson } from '@smista/contracts';
import { formatCount, type ToastInput } from '@smista/ui-kit';
import { t } from '../messages';

/** Spec §9: the screen syncs every active integration when the last sync is older than this. */
export const AUTO_SYNC_AFTER_MS = 5 * 60_000;
/** Spec §3 local storage key of the last sync started from the screen (epoch milliseconds). */
export const ORDERS_SYNCED_AT_KEY = 'ordersSyncedAt';
/** How often the integrations (and so their jobs' progress) are read while a job runs. */
export const SYNC_POLL_MS = 1500;

/** A job still importing: pending (queued) or running. */
export function isJobActive(job: SyncJobJson | null | undefined): job is SyncJobJson {
  return job?.status === 'pending' || job?.status === 'running';
}

/** Whether an integration's sync icon is off (spec §2: inactive integration, or a sync pending). */
export function isSyncDisabled(integration: MarketplaceIntegrationJson, starting: boolean): boolean {
  return !integration.active || starting || isJobActive(integration.currentJob);
}

/**
 * The progress line of a running job: synced of found once the marketplace said how many there
 * are, a searching text before.
 *
 * @example progressText({ ordersFound: 1000, ordersSynced: 120 }) // 'Sincronizzazione in corso: 120/1.000 ordini'
 */
export function progressText(job: Pick<SyncJobJson, 'ordersFound' | 'ordersSynced'>): string {
  if (job.ordersFound <= 0) return t.sync.searching;
  return t.sync.progress(formatCount(Math.min(job.ordersSynced, job.ordersFound)), formatCount(job.ordersFound));
}

/**
 * The marketplace's pace and the time the rest should take, where the marketplace is slow enough
 * to say so (Amazon: about 100 orders every 3 minutes); null otherwise.
 *
 * @example paceText('amazon', { ordersFound: 1000, ordersSynced: 400 }) // 'Amazon consente circa 100 ordini ogni 3 minuti: tempo stimato circa 18 minuti'
 */
export function paceText(provider: string, job: Pick<SyncJobJson, 'ordersFound' | 'ordersSynced'>): string | null {
  return syncPaceText(provider, Math.max(0, job.ordersFound - job.ordersSynced));
}

/** The progress in percent (0-100), or null while the total is unknown (an indeterminate bar). */
export function progressPercent(job: Pick<SyncJobJson, 'ordersFound' | 'ordersSynced'>): number | null {
  if (job.ordersFound <= 0) return null;
  return Math.max(0, Math.min(100, Math.floor((job.ordersSynced / job.ordersFound) * 100)));
}

/**
 * Spec §9: whether opening the screen should sync, given the stored `ordersSyncedAt` (epoch ms,
 * or an ISO date from older clients). Missing or unreadable means never synced; a time in the
 * future (a changed clock) counts as stale too.
 *
 * @example shouldAutoSync(String(Date.now() - 6 * 60_000), Date.now()) // true
 */
export function shouldAutoSync(stored: string | null, now: number): boolean {
  if (!stored) return true;
  const at = /^\d+$/.test(stored.trim()) ? Number(stored) : Date.parse(stored);
  if (!Number.isFinite(at)) return true;
  return now - at > AUTO_SYNC_AFTER_MS || at > now;
}

/** The name an integration goes by on the screen: the marketplace, and the seller account when known. */
export function integrationLabel(integration: Pick<MarketplaceIntegrationJson, 'provider' | 'marketplaceName' | 'username'>, withAccount = false): string {
  const name = Object.hasOwn(marketplaceNames, integration.provider)
    ? marketplaceNames[integration.provider as keyof typeof marketplaceNames]
    : integration.marketplaceName || integration.provider;
  return withAccount && integration.username ? `${name} · ${integration.username}` : name;
}

/** A job the screen waits for: `announce` when its end should raise a toast. */
export interface WatchedJob {
  jobId: number;
  announce: boolean;
}

/** A watched job that is no longer under way; `job` is its final state when the integration still names it. */
export interface EndedJob {
  integration: MarketplaceIntegrationJson | null;
  job: SyncJobJson | null;
  announce: boolean;
}

/**
 * Compares the watched jobs with a fresh reading of the integrations: jobs under way are watched
 * (a scheduled one silently, unless already announced), and a watched job that is no longer the
 * integration's current job has ended; its final state is the integration's `lastJob` when the
 * ids match.
 */
export function trackJobs(
  watched: ReadonlyMap<number, WatchedJob>,
  integrations: readonly MarketplaceIntegrationJson[],
): { watched: Map<number, WatchedJob>; ended: EndedJob[] } {
  const next = new Map<number, WatchedJob>();
  const ended: EndedJob[] = [];
  const byId = new Map(integrations.map((i) => [i.id, i]));
  for (const [integrationId, entry] of watched) {
    const integration = byId.get(integrationId) ?? null;
    const current = integration?.currentJob;
    if (isJobActive(current) && current.id === entry.jobId) {
      next.set(integrationId, entry);
      continue;
    }
    // A job that never showed as current (it ended before the first reading) ends with it too.
    const job = integration?.lastJob?.id === entry.jobId ? integration.lastJob : integration?.currentJob?.id === entry.jobId ? integration.currentJob : null;
    if (job && isJobActive(job)) {
      next.set(integrationId, entry);
      continue;
    }
    ended.push({ integration, job, announce: entry.announce });
  }
  for (const integration of integrations) {
    const current = integration.currentJob;
    if (isJobActive(current) && !next.has(integration.id)) {
      next.set(integration.id, { jobId: current.id, announce: current.triggeredBy !== 'schedule' });
    }
  }
  return { watched: next, ended };
}

/** One answer of `POST /api/orders/sync/{id}`: the started job, or the failure's status and server message. */
export type SyncStartResult = { ok: true; message: string } | { ok: false; status: number | null; message: string | null };

/**
 * The toast after starting syncs (spec §8): one integration alone says 'Sincronizzazione avviata'
 * or 'Errore durante la sincronizzazione: {status}'; several in bulk count the successes
 * ('Sincronizzazioni avviate', 'k di n ...') or, when none started, 'Si è verificato un errore
 * durante l'avvio delle sincronizzazioni'.
 */
export function syncStartToast(results: readonly SyncStartResult[]): ToastInput {
  const ok = results.filter((r) => r.ok).length;
  const firstError = results.find((r): r is Extract<SyncStartResult, { ok: false }> => !r.ok);
  if (results.length === 1) {
    const [only] = results;
    // The server's message says the same as the title more often than not: then it is left out.
    if (only.ok) return { title: t.sync.started, description: only.message && only.message !== t.sync.started ? only.message : undefined };
    return {
      title: only.status !== null ? t.sync.failed(only.status) : t.sync.startFailed,
      description: only.message ?? undefined,
      variant: 'destructive',
    };
  }
  if (ok === 0) return { title: t.sync.startFailedMany, description: firstError?.message ?? undefined, variant: 'destructive' };
  return { title: t.sync.startedMany, description: t.sync.startedCount(ok, results.length) };
}

/**
 * The toast when watched jobs end: the orders imported (with the marketplace's name when one job
 * ended), or the job's Italian `errorMessage`. Null when there is nothing to say (no announced
 * job, or none whose final state is known).
 */
export function jobsEndedToast(ended: readonly EndedJob[]): ToastInput | null {
  const known = ended.filter((e): e is EndedJob & { job: SyncJobJson } => e.announce && e.job !== null);
  if (known.length === 0) return null;
  const failed = known.filter((e) => e.job.status === 'failed');
  if (failed.length > 0) {
    const text = failed
      .map((e) => {
        const message = e.job.errorMessage || t.sync.jobFailedDefault;
        return known.length > 1 && e.integration ? `${integrationLabel(e.integration, true)}: ${message}` : message;
      })
      .join(' · ');
    return { title: t.sync.jobFailed, description: text, variant: 'destructive' };
  }
  if (known.length === 1) {
    const [only] = known;
    const count = formatCount(only.job.ordersSynced);
    return {
      title: t.sync.completed,
      description: only.integration ? t.sync.importedFrom(count, integrationLabel(only.integration)) : t.sync.imported(count),
    };
  }
  const total = known.reduce((sum, e) => sum + e.job.ordersSynced, 0);
  return { title: t.sync.completedMany, description: t.sync.imported(formatCount(total)) };
}
