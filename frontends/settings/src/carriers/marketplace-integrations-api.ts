/**
 * The calls of the carriers tab's marketplace panel (spec §2 "Carriers tab", §7 "Marketplaces and
 * integrations"): the selected merchant's marketplace integrations and 'Aggiorna' (a new access
 * token). Connecting, switching and deleting them is the integrations remote's
 * (/dashboard/marketplaces, /dashboard/integration/{id}); this panel lists them and links there.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketplaceIntegrationJson, MarketplaceJson } from '@smista/contracts';
import { apiFetch, apiRequest, discardBody, INTEGRATION_RETRY_DELAY_MS, listOf, responseError, shouldRetryIntegration } from '@smista/ui-kit';

/**
 * Query keys of the marketplaces: the same keys, and the same calls behind them, as the
 * integrations remote's `marketplaceKeys` (and the shell's dashboard tile), so every screen shares
 * one cache entry and a change made on /dashboard/marketplaces shows here without a reload.
 */
export const marketplaceIntegrationKeys = {
  all: ['marketplaces'] as const,
  catalogue: () => [...marketplaceIntegrationKeys.all, 'catalogue'] as const,
  list: (merchantId: string) => [...marketplaceIntegrationKeys.all, merchantId, 'integrations'] as const,
};

const integrationRetry = { retry: shouldRetryIntegration, retryDelay: INTEGRATION_RETRY_DELAY_MS } as const;

/** `GET /api/merchants/current/integrations`; spec §6: a 401 or 403 is an empty list. */
export async function fetchMarketplaceIntegrations(signal?: AbortSignal): Promise<MarketplaceIntegrationJson[]> {
  const res = await apiRequest('/api/merchants/current/integrations', { signal });
  if (res.status === 401 || res.status === 403) {
    await discardBody(res);
    return [];
  }
  if (!res.ok) throw await responseError(res);
  return listOf<MarketplaceIntegrationJson>(await res.json());
}

export const fetchMarketplaces = (signal?: AbortSignal) => apiFetch<unknown>('/api/marketplaces', { signal }).then((body) => listOf<MarketplaceJson>(body));

/** `POST /api/integrations/{id}/refresh-token`: answers the integration with its new expiry. */
export const refreshMarketplaceToken = (integrationId: number) =>
  apiFetch<MarketplaceIntegrationJson>(`/api/integrations/${encodeURIComponent(String(integrationId))}/refresh-token`, { method: 'POST' });

/** Where 'Gestisci' leads: the integration's detail page in the integrations remote. */
export const marketplaceManagePath = (integrationId: number) => `/dashboard/integration/${encodeURIComponent(String(integrationId))}`;

/** Spec §5: a token is refreshed through the marketplace's OAuth address; unknown marketplaces are left to the server. */
export function canRefreshToken(marketplace: Pick<MarketplaceJson, 'oauthUrl'> | undefined): boolean {
  return marketplace === undefined || Boolean(marketplace.oauthUrl);
}

/** The merchant's marketplace integrations. */
export function useMarketplaceIntegrations(merchantId: string) {
  return useQuery({ queryKey: marketplaceIntegrationKeys.list(merchantId), queryFn: ({ signal }) => fetchMarketplaceIntegrations(signal), ...integrationRetry });
}

/** The catalogue (which marketplaces refresh through OAuth); it changes only with a release. */
export function useMarketplaces() {
  return useQuery({ queryKey: marketplaceIntegrationKeys.catalogue(), queryFn: ({ signal }) => fetchMarketplaces(signal), staleTime: 5 * 60_000, ...integrationRetry });
}

/** 'Aggiorna' (the integration's id); the list refreshes however it ends (a refused token changes its warning). */
export function useRefreshMarketplaceToken(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => refreshMarketplaceToken(id),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: marketplaceIntegrationKeys.list(merchantId) }),
  });
}
