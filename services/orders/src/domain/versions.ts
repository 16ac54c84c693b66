/**
 * Which version of an imported order wins (spec: "a changed order on eBay updates ours; a replay
 * changes nothing"). The version is the marketplace's last-modified timestamp: only a strictly
 * later one replaces what is stored; the same or an older one changes nothing (no write, no event).
 * The store applies this very comparison inside its upsert (`store/orders.ts`), so two deliveries
 * of one order racing each other are decided by PostgreSQL's row lock, never by a stale read.
 *
 * A newer version replaces the order's fields and items and sets `lastSyncedAt`, but keeps what the
 * marketplace stopped sending for privacy (eBay drops the buyer's e-mail after 14 days and the
 * address after 90: an empty e-mail, username or address field keeps the stored value) and what is
 * ours, not the marketplace's (the assigned carrier, `createdAt`).
 */
export type ImportDecision = 'create' | 'update' | 'unchanged';

/** True when `incoming` is a later version than `stored`. */
export function isNewerVersion(stored: Date, incoming: Date): boolean {
  return incoming.getTime() > stored.getTime();
}

/**
 * What an import does to the stored order of the same merchant, integration and external id.
 *
 * @example decideImport({ lastModifiedAt: new Date('2026-11-01') }, new Date('2026-11-02')) // 'update'
 */
export function decideImport(stored: { lastModifiedAt: Date } | null, incoming: Date): ImportDecision {
  if (!stored) return 'create';
  return isNewerVersion(stored.lastModifiedAt, incoming) ? 'update' : 'unchanged';
}

