import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, PackageOpen, Play, Plus } from 'lucide-react';
import { readShipmentDetailsParam, shipmentMessages, type ShipmentJson } from '@smista/contracts';
import {
  Button,
  buttonVariants,
  Card,
  CardContent,
  cn,
  ConfirmDialog,
  errorStatusOf,
  LoadFailed,
  Loading,
  NoMerchant,
  PageHeader,
  PagerFooter,
  refusalMessageOf,
  toast,
  uiText,
  useClampPage,
  useIsMobile,
  useListSelection,
  useSelectedMerchant,
  useUrlView,
} from '@smista/ui-kit';
import { t } from '../messages';
import { ORDERS_PATH, NEW_ORDER_PATH } from '../paths';
import { AddressDialog } from './address-dialog';
import { BulkBar } from './bulk-bar';
import { CancelDialog } from './cancel-dialog';
import { CarrierDialog } from './carrier-dialog';
import { DetailsDrawer } from './details-drawer';
import { anyRunning, progressPercent, progressText, runProgress } from './progress';
import { closeWorkdayToast, errorToast, processFailureToast, processToast, type ProcessScope } from './results';
import type { DialogKind } from './row-menu';
import { orderLabel, workdayShipmentIds } from './shipment-rules';
import {
  readProcessRunsNow,
  refreshShipments,
  useCancelShipment,
  useCarrierIntegrations,
  useCloseWorkdayMany,
  useCloseWorkdayOne,
  useProcessAll,
  useProcessRuns,
  useProcessSelected,
  useShipmentDetails,
  useShipments,
} from './shipments-api';
import { ShipmentCards, ShipmentsTable } from './shipments-list';
import { clearFilters, hasFilters, PAGE_SIZES, readShipmentsView, shipmentsApiPath, writeShipmentsView } from './shipments-view';
import { ShipmentsToolbar, StatusTabs } from './toolbar';
import { useShipmentActions } from './use-shipment-actions';

const T = t.toasts;

/** /dashboard/shipments and /shipments: 'Spedizioni' (spec §2), for the selected merchant. */
export function ShipmentsPage() {
  const merchant = useSelectedMerchant();
  if (!merchant) {
    return (
      <div className="grid min-w-0 gap-6" data-testid="shipments-page">
        <PageHeader title={t.title} subtitle={t.subtitle} />
        <NoMerchant title={t.noMerchantTitle} text={t.noMerchant} />
      </div>
    );
  }
  // A switch of merchant starts the screen afresh (selection, dialogs).
  return <ShipmentsScreen key={merchant.id} merchantId={merchant.id} />;
}

/** An open dialog and the shipment (or, for 'Trasmetti GLS', the shipments) it is about. */
type OpenDialog = { kind: DialogKind; shipment: ShipmentJson } | { kind: 'close-many'; ids: number[] } | null;

/**
 * The screen. Its view (page, size, tab, carrier, search) lives only in the URL's query; every
 * control writes the URL and the list follows it.
 */
