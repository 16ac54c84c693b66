import { LOW_STOCK_THRESHOLD } from '@smista/contracts';

/**
 * What to publish after a pool changed: `carriers.codes.low_stock` (`publish`) once when the
 * available codes fall under the threshold, and not again until codes added lift the pool to the
 * threshold or above, which re-arms it and publishes `carriers.codes.restocked` (`restocked`: the
 * warning's cause is gone). `notified` is the flag kept with the pool.
 *
 * @example lowStockDecision(9, false, 'decrease') // { publish: true, restocked: false, notified: true }
 * @example lowStockDecision(25, true, 'increase') // { publish: false, restocked: true, notified: false }
 */
export function lowStockDecision(
  available: number,
  notified: boolean,
  change: 'decrease' | 'increase',
  threshold = LOW_STOCK_THRESHOLD,
): { publish: boolean; restocked: boolean; notified: boolean } {
  if (available >= threshold) return { publish: false, restocked: notified, notified: false };
  // Codes added to a pool that stays under the threshold are not a fall: no event, flag unchanged.
  if (change === 'increase') return { publish: false, restocked: false, notified };
  return { publish: !notified, restocked: false, notified: true };
}

/** Whether a pool shows the 'Scorte in esaurimento' warning (spec §9: fewer than 10 available). */
export function isLowStock(available: number, threshold = LOW_STOCK_THRESHOLD): boolean {
  return available < threshold;
}
