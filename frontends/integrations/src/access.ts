import { useQuery } from '@tanstack/react-query';
import type { MerchantJson, Role } from '@smista/contracts';
import {
  apiFetch,
  fetchCurrentUser,
  roleInMerchant,
  useSelectedMerchant,
  CURRENT_USER_QUERY_KEY,
  CURRENT_USER_QUERY_TIMINGS,
  MERCHANTS_QUERY_KEY,
  type StoredMerchant,
} from '@smista/ui-kit';

export interface MerchantAccess {
  merchant: StoredMerchant | null;
  role: Role | undefined;
  /**
   * Only admins connect, change, toggle or delete carriers and add or delete codes: the controls
   * show only when this is true (while the role is unknown too, none show). The API refuses users
   * with a 403 anyway.
   */
  isAdmin: boolean;
}

/**
 * The selected merchant and the user's role in it, from the shell's stored merchant and the shell's
 * `GET /api/merchants` query (one QueryClient: the same key and call as the shell's).
 */
export function useMerchantAccess(): MerchantAccess {
  const merchant = useSelectedMerchant();
  const merchants = useQuery({
    queryKey: MERCHANTS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<MerchantJson[]>('/api/merchants', { signal }),
  });
  const role = roleInMerchant(merchants.data, merchant?.id);
  return { merchant, role, isAdmin: role === 'admin' };
}

/**
 * Whether the session is known to have ended (`GET /api/user` answered 401): the marketplace page
 * then says 'Accesso richiesto' (spec §2). Same key, call and timings as the shell's query, so it
 * reads the shell's cache entry.
 */
export function useSignedOut(): boolean {
  const user = useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    ...CURRENT_USER_QUERY_TIMINGS,
  });
  return user.data === null;
}
