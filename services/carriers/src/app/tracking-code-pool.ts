import type { PoolClient } from '@smista/service-kit';
import { LOW_STOCK_THRESHOLD } from '@smista/contracts';
import { lowStockDecision, type Integration } from '../domain';
import { adjustAvailable, setLowStockNotified } from '../store';
import { enqueueCodesLowStock, enqueueCodesRestocked } from '../events/publishers';

/**
 * Records a change of a pool's available codes inside its transaction: moves the counter and, when
 * the pool just fell under the threshold, publishes `carriers.codes.low_stock` once for this
 * crossing; adding codes up to the threshold or above re-arms it and, after a fall, publishes
 * `carriers.codes.restocked` (activity resolves the warning).
 */
export async function poolChanged(tx: PoolClient, integration: Pick<Integration, 'id' | 'merchantId' | 'carrier'>, delta: number, now: Date): Promise<number> {
  const { available, lowStockNotified } = await adjustAvailable(tx, integration.id, delta);
  const decision = lowStockDecision(available, lowStockNotified, delta < 0 ? 'decrease' : 'increase');
  if (decision.notified !== lowStockNotified) await setLowStockNotified(tx, integration.id, decision.notified);
  const event = { integrationId: integration.id, merchantId: integration.merchantId, provider: integration.carrier.code, available, threshold: LOW_STOCK_THRESHOLD, occurredAt: now };
  if (decision.publish) await enqueueCodesLowStock(tx, event);
  if (decision.restocked) await enqueueCodesRestocked(tx, event);
  return available;
}
