import { LOW_STOCK_THRESHOLD } from '@smista/contracts';

/**
 * Whether to publish `carriers.codes.low_stock` after a pool changed: once when the available codes
 * fall under the threshold, and not again until codes added lift the pool to the threshold or above
 * (which re-arms it). `notified` is the flag kept with the pool.
 *
 * @example lowStockDecision(9, false, 'decrease') // { publish: true, notified: true }
 */
export function lowStockDecision(
  available: number,
  notified: boolean,
  change: 'decrease' | 'increase',
  threshold = LOW_STOCK_THRESHOLD,
): { publish: boolean; notified: boolean } {
  if (available >= threshold) return { publish: false, notified: false };
  // Codes added to a pool that stays under the threshold are not a fall: no event, flag unchanged.
  if (change === 'increase') return { publish: false, notified };
  return { publish: !notified, notified: true };
}

/** Whether a pool shows the 'Scorte in esaurimento' warning (spec §9: fewer than 10 available). */
export function isLowStock(available: number, threshold = LOW_STOCK_THRESHOLD): boolean {
  return available < threshold;
}
