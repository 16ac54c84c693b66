/**
 * Every call of the shipments screen (spec §7 "Shipments", and the merchant's carrier
 * integrations it names), their query keys and hooks. Components call these hooks; they never call
 * `apiFetch` themselves. Toasts are the caller's (`mutate(vars, { onSuccess, onError })`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  CustomsDeclaration,
  CloseWorkdayJson,
  MarketplaceIntegrationJson,
  OrderTrackingUpdateJson,
  ProcessResultJson,
  ProcessRunJson,
  ShipmentActionJson,
  ShipmentAddressData,
  ShipmentDetailsJson,
  ShipmentJson,
  ShipmentPageJson,
} from '@smista/contracts';
import {
  apiFetch,
  apiFetchList,
  apiRequest,
  carrierIntegrationsKey,
  carrierIntegrationsQuery,
  INTEGRATION_RETRY_DELAY_MS,
  orderQueryKeys,
  packagePresetsQuery,
  responseError,
  shipmentQueryKeys,
  shouldRetryIntegration,
} from '@smista/ui-kit';
import { labelPath, shipmentApiPath } from '../paths';
import { PROGRESS_POLL_MS } from './progress';
import { shipmentsApiPath, type ShipmentsView } from './shipments-view';

/**
 * Query keys. Shipments are per merchant (the kit's `shipmentQueryKeys`): the lists under `list`
 * (one entry per API path), one shipment's details under `detail`, the processing runs under
 * `runs`. The carrier integrations use the key every other screen uses for the same list (the
 * kit's `carrierIntegrationsKey`), so they share one cache entry. The orders of the merchant (the
 * orders remote's `['orders', merchantId]`) follow their shipments, so they are refreshed after a
 * change here. The hooks supply their fetchers: these keys are not URLs.
 */
export const shipmentKeys = {
  ...shipmentQueryKeys,
  runs: (merchantId: string) => [...shipmentQueryKeys.merchant(merchantId), 'process-runs'] as const,
  marketplaceIntegration: (merchantId: string, integrationId: number) => ['marketplace-integration', merchantId, integrationId] as const,
  carrierIntegrations: carrierIntegrationsKey,
  orders: orderQueryKeys.merchant,
};

export const fetchShipments = (view: ShipmentsView, signal?: AbortSignal) => apiFetch<ShipmentPageJson>(shipmentsApiPath(view), { signal });

export const fetchShipment = (shipmentId: number, signal?: AbortSignal) => apiFetch<ShipmentDetailsJson>(shipmentApiPath(shipmentId), { signal });

/** `GET /api/shipments/process-runs`: the runs still going and the last finished one. */
export const fetchProcessRuns = (signal?: AbortSignal) => apiFetchList<ProcessRunJson>('/api/shipments/process-runs', { signal });

/** 'Processa Tutte': `POST /api/shipments/process` (every pending shipment of the merchant). */
export const processAll = () => apiFetch<ProcessResultJson>('/api/shipments/process', { method: 'POST' });

/** 'Processa Selezionate': `POST /api/shipments/process-selected {shipmentIds}`. */
export const processSelected = (shipmentIds: number[]) =>
  apiFetch<ProcessResultJson>('/api/shipments/process-selected', { method: 'POST', body: { shipmentIds } });

/** 'Processa Spedizione': `POST /api/shipments/{id}/process`. */
export const processOne = (shipmentId: number) => apiFetch<ProcessResultJson>(`${shipmentApiPath(shipmentId)}/process`, { method: 'POST' });

/**
 * 'Annulla Spedizione': `POST /api/shipments/{id}/cancel`; `smistaOnly` confirms the void in Smista
 * only that the dialog offered where the carrier cannot cancel.
 */
export const cancelShipment = (shipmentId: number, smistaOnly = false) =>
  apiFetch<ShipmentActionJson>(`${shipmentApiPath(shipmentId)}/cancel`, { method: 'POST', ...(smistaOnly ? { body: { smistaOnly: true } } : {}) });

