import { useState } from 'react';
import { Store } from 'lucide-react';
import { cn } from '@smista/ui-kit';
import { t } from '../messages';

/**
 * A marketplace's logo (`logoUrl` of the catalogue or the integration) in a box of fixed size, so
 * cards line up whatever the artwork's proportions; a shop icon if there is none or it fails.
 */
export function MarketplaceLogo({ name, logoUrl, size = 'md' }: { name: string; logoUrl: string | null | undefined; size?: 'sm' | 'md' }) {
  const [failed, setFailed] = useState(false);
  const box = size === 'sm' ? 'h-8 w-16' : 'h-12 w-24';
  const image = Boolean(logoUrl) && !failed;
  return (
    // The artwork is a badge of its own; only the fallback gets a frame.
    <span className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-md', !image && 'border border-border bg-muted', box)} data-testid="marketplace-logo">
      {logoUrl && image ? (
        <img src={logoUrl} alt={t.marketplaces.logoAlt(name)} className="h-full w-full object-contain" onError={() => setFailed(true)} />
      ) : (
        <Store className="h-5 w-5 text-muted-foreground" aria-label={t.marketplaces.logoAlt(name)} />
      )}
    </span>
  );
}
