import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PackageOpen, Plus, RefreshCw, Store, Upload } from 'lucide-react';
import type { OrderSortField } from '@smista/contracts';
import {
  Button,
  buttonVariants,
  Card,
  CardContent,
  LoadFailed,
  Loading,
  NoMerchant,
  PageHeader,
  PagerFooter,
  refusalMessageOf,
  SelectionBar,
  toggleId,
  uiText,
  useClampPage,
  useIsMobile,
  useListSelection,
  useSelectedMerchant,
  useUrlView,
} from '@smista/ui-kit';
import { t } from '../messages';
import { newOrderText } from '../new-order/messages';
import { csvImportText } from '../csv-import/messages';
import { CSV_IMPORT_PATH, MARKETPLACES_PATH, NEW_ORDER_PATH } from '../paths';
import { OrdersBulkActions } from './bulk-actions';
import { useOrders } from './orders-api';
import { OrderCards, OrdersTable } from './orders-list';
import { clearFilters, hasFilters, nextSort, ordersApiPath, PAGE_SIZES, readOrdersView, writeOrdersView } from './orders-view';
import { IntegrationTabs, StatusTabs, SyncBanners } from './tabs';
import { OrdersToolbar } from './toolbar';
import { useOrderSync } from './use-order-sync';

/** /dashboard/orders and /orders: 'Ordini' (spec §2), for the selected merchant. */
export function OrdersPage() {
  const merchant = useSelectedMerchant();
  if (!merchant) {
    return (
      <div className="grid min-w-0 gap-6" data-testid="orders-page">
        <PageHeader title={t.title} subtitle={t.subtitle} />
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      </div>
    );
  }
  // A switch of merchant starts the screen afresh (selection, watched jobs, auto-sync).
  return <OrdersScreen key={merchant.id} merchantId={merchant.id} />;
}

/**
 * The screen. Its view (integration tab, page, size, sort, search, status, marketplace, dates)
 * lives only in the URL's query; every control writes the URL and the list follows it.
 */
