import { forwardRef, type ComponentPropsWithoutRef, type ComponentRef, type HTMLAttributes } from 'react';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { cn } from '../lib/cn';
import { PortalScopeBox } from '../lib/portal-scope';
import { uiText } from '../lib/ui-text';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

export const DialogOverlay = forwardRef<
  ComponentRef<typeof DialogPrimitive.Overlay>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Overlay>
>(function DialogOverlay({ className, ...props }, ref) {
  return <DialogPrimitive.Overlay ref={ref} className={cn('fixed inset-0 z-50 bg-black/50', className)} {...props} />;
});

export type DialogSide = 'center' | 'left' | 'right' | 'bottom' | 'top';

const sideClasses: Record<DialogSide, string> = {
  center:
    'left-1/2 top-1/2 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border border-border p-6',
  left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] border-r border-border',
  right: 'inset-y-0 right-0 h-full w-72 max-w-[85vw] border-l border-border',
  bottom: 'inset-x-0 bottom-0 max-h-[90vh] overflow-y-auto rounded-t-xl border-t border-border p-6',
  // A sheet from the top edge: what a phone types into stays above its on-screen keyboard.
  top: 'inset-x-0 top-0 max-h-[100dvh] overflow-y-auto rounded-b-xl border-b border-border p-4',
};

/** Widths of a centred dialog; `wide` suits long forms. */
export type DialogSize = 'default' | 'wide';

const sizeClasses: Record<DialogSize, string> = {
  default: '',
  wide: 'sm:max-w-3xl',
};

export interface DialogContentProps extends ComponentPropsWithoutRef<typeof DialogPrimitive.Content> {
  /** `center` for a dialog; `left`/`right`/`bottom`/`top` for a drawer or sheet. */
  side?: DialogSide;
  /** Width of a centred dialog. */
  size?: DialogSize;
  hideClose?: boolean;
}

/**
 * A click or focus on a notification (a toast: `role="status"` or `"alert"`) is not a click outside:
 * closing the toast that says why a save failed must not close the dialog and lose what was typed.
 */
function onNotification(event: { target: EventTarget | null }): boolean {
  return event.target instanceof Element && event.target.closest('[role="status"], [role="alert"]') !== null;
}

/**
 * The dialog (or drawer) itself, portalled to `<body>` with its overlay. Inside a remote it keeps
 * the remote's styles by itself: it is wrapped in the nearest `PortalScope`'s class.
 */
export const DialogContent = forwardRef<ComponentRef<typeof DialogPrimitive.Content>, DialogContentProps>(
  function DialogContent({ className, children, side = 'center', size = 'default', hideClose, onInteractOutside, ...props }, ref) {
    return (
      <DialogPortal>
        <PortalScopeBox>
          <DialogOverlay />
          <DialogPrimitive.Content
            ref={ref}
            className={cn('fixed z-50 grid gap-4 bg-background shadow-lg', sideClasses[side], side === 'center' && sizeClasses[size], className)}
            onInteractOutside={(event) => {
              if (onNotification(event)) event.preventDefault();
              else onInteractOutside?.(event);
            }}
            {...props}
          >
            {children}
            {hideClose ? null : (
              <DialogPrimitive.Close
                className="absolute right-4 top-4 cursor-pointer rounded-sm opacity-70 transition-opacity hover:opacity-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={uiText.close}
              >
                <X className="h-4 w-4" aria-hidden />
              </DialogPrimitive.Close>
            )}
          </DialogPrimitive.Content>
        </PortalScopeBox>
      </DialogPortal>
    );
  },
);

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 text-left', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const DialogTitle = forwardRef<
  ComponentRef<typeof DialogPrimitive.Title>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Title>
>(function DialogTitle({ className, ...props }, ref) {
  return <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold leading-none', className)} {...props} />;
});

export const DialogDescription = forwardRef<
  ComponentRef<typeof DialogPrimitive.Description>,
  ComponentPropsWithoutRef<typeof DialogPrimitive.Description>
>(function DialogDescription({ className, ...props }, ref) {
  return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />;
});
