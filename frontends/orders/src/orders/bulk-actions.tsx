import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ClipboardList, FileDown, PackageOpen, PackagePlus, Printer, RefreshCw } from 'lucide-react';
import { slipActionTexts, type OrderJson } from '@smista/contracts';
import { bulkLabelsPath, Button, errorMessageFrom, openInNewTab, printSlips, toast, type SlipPrint } from '@smista/ui-kit';
import { t } from '../messages';
import { createdToast, labelShipmentIds, settleInPool, trackingOrderIds, trackingToast, unpaidOrders } from './bulk';
import { serverMessage } from './order-actions';
import { refreshOrdersAndShipments, useCreateShipments, useUpdateTracking } from './orders-api';
import { UnpaidDialog } from './unpaid-dialog';

/** Orders whose tracking is sent at once by 'Aggiorna tracking' (each asks the marketplace). */
export const TRACKING_CONCURRENCY = 4;

/**
 * The bulk actions of spec §2 on the selected orders of the page, with their §8 texts:
 * - 'Crea spedizioni': `POST /api/shipments/bulk-create {orderIds}` → 'Spedizioni create' and the
 *   server's summary, or 'Errore nella creazione delle spedizioni'; with orders not paid among them
 *   it asks first (`UnpaidDialog`: the paid ones only, all with `confirmUnpaid`, or nothing);
 * - 'Stampa etichette': the labels of their shipments merged in a new tab, or 'Errore stampa:
 *   Nessuna spedizione con etichette trovata per gli ordini selezionati', or the popup-blocked text;
 * - 'Aggiorna tracking': `POST /api/orders/{id}/update-tracking` for each eBay order whose shipment
 *   has a tracking number (offered only when one has); 'Aggiornamento parziale (ok/total)' when
 *   some failed;
 * - 'Lista di prelievo', 'Distinte di imballaggio', 'Stampa etichette e distinte di imballaggio'
 *   (issue 25): the PDF of the selected orders in a new tab (the kit's `printSlips`).
 * `onDone` clears the selection after an action that fully succeeded (spec §4).
 */
export function OrdersBulkActions({ merchantId, selected, onDone }: { merchantId: string; selected: readonly OrderJson[]; onDone: () => void }) {
  const queryClient = useQueryClient();
  const create = useCreateShipments(merchantId);
  const tracking = useUpdateTracking();
  const [updating, setUpdating] = useState(false);
  const none = selected.length === 0;

  const [asking, setAsking] = useState(false);
  const unpaid = unpaidOrders(selected);
  const trackable = trackingOrderIds(selected);

  /** Creates the shipments of `orders`; `confirmUnpaid` when the merchant confirmed those not paid. */
  const send = (orders: readonly OrderJson[], confirmUnpaid: boolean) => {
    create.mutate(
      { orderIds: orders.map((o) => o.id), confirmUnpaid },
      {
        onSuccess: (answer) => {
          setAsking(false);
          toast(createdToast(answer));
          onDone();
        },
        onError: (error) => {
          setAsking(false);
          toast({ title: t.bulk.createFailed, description: errorMessageFrom(error), variant: 'destructive' });
        },
      },
    );
  };

  // Orders not paid are shipped only once the merchant confirmed it (issue 19).
  const createShipments = () => {
    if (none) return;
    if (unpaid.length > 0) setAsking(true);
    else send(selected, false);
  };

  const printLabels = () => {
    if (none) return;
    const ids = labelShipmentIds(selected);
    if (ids.length === 0) {
      toast({ title: t.bulk.printNoLabels, variant: 'destructive' });
      return;
    }
    if (!openInNewTab(bulkLabelsPath(ids))) {
      toast({ title: t.bulk.popupBlocked, variant: 'destructive' });
      return;
    }
    const orders = selected.filter((o) => o.shipments?.some((s) => ids.includes(s.id))).length;
    toast({ title: t.bulk.labelsOpened, description: t.bulk.labelsCount(ids.length, orders) });
    onDone();
  };

  const printSlipsOf = (kind: SlipPrint) => {
    if (none) return;
    void printSlips(kind, { orderIds: selected.map((o) => o.id) }).then((shown) => {
      if (!shown) return;
      if (kind === 'labelsAndSlips') refreshOrdersAndShipments(queryClient, merchantId);
      // The pick list comes first (pick, then pack): the same orders stay chosen for their slips and labels.
      if (kind !== 'pickList') onDone();
    });
  };

  const updateTracking = async () => {
    if (none || updating) return;
    const ids = trackable;
    if (ids.length === 0) {
      toast({ title: t.bulk.noTracking });
      return;
    }
    setUpdating(true);
    try {
      const results = await settleInPool(ids, TRACKING_CONCURRENCY, (id) => tracking.mutateAsync(id));
      let ok = 0;
      let firstError: string | undefined;
      for (const result of results) {
        if (result.status === 'fulfilled' && result.value?.success !== false) ok++;
        else if (result.status === 'fulfilled') firstError ??= result.value.message;
        else firstError ??= serverMessage(result.reason);
      }
      toast(trackingToast(ok, ids.length, firstError));
      if (ok === ids.length) onDone();
    } finally {
      setUpdating(false);
      refreshOrdersAndShipments(queryClient, merchantId);
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-1" role="group" aria-label={t.bulk.actions} data-testid="orders-bulk-actions">
      <Button variant="outline" size="sm" onClick={createShipments} disabled={none || create.isPending} data-testid="orders-bulk-create-shipments">
        <PackagePlus className={create.isPending ? 'animate-pulse' : undefined} aria-hidden />
        {create.isPending ? t.bulk.creating : t.bulk.createShipments}
      </Button>
      <Button variant="outline" size="sm" onClick={printLabels} disabled={none} data-testid="orders-bulk-print-labels">
        <FileDown aria-hidden />
        {t.bulk.printLabels}
      </Button>
      <Button variant="outline" size="sm" onClick={() => printSlipsOf('pickList')} disabled={none} data-testid="orders-bulk-pick-list">
        <ClipboardList aria-hidden />
        {slipActionTexts.pickList}
      </Button>
      <Button variant="outline" size="sm" onClick={() => printSlipsOf('packingSlips')} disabled={none} data-testid="orders-bulk-packing-slips">
        <PackageOpen aria-hidden />
        {slipActionTexts.packingSlips}
      </Button>
      <Button variant="outline" size="sm" onClick={() => printSlipsOf('labelsAndSlips')} disabled={none} data-testid="orders-bulk-labels-and-slips">
        <Printer aria-hidden />
        {slipActionTexts.labelsAndSlips}
      </Button>
      {/* Offered only for orders with a shipment that has tracking (the row action's rule). */}
      <Button
        variant="outline"
        size="sm"
        onClick={() => void updateTracking()}
        disabled={trackable.length === 0 || updating}
        title={!none && trackable.length === 0 ? t.bulk.noTrackingInSelection : undefined}
        data-testid="orders-bulk-update-tracking"
      >
        <RefreshCw className={updating ? 'animate-spin' : undefined} aria-hidden />
        {updating ? t.bulk.updatingTracking : t.bulk.updateTracking}
      </Button>
      <UnpaidDialog
        open={asking}
        unpaid={unpaid}
        total={selected.length}
        pending={create.isPending}
        onCancel={() => setAsking(false)}
        onPaidOnly={() => send(selected.filter((o) => !unpaid.includes(o)), false)}
        onConfirm={() => send(selected, true)}
      />
    </div>
  );
}