function OrdersScreen({ merchantId }: { merchantId: string }) {
  const [params, setParams] = useSearchParams();
  const { view, setView } = useUrlView({ params, setParams, read: readOrdersView, write: writeOrdersView });
  const isMobile = useIsMobile();
  const { integrations, starting, sync, syncable } = useOrderSync(merchantId);
  const list = integrations.data;
  // Read with or without integrations: manual and CSV orders need none (issue 25).
  const orders = useOrders(merchantId, view);

  // An integration tab that no longer exists (deleted, or another merchant's link) is 'Tutti'.
  useEffect(() => {
    if (list && view.integration !== null && !list.some((i) => i.id === view.integration)) setView({ integration: null }, { replace: true });
  }, [list, view.integration, setView]);

  // A page past the end (orders gone, a stale link) steps back to the last one.
  const meta = orders.data?.meta;
  useClampPage(view, meta && { totalPages: meta.totalPages, current: !orders.isPlaceholderData }, setView);

  // Spec §4: the selection is cleared when the page, its size or the filters change.
  const { selected, set: setSelected, toggle: toggleSelected, clear: clearSelection } = useListSelection(ordersApiPath(view));
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());

  const anyActive = (list ?? []).some((i) => i.active);
  const header = (
    <PageHeader
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <div className="flex flex-wrap gap-2 self-start">
          <Link to={CSV_IMPORT_PATH} className={buttonVariants({ variant: 'outline' })} data-testid="orders-import-csv">
            <Upload aria-hidden />
            {csvImportText.open}
          </Link>
          <Link to={NEW_ORDER_PATH} className={buttonVariants({ variant: anyActive ? 'outline' : 'default' })} data-testid="orders-new">
            <Plus aria-hidden />
            {newOrderText.newOrder}
          </Link>
          {anyActive ? (
            <Button onClick={() => void sync(syncable.map((i) => i.id))} disabled={syncable.length === 0 || starting.size > 0} data-testid="orders-sync-all">
              <RefreshCw className={starting.size > 0 ? 'animate-spin' : undefined} aria-hidden />
              {starting.size > 0 ? t.syncing : t.syncAll}
            </Button>
          ) : null}
        </div>
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
  } else if (list!.length === 0 && orders.isPending) {
    body = <Loading />;
  } else if (list!.length === 0 && !orders.isError && (orders.data?.meta.statusCounts?.all ?? 0) === 0 && !hasFilters(view)) {
    // No marketplace and no order yet: connect one, or type the first order.
    body = <NoIntegrations />;
  } else {
    const pageOrders = orders.data?.data ?? [];
    const selectedOrders = pageOrders.filter((o) => selected.has(o.id));
    const allSelected = pageOrders.length > 0 && pageOrders.every((o) => selected.has(o.id));
    const listProps = {
      merchantId,
      orders: pageOrders,
      selected,
      onToggleSelected: toggleSelected,
      expanded,
      onToggleExpanded: (id: number) => setExpanded((prev) => toggleId(prev, id)),
    };

    let content: ReactNode;
    if (orders.isPending) content = <Loading testId="orders-loading" />;
    else if (orders.isError) {
      // A refused query (a 4xx) says why in Italian; anything else is the connection.
      content = <LoadFailed title={t.errors.ordersTitle} text={refusalMessageOf(orders.error) ?? t.errors.connection} onRetry={() => void orders.refetch()} testId="orders-load-failed" />;
    } else if (pageOrders.length === 0) {
      content = <NoOrders filtered={hasFilters(view)} onClear={() => setView(clearFilters(view))} />;
    } else {
      content = (
        <>
          <SelectionBar
            count={selectedOrders.length}
            pageCount={pageOrders.length}
            onSelectAll={() => setSelected(new Set(pageOrders.map((o) => o.id)))}
            onDeselectAll={clearSelection}
            text={t.selection}
            testIdPrefix="orders"
          >
            <OrdersBulkActions merchantId={merchantId} selected={selectedOrders} onDone={clearSelection} />
          </SelectionBar>
          <div className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={orders.isFetching}>
            {isMobile ? (
              <OrderCards {...listProps} />
            ) : (
              <OrdersTable
                {...listProps}
                view={view}
                onSort={(field: OrderSortField) => setView(nextSort(view, field))}
                allSelected={allSelected}
                someSelected={!allSelected && selectedOrders.length > 0}
                onToggleAll={() => (allSelected ? clearSelection() : setSelected(new Set(pageOrders.map((o) => o.id))))}
              />
            )}
          </div>
          {meta ? (
            <PagerFooter meta={meta} view={view} setView={setView} pageSizes={PAGE_SIZES} busy={orders.isPlaceholderData} text={t.pagination} testIdPrefix="orders" />
          ) : null}
        </>
      );
    }

    body = (
      <>
        <SyncBanners integrations={list!} />
        <OrdersToolbar view={view} setView={setView} integrations={list!} onClear={() => setView(clearFilters(view))} />
        <div className="grid min-w-0 gap-2">
          {list!.length > 0 ? (
            <IntegrationTabs
            integrations={list!}
            selected={view.integration}
            onSelect={(integration) => setView({ integration })}
            starting={starting}
            onSync={(id) => void sync([id])}
            />
          ) : null}
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
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={MARKETPLACES_PATH} className={buttonVariants()} data-testid="orders-configure-integrations">
            {t.empty.configure}
          </Link>
          <Link to={NEW_ORDER_PATH} className={buttonVariants({ variant: 'outline' })} data-testid="orders-empty-new">
            <Plus aria-hidden />
            {newOrderText.newOrder}
          </Link>
          <Link to={CSV_IMPORT_PATH} className={buttonVariants({ variant: 'outline' })} data-testid="orders-empty-import">
            <Upload aria-hidden />
            {csvImportText.open}
          </Link>
        </div>
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
          {uiText.clearFilters}
        </Button>
      ) : null}
    </div>
  );
}
