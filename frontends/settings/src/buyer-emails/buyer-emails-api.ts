/**
 * The e-mails to buyers (issue 26): `GET` and `PUT /api/buyer-emails`, `POST /api/buyer-emails/preview`
 * and `/test`, with their query key and hooks. Components call these hooks, never `apiFetch` themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyerMailDraftInput, BuyerMailPreviewJson, BuyerMailSettingsInput, BuyerMailSettingsJson, MessageJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';

const PATH = '/api/buyer-emails';

/** The merchant id is in the key so a switch of merchant never shows the previous one's settings. */
export const buyerMailKeys = {
  all: ['buyer-emails'] as const,
  settings: (merchantId: string) => [...buyerMailKeys.all, merchantId, 'settings'] as const,
};

export const fetchBuyerMailSettings = (signal?: AbortSignal) => apiFetch<BuyerMailSettingsJson>(PATH, { signal });

export const saveBuyerMailSettings = (body: BuyerMailSettingsInput) => apiFetch<BuyerMailSettingsJson>(PATH, { method: 'PUT', body });

export const previewBuyerMail = (body: BuyerMailDraftInput) => apiFetch<BuyerMailPreviewJson>(`${PATH}/preview`, { method: 'POST', body });

export const sendBuyerMailTest = (body: BuyerMailDraftInput) => apiFetch<MessageJson>(`${PATH}/test`, { method: 'POST', body });

/** The selected merchant's settings (any member may read them). */
export function useBuyerMailSettings(merchantId: string) {
  return useQuery({ queryKey: buyerMailKeys.settings(merchantId), queryFn: ({ signal }) => fetchBuyerMailSettings(signal) });
}

/** Saves the whole settings (admins only: a user gets 403); the screen then shows the server's answer. */
export function useSaveBuyerMailSettings(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBuyerMailSettings,
    onSuccess: (answer) => queryClient.setQueryData(buyerMailKeys.settings(merchantId), answer),
  });
}

/** The server's rendering of one kind as it stands in the form, with a sample parcel. */
export function usePreviewBuyerMail() {
  return useMutation({ mutationFn: previewBuyerMail });
}

/** Sends one kind as it stands in the form to the signed-in user's own address. */
export function useSendBuyerMailTest() {
  return useMutation({ mutationFn: sendBuyerMailTest });
}
