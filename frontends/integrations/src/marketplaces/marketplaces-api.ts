/**
 * Every call of the marketplace screens (spec §7 "Marketplaces and integrations"), their query keys
 * and hooks: the catalogue, the merchant's marketplace integrations, one integration, the eBay
 * consent redirect, connecting from the required settings, the switch, the token refresh and the
 * deletion. Components call these hooks; they never call `apiFetch` themselves. Toasts are the
 * caller's (`mutate(vars, { onSuccess, onError })`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OAUTH_STARTED_STATE_KEY, type MarketplaceId, type MarketplaceIntegrationJson, type MarketplaceJson, type OAuthParamsJson } from '@smista/contracts';
import { apiFetch, apiRequest, discardBody, INTEGRATION_RETRY_DELAY_MS, listOf, responseError, shouldRetryIntegration } from '@smista/ui-kit';
import { authorizeUrlFor } from './marketplace-rules';

/**
 * Query keys of the marketplaces. The catalogue is the same for everyone; the integrations are per
 * merchant, one integration under its merchant's list, so invalidating the list refreshes the
 * detail too. The shell (dashboard tile, OAuth callback) and the settings' carriers tab read the
 * merchant's list under this same key with the same call, so every screen shares one cache entry
 * and a change made here shows there. The hooks supply their fetchers: these keys are not URLs.
 */
export const marketplaceKeys = {
  all: ['marketplaces'] as const,
  catalogue: () => [...marketplaceKeys.all, 'catalogue'] as const,
  merchant: (merchantId: string) => [...marketplaceKeys.all, merchantId] as const,
  integrations: (merchantId: string) => [...marketplaceKeys.merchant(merchantId), 'integrations'] as const,
  integration: (merchantId: string, integrationId: string) => [...marketplaceKeys.integrations(merchantId), integrationId] as const,
};

const integrationRetry = { retry: shouldRetryIntegration, retryDelay: INTEGRATION_RETRY_DELAY_MS } as const;

export const CURRENT_INTEGRATIONS_PATH = '/api/merchants/current/integrations';

/** `/api/merchants/{merchantId}/integrations/{integrationId}`. */
export const merchantIntegrationPath = (merchantId: string, integrationId: string) =>
  `/api/merchants/${encodeURIComponent(merchantId)}/integrations/${encodeURIComponent(integrationId)}`;

/** `/api/integrations/{id}`, the path family of the switch, the token refresh and the deletion. */
export const integrationPath = (integrationId: number | string) => `/api/integrations/${encodeURIComponent(String(integrationId))}`;

/** `/api/marketplace/{identifier}/oauth-params` (spec §7 names eBay's). */
export const oauthParamsPath = (identifier: string) => `/api/marketplace/${encodeURIComponent(identifier)}/oauth-params`;

export const fetchMarketplaces = (signal?: AbortSignal) => apiFetch<unknown>('/api/marketplaces', { signal }).then((body) => listOf<MarketplaceJson>(body));

/**
 * `GET /api/merchants/current/integrations`: the selected merchant's marketplace integrations.
 * Spec §6: a 401 or 403 is an empty list, not an error.
 */
export async function fetchMarketplaceIntegrations(signal?: AbortSignal): Promise<MarketplaceIntegrationJson[]> {
  const res = await apiRequest(CURRENT_INTEGRATIONS_PATH, { signal });
  if (res.status === 401 || res.status === 403) {
    await discardBody(res);
    return [];
  }
  if (!res.ok) throw await responseError(res);
  return listOf<MarketplaceIntegrationJson>(await res.json());
}

export const fetchMarketplaceIntegration = (merchantId: string, integrationId: string, signal?: AbortSignal) =>
  apiFetch<MarketplaceIntegrationJson>(merchantIntegrationPath(merchantId, integrationId), { signal });

/** The consent's parameters; `shop`: the store whose own page it is (Shopify). */
export const fetchOAuthParams = (identifier: MarketplaceId, shop?: string) =>
  apiFetch<OAuthParamsJson>(shop ? `${oauthParamsPath(identifier)}?shop=${encodeURIComponent(shop)}` : oauthParamsPath(identifier));

/** `POST /api/merchants/current/integrations` from the connect dialog (spec §7). */
export const createMarketplaceIntegration = (merchantId: string, provider: MarketplaceId, config: Record<string, string>) =>
  apiFetch<MarketplaceIntegrationJson>(CURRENT_INTEGRATIONS_PATH, {
    method: 'POST',
    body: { type: 'marketplace', provider, merchantId, config, active: true },
  });

/** `PUT /api/integrations/{id}/toggle-active {active}`: answers the integration. */
export const toggleMarketplaceIntegration = (integrationId: number, active: boolean) =>
  apiFetch<MarketplaceIntegrationJson>(`${integrationPath(integrationId)}/toggle-active`, { method: 'PUT', body: { active } });

/** `POST /api/integrations/{id}/refresh-token` ('Aggiorna token'): answers the integration with its new expiry. */
export const refreshMarketplaceToken = (integrationId: number) =>
  apiFetch<MarketplaceIntegrationJson>(`${integrationPath(integrationId)}/refresh-token`, { method: 'POST' });

/**
 * `PATCH /api/merchants/{merchantId}/integrations/{integrationId} {autoUpdateTracking}`: whether
 * the tracking number of every new label goes to the marketplace by itself; answers the
 * integration. Admins only (a user gets the server's 403).
 */
