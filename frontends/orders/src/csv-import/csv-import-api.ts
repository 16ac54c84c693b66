import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderImportJobJson, OrderImportPreviewJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';
import { refreshOrders } from '../orders/orders-api';

/** How often the screen reads a running job's progress. */
export const IMPORT_POLL_MS = 1_000;

export const previewImport = (file: { fileName: string; content: string }) => apiFetch<OrderImportPreviewJson>('/api/orders/imports/preview', { method: 'POST', body: file });
export const startImport = (file: { fileName: string; content: string }) => apiFetch<OrderImportJobJson>('/api/orders/imports', { method: 'POST', body: file });
export const fetchImport = (id: number, signal?: AbortSignal) => apiFetch<OrderImportJobJson>(`/api/orders/imports/${encodeURIComponent(String(id))}`, { signal });

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });
export const useStartImport = () => useMutation({ mutationFn: startImport });

/** A job's progress, read every second until it is over; then the orders' lists read again. */
export function useImportJob(merchantId: string, id: number | null) {
  const queryClient = useQueryClient();
  return useQuery({
    // Outside the orders' keys: refreshing the orders at the end must not read the job again.
    queryKey: ['order-imports', merchantId, id ?? 0],
    queryFn: async ({ signal }) => {
      const job = await fetchImport(id!, signal);
      if (job.status === 'completed' || job.status === 'failed') refreshOrders(queryClient, merchantId);
      return job;
    },
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data && (query.state.data.status === 'completed' || query.state.data.status === 'failed') ? false : IMPORT_POLL_MS),
  });
}

/** Offers a text as a file download (the template, the example). */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
