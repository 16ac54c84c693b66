import { useSyncExternalStore } from 'react';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { uiText } from '../lib/ui-text';
import { toast, toastStore, type ToastInput, type ToastItem } from './toast-store';

/** The toasts on screen plus the functions that show and close them. */
export function useToast(): {
  toasts: readonly ToastItem[];
  toast: (input: ToastInput) => string;
  dismiss: (id?: string) => void;
} {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getSnapshot, toastStore.getSnapshot);
  return { toasts, toast, dismiss: toastStore.dismiss };
}

/**
 * Renders the open toast. Mount it once, in the shell; remotes only call `toast()`/`useToast()`.
 * Errors (destructive) are announced as `role="alert"`, the rest as `role="status"`.
 * Toasts sit at the bottom (full width under the 768 px breakpoint, bottom right above it), so on
 * a phone they never cover the header with its menu and user controls.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const open = toasts.filter((t) => t.open);
  return (
    <div
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] md:inset-x-auto md:right-0 md:items-end"
      data-testid="toaster"
      aria-live="polite"
    >
      {open.map((t) => (
        <div
          key={t.id}
          role={t.variant === 'destructive' ? 'alert' : 'status'}
          data-testid="toast"
          data-variant={t.variant}
          className={cn(
            'pointer-events-auto relative flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-card text-card-foreground',
          )}
        >
          <div className="grid gap-1">
            <div className="text-sm font-semibold" data-testid="toast-title">
              {t.title}
            </div>
            {t.description ? (
              <div className="text-sm opacity-90" data-testid="toast-description">
                {t.description}
              </div>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => dismiss(t.id)}
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={uiText.close}
          >
            <X className="h-4 w-4" aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}
