import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiFetch, clearSelectedMerchant, setSelectedMerchant, MERCHANTS_QUERY_KEY, type MerchantListItem } from '@smista/ui-kit';
import { storedMerchantFix } from '../lib/stored-merchant';
import { useSelectedMerchantRaw } from '../lib/session';

/**
 * Keeps the stored merchant honest once the list is known (spec §2, {@link storedMerchantFix}): a
 * merchant the user no longer belongs to, or a stored value that cannot be read, falls back to the
 * first of the list (and the server is told); no merchants at all clears the selection so the
 * guard sends the user to merchant selection. Returns the merchants query.
 */
export function useStoredMerchantFallback() {
  const raw = useSelectedMerchantRaw();
  const merchants = useQuery<MerchantListItem[]>({ queryKey: MERCHANTS_QUERY_KEY });
  useEffect(() => {
    if (!merchants.isSuccess || !Array.isArray(merchants.data)) return;
    const fix = storedMerchantFix(merchants.data, raw);
    if (fix.kind === 'clear') clearSelectedMerchant();
    if (fix.kind !== 'store') return;
    setSelectedMerchant(fix.merchant);
    if (fix.setCurrent) {
      apiFetch('/api/merchants/set-current', { method: 'POST', body: { merchantId: fix.merchant.id } }).catch(() => undefined);
    }
  }, [merchants.isSuccess, merchants.data, raw]);
  return merchants;
}
