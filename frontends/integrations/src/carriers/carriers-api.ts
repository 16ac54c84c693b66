/**
 * Every call of the carrier screens (spec §7 "Carriers"), their query keys and hooks. Components
 * call these hooks; they never call `apiFetch` themselves. The tracking-code calls are in
 * `../tracking-codes/tracking-codes-api.ts`, under the same keys.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CarrierIntegrationJson, CarrierJson, SuccessJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';
import type { CreateCarrierBody, UpdateCarrierBody } from './carrier-form';

/**
 * Query keys of the carriers. The catalogue is the same for everyone; everything else is per
 * merchant, an integration under its merchant's list and its tracking codes under the integration,
 * so invalidating a level refreshes what hangs below it. The settings remote reads the merchant's
 * list under the same key and with the same call, so the two screens share one cache entry.
 * The hooks supply their fetchers: these keys are not URLs.
 */
export const carrierKeys = {
  all: ['carriers'] as const,
  catalogue: () => [...carrierKeys.all, 'catalogue'] as const,
  merchant: (merchantId: string) => [...carrierKeys.all, merchantId] as const,
  integrations: (merchantId: string) => [...carrierKeys.merchant(merchantId), 'integrations'] as const,
  integration: (merchantId: string, integrationId: string) => [...carrierKeys.integrations(merchantId), integrationId] as const,
  codes: (merchantId: string, integrationId: string) => [...carrierKeys.integration(merchantId, integrationId), 'codes'] as const,
  codeStats: (merchantId: string, integrationId: string) => [...carrierKeys.codes(merchantId, integrationId), 'stats'] as const,
  codePage: (merchantId: string, integrationId: string, status: string, page: number, pageSize: number) =>
    [...carrierKeys.codes(merchantId, integrationId), 'list', status, page, pageSize] as const,
};

/** `/api/merchants/{merchantId}/carrier-integrations`, and below it one integration. */
export const integrationsPath = (merchantId: string) => `/api/merchants/${encodeURIComponent(merchantId)}/carrier-integrations`;
export const integrationPath = (merchantId: string, integrationId: string) =>
  `${integrationsPath(merchantId)}/${encodeURIComponent(integrationId)}`;

export const fetchCarriers = (signal?: AbortSignal) => apiFetch<CarrierJson[]>('/api/carriers', { signal });

export const fetchIntegrations = (merchantId: string, signal?: AbortSignal) =>
  apiFetch<CarrierIntegrationJson[]>(integrationsPath(merchantId), { signal });

export const fetchIntegration = (merchantId: string, integrationId: string, signal?: AbortSignal) =>
  apiFetch<CarrierIntegrationJson>(integrationPath(merchantId, integrationId), { signal });

export const createIntegration = (merchantId: string, body: CreateCarrierBody) =>
  apiFetch<CarrierIntegrationJson>(integrationsPath(merchantId), { method: 'POST', body });

export const updateIntegration = (merchantId: string, integrationId: string, body: UpdateCarrierBody) =>
  apiFetch<CarrierIntegrationJson>(integrationPath(merchantId, integrationId), { method: 'PUT', body });

export const toggleIntegration = (merchantId: string, integrationId: string, active: boolean) =>
  apiFetch<CarrierIntegrationJson>(`${integrationPath(merchantId, integrationId)}/toggle`, { method: 'PATCH', body: { active } });

export const deleteIntegration = (merchantId: string, integrationId: string) =>
  apiFetch<SuccessJson>(integrationPath(merchantId, integrationId), { method: 'DELETE' });

export const validateIntegration = (merchantId: string, integrationId: string) =>
  apiFetch<CarrierIntegrationJson>(`${integrationPath(merchantId, integrationId)}/validate`, { method: 'POST' });

/** `GET /api/carriers`: the catalogue; it changes only with a release, so it is kept for the session. */
export function useCarriers() {
  return useQuery({ queryKey: carrierKeys.catalogue(), queryFn: ({ signal }) => fetchCarriers(signal), staleTime: Infinity });
}

/** The merchant's carrier integrations. */
export function useCarrierIntegrations(merchantId: string) {
  return useQuery({ queryKey: carrierKeys.integrations(merchantId), queryFn: ({ signal }) => fetchIntegrations(merchantId, signal) });
}

/** One integration (`?edit={id}`); a 404 is not retried, it means 'Integrazione corriere non trovata'. */
export function useCarrierIntegration(merchantId: string, integrationId: string | null) {
  return useQuery({
    queryKey: carrierKeys.integration(merchantId, integrationId ?? ''),
    queryFn: ({ signal }) => fetchIntegration(merchantId, integrationId!, signal),
    enabled: integrationId !== null,
    retry: false,
  });
}

/**
 * After a change the server answered with the integration: it goes straight into the cache (the
 * page shows the new status at once) and the merchant's list refreshes.
 */
function useStoreIntegration(merchantId: string) {
  const queryClient = useQueryClient();
  return (integration: CarrierIntegrationJson) => {
    queryClient.setQueryData(carrierKeys.integration(merchantId, String(integration.id)), integration);
    void queryClient.invalidateQueries({ queryKey: carrierKeys.integrations(merchantId), exact: true });
  };
}

/** `POST .../carrier-integrations`: answers the integration, active or pending with the carrier's refusal. */
export function useCreateIntegration(merchantId: string) {
  const store = useStoreIntegration(merchantId);
  return useMutation({ mutationFn: (body: CreateCarrierBody) => createIntegration(merchantId, body), onSuccess: store });
}

/** `PUT .../carrier-integrations/{id}`: the credentials are checked again when they changed. */
export function useUpdateIntegration(merchantId: string, integrationId: string) {
  const store = useStoreIntegration(merchantId);
  return useMutation({ mutationFn: (body: UpdateCarrierBody) => updateIntegration(merchantId, integrationId, body), onSuccess: store });
}

/** `PATCH .../toggle {active}`. */
export function useToggleIntegration(merchantId: string, integrationId: string) {
  const store = useStoreIntegration(merchantId);
  return useMutation({ mutationFn: (active: boolean) => toggleIntegration(merchantId, integrationId, active), onSuccess: store });
}

/** `POST .../validate`: asks the carrier about the stored credentials again ('Verifica credenziali'). */
export function useValidateIntegration(merchantId: string, integrationId: string) {
  const store = useStoreIntegration(merchantId);
  return useMutation({ mutationFn: () => validateIntegration(merchantId, integrationId), onSuccess: store });
}

/** `DELETE .../carrier-integrations/{id}`: the integration and its codes leave the cache. */
export function useDeleteIntegration(merchantId: string, integrationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteIntegration(merchantId, integrationId),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: carrierKeys.integration(merchantId, integrationId) });
      void queryClient.invalidateQueries({ queryKey: carrierKeys.integrations(merchantId), exact: true });
    },
  });
}
