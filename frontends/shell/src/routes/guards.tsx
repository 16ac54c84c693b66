import { useEffect, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { clearSelectedMerchant, parseStoredMerchant } from '@smista/ui-kit';
import { useStoredMerchantFallback } from '../layout/use-stored-merchant-fallback';
import { isLoggingOut } from '../lib/markers';
import { isMerchantExemptPath, type MerchantSelectionState } from '../lib/redirects';
import { isCorruptStoredMerchant } from '../lib/stored-merchant';
import { useCurrentUser, useSelectedMerchantRaw } from '../lib/session';
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

/**
 * A selected merchant required, except on the exempt paths (spec §2): without one the user goes to
 * merchant selection, which enters a single merchant by itself and then comes back here. A stored
 * value that cannot be read is not "none": it falls back to the first merchant, in place.
 */
export function RequireMerchant({ children }: { children?: ReactNode }) {
  const raw = useSelectedMerchantRaw();
  const merchant = parseStoredMerchant(raw);
  const location = useLocation();
  if (isCorruptStoredMerchant(raw)) return <RepairStoredMerchant />;
  if (!merchant && !isMerchantExemptPath(location.pathname)) {
    const state: MerchantSelectionState = { from: `${location.pathname}${location.search}${location.hash}`, autoSelect: true };
    return <Navigate to="/merchant-selection" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/**
 * Replaces a corrupted stored merchant with the first of the user's merchants (or clears it when
 * there are none, or the list cannot be read: the guard then sends the user to merchant selection).
 */
function RepairStoredMerchant() {
  const merchants = useStoredMerchantFallback();
  useEffect(() => {
    if (merchants.isError) clearSelectedMerchant();
  }, [merchants.isError]);
  return <FullPageSpinner />;
}
