import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isLoggingOut } from '../lib/markers';
import { isMerchantExemptPath } from '../lib/redirects';
import { useCurrentUser, useSelectedMerchant } from '../lib/session';
import { FullPageSpinner } from '../components/full-page-spinner';

/** Remembered in the location state so login can send the user back (spec §2). */
export interface FromState {
  from?: string;
}

/** Login required: otherwise /auth, remembering where the user came from (not after a logout). */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) {
    const state: FromState | undefined = isLoggingOut()
      ? undefined
      : { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/auth" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/** A selected merchant required, except on the exempt paths (spec §2). */
export function RequireMerchant({ children }: { children?: ReactNode }) {
  const merchant = useSelectedMerchant();
  const location = useLocation();
  if (!merchant && !isMerchantExemptPath(location.pathname)) {
    const state: FromState = { from: `${location.pathname}${location.search}${location.hash}` };
    return <Navigate to="/merchant-selection" replace state={state} />;
  }
  return children ?? <Outlet />;
}
