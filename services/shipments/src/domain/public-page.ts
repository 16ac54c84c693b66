import type { LineItem, Shipment } from './shipment';

/** The buyer's public tracking page is gone this many days after the delivery (issue 26). */
export const PUBLIC_PAGE_DAYS_AFTER_DELIVERY = 90;

/**
 * What a public tracking token may look like: 43 base64url characters (32 random bytes, store
 * `newPublicToken` and migration 009). Anything else names no page, without a database read.
 */
export const PUBLIC_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const isPublicTokenShape = (token: string): boolean => PUBLIC_TOKEN_PATTERN.test(token);

/**
 * Whether a shipment's public page is shown: only one that left with a label (shipped or
 * delivered, a tracking number), and a delivered one for {@link PUBLIC_PAGE_DAYS_AFTER_DELIVERY}
 * days only. A cancelled shipment, one still to label or in error: no page.
 *
 * @example publicPageShown({ status: 'delivered', deliveredAt: ninetyOneDaysAgo, ... }, now) // false
 */
export function publicPageShown(s: Pick<Shipment, 'status' | 'trackingNumber' | 'deliveredAt'>, now: Date): boolean {
  if (s.status !== 'shipped' && s.status !== 'delivered') return false;
  if (!s.trackingNumber) return false;
  if (s.deliveredAt && now.getTime() - s.deliveredAt.getTime() > PUBLIC_PAGE_DAYS_AFTER_DELIVERY * 86_400_000) return false;
  return true;
}

/** An item of the order as the page shows it: never a price. */
export interface PublicItem {
  title: string;
  quantity: number;
}

/**
 * The parcel's items: the order's items among the shipment's lines (with the lines' quantities),
 * or every item of the order when the shipment names no line (a manual order without line ids).
 */
export function publicItemsOf(lines: readonly LineItem[], orderItems: readonly { externalItemId: string; title: string; quantity: number }[]): PublicItem[] {
  if (lines.length === 0) return orderItems.map((i) => ({ title: i.title, quantity: i.quantity }));
  const byId = new Map(orderItems.map((i) => [i.externalItemId, i]));
  return lines.flatMap((l) => {
    const item = byId.get(l.lineItemId);
    return item ? [{ title: item.title, quantity: l.quantity }] : [];
  });
}

/**
 * The carrier's words as the public page shows them: without who signed for the parcel (GLS adds
 * '(Firmato da: Lucia Bianchi)' to a delivery), a name the page must not show to whoever holds the link.
 *
 * @example publicCarrierWords('CONSEGNATA. (Firmato da: Lucia Bianchi)') // 'CONSEGNATA.'
 */
export function publicCarrierWords(description: string): string {
  return description.replace(/\s*\(?\s*firmat[oa]\s+da\s*:?[^)]*\)?/gi, '').trim();
}
