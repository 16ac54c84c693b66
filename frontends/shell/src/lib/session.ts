import { useCallback } from 'react';
import { endKeycloakSession } from './sso';
import { useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  apiFetch,
  errorMessageFrom,
  fetchCurrentUser,
  toast,
  CURRENT_USER_QUERY_KEY,
  CURRENT_USER_QUERY_TIMINGS,
  USER_RESYNC_DELAY_MS,
  type User,
} from '@smista/ui-kit';
import { t } from '../messages';
import { clearSelectedMerchant } from '@smista/ui-kit';
import { setLoggingOut } from './markers';

/** The current user (null when logged out), polled per spec §9. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    ...CURRENT_USER_QUERY_TIMINGS,
  });
}

/** Puts a user from a login/registration response in the cache and resyncs 500 ms later (spec §4). */
export function acceptSessionUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData(CURRENT_USER_QUERY_KEY, user);
  scheduleUserResync(queryClient);
}

/** Spec §9: forced user resync after 500 ms. */
export function scheduleUserResync(queryClient: QueryClient): void {
  setTimeout(() => void queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }), USER_RESYNC_DELAY_MS);
}

/** The stored merchant hooks live in the kit, beside the storage they read. */
export { useSelectedMerchant, useSelectedMerchantRaw } from '@smista/ui-kit';

/**
 * Logout (spec §4): flag, POST /api/logout, clear user and merchant, /auth (or `to`, an /auth
 * address with query) replacing history, success toast; on failure the flag is removed and an error
 * toast shows.
 */
export function useLogout(): (to?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async (to = '/auth') => {
    setLoggingOut(true);
    try {
      await apiFetch('/api/logout', { method: 'POST' });
    } catch (error) {
      setLoggingOut(false);
      toast({
        title: t.auth.logoutFailed,
        description: errorMessageFrom(error) ?? (error instanceof Error ? error.message : undefined),
        variant: 'destructive',
      });
      return;
    }
    clearSelectedMerchant();
    // Signed in with SSO on this page: Keycloak's session ends too, and Keycloak brings the browser
    // back to /auth (the page is left before the guards could send it there first).
    if (endKeycloakSession()) return;
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] });
    navigate(to, { replace: true });
    toast({ title: t.auth.logoutSuccess, description: t.auth.logoutSuccessDescription });
  }, [navigate, queryClient]);
}
