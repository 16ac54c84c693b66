import { useQuery } from '@tanstack/react-query';
import { fetchCurrentUser, CURRENT_USER_QUERY_KEY, CURRENT_USER_QUERY_TIMINGS } from '@smista/ui-kit';

/** The shell's current-user query, read from the shared QueryClient (same key, same fetcher). */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_QUERY_KEY,
    queryFn: ({ signal }) => fetchCurrentUser({ signal }),
    ...CURRENT_USER_QUERY_TIMINGS,
  });
}
