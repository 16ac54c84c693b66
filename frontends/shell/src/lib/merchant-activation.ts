import type { QueryClient } from '@tanstack/react-query';
import { apiFetch, toast, CURRENT_USER_QUERY_KEY, MERCHANTS_QUERY_KEY, type StoredMerchant } from '@smista/ui-kit';
import { t } from '../messages';
import { setSelectedMerchant } from '@smista/ui-kit';
import { scheduleUserResync } from './session';

/**
 * Enters a merchant (spec §4): stores it locally (`selectedMerchant`, `currentMerchantId`) and
 * calls `POST /api/merchants/set-current`. A failed call shows the §8 toast; the result says
 * whether it succeeded, and the caller decides whether to go on (manual selection and invite
 * acceptance do, the automatic selection does not).
 */
export async function activateMerchant(merchant: StoredMerchant): Promise<boolean> {
  setSelectedMerchant({ id: String(merchant.id), name: merchant.name });
  try {
    await apiFetch('/api/merchants/set-current', { method: 'POST', body: { merchantId: merchant.id } });
    return true;
  } catch {
    toast({ title: t.merchants.setCurrentFailed, description: t.merchants.setCurrentFailedDescription, variant: 'destructive' });
    return false;
  }
}

/** Drops the caches of the previous merchant (all but the user and the merchants list) and resyncs the user. */
export function resetMerchantScopedQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (q) => q.queryKey[0] !== CURRENT_USER_QUERY_KEY[0] && q.queryKey[0] !== MERCHANTS_QUERY_KEY[0],
  });
  scheduleUserResync(queryClient);
}
