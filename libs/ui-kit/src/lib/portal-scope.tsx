import { createContext, forwardRef, useContext, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';

/**
 * Why this exists: a remote nests its Tailwind utilities under a scope class (`.smista-settings
 * .px-3`), so they apply only inside the remote's root. Dialogs, menus and drawers are portalled to
 * `<body>`, outside that root; the kit's portalled components read the scope from this context and
 * wrap what they portal in a box with the same class, so a new dialog needs nothing to keep its styles.
 */
const PortalScopeContext = createContext<string | undefined>(undefined);

/** The scope box adds no box of its own to the layout. */
const CONTENTS: CSSProperties = { display: 'contents' };

/**
 * The root of a remote: a box with the remote's scope class that also hands the class to every
 * portalled kit component below it (Dialog, ConfirmDialog, DropdownMenu). Render it once, around
 * the remote's `./Module`.
 *
 * @example
 * export default function SettingsRemote() {
 *   return (
 *     <PortalScope className="smista-settings">
 *       <SettingsRoutes />
 *     </PortalScope>
 *   );
 * }
 */
export function PortalScope({ className, children }: { className: string; children: ReactNode }) {
  return (
    <PortalScopeContext.Provider value={className}>
      <div className={className} style={CONTENTS} data-portal-scope={className}>
        {children}
      </div>
    </PortalScopeContext.Provider>
  );
}

/** The scope class of the nearest {@link PortalScope}; undefined in the shell (it has none). */
export function usePortalScope(): string | undefined {
  return useContext(PortalScopeContext);
}

/**
 * The one child a kit component gives to a Radix `Portal`: a box carrying the nearest
 * {@link PortalScope}'s class (no class in the shell), around everything portalled. Forwards its
 * ref and props, since the portal renders it `asChild`.
 */
export const PortalScopeBox = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function PortalScopeBox(
  { className, style, ...props },
  ref,
) {
  const scope = usePortalScope();
  return <div ref={ref} {...props} className={cn(scope, className) || undefined} data-portal-scope={scope} style={{ ...CONTENTS, ...style }} />;
});
