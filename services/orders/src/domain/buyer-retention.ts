/**
 * How long Smista keeps the personal data of a marketplace's buyers after delivery (issue 22).
 * Amazon's Data Protection Policy: the buyer's name, e-mail, phone and address are kept no longer
 * than needed to ship, commonly read as 30 days after delivery (`AMAZON_PII_RETENTION_DAYS`).
 * Other marketplaces set no such limit (eBay withholds the data itself; Shopify sends its redacts).
 */

const DAY_MS = 86_400_000;

/** The marketplace whose buyers' data is erased a number of days after delivery. */
export const ERASED_AFTER_DELIVERY = 'amazon';

/** Why a batch of buyers' data was erased (`orders.buyer.erased`'s reason). */
export const ERASURE_REASON_RETENTION = 'retention';

/**
 * Orders delivered at or before this instant are due: `days` whole days before `now`.
 *
 * @example erasureCutoff(new Date('2026-11-28T10:00:00Z'), 30) // 2026-10-29T10:00:00Z
 */
export function erasureCutoff(now: Date, days: number): Date {
  if (!Number.isSafeInteger(days) || days < 1) throw new RangeError('retention days must be a positive whole number');
  return new Date(now.getTime() - days * DAY_MS);
}

/** Groups a batch of due orders by merchant, each merchant's ids in ascending order (one event each). */
export function byMerchant<O extends { merchantId: string; id: number }>(orders: readonly O[]): Map<string, O[]> {
  const groups = new Map<string, O[]>();
  for (const o of [...orders].sort((a, b) => a.id - b.id)) {
    const list = groups.get(o.merchantId) ?? [];
    list.push(o);
    groups.set(o.merchantId, list);
  }
  return groups;
}
