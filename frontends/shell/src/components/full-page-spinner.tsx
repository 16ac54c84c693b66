import { Spinner } from '@smista/ui-kit';
import { t } from '../messages';

export function FullPageSpinner({ label = t.common.loading }: { label?: string }) {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}

/** The full-screen overlay shown while the app moves to the dashboard (spec §2). */
export function LoadingOverlay() {
  return (
    <div
      className="fixed inset-0 z-[90] flex flex-col items-center justify-center gap-3 bg-background/90 backdrop-blur-sm"
      data-testid="loading-overlay"
      aria-live="polite"
    >
      <Spinner className="h-8 w-8 text-primary" />
      <p className="text-base font-medium">{t.common.loadingOverlay}</p>
    </div>
  );
}
