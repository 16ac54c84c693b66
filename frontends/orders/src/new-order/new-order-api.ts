import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderJson, ProductListJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';
import { catalogueKeys, productsPath } from '../catalogue/catalogue-api';
import { orderKeys, refreshOrders } from '../orders/orders-api';

/** `POST /api/orders`: a manual order (issue 25); the answer is the order as `GET /api/orders/{id}` answers it. */
export const createManualOrder = (body: Record<string, unknown>) => apiFetch<OrderJson>('/api/orders', { method: 'POST', body });

/** 'Crea ordine': the created order goes into its detail's cache entry, and the lists read again. */
export function useCreateManualOrder(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createManualOrder,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(merchantId, order.id), order);
      refreshOrders(queryClient, merchantId);
    },
  });
}

/** Products a line's picker offers at most. */
export const PICKER_PAGE_SIZE = 8;

/**
 * The line's catalogue picker: the merchant's products matching the text (SKU or title), the
 * catalogue screen's own `GET /api/products?search=` and cache entries; only while the list is open.
 */
export function useProductChoices(merchantId: string, search: string, enabled: boolean) {
  const path = productsPath({ search, missingWeight: false, missingCustoms: false, marketplace: '', page: 1, pageSize: PICKER_PAGE_SIZE });
  return useQuery({
    queryKey: catalogueKeys.list(merchantId, path),
    queryFn: ({ signal }) => apiFetch<ProductListJson>(path, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
