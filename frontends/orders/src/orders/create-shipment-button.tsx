import { PackagePlus } from 'lucide-react';
import type { OrderJson } from '@smista/contracts';
import { Button, errorMessageFrom, toast } from '@smista/ui-kit';
import { t } from '../messages';
import { newOrderText } from '../new-order/messages';
import { createdToast } from './bulk';
import { useCreateShipments } from './orders-api';

/** An order to ship with no live shipment: what its own page offers to ship (a manual order just created, too). */
export function canCreateShipment(order: Pick<OrderJson, 'status' | 'shipments'>): boolean {
  return order.status === 'da_spedire' && !(order.shipments ?? []).some((s) => s.status !== 'cancelled');
}

/**
 * 'Crea spedizione' on an order's page (issue 25: a manual order is shipped from where it was
 * created): the list's 'Crea spedizioni' for this one order, with the same toasts.
 */
export function CreateShipmentButton({ merchantId, order }: { merchantId: string; order: OrderJson }) {
  const create = useCreateShipments(merchantId);
  if (!canCreateShipment(order)) return null;
  const run = () =>
    create.mutate(
      { orderIds: [order.id] },
      {
        onSuccess: (answer) => toast(createdToast(answer)),
        onError: (error) => toast({ title: t.bulk.createFailed, description: errorMessageFrom(error), variant: 'destructive' }),
      },
    );
  return (
    <Button onClick={run} disabled={create.isPending} data-testid="order-create-shipment">
      <PackagePlus className={create.isPending ? 'animate-pulse' : undefined} aria-hidden />
      {create.isPending ? newOrderText.creatingShipment : newOrderText.createShipment}
    </Button>
  );
}
