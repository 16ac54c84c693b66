import type { ReactNode } from 'react';
import { uiText } from '../lib/ui-text';
import { Button } from './button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** The question, for example `Sei sicuro di voler eliminare l'indirizzo "Rossi Srl"?`. */
  description: ReactNode;
  /** Called on the confirm button; close the dialog from the caller once the action is done. */
  onConfirm: () => void;
  confirmLabel?: string;
  /** Shown on the confirm button while `pending`. */
  pendingLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  destructive?: boolean;
}

/**
 * A yes/no question before an irreversible action (delete, remove, cancel an invite). Opened from a
 * remote it keeps the remote's styles (see `PortalScope`).
 *
 * @example
 * <ConfirmDialog open={open} onOpenChange={setOpen} title="Elimina indirizzo"
 *   description={`Sei sicuro di voler eliminare l'indirizzo "${name}"?`} confirmLabel="Elimina"
 *   destructive pending={remove.isPending} onConfirm={() => remove.mutate(id)} />
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  onConfirm,
  confirmLabel = uiText.confirm,
  pendingLabel,
  cancelLabel = uiText.cancel,
  pending = false,
  destructive = false,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent role="alertdialog" data-testid="confirm-dialog" hideClose>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription data-testid="confirm-dialog-text">{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending} data-testid="confirm-dialog-cancel">
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? 'destructive' : 'default'}
            onClick={onConfirm}
            disabled={pending}
            data-testid="confirm-dialog-confirm"
          >
            {pending && pendingLabel ? pendingLabel : confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
