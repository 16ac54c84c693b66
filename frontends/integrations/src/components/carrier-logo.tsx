import { useState } from 'react';
import { Truck } from 'lucide-react';
import { cn } from '@smista/ui-kit';
import { t } from '../messages';

/**
 * A carrier's logo (`logoUrl`, served by the gateway at `/assets/carriers/<code>.svg`) in a box of
 * fixed size, so cards line up whatever the artwork's proportions; a truck if the image fails.
 */
export function CarrierLogo({ name, logoUrl, size = 'md' }: { name: string; logoUrl: string | null | undefined; size?: 'sm' | 'md' }) {
  const [failed, setFailed] = useState(false);
  const box = size === 'sm' ? 'h-8 w-20' : 'h-12 w-30';
  const image = Boolean(logoUrl) && !failed;
  return (
    // The artwork is a badge of its own; only the fallback gets a frame.
    <span className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-md', !image && 'border border-border bg-muted', box)} data-testid="carrier-logo">
      {logoUrl && image ? (
        <img src={logoUrl} alt={t.carriers.logoAlt(name)} className="h-full w-full object-contain" onError={() => setFailed(true)} />
      ) : (
        <Truck className="h-5 w-5 text-muted-foreground" aria-label={t.carriers.logoAlt(name)} />
      )}
    </span>
  );
}
