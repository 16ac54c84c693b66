import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PackageOpen, RefreshCw, Store } from 'lucide-react';
import type { OrderSortField } from '@smista/contracts';
import { Button, buttonVariants, Card, CardContent, errorMessageFrom, errorStatusOf, LoadFailed, Loading, NoMerchant, useIsMobile, useSelectedMerchant } from '@smista/ui-kit';
import { t } from '../messages';
import { MARKETPLACES_PATH } from '../paths';
import { OrdersBulkActions } from './bulk-actions';
import { useOrders } from './orders-api';
import { OrderCards, OrdersTable, PaginationBar, SelectionBar } from './orders-list';
import { changeView, clearFilters, hasFilters, nextSort, ordersApiPath, panelFilterCount, readOrdersView, writeOrdersView } from './orders-view';
import { IntegrationTabs, StatusTabs, SyncBanners } from './tabs';
import { FilterPanel, OrdersToolbar, type SetView } from './toolbar';
import { useOrderSync } from './use-order-sync';

/** /dashboard/orders and /orders: 'Ordini' (spec §2), for the selected merchant. */
export function OrdersPage() {
  const merchant = useSelectedMerchant();
  if (!merchant) {
    return (
      <div className="grid min-w-0 gap-6" data-testid="orders-page">
        <PageHeader />
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      </div>
    );
  }
  // A switch of merchant starts the screen afresh (selection, watched jobs, auto-sync).
  return <OrdersScreen key={merchant.id} merchantId={merchant.id} />;
}

function PageHeader({ action }: { action?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold">{t.title}</h1>
        <p className="text-sm text-muted-foreground">{t.subtitle}</p>
      </div>
      {action}
    </div>
  );
}

/**
 * The screen. Its view (integration tab, page, size, sort, search, status, marketplace, dates)
 * lives only in the URL's query; every control writes the URL and the list follows it.
 */
