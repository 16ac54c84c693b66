import type { OrderJson } from '@smista/contracts';
import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@smista/ui-kit';
import { PaymentStatusBadge } from '../components/status-badges';
import { t } from '../messages';

/** Orders named one per line in the question; more are counted. */
const LISTED = 5;

/**
 * Issue 19: 'Crea spedizioni' of a selection with orders not paid asks first. It names each of
 * them with its payment ('#12-345: pagamento in attesa') and offers: the paid ones only (when
 * there are some), all of them (the server then records who confirmed in each shipment's audit),
 * or nothing.
 */
export function UnpaidDialog({
  open,
  unpaid,
  total,
  pending,
  onCancel,
  onPaidOnly,
  onConfirm,
}: {
  open: boolean;
  unpaid: readonly Pick<OrderJson, 'id' | 'externalId' | 'paymentStatus'>[];
  /** How many orders are selected. */
  total: number;
  pending: boolean;
  onCancel: () => void;
  onPaidOnly: () => void;
  onConfirm: () => void;
}) {
  const paid = total - unpaid.length;
  return (
    <Dialog open={open} onOpenChange={(next) => (next || pending ? undefined : onCancel())}>
      <DialogContent role="alertdialog" data-testid="orders-unpaid-dialog" hideClose>
        <DialogHeader>
          <DialogTitle>{t.unpaid.title}</DialogTitle>
          <DialogDescription data-testid="orders-unpaid-intro">{t.unpaid.intro(unpaid.length, total)}</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-1.5 text-sm" data-testid="orders-unpaid-list">
          {unpaid.slice(0, LISTED).map((order) => (
            <li key={order.id} className="flex flex-wrap items-center justify-between gap-2" data-testid="orders-unpaid-order" data-order-id={order.id}>
              <span className="font-mono" data-testid="orders-unpaid-line">
                {t.unpaid.line(order.externalId, t.paymentBadges[order.paymentStatus] ?? order.paymentStatus)}
              </span>
              <PaymentStatusBadge status={order.paymentStatus} />
            </li>
          ))}
          {unpaid.length > LISTED ? <li className="text-muted-foreground">{t.unpaid.more(unpaid.length - LISTED)}</li> : null}
        </ul>
        <p className="text-sm text-muted-foreground" data-testid="orders-unpaid-question">
          {t.unpaid.question}
        </p>
        <DialogFooter className="sm:flex-wrap">
          <Button variant="outline" onClick={onCancel} disabled={pending} data-testid="orders-unpaid-cancel">
            {t.unpaid.cancel}
          </Button>
          {paid > 0 ? (
            <Button variant="outline" onClick={onPaidOnly} disabled={pending} data-testid="orders-unpaid-paid-only">
              {t.unpaid.paidOnly(paid)}
            </Button>
          ) : null}
          <Button variant="destructive" onClick={onConfirm} disabled={pending} data-testid="orders-unpaid-confirm">
            {t.unpaid.confirm(unpaid.length)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