export const setAutoUpdateTracking = (merchantId: string, integrationId: number, autoUpdateTracking: boolean) =>
  apiFetch<MarketplaceIntegrationJson>(merchantIntegrationPath(merchantId, String(integrationId)), { method: 'PATCH', body: { autoUpdateTracking } });

/** `DELETE /api/integrations/{id}`: the integration, its jobs and its orders. */
export const deleteMarketplaceIntegration = (integrationId: number) => apiFetch<unknown>(integrationPath(integrationId), { method: 'DELETE' });

/** `GET /api/marketplaces`: the catalogue changes only with a release; kept for five minutes. */
export function useMarketplaces() {
  return useQuery({
    queryKey: marketplaceKeys.catalogue(),
    queryFn: ({ signal }) => fetchMarketplaces(signal),
    staleTime: 5 * 60_000,
    ...integrationRetry,
  });
}

/** The merchant's marketplace integrations (the merchant in the key: switching merchant never shows another's). */
export function useMarketplaceIntegrations(merchantId: string) {
  return useQuery({
    queryKey: marketplaceKeys.integrations(merchantId),
    queryFn: ({ signal }) => fetchMarketplaceIntegrations(signal),
    ...integrationRetry,
  });
}

/** One integration (`/dashboard/integration/{id}`); a 404 means 'Integrazione non trovata'. */
export function useMarketplaceIntegration(merchantId: string, integrationId: string) {
  return useQuery({
    queryKey: marketplaceKeys.integration(merchantId, integrationId),
    queryFn: ({ signal }) => fetchMarketplaceIntegration(merchantId, integrationId, signal),
    ...integrationRetry,
  });
}

/**
 * After a change the server answered with the integration: it replaces the cached one (list and
 * detail show it at once) and the list refreshes behind it. Spec §7 names only `active` in the
 * switch's answer, so an answer without an id is not taken for an integration; the refresh alone
 * then brings the change.
 */
function useStoreIntegration(merchantId: string) {
  const queryClient = useQueryClient();
  return (integration: MarketplaceIntegrationJson) => {
    if (integration && typeof integration === 'object' && 'id' in integration) {
      queryClient.setQueryData(marketplaceKeys.integration(merchantId, String(integration.id)), integration);
      queryClient.setQueryData<MarketplaceIntegrationJson[]>(marketplaceKeys.integrations(merchantId), (list) =>
        list?.map((item) => (item.id === integration.id ? integration : item)),
      );
    }
    void queryClient.invalidateQueries({ queryKey: marketplaceKeys.integrations(merchantId) });
  };
}

/**
 * eBay's 'Connetti': asks for the OAuth parameters, keeps their `state` in this browser (the callback
 * connects at once only a code that comes back with it), then sends the browser to the consent page
 * (`window.location.assign`); the marketplace comes back to the shell's /marketplace/callback.
 * A failure (no client id configured: 'Parametri OAuth incompleti: client_id mancante') is the
 * caller's toast; on success the page is being left.
 */
export function useStartOAuth() {
  return useMutation({
    mutationFn: async ({ identifier, shop }: { identifier: MarketplaceId; shop?: string }) => {
      const params = await fetchOAuthParams(identifier, shop);
      try {
        window.localStorage.setItem(OAUTH_STARTED_STATE_KEY, params.state);
      } catch {
        // no storage: the callback page asks before connecting
      }
      // The service builds the page's address in the marketplace's own form; older answers lack it.
      window.location.assign(params.consentUrl || authorizeUrlFor(params));
    },
  });
}

/** Connects a marketplace from its required settings; the list refreshes however it ends. */
export function useConnectMarketplace(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ provider, config }: { provider: MarketplaceId; config: Record<string, string> }) =>
      createMarketplaceIntegration(merchantId, provider, config),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: marketplaceKeys.integrations(merchantId) }),
  });
}

/** The active switch (`{ id, active }`). */
export function useToggleMarketplaceIntegration(merchantId: string) {
  const store = useStoreIntegration(merchantId);
  return useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => toggleMarketplaceIntegration(id, active),
    onSuccess: store,
  });
}

/** 'Aggiorna tracking automaticamente' (`{ id, autoUpdateTracking }`). */
export function useSetAutoUpdateTracking(merchantId: string) {
  const store = useStoreIntegration(merchantId);
  return useMutation({
    mutationFn: ({ id, autoUpdateTracking }: { id: number; autoUpdateTracking: boolean }) => setAutoUpdateTracking(merchantId, id, autoUpdateTracking),
    onSuccess: store,
  });
}

/** 'Aggiorna token' (the integration's id). */
export function useRefreshMarketplaceToken(merchantId: string) {
  const store = useStoreIntegration(merchantId);
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => refreshMarketplaceToken(id),
    onSuccess: store,
    // A refused refresh token changes the integration too (its warning): show it.
    onError: () => void queryClient.invalidateQueries({ queryKey: marketplaceKeys.integrations(merchantId) }),
  });
}

/** 'Elimina' / 'Disconnetti' (the integration's id): it leaves the cache, the list refreshes. */
export function useDeleteMarketplaceIntegration(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMarketplaceIntegration(id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: marketplaceKeys.integration(merchantId, String(id)) });
      queryClient.setQueryData<MarketplaceIntegrationJson[]>(marketplaceKeys.integrations(merchantId), (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: marketplaceKeys.integrations(merchantId), exact: true });
    },
  });
}
