import { useQuery } from '@tanstack/react-query';
import { apiFetch, useSelectedMerchant, MERCHANTS_QUERY_KEY, type MerchantListItem, type StoredMerchant } from '@smista/ui-kit';

/** The user's role in a merchant of the `GET /api/merchants` list, if it is there. */
export function roleInMerchant(list: readonly MerchantListItem[] | undefined, merchantId: string | null | undefined): string | undefined {
  if (!list || !merchantId) return undefined;
  return list.find((m) => String(m.id) === String(merchantId))?.role;
}

export interface MerchantAccess {
  merchant: StoredMerchant | null;
  role: string | undefined;
  /** Admin-only controls show only when this is true (the API refuses users too). */
  isAdmin: boolean;
}

/**
 * The selected merchant and the user's role in it, from the shell's stored merchant and the
 * shared `GET /api/merchants` query.
 */
export function useMerchantAccess(): MerchantAccess {
  const merchant = useSelectedMerchant();
  const merchants = useQuery<MerchantListItem[]>({
    queryKey: MERCHANTS_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<MerchantListItem[]>('/api/merchants', { signal }),
  });
  const role = roleInMerchant(merchants.data, merchant?.id);
  return { merchant, role, isAdmin: role === 'admin' };
}
