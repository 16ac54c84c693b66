import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MarketplaceIntegrationJson } from '@smista/contracts';
import { errorMessageFrom, errorStatusOf, toast } from '@smista/ui-kit';
import { refreshOrders, useMarketplaceIntegrations, useStartSync, type SyncTrigger } from './orders-api';
import {
  isJobActive,
  jobsEndedToast,
  ORDERS_SYNCED_AT_KEY,
  shouldAutoSync,
  syncStartToast,
  trackJobs,
  type SyncStartResult,
  type WatchedJob,
} from './sync';

/** When the lists are read again after a sync ended (besides at once). */
const LATE_REFRESHES_MS = [2000, 6000];

function readSyncedAt(): string | null {
  try {
    return window.localStorage.getItem(ORDERS_SYNCED_AT_KEY);
  } catch {
    return null;
  }
}

function storeSyncedAt(now: number): void {
  try {
    window.localStorage.setItem(ORDERS_SYNCED_AT_KEY, String(now));
  } catch {
    // Storage refused (private mode, quota): the next visit syncs again, which is harmless.
  }
}

export interface OrderSync {
  /** The merchant's marketplace integrations, read again while a job runs. */
  integrations: ReturnType<typeof useMarketplaceIntegrations>;
  /** Integrations whose sync request is on its way (their icons are off meanwhile). */
  starting: ReadonlySet<number>;
  /**
   * Starts the syncs of these integrations in parallel, then shows one toast (spec §8: one
   * integration alone, several in bulk counting the successes) and watches the started jobs.
   */
  sync: (integrationIds: readonly number[], triggeredBy?: SyncTrigger) => Promise<void>;
  /** The active integrations with no job under way: what 'Sincronizza tutto' starts. */
  syncable: MarketplaceIntegrationJson[];
}

/**
 * The sync side of the orders screen: starting syncs, watching their jobs until they end (a toast
 * with the orders imported or the job's error, and the lists read again), and spec §9's
 * auto-sync: on opening the screen, when more than 5 minutes passed since `ordersSyncedAt`, every
 * active integration syncs and the time is stored.
 */
export function useOrderSync(merchantId: string): OrderSync {
  const queryClient = useQueryClient();
  const watchedRef = useRef(new Map<number, WatchedJob>());
  const [watching, setWatching] = useState(false);
  const [starting, setStarting] = useState<ReadonlySet<number>>(new Set());
  // Bumped when jobs are added to the watch, so they are compared with the reading at hand too.
  const [watchAdded, setWatchAdded] = useState(0);
  const integrations = useMarketplaceIntegrations(merchantId, watching);
  const { refetch } = integrations;
  const { mutateAsync: startSync } = useStartSync(merchantId);
  const data = integrations.data;
  const lateRefreshes = useRef<ReturnType<typeof setTimeout>[]>([]);

  // Each new reading of the integrations: which watched jobs ended, which new ones run.
  useEffect(() => {
    if (!data) return;
    const { watched, ended } = trackJobs(watchedRef.current, data);
    watchedRef.current = watched;
    setWatching(watched.size > 0);
    if (ended.length > 0) {
      refreshOrders(queryClient, merchantId);
      // The orders service imports the job's orders from its events, a moment behind the job:
      // the list is read again while the last ones arrive.
      for (const delay of LATE_REFRESHES_MS) lateRefreshes.current.push(setTimeout(() => refreshOrders(queryClient, merchantId), delay));
      const message = jobsEndedToast(ended);
      if (message) toast(message);
    }
  }, [data, watchAdded, merchantId, queryClient]);

  useEffect(() => () => lateRefreshes.current.forEach(clearTimeout), []);

  const sync = useCallback(
    async (integrationIds: readonly number[], triggeredBy: SyncTrigger = 'user') => {
      if (integrationIds.length === 0) return;
      setStarting((prev) => new Set([...prev, ...integrationIds]));
      const settled = await Promise.allSettled(integrationIds.map((integrationId) => startSync({ integrationId, triggeredBy })));
      setStarting((prev) => new Set([...prev].filter((id) => !integrationIds.includes(id))));
      const results: SyncStartResult[] = settled.map((outcome, index) => {
        if (outcome.status === 'fulfilled') {
          const job = outcome.value?.job;
          if (job) watchedRef.current.set(integrationIds[index], { jobId: job.id, announce: true });
          return { ok: true, message: outcome.value?.message ?? '' };
        }
        return { ok: false, status: errorStatusOf(outcome.reason) ?? null, message: errorMessageFrom(outcome.reason) ?? null };
      });
      if (results.some((r) => r.ok)) {
        storeSyncedAt(Date.now());
        setWatching(true);
        setWatchAdded((n) => n + 1);
        void refetch();
      }
      toast(syncStartToast(results));
    },
    [startSync, refetch],
  );

  const syncable = (data ?? []).filter((i) => i.active && !isJobActive(i.currentJob));

  // Spec §9 auto-sync, once per visit of the screen, as soon as the integrations are known.
  const autoSynced = useRef(false);
  useEffect(() => {
    if (autoSynced.current || !data) return;
    autoSynced.current = true;
    if (syncable.length === 0 || !shouldAutoSync(readSyncedAt(), Date.now())) return;
    void sync(syncable.map((i) => i.id), 'auto');
  }, [data, syncable, sync]);

  return { integrations, starting, sync, syncable };
}
