import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { shipmentMessages, type ShipmentJson } from '@smista/contracts';
import { bulkLabelsPath, openInNewTab, printSlips, saveBlob, toast, type SlipPrint } from '@smista/ui-kit';
import { t } from '../messages';
import { labelFileName } from '../paths';
import { errorToast, processErrorToast, processToast } from './results';
import { canPrintLabel, canProcess, canUpdateTracking } from './shipment-rules';
import { refreshShipments, useDownloadLabel, useProcessOne, useUpdateTracking } from './shipments-api';

const T = t.toasts;

/** After the merged labels open, the list is read again once the new tab has fetched them ('Da stampare' changes). */
export const LABELS_REFRESH_DELAY_MS = 3000;

/** What the row menus, the cards and the details drawer do without a dialog. */
export interface ShipmentActions {
  /** Shipments with an action of these under way (their menu shows a spinner, repeats are refused). */
  busy: ReadonlySet<number>;
  process: (s: ShipmentJson) => void;
  updateTracking: (s: ShipmentJson) => void;
  printLabel: (s: ShipmentJson) => void;
  track: (s: ShipmentJson) => void;
  /** 'Stampa Etichette' of the selection: their labels merged, in a new tab. */
  printLabels: (selected: readonly ShipmentJson[]) => void;
  /** Issue 25: the pick list or packing slips (with the labels) of the selection's orders, in a new tab. */
  printSlips: (kind: SlipPrint, selected: readonly ShipmentJson[]) => void;
}

/**
 * The direct actions of spec §2's row menu and bulk bar, each with its §8 toast. Each call runs
 * by itself (`mutateAsync`), so two rows processed at once each get their own answer.
 */
export function useShipmentActions(merchantId: string): ShipmentActions {
  const queryClient = useQueryClient();
  const processOne = useProcessOne(merchantId);
  const tracking = useUpdateTracking(merchantId);
  const download = useDownloadLabel(merchantId);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());

  const run = useCallback(async <R>(id: number, work: () => Promise<R>): Promise<R> => {
    setBusy((prev) => new Set(prev).add(id));
    try {
      return await work();
    } finally {
      setBusy((prev) => {
        const next = new Set(prev);
        next.delete(id);
        return next;
      });
    }
  }, []);

  const process = (s: ShipmentJson) => {
    if (busy.has(s.id) || !canProcess(s)) return;
    run(s.id, () => processOne.mutateAsync(s.id)).then(
      (result) => toast(processToast(result, 'single')),
      (error: unknown) => toast(processErrorToast(error, 'single')),
    );
  };

  const updateTracking = (s: ShipmentJson) => {
    if (busy.has(s.id) || !canUpdateTracking(s)) return;
    run(s.id, () => tracking.mutateAsync(s.id)).then(
      (answer) =>
        toast(
          answer && answer.success === false
            ? { title: T.trackingError, description: answer.message, variant: 'destructive' }
            : { title: T.trackingUpdated, description: answer?.message || undefined },
        ),
      (error: unknown) => toast(errorToast(T.trackingError, error)),
    );
  };

  const printLabel = (s: ShipmentJson) => {
    if (busy.has(s.id) || !canPrintLabel(s)) return;
    run(s.id, () => download.mutateAsync(s.id)).then(
      (blob) => {
        saveBlob(blob, labelFileName(s.id));
        toast({ title: T.labelPrinted, description: labelFileName(s.id) });
      },
      (error: unknown) => toast(errorToast(T.printError, error, T.labelDownloadError)),
    );
  };

  const track = (s: ShipmentJson) => {
    if (!s.trackingUrl) return;
    if (!openInNewTab(s.trackingUrl)) toast({ title: T.popupBlocked, variant: 'destructive' });
  };

  const printLabels = (selected: readonly ShipmentJson[]) => {
    if (selected.length === 0) {
      toast({ title: shipmentMessages.noShipmentsSelected, variant: 'destructive' });
      return;
    }
    const ids = selected.filter(canPrintLabel).map((s) => s.id);
    if (ids.length === 0) {
      toast({ title: T.printError, description: shipmentMessages.noLabelsFound, variant: 'destructive' });
      return;
    }
    if (!openInNewTab(bulkLabelsPath(ids))) {
      toast({ title: T.popupBlocked, variant: 'destructive' });
      return;
    }
    toast({ title: T.labelsOpened, description: t.labelsOpenedText(ids.length, selected.length - ids.length) });
    setTimeout(() => refreshShipments(queryClient, merchantId), LABELS_REFRESH_DELAY_MS);
  };

  /** Issue 25: the pick list or the packing slips (with the labels) of the selected shipments' orders. */
  const printSlipsOf = (kind: SlipPrint, selected: readonly ShipmentJson[]) => {
    if (selected.length === 0) {
      toast({ title: shipmentMessages.noShipmentsSelected, variant: 'destructive' });
      return;
    }
    void printSlips(kind, { shipmentIds: selected.map((s) => s.id) }).then((shown) => {
      // The labels included are marked printed: 'Da stampare' follows.
      if (shown && kind === 'labelsAndSlips') refreshShipments(queryClient, merchantId);
    });
  };

  return { busy, process, updateTracking, printLabel, track, printLabels, printSlips: printSlipsOf };
}