/** 'Chiudi Giornata GLS' of a row: `POST /api/shipments/{id}/close-workday`. */
export const closeWorkdayOne = (shipmentId: number) => apiFetch<CloseWorkdayJson>(`${shipmentApiPath(shipmentId)}/close-workday`, { method: 'POST' });

/** 'Trasmetti GLS': `POST /api/shipments/close-workday {shipmentIds}`. */
export const closeWorkdayMany = (shipmentIds: number[]) =>
  apiFetch<CloseWorkdayJson>('/api/shipments/close-workday', { method: 'POST', body: { shipmentIds } });

/** 'Aggiorna tracking': `POST /api/shipments/{id}/update-tracking`. */
export const updateTracking = (shipmentId: number) => apiFetch<ShipmentActionJson>(`${shipmentApiPath(shipmentId)}/update-tracking`, { method: 'POST' });

/**
 * 'Invia tracking ora' of the details: `POST /api/orders/{orderId}/update-tracking`, the order's
 * tracking told to its marketplace now (the order's latest labelled shipment). A refusal is a 409
 * with the marketplace's reason in Italian.
 */
export const sendOrderTracking = (orderId: number) =>
  apiFetch<OrderTrackingUpdateJson>(`/api/orders/${encodeURIComponent(String(orderId))}/update-tracking`, { method: 'POST' });

/** `GET /api/merchants/current/integrations/{id}`: the shipment's marketplace integration (is its automatic tracking on?). */
export const fetchMarketplaceIntegration = (integrationId: number, signal?: AbortSignal) =>
  apiFetch<MarketplaceIntegrationJson>(`/api/merchants/current/integrations/${encodeURIComponent(String(integrationId))}`, { signal });

/** 'Gestione Corriere': `PATCH /api/shipments/{id}/carrier {carrierIntegrationId}`. */
export const changeCarrier = (shipmentId: number, carrierIntegrationId: number) =>
  apiFetch<ShipmentJson>(`${shipmentApiPath(shipmentId)}/carrier`, { method: 'PATCH', body: { carrierIntegrationId } });

/** Spec §7: the address goes with PATCH on desktop and PUT on mobile (the server treats both alike). */
export type AddressMethod = 'PATCH' | 'PUT';

/** 'Modifica indirizzo': `PATCH` or `PUT /api/shipments/{id}/address` with the §5 fields. */
export const updateAddress = (shipmentId: number, address: ShipmentAddressData, method: AddressMethod) =>
  apiFetch<ShipmentJson>(`${shipmentApiPath(shipmentId)}/address`, { method, body: address });

/**
 * 'Stampa etichetta': `GET /api/shipments/{id}/label` as a PDF blob. A refusal throws the
 * server's error (its `message` is the Italian reason: no label yet, not found).
 */
export async function fetchLabel(shipmentId: number): Promise<Blob> {
  const res = await apiRequest(labelPath(shipmentId));
  if (!res.ok) throw await responseError(res);
  return res.blob();
}

/** The merchant's package presets (issue 25), for the drawer's 'Imballo'; Impostazioni › Imballaggi writes them. */
export function usePackagePresets(merchantId: string) {
  return useQuery(packagePresetsQuery(merchantId));
}

