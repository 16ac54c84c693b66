/**
 * The selected merchant in localStorage (spec §3 keys `selectedMerchant`, `currentMerchantId`).
 * It lives in the kit because the shell writes it and the remotes read it (the kit is a shared
 * singleton, so the change event below is one per page).
 */

/** A merchant as stored in localStorage `selectedMerchant`. */
export interface StoredMerchant {
  id: string;
  name: string;
}

/** A merchant as `GET /api/merchants` lists it, with the current user's role in it. */
export interface MerchantListItem {
  id: string;
  name: string;
  role: string;
  /** Its members work in it only from a session opened with 'Accedi con SSO' (issue 24). */
  ssoRequired?: boolean;
}

/**
 * The user's role in a merchant of the `GET /api/merchants` list, if it is there: what a remote
 * shows admin-only controls by (the API refuses a user anyway).
 *
 * @example roleInMerchant(merchants.data, selected?.id) === 'admin'
 */
export function roleInMerchant<R extends string>(list: readonly { id: string; role: R }[] | undefined, merchantId: string | null | undefined): R | undefined {
  if (!list || !merchantId) return undefined;
  return list.find((m) => String(m.id) === String(merchantId))?.role;
}

/**
 * The query key of `GET /api/merchants`. Host and remotes share one QueryClient, so every
 * frontend reads the list under this key (and its first part is the URL, spec §7).
 */
export const MERCHANTS_QUERY_KEY = ['/api/merchants'] as const;

export const SELECTED_MERCHANT_KEY = 'selectedMerchant';
export const CURRENT_MERCHANT_ID_KEY = 'currentMerchantId';
/** Fired on window when this tab changes the stored merchant (the storage event covers other tabs). */
export const MERCHANT_CHANGED_EVENT = 'smista:merchant-changed';

/** Parses the stored JSON; null when missing, unparseable or without an id. */
export function parseStoredMerchant(raw: string | null | undefined): StoredMerchant | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (value && typeof value === 'object' && 'id' in value) {
      const { id, name } = value as { id: unknown; name?: unknown };
      if ((typeof id === 'string' && id) || typeof id === 'number') {
        return { id: String(id), name: typeof name === 'string' ? name : '' };
      }
    }
  } catch {
    // unparseable: treated as none
  }
  return null;
}

/**
 * The merchant to treat as selected given the list and the raw stored value (spec §2): the stored
 * one if it is still in the list; otherwise (none stored, gone, or unparseable) the first.
 */
export function resolveSelectedMerchant<T extends { id: string }>(list: readonly T[], raw: string | null | undefined): T | null {
  if (list.length === 0) return null;
  const stored = parseStoredMerchant(raw);
  return (stored && list.find((m) => String(m.id) === stored.id)) || list[0];
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function announce(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(MERCHANT_CHANGED_EVENT));
}

export function readSelectedMerchantRaw(): string | null {
  return storage()?.getItem(SELECTED_MERCHANT_KEY) ?? null;
}

export function getSelectedMerchant(): StoredMerchant | null {
  return parseStoredMerchant(readSelectedMerchantRaw());
}

/** Stores the selection under both keys (spec §3 local storage keys). */
export function setSelectedMerchant(merchant: StoredMerchant): void {
  const s = storage();
  s?.setItem(SELECTED_MERCHANT_KEY, JSON.stringify({ id: merchant.id, name: merchant.name }));
  s?.setItem(CURRENT_MERCHANT_ID_KEY, String(merchant.id));
  announce();
}

/** Clearing removes both stored keys (spec §4). */
export function clearSelectedMerchant(): void {
  const s = storage();
  s?.removeItem(SELECTED_MERCHANT_KEY);
  s?.removeItem(CURRENT_MERCHANT_ID_KEY);
  announce();
}

/** Subscribes to stored-merchant changes from this tab and others. */
export function subscribeSelectedMerchant(onChange: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === SELECTED_MERCHANT_KEY || e.key === CURRENT_MERCHANT_ID_KEY) onChange();
  };
  window.addEventListener(MERCHANT_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(MERCHANT_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}