function ShipmentsScreen({ merchantId }: { merchantId: string }) {
  const [params, setParams] = useSearchParams();
  const { view, setView } = useUrlView({ params, setParams, read: readShipmentsView, write: writeShipmentsView });
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const shipments = useShipments(merchantId, view);
  const carriers = useCarrierIntegrations(merchantId);
  const actions = useShipmentActions(merchantId);
  const processAll = useProcessAll(merchantId);
  const processSelected = useProcessSelected(merchantId);
  const cancel = useCancelShipment(merchantId);
  const closeOne = useCloseWorkdayOne(merchantId);
  const closeMany = useCloseWorkdayMany(merchantId);
  const processing = processAll.isPending || processSelected.isPending;
  const runs = useProcessRuns(merchantId, processing);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  useLinkedShipment(merchantId, params, (shipment) => setDialog({ kind: 'details', shipment }));

  // A page past the end (shipments gone, a stale link) steps back to the last one.
  const meta = shipments.data?.meta;
  useClampPage(view, meta && { totalPages: meta.totalPages, current: !shipments.isPlaceholderData }, setView);

  // Spec §4: the selection is cleared on a page change (and with any other change of the list shown).
  const { selected, set: setSelected, toggle: toggleSelected, clear: clearSelection } = useListSelection(shipmentsApiPath(view));

  const pageShipments = shipments.data?.data ?? [];
  const selectedShipments = pageShipments.filter((s) => selected.has(s.id));
  const open = (kind: DialogKind, shipment: ShipmentJson) => setDialog({ kind, shipment });
  const close = () => setDialog(null);
  const dialogShipment = (kind: DialogKind) => (dialog && dialog.kind === kind && 'shipment' in dialog ? dialog.shipment : null);

  /** A failed processing request: the runs read again first, since a run may go on without its answer. */
  const processFailed = (scope: ProcessScope) => async (error: unknown) => {
    toast(processFailureToast(error, scope, await readProcessRunsNow(queryClient, merchantId)));
  };

  const runProcessAll = () =>
    processAll.mutate(undefined, {
      onSuccess: (result) => toast(processToast(result, 'all')),
      onError: processFailed('all'),
    });

  const runProcessSelected = () => {
    if (selectedShipments.length === 0) {
      toast({ title: shipmentMessages.noShipmentsSelected, variant: 'destructive' });
      return;
    }
    processSelected.mutate(
      selectedShipments.map((s) => s.id),
      {
        onSuccess: (result) => {
          toast(processToast(result, 'selected'));
          clearSelection();
        },
        onError: processFailed('selected'),
      },
    );
  };

  const askTransmitGls = () => {
    const ids = workdayShipmentIds(selectedShipments);
    if (ids.length === 0) toast({ title: shipmentMessages.noGlsShippedSelected, variant: 'destructive' });
    else setDialog({ kind: 'close-many', ids });
  };

  const confirmClose = () => {
    if (!dialog) return;
    const done = {
      onSuccess: (result: Parameters<typeof closeWorkdayToast>[0]) => {
        toast(closeWorkdayToast(result));
        if (dialog.kind === 'close-many' && result.processed > 0) clearSelection();
        close();
      },
      onError: (error: unknown) => {
        toast(errorToast(T.closeError, error));
        close();
      },
    };
    if (dialog.kind === 'close-many') closeMany.mutate(dialog.ids, done);
    else if (dialog.kind === 'close') closeOne.mutate(dialog.shipment.id, done);
  };

  const confirmCancel = (shipment: ShipmentJson, smistaOnly: boolean) => {
    cancel.mutate({ id: shipment.id, smistaOnly }, {
      onSuccess: (answer) => {
        toast({ title: T.cancelled, description: answer?.message || undefined });
        close();
      },
      onError: (error) => {
        toast(errorToast(T.cancelError, error));
        close();
      },
    });
  };

  const progress = runProgress(runs.data);
  const running = anyRunning(runs.data);
  const showProgress = processing || running;

  // A run that ends while this screen watches it (started in another tab, resumed after a
  // restart, or outliving its request) changed the list: read it again.
  const wasRunning = useRef(running);
  useEffect(() => {
    if (wasRunning.current && !running) refreshShipments(queryClient, merchantId);
    wasRunning.current = running;
  }, [running, queryClient, merchantId]);

  const header = (
    <PageHeader
      title={t.title}
      subtitle={t.subtitle}
      actions={
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          <Button onClick={runProcessAll} disabled={processing} title={t.processAllHint} data-testid="shipments-process-all">
            {processAll.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            {processAll.isPending ? t.processingAll : t.processAll}
          </Button>
          <Link to={NEW_ORDER_PATH} className={buttonVariants({ variant: 'outline' })} title={t.newShipmentHint} aria-describedby="shipments-new-hint" data-testid="shipments-new">
            <Plus aria-hidden />
            {t.newShipment}
          </Link>
          <span id="shipments-new-hint" className="sr-only">
            {t.newShipmentHint}
          </span>
        </div>
      }
    />
  );

  let content: ReactNode;
  if (shipments.isPending) content = <Loading testId="shipments-loading" />;
  else if (shipments.isError) {
    // A refused query (a 4xx) says why in Italian; anything else is the connection.
    content = <LoadFailed title={t.errors.listTitle} text={refusalMessageOf(shipments.error) ?? t.errors.connection} onRetry={() => void shipments.refetch()} testId="shipments-load-failed" />;
  } else if (pageShipments.length === 0) {
    content = <NoShipments filtered={hasFilters(view)} errorsTab={view.status === 'error'} anyAtAll={(meta?.statusCounts?.all ?? 0) > 0} onClear={() => setView(clearFilters(view))} />;
  } else {
    const allSelected = pageShipments.every((s) => selected.has(s.id));
    const listProps = {
      shipments: pageShipments,
      carriers: carriers.data,
      selected,
      onToggleSelected: toggleSelected,
      actions,
      onOpen: open,
    };
    content = (
      <>
        <BulkBar
          selected={selectedShipments}
          pageCount={pageShipments.length}
          processing={processing}
          closing={closeMany.isPending}
          onSelectAll={() => setSelected(new Set(pageShipments.map((s) => s.id)))}
          onDeselectAll={clearSelection}
          onProcessSelected={runProcessSelected}
          onPrintLabels={() => actions.printLabels(selectedShipments)}
          onPrintSlips={(kind) => actions.printSlips(kind, selectedShipments)}
          onTransmitGls={askTransmitGls}
        />
        <div className={cn('min-w-0', shipments.isPlaceholderData && 'opacity-60 transition-opacity')} aria-busy={shipments.isFetching}>
          {isMobile ? (
            <ShipmentCards {...listProps} />
          ) : (
            <ShipmentsTable
              {...listProps}
              allSelected={allSelected}
              someSelected={!allSelected && selectedShipments.length > 0}
              onToggleAll={() => (allSelected ? clearSelection() : setSelected(new Set(pageShipments.map((s) => s.id))))}
            />
          )}
        </div>
        {meta ? (
          <PagerFooter meta={meta} view={view} setView={setView} pageSizes={PAGE_SIZES} busy={shipments.isPlaceholderData} text={t.pagination} testIdPrefix="shipments" />
        ) : null}
      </>
    );
  }

  const closing = closeOne.isPending || closeMany.isPending;
  const closeCount = dialog?.kind === 'close-many' ? dialog.ids.length : 1;

  return (
    <div className="grid min-w-0 gap-4" data-testid="shipments-page">
      {header}
      {showProgress ? <ProcessProgress text={progressText(progress)} percent={progressPercent(progress)} /> : null}
      <ShipmentsToolbar view={view} setView={setView} carriers={carriers.data ?? []} onClear={() => setView(clearFilters(view))} />
      <StatusTabs view={view} counts={meta?.statusCounts} onSelect={(status) => setView({ status })} />
      <Card className="min-w-0">
        {/* One column no wider than the card: the table scrolls inside its own box, never the page. */}
        <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-3 p-3 sm:p-4" data-testid="shipments-list">
          {content}
        </CardContent>
      </Card>

      <DetailsDrawer merchantId={merchantId} shipment={dialogShipment('details')} onClose={close} />
      <AddressDialog merchantId={merchantId} shipment={dialogShipment('address')} onClose={close} />
      <CarrierDialog merchantId={merchantId} shipment={dialogShipment('carrier')} onClose={close} />
      <CancelDialog shipment={dialogShipment('cancel')} pending={cancel.isPending} onConfirm={confirmCancel} onClose={close} />
      <ConfirmDialog
        open={dialog?.kind === 'close' || dialog?.kind === 'close-many'}
        onOpenChange={(o) => (o ? undefined : close())}
        title={t.closeDialog.title}
        description={t.closeDialog.text(closeCount)}
        confirmLabel={t.closeDialog.confirm}
        pendingLabel={t.closeDialog.pending}
        cancelLabel={t.cancel}
        pending={closing}
        onConfirm={confirmClose}
      />
    </div>
  );
}

/**
 * A link to one shipment (`?shipment={id}`, the header search's result): its details open over the
 * list, wherever it is in the list. The list's own address leaves the parameter out (useUrlView
 * puts the address right), so the id is kept here until the shipment has loaded; one this merchant
 * does not have says so in a toast.
 */
function useLinkedShipment(merchantId: string, params: URLSearchParams, open: (shipment: ShipmentJson) => void) {
  const asked = readShipmentDetailsParam(params);
  const [linkedId, setLinkedId] = useState<number | null>(null);
  useEffect(() => {
    if (asked !== null) setLinkedId(asked);
  }, [asked]);
  const linked = useShipmentDetails(merchantId, linkedId);
  const openRef = useRef(open);
  openRef.current = open;
  useEffect(() => {
    if (linkedId === null) return;
    if (linked.data && linked.data.id === linkedId) {
      openRef.current(linked.data);
      setLinkedId(null);
    } else if (linked.isError) {
      const notFound = errorStatusOf(linked.error) === 404;
      toast({ title: notFound ? t.details.notFound : t.details.loadFailed, description: notFound ? undefined : t.errors.connection, variant: 'destructive' });
      setLinkedId(null);
    }
  }, [linkedId, linked.data, linked.isError, linked.error]);
}

/** Bulk processing under way: 'Elaborazione 120 di 1000...' and a bar. */
function ProcessProgress({ text, percent }: { text: string; percent: number | null }) {
  return (
    <div className="grid gap-2 rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-sm text-blue-900" role="status" data-testid="shipments-progress">
      <div className="flex items-center gap-2">
        <Loader2 className="h-4 w-4 shrink-0 animate-spin" aria-hidden />
        <span className="min-w-0 flex-1" data-testid="shipments-progress-text">
          {text}
        </span>
        {percent !== null ? <span className="shrink-0 tabular-nums text-blue-800">{percent}%</span> : null}
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-blue-100" role="progressbar" aria-label={t.progress.label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent ?? undefined}>
        <div className={cn('h-full rounded-full bg-blue-600 transition-[width]', percent === null && 'w-1/4 animate-pulse')} style={percent === null ? undefined : { width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Spec §2 empty state: 'Nessuna spedizione' with 'Crea Prima Spedizione' (to the orders, where
 * shipments are created) when the merchant has none at all; with filters, a hint and 'Rimuovi
 * filtri'; on the Errori tab, that there is no problem.
 */
function NoShipments({ filtered, errorsTab, anyAtAll, onClear }: { filtered: boolean; errorsTab: boolean; anyAtAll: boolean; onClear: () => void }) {
  const hint = filtered ? t.empty.filtered : errorsTab ? t.empty.errorsTab : t.empty.hint;
  return (
    <div className="flex flex-col items-center gap-3 py-10 text-center" data-testid="shipments-empty">
      <PackageOpen className="h-10 w-10 text-muted-foreground" aria-hidden />
      <p className="font-medium">{t.empty.title}</p>
      <p className="max-w-md text-sm text-muted-foreground">{hint}</p>
      {filtered ? (
        <Button variant="outline" size="sm" onClick={onClear} data-testid="shipments-empty-clear">
          {uiText.clearFilters}
        </Button>
      ) : !anyAtAll ? (
        <Link to={ORDERS_PATH} className={buttonVariants()} data-testid="shipments-create-first">
          <Plus aria-hidden />
          {t.empty.firstShipment}
        </Link>
      ) : null}
    </div>
  );
}
