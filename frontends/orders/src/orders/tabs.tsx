import { Loader2, RefreshCw } from 'lucide-react';
import type { MarketplaceIntegrationJson, OrderStatusCountsJson, OrderStatusFilter } from '@smista/contracts';
import { cn, StatusTabs as KitStatusTabs, tabButtonClass } from '@smista/ui-kit';
import { t } from '../messages';
import { STATUS_TABS, type OrdersView } from './orders-view';
import { integrationLabel, isJobActive, isSyncDisabled, paceText, progressPercent, progressText } from './sync';

/**
 * The integration tabs (spec §2): 'Tutti' and one per integration, named by its marketplace (and
 * the seller account when two share one), each with its sync icon, off when the integration is
 * inactive or a sync is pending; a running sync shows a thin progress bar under its tab.
 */
export function IntegrationTabs({
  integrations,
  selected,
  onSelect,
  starting,
  onSync,
}: {
  integrations: MarketplaceIntegrationJson[];
  selected: number | null;
  onSelect: (integration: number | null) => void;
  starting: ReadonlySet<number>;
  onSync: (integrationId: number) => void;
}) {
  const several = (provider: string) => integrations.filter((i) => i.provider === provider).length > 1;
  return (
    <div className="-mx-1 overflow-x-auto px-1 pb-1">
      <div role="tablist" aria-label={t.integrationTabs} className="inline-flex min-w-max items-stretch gap-1 rounded-lg bg-muted p-1" data-testid="orders-integration-tabs">
        <button type="button" role="tab" aria-selected={selected === null} className={tabButtonClass(selected === null)} onClick={() => onSelect(null)} data-testid="integration-tab" data-integration="all">
          {t.all}
        </button>
        {integrations.map((integration) => {
          const label = integrationLabel(integration, several(integration.provider));
          const job = isJobActive(integration.currentJob) ? integration.currentJob : null;
          const percent = job ? progressPercent(job) : null;
          const isSelected = selected === integration.id;
          return (
            <div
              key={integration.id}
              className={cn('relative flex items-center rounded-md', isSelected ? 'bg-background shadow' : undefined, !integration.active && 'opacity-70')}
              data-testid="integration-tab-group"
              data-integration={integration.id}
            >
              <button
                type="button"
                role="tab"
                aria-selected={isSelected}
                className={cn(tabButtonClass(false), isSelected && 'text-foreground', 'pr-1')}
                onClick={() => onSelect(integration.id)}
                title={integration.active ? undefined : t.integrationInactive}
                data-testid="integration-tab"
                data-integration={integration.id}
              >
                {label}
              </button>
              <button
                type="button"
                className="mr-1 inline-flex h-7 w-7 cursor-pointer items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-50"
                onClick={() => onSync(integration.id)}
                disabled={isSyncDisabled(integration, starting.has(integration.id))}
                aria-label={t.syncIntegration(label)}
                title={integration.active ? t.syncIntegration(label) : t.integrationInactive}
                data-testid="integration-sync"
                data-integration={integration.id}
              >
                {job || starting.has(integration.id) ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <RefreshCw className="h-4 w-4" aria-hidden />}
              </button>
              {job ? (
                <span
                  className="absolute inset-x-2 bottom-0.5 h-0.5 overflow-hidden rounded-full bg-primary/20"
                  role="progressbar"
                  aria-label={t.sync.progressOf(label)}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent ?? undefined}
                  data-testid="integration-tab-progress"
                >
                  <span className={cn('block h-full rounded-full bg-primary transition-[width]', percent === null && 'w-1/3 animate-pulse')} style={percent === null ? undefined : { width: `${percent}%` }} />
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The status tabs (spec §2: Tutti, Da spedire, Spedito, Consegnato; with Da pagare, In transito and
 * Annullato, issue 19) with the counts of `meta.statusCounts` (the same filters, every status).
 */
export function StatusTabs({ view, counts, onSelect }: { view: OrdersView; counts: OrderStatusCountsJson | undefined; onSelect: (status: OrderStatusFilter | null) => void }) {
  return (
    <KitStatusTabs
      tabs={STATUS_TABS.map((key) => ({ key, label: t.statusTabLabels[key], count: counts?.[key] }))}
      selected={view.status ?? 'all'}
      onSelect={(key) => onSelect(key === 'all' ? null : key)}
      label={t.statusTabs}
      testId="orders-status-tabs"
    />
  );
}

/** 'Sincronizzazione in corso: 120/1000 ordini' for every integration whose job is under way. */
export function SyncBanners({ integrations }: { integrations: MarketplaceIntegrationJson[] }) {
  const running = integrations.filter((i) => isJobActive(i.currentJob));
  if (running.length === 0) return null;
  const several = running.length > 1;
  return (
    <div className="grid gap-2" data-testid="orders-sync-banners">
      {running.map((integration) => {
        const job = integration.currentJob!;
        const percent = progressPercent(job);
        const pace = paceText(integration.provider, job);
        const label = integrationLabel(integration, true);
        return (
          <div
            key={integration.id}
            className="grid gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900"
            role="status"
            data-testid="orders-sync-banner"
            data-integration={integration.id}
          >
            <div className="flex items-center gap-2">
              <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden />
              <span className="min-w-0 flex-1" data-testid="orders-sync-progress">
                {progressText(job)}
              </span>
              {several || integration.username ? <span className="hidden shrink-0 text-xs text-blue-800 sm:inline">{label}</span> : null}
            </div>
            {pace ? (
              <span className="text-xs text-blue-800" data-testid="orders-sync-pace">
                {pace}
              </span>
            ) : null}
            <div
              className="h-1.5 overflow-hidden rounded-full bg-blue-100"
              role="progressbar"
              aria-label={t.sync.progressOf(label)}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
            >
              <div className={cn('h-full rounded-full bg-blue-600 transition-[width]', percent === null && 'w-1/4 animate-pulse')} style={percent === null ? undefined : { width: `${percent}%` }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
