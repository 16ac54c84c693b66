/**
 * The calls of the settings' carriers tab (spec §2 "Carriers tab", §7 "Carriers"): the selected
 * merchant's carrier integrations. Connecting and changing them is the integrations remote's
 * (/carriers); this tab lists them and links there.
 */
import { useQuery } from '@tanstack/react-query';
import type { CarrierIntegrationJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';

/**
 * Query keys of the carrier integrations. The same key, and the same call behind it, as the
 * integrations remote's `carrierKeys.integrations`: both screens share one cache entry, so a change
 * made on /carriers shows here without a reload. The hooks supply their fetchers: not URLs.
 */
export const carrierIntegrationKeys = {
  all: ['carriers'] as const,
  list: (merchantId: string) => [...carrierIntegrationKeys.all, merchantId, 'integrations'] as const,
};

export const fetchCarrierIntegrations = (merchantId: string, signal?: AbortSignal) =>
  apiFetch<CarrierIntegrationJson[]>(`/api/merchants/${encodeURIComponent(merchantId)}/carrier-integrations`, { signal });

/** The merchant's carrier integrations. */
export function useCarrierIntegrations(merchantId: string) {
  return useQuery({ queryKey: carrierIntegrationKeys.list(merchantId), queryFn: ({ signal }) => fetchCarrierIntegrations(merchantId, signal) });
}
