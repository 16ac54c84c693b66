import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';
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
