import { ChevronDown, ClipboardList, FileDown, Loader2, PackageOpen, Play, Printer, Send } from 'lucide-react';
import { slipActionTexts, type ShipmentJson } from '@smista/contracts';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger, SelectionBar, type SlipPrint } from '@smista/ui-kit';
import { t } from '../messages';
import { workdayShipmentIds } from './shipment-rules';

/**
 * The bulk bar (spec §2), the kit's selection bar: how many are selected ('1 selezionata' / 'N
 * selezionate'), select all and deselect all (of the page); then the Process menu: 'Processa Selezionate', 'Stampa
 * Etichette', 'Lista di prelievo', 'Distinte di imballaggio' and 'Stampa etichette e distinte di
 * imballaggio' (issue 25), and 'Trasmetti GLS' when a selected shipment is GLS and shipped.
 */
export function BulkBar({
  selected,
  pageCount,
  processing,
  closing,
  onSelectAll,
  onDeselectAll,
  onProcessSelected,
  onPrintLabels,
  onPrintSlips,
  onTransmitGls,
}: {
  selected: readonly ShipmentJson[];
  pageCount: number;
  processing: boolean;
  closing: boolean;
  onSelectAll: () => void;
  onDeselectAll: () => void;
  onProcessSelected: () => void;
  onPrintLabels: () => void;
  onPrintSlips: (kind: SlipPrint) => void;
  onTransmitGls: () => void;
}) {
  const count = selected.length;
  const gls = workdayShipmentIds(selected).length > 0;
  return (
    <SelectionBar count={count} pageCount={pageCount} onSelectAll={onSelectAll} onDeselectAll={onDeselectAll} text={t.selection} testIdPrefix="shipments">
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <Button size="sm" data-testid="shipments-process-menu">
            {processing || closing ? <Loader2 className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            {t.selection.process}
            <ChevronDown aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" collisionPadding={8} className="w-56">
          <DropdownMenuItem disabled={processing} onSelect={onProcessSelected} data-testid="bulk-process-selected">
            <Play aria-hidden />
            {t.selection.processSelected}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={onPrintLabels} data-testid="bulk-print-labels">
            <FileDown aria-hidden />
            {t.selection.printLabels}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onPrintSlips('pickList')} data-testid="bulk-pick-list">
            <ClipboardList aria-hidden />
            {slipActionTexts.pickList}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onPrintSlips('packingSlips')} data-testid="bulk-packing-slips">
            <PackageOpen aria-hidden />
            {slipActionTexts.packingSlips}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onPrintSlips('labelsAndSlips')} data-testid="bulk-labels-and-slips">
            <Printer aria-hidden />
            {slipActionTexts.labelsAndSlips}
          </DropdownMenuItem>
          {gls ? (
            <DropdownMenuItem disabled={closing} onSelect={onTransmitGls} data-testid="bulk-transmit-gls">
              <Send aria-hidden />
              {t.selection.transmitGls}
            </DropdownMenuItem>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </SelectionBar>
  );
}