function OrdersScreen({ merchantId }: { merchantId: string }) {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readOrdersView(params), [params]);
  const isMobile = useIsMobile();
  const { integrations, starting, sync, syncable } = useOrderSync(merchantId);
  const list = integrations.data;
  const orders = useOrders(merchantId, view, (list?.length ?? 0) > 0);
  const [panelOpen, setPanelOpen] = useState(() => panelFilterCount(view) > 0);

  const setView: SetView = useCallback(
    (patch, options) => setParams(writeOrdersView(changeView(view, patch)), { replace: options?.replace }),
    [view, setParams],
  );

  // The address shows the view as read: bad values fall back to their defaults and defaults are left out.
  useEffect(() => {
    const canonical = writeOrdersView(view);
    if (canonical.toString() !== params.toString()) setParams(canonical, { replace: true });
  }, [view, params, setParams]);

  // An integration tab that no longer exists (deleted, or another merchant's link) is 'Tutti'.
  useEffect(() => {
    if (list && view.integration !== null && !list.some((i) => i.id === view.integration)) setView({ integration: null }, { replace: true });
  }, [list, view.integration, setView]);

  // A page past the end (orders gone, a stale link) steps back to the last one.
  const meta = orders.data?.meta;
  useEffect(() => {
    if (meta && !orders.isPlaceholderData && meta.totalPages > 0 && view.page > meta.totalPages) setView({ page: meta.totalPages }, { replace: true });
  }, [meta, orders.isPlaceholderData, view.page, setView]);

  // Spec §4: the selection is cleared when the page, its size or the filters change.
  const apiPath = ordersApiPath(view);
  const [selection, setSelection] = useState<{ path: string; ids: ReadonlySet<number> }>({ path: apiPath, ids: new Set() });
  const selected = selection.path === apiPath ? selection.ids : new Set<number>();
  const setSelected = (ids: ReadonlySet<number>) => setSelection({ path: apiPath, ids });
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const anyActive = (list ?? []).some((i) => i.active);
  const header = (
    <PageHeader
      action={
        anyActive ? (
          <Button
            onClick={() => void sync(syncable.map((i) => i.id))}
            disabled={syncable.length === 0 || starting.size > 0}
            className="self-start"
            data-testid="orders-sync-all"
          >
            <RefreshCw className={starting.size > 0 ? 'animate-spin' : undefined} aria-hidden />
            {starting.size > 0 ? t.syncing : t.syncAll}
          </Button>
        ) : null
      }
    />
  );

  let body: ReactNode;
  if (integrations.isPending) body = <Loading />;
  else if (integrations.isError) {
    body = (
      <Card>
        <LoadFailed title={t.errors.integrationsTitle} text={t.errors.connection} onRetry={() => void integrations.refetch()} testId="orders-integrations-failed" />
      </Card>
    );
  } else if (list!.length === 0) {
    body = <NoIntegrations />;
  } else {
    const pageOrders = orders.data?.data ?? [];
    const toggle = (set: ReadonlySet<number>, id: number) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    };
    const allSelected = pageOrders.length > 0 && pageOrders.every((o) => selected.has(o.id));
    const listProps = {
      merchantId,
      orders: pageOrders,
      selected,
      onToggleSelected: (id: number) => setSelected(toggle(selected, id)),
      expanded,
      onToggleExpanded: (id: number) => setExpanded((prev) => toggle(prev, id)),
    };

    let content: ReactNode;
    if (orders.isPending) content = <Loading testId="orders-loading" />;
    else if (orders.isError) {
      // A refused query (a 4xx) says why in Italian; anything else is the connection.
      const status = errorStatusOf(orders.error);
      const reason = status !== undefined && status >= 400 && status < 500 ? errorMessageFrom(orders.error) : undefined;
      content = <LoadFailed title={t.errors.ordersTitle} text={reason ?? t.errors.connection} onRetry={() => void orders.refetch()} testId="orders-load-failed" />;
    } else if (pageOrders.length === 0) {
      content = <NoOrders filtered={hasFilters(view)} onClear={() => setView(clearFilters(view))} />;
    } else {
      content = (
        <>
          <SelectionBar
            count={pageOrders.filter((o) => selected.has(o.id)).length}
            pageCount={pageOrders.length}
            onSelectAll={() => setSelected(new Set(pageOrders.map((o) => o.id)))}
            onDeselectAll={() => setSelected(new Set())}
            actions={<OrdersBulkActions merchantId={merchantId} selected={pageOrders.filter((o) => selected.has(o.id))} onDone={() => setSelected(new Set())} />}
          />
          <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={orders.isFetching}>
            {isMobile ? (
              <OrderCards {...listProps} />
            ) : (
              <OrdersTable
                {...listProps}
                view={view}
                onSort={(field: OrderSortField) => setView(nextSort(view, field))}
                allSelected={allSelected}
                someSelected={!allSelected && pageOrders.some((o) => selected.has(o.id))}
                onToggleAll={() => setSelected(allSelected ? new Set() : new Set(pageOrders.map((o) => o.id)))}
              />
            )}
          </div>
          {meta ? (
            <PaginationBar
              meta={meta}
              view={view}
              busy={orders.isPlaceholderData}
              onPage={(page) => setView({ page })}
              onPageSize={(pageSize) => setView({ pageSize })}
            />
          ) : null}
        </>
      );
    }

    body = (
      <>
        <SyncBanners integrations={list!} />
        <OrdersToolbar view={view} setView={setView} panelOpen={panelOpen} onTogglePanel={() => setPanelOpen((open) => !open)} onClear={() => setView(clearFilters(view))} />
        {panelOpen ? <FilterPanel view={view} setView={setView} integrations={list!} /> : null}
        <div className="grid min-w-0 gap-2">
          <IntegrationTabs
            integrations={list!}
            selected={view.integration}
            onSelect={(integration) => setView({ integration })}
            starting={starting}
            onSync={(id) => void sync([id])}
          />
          <StatusTabs view={view} counts={orders.data?.meta.statusCounts} onSelect={(status) => setView({ status })} />
        </div>
        <Card className="min-w-0">
          {/* One column no wider than the card: a table wider than the screen scrolls inside its own box. */}
          <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3 p-3 sm:p-4" data-testid="orders-list">
            {content}
          </CardContent>
        </Card>
      </>
    );
  }

  return (
    <div className="grid min-w-0 gap-4" data-testid="orders-page">
      {header}
      {body}
    </div>
  );
}

/** Spec §2: 'Non hai ancora integrato nessun marketplace.' with 'Configura le integrazioni'. */
function NoIntegrations() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center" data-testid="orders-no-integrations">
        <Store className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="font-medium">{t.empty.noIntegrations}</p>
        <p className="text-sm text-muted-foreground">{t.empty.noIntegrationsHint}</p>
        <Link to={MARKETPLACES_PATH} className={buttonVariants()} data-testid="orders-configure-integrations">
          {t.empty.configure}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Spec §2: 'Nessun ordine', with a hint to change the filters or to sync. */
function NoOrders({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="orders-empty">
      <PackageOpen className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t.empty.noOrders}</p>
      <p className="max-w-md text-sm text-muted-foreground">{filtered ? t.empty.noOrdersFiltered : t.empty.noOrdersYet}</p>
      {filtered ? (
        <Button variant="outline" size="sm" onClick={onClear}>
          {t.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}
