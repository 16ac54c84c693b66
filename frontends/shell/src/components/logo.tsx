import { Package } from 'lucide-react';
import { cn } from '@smista/ui-kit';
import { t } from '../messages';

/**
 * The product mark (the parcel on blue of favicon.svg) and name; `tone="light"` writes the name in
 * white, for the dark sidebar and brand panel.
 */
export function Logo({ tone = 'dark', className }: { tone?: 'dark' | 'light'; className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 text-lg font-semibold', tone === 'light' ? 'text-white' : 'text-foreground', className)} data-testid="logo">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground" aria-hidden>
        <Package className="h-5 w-5" />
      </span>
      {t.product}
    </span>
  );
}
