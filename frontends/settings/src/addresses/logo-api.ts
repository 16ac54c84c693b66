/**
 * The merchant's logo (issue 25): `GET`, `PUT {logo}` and `DELETE /api/merchants/current/logo`,
 * with their query key and hooks. Components call these hooks, never `apiFetch` themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MerchantLogoJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';

const PATH = '/api/merchants/current/logo';

/** The merchant id is in the key so a switch of merchant never shows the previous one's logo. */
export const logoKeys = { logo: (merchantId: string) => ['merchant-logo', merchantId] as const };

export function useMerchantLogo(merchantId: string) {
  return useQuery({ queryKey: logoKeys.logo(merchantId), queryFn: ({ signal }) => apiFetch<MerchantLogoJson>(PATH, { signal }) });
}

/** Uploads (a data URL) or, with null, removes the logo; the card shows the server's answer. */
export function useChangeLogo(merchantId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (logo: string | null) =>
      logo === null ? apiFetch(PATH, { method: 'DELETE' }).then((): MerchantLogoJson => ({ logo: null, width: 0, height: 0, updatedAt: null })) : apiFetch<MerchantLogoJson>(PATH, { method: 'PUT', body: { logo } }),
    onSuccess: (answer) => queryClient.setQueryData(logoKeys.logo(merchantId), answer),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: logoKeys.logo(merchantId) }),
  });
}
