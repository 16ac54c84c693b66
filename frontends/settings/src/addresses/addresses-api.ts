/**
 * Every call of the addresses screen (spec §7 "Addresses"), its query keys and hooks. Components
 * call these hooks; they never call `apiFetch` themselves.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressJson, MerchantAddressData, SuccessJson } from '@smista/contracts';
import { apiFetch } from '@smista/ui-kit';

/**
 * Query keys of the addresses. `GET /api/merchant-addresses` answers for the merchant set current
 * on the server; the merchant id is in the key so a switch of merchant never shows the previous
 * merchant's list. The hooks supply their fetchers: these keys are not URLs.
 */
export const addressKeys = {
  all: ['addresses'] as const,
  list: (merchantId: string) => [...addressKeys.all, merchantId, 'list'] as const,
};

const PATH = '/api/merchant-addresses';
const itemPath = (id: string | number) => `${PATH}/${encodeURIComponent(String(id))}`;

export const fetchAddresses = (signal?: AbortSignal) => apiFetch<AddressJson[]>(PATH, { signal });

export const createAddress = (body: MerchantAddressData) => apiFetch<AddressJson>(PATH, { method: 'POST', body });

export const updateAddress = (id: string | number, body: Partial<MerchantAddressData>) =>
  apiFetch<AddressJson>(itemPath(id), { method: 'PATCH', body });

export const deleteAddress = (id: string | number) => apiFetch<SuccessJson>(itemPath(id), { method: 'DELETE' });

/** The selected merchant's addresses. */
export function useAddresses(merchantId: string) {
  return useQuery({ queryKey: addressKeys.list(merchantId), queryFn: ({ signal }) => fetchAddresses(signal) });
}

/** Refreshes the merchant's list however a change ends (another default may have lost its badge). */
function useRefreshAfter(merchantId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: addressKeys.list(merchantId) });
}

/** Creates an address (`id` absent) or updates one. Toasts are the caller's (`mutate(values, { onSuccess })`). */
export function useSaveAddress(merchantId: string) {
  return useMutation({
    mutationFn: ({ id, values }: { id?: string | number; values: MerchantAddressData }) =>
      id === undefined ? createAddress(values) : updateAddress(id, values),
    onSettled: useRefreshAfter(merchantId),
  });
}

/** Deletes an address. */
export function useDeleteAddress(merchantId: string) {
  return useMutation({
    mutationFn: (address: Pick<AddressJson, 'id'>) => deleteAddress(address.id),
    onSettled: useRefreshAfter(merchantId),
  });
}
