/**
 * The tracking-code calls of a letter service's integration (spec §7 "Carriers": stats, list, add,
 * delete, and the day's distinta), under the integration's query keys (`carrierKeys.codes`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuccessJson, TrackingCodePageJson, TrackingCodesAddedJson, TrackingCodeStatsJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';
import { carrierKeys, integrationPath } from '../carriers/carriers-api';
import { codeListQuery, CODES_PAGE_SIZE, type AddCodesBody, type CodeFilter } from './code-input';

const codesPath = (merchantId: string, integrationId: string) => `${integrationPath(merchantId, integrationId)}/tracking-codes`;

export const fetchCodeStats = (merchantId: string, integrationId: string, signal?: AbortSignal) =>
  apiFetch<TrackingCodeStatsJson>(`${codesPath(merchantId, integrationId)}/stats`, { signal });

export const fetchCodePage = (merchantId: string, integrationId: string, filter: CodeFilter, page: number, signal?: AbortSignal) =>
  apiFetch<TrackingCodePageJson>(`${codesPath(merchantId, integrationId)}?${codeListQuery(filter, page)}`, { signal });

export const addCodes = (merchantId: string, integrationId: string, body: AddCodesBody) =>
  apiFetch<TrackingCodesAddedJson>(codesPath(merchantId, integrationId), { method: 'POST', body });

export const deleteCode = (merchantId: string, integrationId: string, codeId: string) =>
  apiFetch<SuccessJson>(`${codesPath(merchantId, integrationId)}/${encodeURIComponent(codeId)}`, { method: 'DELETE' });

/**
 * The link that downloads the day's distinta (`GET .../tracking-codes/distinta?date&format`); the
 * browser sends the session cookie with it like any same-origin request.
 */
export function distintaUrl(merchantId: string, integrationId: string, date: string, format: 'csv' | 'pdf'): string {
  const query = new URLSearchParams({ date, format });
  return `${codesPath(merchantId, integrationId)}/distinta?${query.toString()}`;
}

/** Available, used and total codes, and whether the stock is low. */
export function useCodeStats(merchantId: string, integrationId: string) {
  return useQuery({
    queryKey: carrierKeys.codeStats(merchantId, integrationId),
    queryFn: ({ signal }) => fetchCodeStats(merchantId, integrationId, signal),
  });
}

/** One page of codes; the previous page stays on screen while the next loads. */
export function useCodePage(merchantId: string, integrationId: string, filter: CodeFilter, page: number) {
  return useQuery({
    queryKey: carrierKeys.codePage(merchantId, integrationId, filter, page, CODES_PAGE_SIZE),
    queryFn: ({ signal }) => fetchCodePage(merchantId, integrationId, filter, page, signal),
    placeholderData: keepPreviousData,
  });
}

/** After codes were added or deleted: the stats and every page of the list. */
function useRefreshCodes(merchantId: string, integrationId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: carrierKeys.codes(merchantId, integrationId) });
}

/** `POST .../tracking-codes` by hand or by range: answers `{message: 'Aggiunti 25 codici', added}`. */
export function useAddCodes(merchantId: string, integrationId: string) {
  return useMutation({
    mutationFn: (body: AddCodesBody) => addCodes(merchantId, integrationId, body),
    onSuccess: useRefreshCodes(merchantId, integrationId),
  });
}

/** `DELETE .../tracking-codes/{codeId}` (available codes only; the server refuses the others). */
export function useDeleteCode(merchantId: string, integrationId: string) {
  return useMutation({
    mutationFn: (codeId: string) => deleteCode(merchantId, integrationId, codeId),
    onSettled: useRefreshCodes(merchantId, integrationId),
  });
}
