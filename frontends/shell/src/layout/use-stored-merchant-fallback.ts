import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '@smista/ui-kit';
import {
  clearSelectedMerchant,
  parseStoredMerchant,
  resolveSelectedMerchant,
  setSelectedMerchant,
  type MerchantListItem,
} from '@smista/ui-kit';
import { useSelectedMerchantRaw } from '../lib/session';

/**
 * Keeps the stored merchant honest once the list is known (spec §2): a merchant the user no longer
 * belongs to falls back to the first of the list (and the server is told); no merchants at all
 * clears the selection so the guard sends the user to merchant selection.
 */
export function useStoredMerchantFallback(): void {
  const raw = useSelectedMerchantRaw();
  const merchants = useQuery<MerchantListItem[]>({ queryKey: ['/api/merchants'] });
  useEffect(() => {
    if (!merchants.isSuccess || !Array.isArray(merchants.data)) return;
    const resolved = resolveSelectedMerchant(merchants.data, raw);
    const stored = parseStoredMerchant(raw);
    if (!resolved) {
      if (stored) clearSelectedMerchant();
      return;
    }
    if (stored?.id === String(resolved.id) && stored.name === resolved.name) return;
    setSelectedMerchant({ id: String(resolved.id), name: resolved.name });
    if (stored?.id !== String(resolved.id)) {
      apiFetch('/api/merchants/set-current', { method: 'POST', body: { merchantId: resolved.id } }).catch(() => undefined);
    }
  }, [merchants.isSuccess, merchants.data, raw]);
}
