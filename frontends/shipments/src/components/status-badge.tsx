import { Badge, cn } from '@smista/ui-kit';
import { statusBadge, TONE_CLASSES } from '../shipments/shipment-rules';

/** A shipment's status (spec §4 labels, the orders badges' colours). */
export function ShipmentStatusBadge({ status, testId = 'shipment-status', className }: { status: string | null | undefined; testId?: string; className?: string }) {
  const look = statusBadge(status);
  return (
    <Badge variant="outline" className={cn('whitespace-nowrap', TONE_CLASSES[look.tone], className)} data-testid={testId} data-tone={look.tone} data-status={(status ?? '').toLowerCase()}>
      {look.label}
    </Badge>
  );
}
