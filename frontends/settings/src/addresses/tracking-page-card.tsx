import { ExternalLink } from 'lucide-react';
import { trackingPageSettingsTexts as texts } from '@smista/contracts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle, useIsMobile } from '@smista/ui-kit';
import { useMerchantLogo } from './logo-api';
import { trackingPreviewSrc } from './tracking-page-preview';

/**
 * Impostazioni > Indirizzi: the buyers' public tracking page (issue 26) as they will see it, with
 * a sample parcel and the merchant's real name and logo. It sits under the logo card because the
 * logo is what the merchant changes here that the page shows; a new logo reloads the preview.
 */
export function TrackingPageCard({ merchantId }: { merchantId: string }) {
  const isMobile = useIsMobile();
  const logo = useMerchantLogo(merchantId);
  const src = trackingPreviewSrc(logo.data?.updatedAt ?? null);
  return (
    <Card data-testid="tracking-page-card">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{texts.title}</CardTitle>
          <CardDescription className="max-w-2xl">{texts.description}</CardDescription>
        </div>
        <a
          href={src}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="tracking-page-open"
        >
          {texts.openInNewTab}
          <ExternalLink className="h-4 w-4" aria-hidden />
        </a>
      </CardHeader>
      <CardContent className={isMobile ? 'px-3' : undefined}>
        <div className="mx-auto w-full max-w-[420px] overflow-hidden rounded-xl border bg-muted/30 shadow-sm">
          <iframe
            key={src}
            src={src}
            title={texts.previewTitle}
            className="block h-[640px] w-full border-0"
            // No script may run in it (its CSP allows none either); same origin, so it paints with the
            // page; the carrier's button may open its tab.
            sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            data-testid="tracking-page-preview"
          />
        </div>
      </CardContent>
    </Card>
  );
}