/** One page of shipments for a view; while the next page loads the previous one stays on screen. */
export function useShipments(merchantId: string, view: ShipmentsView) {
  return useQuery({
    queryKey: shipmentKeys.list(merchantId, shipmentsApiPath(view)),
    queryFn: ({ signal }) => fetchShipments(view, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * One shipment with its audit trail (the details drawer); a 4xx is not retried. `pollMs` reads it
 * again meanwhile (after 'Invia tracking ora', until the marketplace's answer reaches it).
 */
export function useShipmentDetails(merchantId: string, shipmentId: number | null, pollMs: number | false = false) {
  return useQuery({
    queryKey: shipmentKeys.detail(merchantId, shipmentId ?? 0),
    queryFn: ({ signal }) => fetchShipment(shipmentId!, signal),
    enabled: shipmentId !== null,
    refetchInterval: pollMs,
  });
}

/** The shipment's marketplace integration (none: disabled); a deleted one is a 404, not retried. */
export function useMarketplaceIntegration(merchantId: string, integrationId: number | null) {
  return useQuery({
    queryKey: shipmentKeys.marketplaceIntegration(merchantId, integrationId ?? 0),
    queryFn: ({ signal }) => fetchMarketplaceIntegration(integrationId!, signal),
    enabled: integrationId !== null && integrationId > 0,
    staleTime: 30_000,
    retry: shouldRetryIntegration,
    retryDelay: INTEGRATION_RETRY_DELAY_MS,
  });
}

/**
 * The processing runs: read once when the screen opens, then every second while processing is
 * under way (`watching`: this screen's request is in flight) or a run is still going (started
 * elsewhere, or resumed after a restart).
 */
export function useProcessRuns(merchantId: string, watching: boolean) {
  return useQuery({
    queryKey: shipmentKeys.runs(merchantId),
    queryFn: ({ signal }) => fetchProcessRuns(signal),
    refetchInterval: (query) => (watching || (query.state.data ?? []).some((run) => run.status === 'running') ? PROGRESS_POLL_MS : false),
    refetchOnWindowFocus: false,
  });
}

/**
 * The runs read again now (into the cache, so the screen's progress follows them), after a
 * processing request failed; when they cannot be read either (the service that lost the answer is
 * still coming back), the last ones the screen polled while the request was under way.
 */
export async function readProcessRunsNow(queryClient: QueryClient, merchantId: string): Promise<ProcessRunJson[] | undefined> {
  const key = shipmentKeys.runs(merchantId);
  try {
    return await queryClient.fetchQuery({ queryKey: key, queryFn: ({ signal }) => fetchProcessRuns(signal), staleTime: 0 });
  } catch {
    return queryClient.getQueryData<ProcessRunJson[]>(key);
  }
}

/** The merchant's carrier integrations (the carrier filter, the 'Corriere' column, 'Gestione Corriere'). */
export function useCarrierIntegrations(merchantId: string) {
  return useQuery(carrierIntegrationsQuery(merchantId));
}

/**
 * Everything that shows the merchant's shipments reads again (lists, open details, runs), and so
 * do the merchant's orders, whose status and shipments follow.
 */
export function refreshShipments(queryClient: QueryClient, merchantId: string) {
  void queryClient.invalidateQueries({ queryKey: shipmentKeys.merchant(merchantId) });
  void queryClient.invalidateQueries({ queryKey: shipmentKeys.orders(merchantId) });
}

/** A changed shipment the server answered goes into every cached page and its details at once. */
function storeShipment(queryClient: QueryClient, merchantId: string, shipment: ShipmentJson | null | undefined) {
  if (!shipment || typeof shipment !== 'object' || !('id' in shipment)) return;
  queryClient.setQueriesData<ShipmentPageJson>({ queryKey: shipmentKeys.lists(merchantId) }, (page) =>
    page ? { ...page, data: page.data.map((s) => (s.id === shipment.id ? { ...s, ...shipment } : s)) } : page,
  );
  queryClient.setQueryData<ShipmentDetailsJson>(shipmentKeys.detail(merchantId, shipment.id), (details) => (details ? { ...details, ...shipment } : details));
}

/** A mutation whose answer changes shipments: refresh after it, however it ends. */
function useShipmentsMutation<V, R>(merchantId: string, mutationFn: (vars: V) => Promise<R>, pick?: (answer: R) => ShipmentJson | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      if (pick) storeShipment(queryClient, merchantId, pick(answer));
    },
    onSettled: () => refreshShipments(queryClient, merchantId),
  });
}

/** 'Processa Tutte' (no variables); the runs are polled meanwhile by {@link useProcessRuns}. */
export const useProcessAll = (merchantId: string) => useShipmentsMutation<void, ProcessResultJson>(merchantId, () => processAll());

/** 'Processa Selezionate' (the ids). */
export const useProcessSelected = (merchantId: string) => useShipmentsMutation(merchantId, (ids: number[]) => processSelected(ids));

/** 'Processa Spedizione' (the id). */
export const useProcessOne = (merchantId: string) => useShipmentsMutation(merchantId, (id: number) => processOne(id));

/** 'Annulla Spedizione' (`{ id, smistaOnly }`). */
export const useCancelShipment = (merchantId: string) =>
  useShipmentsMutation(merchantId, ({ id, smistaOnly }: { id: number; smistaOnly: boolean }) => cancelShipment(id, smistaOnly), (a) => a?.shipment);

/** 'Chiudi Giornata GLS' of a row (the id). */
export const useCloseWorkdayOne = (merchantId: string) => useShipmentsMutation(merchantId, (id: number) => closeWorkdayOne(id));

/** 'Trasmetti GLS' (the ids). */
export const useCloseWorkdayMany = (merchantId: string) => useShipmentsMutation(merchantId, (ids: number[]) => closeWorkdayMany(ids));

/** 'Aggiorna tracking' (the id). */
export const useUpdateTracking = (merchantId: string) => useShipmentsMutation(merchantId, (id: number) => updateTracking(id), (a) => a?.shipment);

/** 'Invia tracking ora' (the order's id). */
export const useSendOrderTracking = (merchantId: string) => useShipmentsMutation(merchantId, (orderId: number) => sendOrderTracking(orderId));

/** 'Gestione Corriere' (`{ shipmentId, carrierIntegrationId }`). */
export const useChangeCarrier = (merchantId: string) =>
  useShipmentsMutation(
    merchantId,
    ({ shipmentId, carrierIntegrationId }: { shipmentId: number; carrierIntegrationId: number }) => changeCarrier(shipmentId, carrierIntegrationId),
    (a) => a,
  );

/** 'Modifica indirizzo' (`{ shipmentId, address, method }`). */
export const useUpdateAddress = (merchantId: string) =>
  useShipmentsMutation(
    merchantId,
    ({ shipmentId, address, method }: { shipmentId: number; address: ShipmentAddressData; method: AddressMethod }) => updateAddress(shipmentId, address, method),
    (a) => a,
  );

/**
 * 'Stampa etichetta': the PDF saved as `etichetta-<id>.pdf` (the browser's download), then the
 * lists refresh (the label now counts as printed: 'Da stampare' changes).
 */
export const useDownloadLabel = (merchantId: string) => useShipmentsMutation(merchantId, (id: number) => fetchLabel(id));

/** Issue 25, the drawer's 'Pacco' (`{ shipmentId, parcel }`: grams and millimetres). */
export const useUpdateParcel = (merchantId: string) =>
  useShipmentsMutation(
    merchantId,
    ({ shipmentId, parcel }: { shipmentId: number; parcel: { weightGrams: number; lengthMm: number | null; widthMm: number | null; heightMm: number | null; packageName: string } }) =>
      apiFetch<ShipmentJson>(`${shipmentApiPath(shipmentId)}/parcel`, { method: 'PUT', body: parcel }),
    (a) => a,
  );

/** Issue 25, the drawer's 'Dati doganali' (`{ shipmentId, customs }`). */
export const useUpdateCustoms = (merchantId: string) =>
  useShipmentsMutation(
    merchantId,
    ({ shipmentId, customs }: { shipmentId: number; customs: CustomsDeclaration }) => apiFetch<ShipmentJson>(`${shipmentApiPath(shipmentId)}/customs`, { method: 'PUT', body: customs }),
    (a) => a,
  );
