import { AlertTriangle } from 'lucide-react';
import { Badge, cn, TONE_CLASSES } from '@smista/ui-kit';
import type { TrackingBadgeLook } from './tracking-view';

/**
 * A tracking status as a small badge in Italian (issue 26), in the list and in the drawer's steps;
 * 'In giacenza', 'Problema di consegna' and 'Reso al mittente' carry a warning mark, so they stand
 * out in a page of parcels in transit. The stored status is in `data-status`, the mark in `data-alert`.
 */
export function TrackingStatusBadge({ look, status, testId, className }: { look: TrackingBadgeLook; status: string; testId: string; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn('w-fit gap-1 px-1.5 py-0 text-[11px] font-medium leading-5', TONE_CLASSES[look.tone], look.alert && 'font-semibold', className)}
      data-testid={testId}
      data-tone={look.tone}
      data-status={status.trim().toLowerCase()}
      data-alert={look.alert ? 'true' : undefined}
    >
      {look.alert ? <AlertTriangle className="h-3 w-3 shrink-0" aria-hidden /> : null}
      {look.label}
    </Badge>
  );
}
