/**
 * Every call of the orders screens (spec §7 "Orders", the merchant's marketplace and carrier
 * integrations they show), their query keys and hooks. Components call these hooks; they never
 * call `apiFetch` themselves. Toasts are the caller's (`mutate(vars, { onSuccess, onError })`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BulkCreateJson, MarketplaceIntegrationJson, OrderJson, OrderPageJson, OrderTrackingUpdateJson, SyncStartedJson } from '@smista/contracts';
import {
  apiFetch,
  apiRequest,
  carrierIntegrationsKey,
  carrierIntegrationsQuery,
  discardBody,
  INTEGRATION_RETRY_DELAY_MS,
  listOf,
  orderQueryKeys,
  responseError,
  shipmentQueryKeys,
  shouldRetryIntegration,
} from '@smista/ui-kit';
import { ordersApiPath, type OrdersView } from './orders-view';
import { isJobActive, SYNC_POLL_MS } from './sync';

/**
 * Query keys. Orders are per merchant (the kit's `orderQueryKeys`): the lists under `list` (one
 * entry per API path, so a shared link and a reload find the same entry), one order under
 * `detail`. The merchant's marketplace integrations and carrier integrations use the keys the
 * integrations remote, the settings remote and the shell use for the same lists (`['marketplaces',
 * merchantId, 'integrations']`, the kit's `carrierIntegrationsKey`), so every screen shares one
 * cache entry. The hooks supply their fetchers: these keys are not URLs.
 */
export const orderKeys = {
  ...orderQueryKeys,
  marketplaceIntegrations: (merchantId: string) => ['marketplaces', merchantId, 'integrations'] as const,
  carrierIntegrations: carrierIntegrationsKey,
  /** The shipments remote's entries of the merchant (its lists and details), refreshed after a bulk action here. */
  shipments: shipmentQueryKeys.merchant,
};

/** The shell's dashboard tile ('Ordini da spedire'): refreshed when a sync brings orders. */
export const TO_SHIP_COUNT_KEY = ['/api/orders', 'to-ship-count'] as const;

/** Spec §9: the order list is kept 60 s, an order's items 5 minutes. */
export const ORDER_LIST_STALE_MS = 60_000;
export const ORDER_ITEMS_STALE_MS = 5 * 60_000;

export const orderPath = (orderId: number) => `/api/orders/${encodeURIComponent(String(orderId))}`;

export const fetchOrders = (view: OrdersView, signal?: AbortSignal) => apiFetch<OrderPageJson>(ordersApiPath(view), { signal });

export const fetchOrder = (orderId: number, signal?: AbortSignal) => apiFetch<OrderJson>(orderPath(orderId), { signal });

/**
 * `GET /api/merchants/current/integrations`: the selected merchant's marketplace integrations with
 * their current and last sync job. Spec §6: a 401 or 403 is an empty list, not an error.
 */
export async function fetchMarketplaceIntegrations(signal?: AbortSignal): Promise<MarketplaceIntegrationJson[]> {
  const res = await apiRequest('/api/merchants/current/integrations', { signal });
  if (res.status === 401 || res.status === 403) {
    await discardBody(res);
    return [];
  }
  if (!res.ok) throw await responseError(res);
  return listOf<MarketplaceIntegrationJson>(await res.json());
}

/** Who starts a sync from the screen: the person (`user`), or spec §9's auto-sync on opening it (`auto`). */
export type SyncTrigger = 'user' | 'auto';

/** `POST /api/orders/sync/{integrationId} {triggeredBy}`: starts a background sync, or joins the one running. */
export const startSync = (integrationId: number, triggeredBy: SyncTrigger = 'user') =>
  apiFetch<SyncStartedJson>(`/api/orders/sync/${encodeURIComponent(String(integrationId))}`, { method: 'POST', body: { triggeredBy } });

/** `PATCH /api/orders/{id}/carrier {carrierIntegrationId}`: a number, or null to remove the carrier. */
export const assignCarrier = (orderId: number, carrierIntegrationId: number | null) =>
  apiFetch<OrderJson>(`${orderPath(orderId)}/carrier`, { method: 'PATCH', body: { carrierIntegrationId } });

/** `POST /api/orders/{id}/update-tracking`: the order's tracking sent to its marketplace (spec §7: a message). */
export const updateTracking = (orderId: number) => apiFetch<OrderTrackingUpdateJson>(`${orderPath(orderId)}/update-tracking`, { method: 'POST' });

/**
 * 'Crea spedizioni': `POST /api/shipments/bulk-create {orderIds}`, one live shipment per order;
 * `confirmUnpaid` (the merchant confirmed it, issue 19) ships the orders not paid too, else the
 * server skips them with their reason.
 */
export const createShipments = (orderIds: number[], confirmUnpaid = false) =>
  apiFetch<BulkCreateJson>('/api/shipments/bulk-create', { method: 'POST', body: confirmUnpaid ? { orderIds, confirmUnpaid } : { orderIds } });

/**
 * One page of orders for a view. Spec §9: kept 60 s; while the next page loads the previous one
 * stays on screen (no flash of an empty table).
 */
