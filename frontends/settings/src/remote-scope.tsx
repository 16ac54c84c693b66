import type { ReactNode } from 'react';

/** The class that scopes this remote's Tailwind utilities (see styles.css). */
export const REMOTE_SCOPE_CLASS = 'smista-settings';

/**
 * Wraps the remote's root, and the children of anything portalled out of it (dialogs, menus), so
 * the remote's utilities apply there. Renders no box of its own (`display: contents`).
 */
export function RemoteScope({ children }: { children: ReactNode }) {
  return <div className={REMOTE_SCOPE_CLASS}>{children}</div>;
}
