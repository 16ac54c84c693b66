/** Spec §9: one toast shown at a time. */
export const TOAST_LIMIT = 1;
/** Spec §9: default toast duration. */
export const TOAST_DURATION_MS = 5000;
/** Spec §9: a dismissed toast is removed from the store after this long. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to {@link TOAST_DURATION_MS}. */
  duration?: number;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: string;
  description?: string;
  open: boolean;
}

type Listener = (toasts: readonly ToastItem[]) => void;

/**
 * The toast state. Host and remotes must see one store: the ui-kit is a Module Federation
 * singleton, and the store is also pinned on `globalThis` so a remote that fell back to its own
 * ui-kit copy still talks to the host's toaster.
 */
export class ToastStore {
  private toasts: readonly ToastItem[] = [];
  private listeners = new Set<Listener>();
  private closeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private removeTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private counter = 0;

  getSnapshot = (): readonly ToastItem[] => this.toasts;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Shows a toast, replacing the one on screen; returns its id. */
  show = (input: ToastInput): string => {
    const id = `t${++this.counter}`;
    const item: ToastItem = {
      id,
      title: input.title,
      description: input.description,
      variant: input.variant ?? 'default',
      duration: input.duration ?? TOAST_DURATION_MS,
      open: true,
    };
    const kept = [item, ...this.toasts].slice(0, TOAST_LIMIT);
    for (const dropped of this.toasts.filter((t) => !kept.includes(t))) this.clearTimers(dropped.id);
    this.set(kept);
    if (item.duration > 0 && Number.isFinite(item.duration)) {
      this.closeTimers.set(
        id,
        setTimeout(() => this.dismiss(id), item.duration),
      );
    }
    return id;
  };

  /** Closes one toast (or all); closed toasts leave the store after {@link TOAST_REMOVE_DELAY_MS}. */
  dismiss = (id?: string): void => {
    const targets = this.toasts.filter((t) => (id === undefined || t.id === id) && t.open);
    if (targets.length === 0) return;
    for (const t of targets) {
      const close = this.closeTimers.get(t.id);
      if (close) clearTimeout(close);
      this.closeTimers.delete(t.id);
      if (!this.removeTimers.has(t.id)) {
        this.removeTimers.set(
          t.id,
          setTimeout(() => this.remove(t.id), TOAST_REMOVE_DELAY_MS),
        );
      }
    }
    this.set(this.toasts.map((t) => (targets.includes(t) ? { ...t, open: false } : t)));
  };

  private remove(id: string): void {
    this.clearTimers(id);
    this.set(this.toasts.filter((t) => t.id !== id));
  }

  private clearTimers(id: string): void {
    const close = this.closeTimers.get(id);
    if (close) clearTimeout(close);
    const remove = this.removeTimers.get(id);
    if (remove) clearTimeout(remove);
    this.closeTimers.delete(id);
    this.removeTimers.delete(id);
  }

  private set(next: readonly ToastItem[]): void {
    this.toasts = next;
    for (const l of this.listeners) l(next);
  }
}

const GLOBAL_KEY = '__smistaToastStore__';

function sharedStore(): ToastStore {
  const g = globalThis as unknown as Record<string, ToastStore | undefined>;
  return (g[GLOBAL_KEY] ??= new ToastStore());
}

/** The one store of this page. */
export const toastStore: ToastStore = sharedStore();

/**
 * Shows a toast from anywhere (components, query callbacks, plain functions).
 *
 * @example
 * toast({ title: 'Errore', description: 'Riprova più tardi', variant: 'destructive' });
 */
export function toast(input: ToastInput): string {
  return toastStore.show(input);
}