export function useOrders(merchantId: string, view: OrdersView, enabled = true) {
  return useQuery({
    queryKey: orderKeys.list(merchantId, ordersApiPath(view)),
    queryFn: ({ signal }) => fetchOrders(view, signal),
    staleTime: ORDER_LIST_STALE_MS,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * One order with its items (`/orders/{id}`, and the products of a row that came without them).
 * Spec §9: kept 5 minutes. A 4xx is not retried: it means 'Ordine non trovato'.
 */
export function useOrder(merchantId: string, orderId: number | null, enabled = true) {
  return useQuery({
    queryKey: orderKeys.detail(merchantId, orderId ?? 0),
    queryFn: ({ signal }) => fetchOrder(orderId!, signal),
    staleTime: ORDER_ITEMS_STALE_MS,
    enabled: enabled && orderId !== null,
  });
}

/**
 * The merchant's marketplace integrations (tabs, sync icons, filter). Read again every 1.5 s while
 * a job of theirs is under way or `watching` (a job this screen started), so the progress moves.
 */
export function useMarketplaceIntegrations(merchantId: string, watching: boolean) {
  return useQuery({
    queryKey: orderKeys.marketplaceIntegrations(merchantId),
    queryFn: ({ signal }) => fetchMarketplaceIntegrations(signal),
    retry: shouldRetryIntegration,
    retryDelay: INTEGRATION_RETRY_DELAY_MS,
    refetchInterval: (query) => (watching || (query.state.data ?? []).some((i) => isJobActive(i.currentJob)) ? SYNC_POLL_MS : false),
  });
}

/** The merchant's carrier integrations (the carrier choice of an order). */
export function useCarrierIntegrations(merchantId: string, enabled = true) {
  return useQuery({ ...carrierIntegrationsQuery(merchantId), enabled });
}

/** The started job goes into the cached integration at once, so its tab shows the sync under way. */
function storeStartedJob(queryClient: QueryClient, merchantId: string, integrationId: number, started: SyncStartedJson) {
  queryClient.setQueryData<MarketplaceIntegrationJson[]>(orderKeys.marketplaceIntegrations(merchantId), (list) =>
    list?.map((item) => (item.id === integrationId && started?.job ? { ...item, currentJob: started.job } : item)),
  );
}

/**
 * Starts the sync of one integration (`mutateAsync({ integrationId, triggeredBy })`); the answer's job goes into
 * the integration's cache entry. Several run in parallel for 'Sincronizza tutto'.
 */
export function useStartSync(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ integrationId, triggeredBy }: { integrationId: number; triggeredBy: SyncTrigger }) => startSync(integrationId, triggeredBy),
    onSuccess: (started, { integrationId }) => storeStartedJob(queryClient, merchantId, integrationId, started),
  });
}

/**
 * Everything that shows orders of the merchant reads again (the lists, the open orders, the
 * dashboard tile): after a sync ended or a carrier changed.
 */
export function refreshOrders(queryClient: QueryClient, merchantId: string) {
  void queryClient.invalidateQueries({ queryKey: orderKeys.merchant(merchantId) });
  void queryClient.invalidateQueries({ queryKey: TO_SHIP_COUNT_KEY });
}

/**
 * The carrier of an order (spec §4: takes effect immediately). The answered order replaces the
 * cached one in every list page and in its detail, then the lists refresh behind it.
 */
export function useAssignCarrier(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, carrierIntegrationId }: { orderId: number; carrierIntegrationId: number | null }) =>
      assignCarrier(orderId, carrierIntegrationId),
    onSuccess: (answer, { orderId, carrierIntegrationId }) => {
      const patch = (order: OrderJson): OrderJson =>
        order.id !== orderId ? order : answer && typeof answer === 'object' && 'id' in answer ? { ...order, ...answer, items: answer.items?.length ? answer.items : order.items } : { ...order, carrierIntegrationId };
      queryClient.setQueriesData<OrderPageJson>({ queryKey: orderKeys.lists(merchantId) }, (page) =>
        page ? { ...page, data: page.data.map(patch) } : page,
      );
      queryClient.setQueryData<OrderJson>(orderKeys.detail(merchantId, orderId), (order) => (order ? patch(order) : order));
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists(merchantId) });
    },
  });
}

/**
 * The orders and their shipments read again after a change that touches both (shipments
 * created, tracking sent). Orders learn about their shipments from the shipments service's
 * events, a moment after the answer: the lists are read again now and once more shortly after.
 */
export const SHIPMENTS_SETTLE_MS = 1500;
export function refreshOrdersAndShipments(queryClient: QueryClient, merchantId: string) {
  refreshOrders(queryClient, merchantId);
  void queryClient.invalidateQueries({ queryKey: orderKeys.shipments(merchantId) });
  setTimeout(() => refreshOrders(queryClient, merchantId), SHIPMENTS_SETTLE_MS);
}

/**
 * 'Aggiorna tracking' of an order (the order's id; one row, or each order of the bulk action);
 * the caller shows the server's message. Call it with `mutateAsync` so every order gets its own
 * answer; the caller refreshes the lists once the last one is back.
 */
export function useUpdateTracking() {
  return useMutation({ mutationFn: (orderId: number) => updateTracking(orderId) });
}

/** 'Crea spedizioni' of the selected orders (their ids); the lists follow. */
export function useCreateShipments(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderIds, confirmUnpaid = false }: { orderIds: number[]; confirmUnpaid?: boolean }) => createShipments(orderIds, confirmUnpaid),
    onSettled: () => refreshOrdersAndShipments(queryClient, merchantId),
  });
}
