/**
 * Query keys the remotes share. Host and remotes share one QueryClient (TanStack Query is a shared
 * singleton), so a key means the same thing on every screen: a remote that refreshes another's
 * entries (the shipments after 'Crea spedizioni', the orders after a shipment changed) builds the
 * other's key here, never by hand. The hooks supply their fetchers: these keys are not URLs.
 */
import type { CarrierIntegrationJson, PackagePresetJson } from '@smista/contracts';
import { apiFetch, apiFetchList, INTEGRATION_RETRY_DELAY_MS, shouldRetryIntegration } from './api';

/**
 * The keys of a merchant-scoped resource with paged lists: everything under `[root]`, then the
 * merchant, then its lists (one entry per API path, so a shared link and a reload find the same
 * entry) and its details by id. Invalidating `merchant(id)` refreshes every list and detail of that
 * merchant; `lists(id)` only the lists.
 *
 * @example merchantListKeys('orders').list('m1', '/api/orders?page=2') // ['orders', 'm1', 'list', '/api/orders?page=2']
 */
export function merchantListKeys<Root extends string>(root: Root) {
  return {
    all: [root] as const,
    merchant: (merchantId: string) => [root, merchantId] as const,
    lists: (merchantId: string) => [root, merchantId, 'list'] as const,
    list: (merchantId: string, apiPath: string) => [root, merchantId, 'list', apiPath] as const,
    detail: (merchantId: string, id: number) => [root, merchantId, 'detail', id] as const,
  };
}

/** The orders remote's keys (`['orders', merchantId, ...]`). */
export const orderQueryKeys = merchantListKeys('orders');

/** The shipments remote's keys (`['shipments', merchantId, ...]`). */
export const shipmentQueryKeys = merchantListKeys('shipments');

/**
 * The selected merchant's carrier integrations, one cache entry for every screen that lists them
 * (the settings and integrations remotes, the orders' carrier choice, the shipments' carrier
 * column and filter).
 */
export const carrierIntegrationsKey = (merchantId: string) => ['carriers', merchantId, 'integrations'] as const;

/** `GET /api/carrier-integrations` (spec §7 Carriers): the selected merchant's carrier integrations. */
export const fetchCarrierIntegrations = (signal?: AbortSignal) => apiFetchList<CarrierIntegrationJson>('/api/carrier-integrations', { signal });

/**
 * The query of the selected merchant's carrier integrations, as every screen asks it (spec §7:
 * retried 3 times, 500 ms apart, never after a 4xx): spread it into `useQuery`, adding what the
 * screen needs (`enabled`).
 *
 * @example useQuery({ ...carrierIntegrationsQuery(merchantId), enabled: open })
 */
export const carrierIntegrationsQuery = (merchantId: string) => ({
  queryKey: carrierIntegrationsKey(merchantId),
  queryFn: ({ signal }: { signal?: AbortSignal }) => fetchCarrierIntegrations(signal),
  retry: shouldRetryIntegration,
  retryDelay: INTEGRATION_RETRY_DELAY_MS,
});

/**
 * The selected merchant's package presets (issue 25), one cache entry for every screen that lists
 * them (Impostazioni › Imballaggi writes them; the order panel, the new order, the rules and the
 * shipment drawer choose one).
 */
export const packagePresetsKey = (merchantId: string) => ['package-presets', merchantId] as const;

/**
 * `GET /api/package-presets`: spread it into `useQuery`.
 *
 * @example useQuery(packagePresetsQuery(merchantId))
 */
export const packagePresetsQuery = (merchantId: string) => ({
  queryKey: packagePresetsKey(merchantId),
  queryFn: ({ signal }: { signal?: AbortSignal }) => apiFetch<PackagePresetJson[]>('/api/package-presets', { signal }),
});
