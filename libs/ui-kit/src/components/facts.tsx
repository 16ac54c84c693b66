import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { uiText } from '../lib/ui-text';

/** A titled box of a details panel (an order's panel, a shipment's details). */
export function DetailSection({ title, testId, className, children }: { title: string; testId: string; className?: string; children: ReactNode }) {
  return (
    <section className={cn('grid min-w-0 content-start gap-2 rounded-lg border border-border bg-background p-4', className)} data-testid={testId} aria-label={title}>
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** One row of {@link Facts}: its label, its value, and classes for a value that is there (a code in mono). */
export type FactRow = [label: string, value: string | null | undefined, className?: string];

/** Label / value rows; an empty value reads '—' (without the value's classes). Long values wrap anywhere. */
export function Facts({ rows }: { rows: FactRow[] }) {
  return (
    <dl className="grid gap-1.5 text-sm">
      {rows.map(([label, value, className]) => {
        const empty = !value?.trim();
        return (
          <div key={label} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] gap-2">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className={cn('min-w-0 [overflow-wrap:anywhere]', !empty && className)}>{empty ? uiText.notAvailable : value}</dd>
          </div>
        );
      })}
    </dl>
  );
}
