import { Loader2 } from 'lucide-react';
import { cn } from '../lib/cn';
import { uiText } from '../lib/ui-text';

/** A spinning indicator; pass `label` to show text beside it (also read by screen readers). */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span data-testid="spinner" className="inline-flex items-center gap-2 text-muted-foreground">
      <Loader2 className={cn('h-5 w-5 animate-spin', className)} aria-hidden />
      {label ? <span className="text-sm">{label}</span> : <span className="sr-only">{uiText.loading}</span>}
    </span>
  );
}
