import { Badge, cn } from '@smista/ui-kit';
import { orderStatusBadge, paymentStatusBadge, shipmentStatusBadge, TONE_CLASSES, type BadgeLook } from '../orders/badges';

function ToneBadge({ look, testId, className }: { look: BadgeLook; testId: string; className?: string }) {
  return (
    <Badge variant="outline" className={cn('whitespace-nowrap', TONE_CLASSES[look.tone], className)} data-testid={testId} data-tone={look.tone}>
      {look.label}
    </Badge>
  );
}

/** An order's status (spec §4 badge colours and texts). */
export function OrderStatusBadge({ status, testId = 'order-status' }: { status: string | null | undefined; testId?: string }) {
  return <ToneBadge look={orderStatusBadge(status)} testId={testId} />;
}

/** An order's payment status; `wrap` lets a long one ('Parzialmente rimborsato') take two lines in a tight column. */
export function PaymentStatusBadge({ status, testId = 'order-payment', wrap = false }: { status: string | null | undefined; testId?: string; wrap?: boolean }) {
  return <ToneBadge look={paymentStatusBadge(status)} testId={testId} className={wrap ? 'whitespace-normal' : undefined} />;
}

/** A shipment's status in the order's panel (spec §4 shipment labels). */
export function ShipmentStatusBadge({ status, testId = 'order-shipment-status' }: { status: string | null | undefined; testId?: string }) {
  return <ToneBadge look={shipmentStatusBadge(status)} testId={testId} />;
}
