import { AlertTriangle } from 'lucide-react';
import { cancellationOf, type ShipmentJson } from '@smista/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, providerName } from '@smista/ui-kit';
import { t } from '../messages';
import { orderLabel } from './shipment-rules';

const c = t.cancelDialog;

/**
 * 'Annulla Spedizione' (spec §4): says before the click what cancelling will do, from the
 * contracts' `cancellationOf` (the shipments service decides with the same function): a pending
 * shipment is cancelled here; GLS before the workday close at the carrier; a letter's code goes
 * back to its pool. Where the carrier cannot cancel (Poste Delivery Business, GLS after the close,
 * a letter whose label was downloaded) it says why and offers what can be done instead: 'Annulla
 * solo in Smista', which sends `smistaOnly` and leaves the label marked not to be used.
 */
export function CancelDialog({
  shipment,
  pending,
  onConfirm,
  onClose,
}: {
  shipment: ShipmentJson | null;
  pending: boolean;
  /** `smistaOnly`: the merchant chose the void in Smista only. */
  onConfirm: (shipment: ShipmentJson, smistaOnly: boolean) => void;
  onClose: () => void;
}) {
  const cancellation = shipment ? cancellationOf(shipment) : null;
  const smistaOnly = cancellation?.kind === 'smista_only';
  let effect = '';
  if (cancellation?.kind === 'here') effect = c.here;
  else if (cancellation?.kind === 'carrier') effect = c.carrier(providerName(shipment?.carrierProvider) || t.noCarrier);
  else if (cancellation?.kind === 'pool') effect = c.pool;

  return (
    <Dialog open={shipment !== null} onOpenChange={(open) => (open || pending ? undefined : onClose())}>
      <DialogContent role="alertdialog" hideClose data-testid="cancel-dialog" data-cancellation={cancellation?.kind ?? ''}>
        <DialogHeader>
          <DialogTitle>{c.title}</DialogTitle>
          <DialogDescription data-testid="cancel-dialog-text">
            {shipment ? c.question(orderLabel(shipment)) : ''} {effect}
          </DialogDescription>
        </DialogHeader>
        {smistaOnly ? (
          <div className="grid gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="cancel-dialog-smista-only">
            <p className="flex items-start gap-2 font-medium">
              <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>{c.smistaOnlyTitle}</span>
            </p>
            <p className="[overflow-wrap:anywhere]" data-testid="cancel-dialog-reason">
              {cancellation?.reason}
            </p>
            <p>{c.smistaOnly}</p>
            {shipment?.carrierProvider === 'poste_delivery' ? <p>{c.posteCheck}</p> : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={pending} data-testid="cancel-dialog-keep">
            {c.keep}
          </Button>
          <Button variant="destructive" onClick={() => shipment && onConfirm(shipment, smistaOnly)} disabled={pending || !cancellation} data-testid="cancel-dialog-confirm">
            {pending ? c.pending : smistaOnly ? c.confirmSmistaOnly : c.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
