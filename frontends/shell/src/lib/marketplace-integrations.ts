/**
 * The merchant's marketplace integrations as the shell reads them (the dashboard tile, the OAuth
 * callback's refresh). The integrations remote owns the marketplace screens; the shell only
 * shares its cache entry: the same key (`['marketplaces', merchantId, 'integrations']`, the
 * remote's `marketplaceKeys.integrations`) and the same call, so a change made there shows here.
 */
import type { MarketplaceIntegrationJson } from '@smista/contracts';
import { apiRequest, discardBody, responseError } from '@smista/ui-kit';

/** Everything of the marketplaces in the cache (invalidated after a connection). */
export const MARKETPLACES_QUERY_ROOT = ['marketplaces'] as const;

export const marketplaceIntegrationsKey = (merchantId: string) => [...MARKETPLACES_QUERY_ROOT, merchantId, 'integrations'] as const;

/**
 * `GET /api/merchants/current/integrations`. Spec §6: a 401 or 403 is an empty list; spec §3: the
 * list may also come as `{ data }`.
 */
export async function fetchMarketplaceIntegrations(signal?: AbortSignal): Promise<MarketplaceIntegrationJson[]> {
  const res = await apiRequest('/api/merchants/current/integrations', { signal });
  if (res.status === 401 || res.status === 403) {
    await discardBody(res);
    return [];
  }
  if (!res.ok) throw await responseError(res);
  const body: unknown = await res.json();
  if (Array.isArray(body)) return body as MarketplaceIntegrationJson[];
  const data = (body as { data?: unknown } | null)?.data;
  return Array.isArray(data) ? (data as MarketplaceIntegrationJson[]) : [];
}

/**
 * The 'Marketplace attivi' tile: how many integrations the merchant has switched on, and the names
 * of their marketplaces (each once, in the list's order).
 *
 * @example activeMarketplaces([{ active: true, marketplaceName: 'eBay' }, { active: false, marketplaceName: 'Amazon' }])
 * // { count: 1, names: ['eBay'] }
 */
export function activeMarketplaces(integrations: readonly Pick<MarketplaceIntegrationJson, 'active' | 'marketplaceName' | 'provider'>[]): {
  count: number;
  names: string[];
} {
  const active = integrations.filter((i) => i.active);
  return { count: active.length, names: [...new Set(active.map((i) => i.marketplaceName || i.provider))] };
}
