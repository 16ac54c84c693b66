import { Badge } from './badge';
import { cn } from '../lib/cn';
import { shipmentStatusBadge, TONE_CLASSES, type BadgeLook } from '../lib/badge-looks';

/** A badge in one of the spec §4 tones; its tone is in `data-tone`. */
export function ToneBadge({ look, testId, className, status }: { look: BadgeLook; testId: string; className?: string; status?: string }) {
  return (
    <Badge variant="outline" className={cn('whitespace-nowrap', TONE_CLASSES[look.tone], className)} data-testid={testId} data-tone={look.tone} data-status={status}>
      {look.label}
    </Badge>
  );
}

/**
 * A shipment's status (spec §4 labels and colours), the same in the orders' panel and the
 * shipments list; the stored status, lowercase, is in `data-status`.
 */
export function ShipmentStatusBadge({ status, testId = 'shipment-status', className }: { status: string | null | undefined; testId?: string; className?: string }) {
  return <ToneBadge look={shipmentStatusBadge(status)} testId={testId} className={className} status={(status ?? '').toLowerCase()} />;
}
