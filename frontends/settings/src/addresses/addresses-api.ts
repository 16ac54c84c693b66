import { apiFetch } from '@smista/ui-kit';
import type { MerchantAddressData } from '@smista/contracts';
import type { ApiAddress } from './address-form-values';

/**
 * `GET /api/merchant-addresses` answers for the merchant set current on the server; the merchant
 * id is in the key so a switch of merchant never shows the previous merchant's list.
 */
export const addressesQueryKey = (merchantId: string) => ['/api/merchant-addresses', merchantId] as const;

export const fetchAddresses = (signal?: AbortSignal) => apiFetch<ApiAddress[]>('/api/merchant-addresses', { signal });

export const createAddress = (body: MerchantAddressData) =>
  apiFetch<ApiAddress>('/api/merchant-addresses', { method: 'POST', body });

export const updateAddress = (id: string | number, body: Partial<MerchantAddressData>) =>
  apiFetch<ApiAddress>(`/api/merchant-addresses/${encodeURIComponent(String(id))}`, { method: 'PATCH', body });

export const deleteAddress = (id: string | number) =>
  apiFetch<{ success: boolean }>(`/api/merchant-addresses/${encodeURIComponent(String(id))}`, { method: 'DELETE' });
