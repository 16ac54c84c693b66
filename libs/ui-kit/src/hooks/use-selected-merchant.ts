import { useSyncExternalStore } from 'react';
import { parseStoredMerchant, readSelectedMerchantRaw, subscribeSelectedMerchant, type StoredMerchant } from '../lib/merchant-storage';

/** The raw stored merchant, re-read whenever this tab or another changes it. */
export function useSelectedMerchantRaw(): string | null {
  return useSyncExternalStore(subscribeSelectedMerchant, readSelectedMerchantRaw, () => null);
}

/**
 * The merchant the user works in (parsed from localStorage), or null. Remotes use it to scope
 * their calls; only the shell changes it.
 *
 * @example
 * const merchant = useSelectedMerchant();
 * const url = merchant ? `/api/merchants/${merchant.id}/users` : null;
 */
export function useSelectedMerchant(): StoredMerchant | null {
  return parseStoredMerchant(useSelectedMerchantRaw());
}
