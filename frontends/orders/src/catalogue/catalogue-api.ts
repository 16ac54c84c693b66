/**
 * The catalogue's calls (issue 25: `/api/products`, answered by orders), query keys and hooks; and
 * the presets the order panel chooses from. Components call these hooks, never `apiFetch`.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderJson, ProductCsvResultJson, ProductFields, ProductJson, ProductListJson } from '@smista/contracts';
import { apiFetch, apiRequest, orderQueryKeys, packagePresetsKey, packagePresetsQuery, responseError } from '@smista/ui-kit';

/** What the list shows: its search, filters and page (also the screen's URL). */
export interface CatalogueView {
  search: string;
  missingWeight: boolean;
  missingCustoms: boolean;
  marketplace: string;
  page: number;
  pageSize: number;
}

export const CATALOGUE_PAGE_SIZE = 20;

/** The API path of a view (only what differs from the defaults). */
export function productsPath(view: CatalogueView): string {
  const q = new URLSearchParams();
  if (view.search.trim()) q.set('search', view.search.trim());
  if (view.missingWeight) q.set('missingWeight', 'true');
  if (view.missingCustoms) q.set('missingCustoms', 'true');
  if (view.marketplace) q.set('marketplace', view.marketplace);
  q.set('page', String(view.page));
  q.set('pageSize', String(view.pageSize));
  return `/api/products?${q.toString()}`;
}

/** Per merchant; the orders' entries too, since a product's weight moves its open orders'. */
export const catalogueKeys = {
  all: (merchantId: string) => ['catalogue', merchantId] as const,
  list: (merchantId: string, path: string) => [...catalogueKeys.all(merchantId), path] as const,
  presets: packagePresetsKey,
};

export function useProducts(merchantId: string, view: CatalogueView) {
  const path = productsPath(view);
  return useQuery({ queryKey: catalogueKeys.list(merchantId, path), queryFn: ({ signal }) => apiFetch<ProductListJson>(path, { signal }), placeholderData: keepPreviousData });
}

function useRefreshAfter(merchantId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.all(merchantId) });
    void queryClient.invalidateQueries({ queryKey: orderQueryKeys.merchant(merchantId) });
  };
}

export function useSaveProduct(merchantId: string) {
  return useMutation({
    mutationFn: ({ id, values }: { id: number; values: ProductFields }) => apiFetch<ProductJson>(`/api/products/${encodeURIComponent(String(id))}`, { method: 'PUT', body: values }),
    onSettled: useRefreshAfter(merchantId),
  });
}

/** The catalogue as a CSV file (a Blob to save). */
export async function downloadCatalogueCsv(): Promise<Blob> {
  const res = await apiRequest('/api/products/csv');
  if (!res.ok) throw await responseError(res);
  return res.blob();
}

/** Uploads a filled CSV: applied, or refused with its report (422 is an answer, not an error). */
export function useUploadCatalogueCsv(merchantId: string) {
  return useMutation({
    mutationFn: async (csv: string): Promise<ProductCsvResultJson> => {
      const res = await apiRequest('/api/products/csv', { method: 'POST', body: { csv } });
      if (res.status === 422) return (await res.json()) as ProductCsvResultJson;
      if (!res.ok) throw await responseError(res);
      return (await res.json()) as ProductCsvResultJson;
    },
    onSettled: useRefreshAfter(merchantId),
  });
}

/** The merchant's package presets (the order panel's choice). */
export function usePackagePresets(merchantId: string) {
  return useQuery(packagePresetsQuery(merchantId));
}

/** `PUT /api/orders/{id}/package {presetId}` (0: the merchant's default). */
export function useSetOrderPackage(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, presetId }: { orderId: number; presetId: number }) => apiFetch<OrderJson>(`/api/orders/${encodeURIComponent(String(orderId))}/package`, { method: 'PUT', body: { presetId } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderQueryKeys.merchant(merchantId) }),
  });
}
