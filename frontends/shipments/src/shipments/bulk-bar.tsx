import { ChevronDown, FileDown, Loader2, Play, Send } from 'lucide-react';
import type { ShipmentJson } from '@smista/contracts';
import { Button, cn, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@smista/ui-kit';
import { t } from '../messages';
import { workdayShipmentIds } from './shipment-rules';

/**
 * The bulk bar (spec §2): how many are selected ('1 selezionata' / 'N selezionate'), select all
 * and deselect all (of the page), and the Process menu: 'Processa Selezionate', 'Stampa
 * Etichette', and 'Trasmetti GLS' when a selected shipment is GLS and shipped.
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
  onTransmitGls: () => void;
}) {
  const count = selected.length;
  const gls = workdayShipmentIds(selected).length > 0;
  return (
    <div
      className={cn('flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm', count > 0 ? 'border-primary/40 bg-primary/5' : 'border-border bg-muted/30')}
      role="region"
      aria-label={t.selection.bar}
      data-testid="shipments-bulk-bar"
    >
      <span className={count > 0 ? 'font-medium' : 'text-muted-foreground'} aria-live="polite" data-testid="shipments-selection-count">
        {t.selection.count(count)}
      </span>
      <div className="flex flex-wrap items-center gap-1">
        <Button variant="ghost" size="sm" onClick={onSelectAll} disabled={count >= pageCount} data-testid="shipments-select-all">
          {t.selection.selectAll}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDeselectAll} disabled={count === 0} data-testid="shipments-deselect-all">
          {t.selection.deselectAll}
        </Button>
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
            {gls ? (
              <DropdownMenuItem disabled={closing} onSelect={onTransmitGls} data-testid="bulk-transmit-gls">
                <Send aria-hidden />
                {t.selection.transmitGls}
              </DropdownMenuItem>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
    </div>
  );
}
