import { Ban, ExternalLink, FileDown, Info, Loader2, MapPin, MoreHorizontal, Play, RefreshCw, Send, Truck } from 'lucide-react';
import type { ShipmentJson } from '@smista/contracts';
import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '@smista/ui-kit';
import { t } from '../messages';
import { canCancel, canCloseWorkday, canPrintLabel, canProcess, canUpdateTracking, isWorkdayCarrier, orderLabel } from './shipment-rules';
import type { ShipmentActions } from './use-shipment-actions';

/** The dialogs a row opens: the details drawer, the two edits and the two confirmations. */
export type DialogKind = 'details' | 'address' | 'carrier' | 'cancel' | 'close';

/**
 * The row menu (spec §2 'Azioni'). What §4 refuses is shown disabled (process only when pending,
 * cancel when pending or shipped, tracking with a tracking number, print with a label); 'Chiudi
 * Giornata GLS' shows only for GLS shipments (disabled until shipped) and 'Traccia Spedizione' only
 * when the carrier has a public tracking page for the shipment.
 */
export function RowMenu({ shipment, actions, onOpen }: { shipment: ShipmentJson; actions: ShipmentActions; onOpen: (kind: DialogKind, shipment: ShipmentJson) => void }) {
  const busy = actions.busy.has(shipment.id);
  return (
    // Not modal: a dialog opened from an item must not inherit the menu's pointer lock.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="h-8 w-8" aria-label={t.rowActions(orderLabel(shipment))} data-testid="shipment-menu">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <MoreHorizontal aria-hidden />}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" collisionPadding={8} className="w-56" data-testid="shipment-menu-content">
        <DropdownMenuItem onSelect={() => onOpen('details', shipment)} data-testid="menu-details">
          <Info aria-hidden />
          {t.menu.details}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpen('address', shipment)} data-testid="menu-edit-address">
          <MapPin aria-hidden />
          {t.menu.editAddress}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onOpen('carrier', shipment)} data-testid="menu-edit-carrier">
          <Truck aria-hidden />
          {t.menu.editCarrier}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={busy || !canProcess(shipment)} onSelect={() => actions.process(shipment)} data-testid="menu-process">
          <Play aria-hidden />
          {t.menu.process}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={busy || !canPrintLabel(shipment)} onSelect={() => actions.printLabel(shipment)} data-testid="menu-print-label">
          <FileDown aria-hidden />
          {t.menu.printLabel}
        </DropdownMenuItem>
        <DropdownMenuItem disabled={busy || !canUpdateTracking(shipment)} onSelect={() => actions.updateTracking(shipment)} data-testid="menu-update-tracking">
          <RefreshCw aria-hidden />
          {t.menu.updateTracking}
        </DropdownMenuItem>
        {shipment.trackingUrl ? (
          <DropdownMenuItem onSelect={() => actions.track(shipment)} data-testid="menu-track">
            <ExternalLink aria-hidden />
            {t.menu.track}
          </DropdownMenuItem>
        ) : null}
        {isWorkdayCarrier(shipment) ? (
          <DropdownMenuItem disabled={busy || !canCloseWorkday(shipment)} onSelect={() => onOpen('close', shipment)} data-testid="menu-close-workday">
            <Send aria-hidden />
            {t.menu.closeWorkday}
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          disabled={busy || !canCancel(shipment)}
          onSelect={() => onOpen('cancel', shipment)}
          className="text-destructive focus:text-destructive"
          data-testid="menu-cancel"
        >
          <Ban aria-hidden />
          {t.menu.cancel}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
