import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from '@smista/ui-kit';

/** Spec §7: a generic query GETs the URL that is its first key part. */
const getFirstKeyAsUrl: QueryFunction = ({ queryKey, signal }) => apiFetch(String(queryKey[0]), { signal });

/**
 * The page's one QueryClient (spec §7, §9): no retries, default staleTime 0, refetch on window
 * focus. Remotes reach it through the shared @tanstack/react-query context.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { queryFn: getFirstKeyAsUrl, staleTime: 0, retry: false, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
}
