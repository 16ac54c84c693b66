import { parseStoredMerchant, resolveSelectedMerchant, type MerchantListItem, type StoredMerchant } from '@smista/ui-kit';

/** What to do with the stored merchant once the user's merchants are known. */
export type StoredMerchantFix =
  /** It is one of the user's merchants, under its current name (or nothing is stored and there is nothing to pick). */
  | { kind: 'keep' }
  /** Store this one; `setCurrent` when it is another merchant than the stored one, so the server is told. */
  | { kind: 'store'; merchant: StoredMerchant; setCurrent: boolean }
  /** The user has no merchants left: forget the stored one. */
  | { kind: 'clear' };

/**
 * Keeps the stored merchant honest (spec §2): a merchant the user no longer belongs to, and a value
 * that cannot be read at all (corrupted, no id), both fall back to the first merchant of the list,
 * which replaces the bad value; a renamed merchant is stored under its new name; with no merchants
 * the value is cleared.
 *
 * @example storedMerchantFix([{ id: 'a', name: 'Alfa', role: 'admin' }], '{oops')
 * // { kind: 'store', merchant: { id: 'a', name: 'Alfa' }, setCurrent: true }
 */
export function storedMerchantFix(list: readonly MerchantListItem[], raw: string | null): StoredMerchantFix {
  const resolved = resolveSelectedMerchant(list, raw);
  if (!resolved) return raw === null ? { kind: 'keep' } : { kind: 'clear' };
  const stored = parseStoredMerchant(raw);
  const merchant = { id: String(resolved.id), name: resolved.name };
  if (stored?.id === merchant.id && stored.name === merchant.name) return { kind: 'keep' };
  return { kind: 'store', merchant, setCurrent: stored?.id !== merchant.id };
}

/** A stored value that is there but cannot be read as a merchant (hand-edited, truncated, old format). */
export function isCorruptStoredMerchant(raw: string | null): boolean {
  return raw !== null && parseStoredMerchant(raw) === null;
}
