import { withTransaction, type Logger, type MerchantScope, type Pool } from '@smista/service-kit';
import { assertAssignable, carrierTarget, ordersErrors, type Order } from '../domain';
import { findOrder, setCarrier } from '../store';
import { enqueueCarrierAssigned } from '../events/publishers';
import type { CarrierDirectory } from './ports';

/**
 * Spec §7 PATCH /api/orders/{id}/carrier: any member of the merchant assigns one of its active
 * carrier integrations to an order (checked with carriers on behalf of the same caller), or removes
 * it (0). A carrier set here is chosen by hand: the shipping rules never change it (a removed one
 * they may choose again). The change and `orders.carrier.assigned` are one transaction; assigning
 * the carrier the order already has by hand changes nothing and publishes nothing.
 *
 * @example const order = await assignCarrier(deps, scope, { orderId: 42, carrierIntegrationId: 7 });
 */
export async function assignCarrier(
  deps: { pool: Pool; carrierDirectory: CarrierDirectory; logger: Logger; now: () => Date },
  scope: MerchantScope,
  request: { orderId: number; carrierIntegrationId: number },
): Promise<Order> {
  const { merchantId, userId } = scope;
  const current = await findOrder(deps.pool, merchantId, request.orderId);
  if (!current) throw ordersErrors.orderNotFound();
  const target = carrierTarget(request.carrierIntegrationId);
  if (target !== null) assertAssignable(await deps.carrierDirectory.integrationOf(scope, target));
  // The same carrier again changes nothing, unless a rule had chosen it: then it becomes a choice by hand.
  if (current.carrierIntegrationId === target && (target === null || current.carrierSource === 'manual')) return current;

  await withTransaction(deps.pool, async (tx) => {
    if (!(await setCarrier(tx, merchantId, current.id, target))) throw ordersErrors.orderNotFound();
    await enqueueCarrierAssigned(tx, { orderId: current.id, merchantId, carrierIntegrationId: target, assignedByUserId: userId, occurredAt: deps.now() });
  });
  deps.logger.info({ merchantId, orderId: current.id, carrierIntegrationId: target, userId }, target ? 'carrier assigned' : 'carrier removed');
  const updated = await findOrder(deps.pool, merchantId, current.id);
  if (!updated) throw ordersErrors.orderNotFound();
  return updated;
}
