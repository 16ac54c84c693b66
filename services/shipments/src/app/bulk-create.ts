import { withTransaction, type MerchantScope } from '@smista/service-kit';
import { shipmentMessages as m, type BulkCreateSkips } from '@smista/contracts';
import { CarrierCallError, planShipment, shipmentsErrors, type NewShipment } from '../domain';
import { insertShipments, liveShipmentsOf } from '../store';
import { enqueueShipmentsCreated } from '../events/publishers';
import type { AppDeps } from './deps';

export interface BulkCreateOutcome {
  orderId: number;
  /** The new shipment, or the order's existing live one; null when none. */
  shipmentId: number | null;
  created: boolean;
  /** Why nothing was created; null when created. */
  message: string | null;
}

export interface BulkCreateResult {
  created: number;
  skipped: number;
  message: string;
  outcomes: BulkCreateOutcome[];
}

/**
 * Spec §7 POST /api/shipments/bulk-create: the orders are read from orders (GetOrders) and the
 * merchant's carrier integrations from carriers (one ListIntegrations, only when an order has a
 * carrier); then ONE transaction inserts a pending shipment for every order without a live one
 * (the unique index decides, so five identical requests at once create each shipment once) and
 * writes one `shipments.shipment.created` per new shipment.
 *
 * @example await bulkCreate(deps, scope, [101, 102]) // { created: 2, skipped: 0, message: '2 spedizioni create', outcomes: [...] }
 */
export async function bulkCreate(deps: AppDeps, scope: MerchantScope, orderIds: readonly number[]): Promise<BulkCreateResult> {
  const { merchantId } = scope;
  const orders = await deps.orders.ordersOf(scope, orderIds);
  let providers = new Map<number, string>();
  if ([...orders.values()].some((o) => o.carrierIntegrationId)) {
    try {
      providers = new Map([...(await deps.carriers.integrations(scope)).values()].map((i) => [i.id, i.provider]));
    } catch (err) {
      if (err instanceof CarrierCallError) throw shipmentsErrors.dependencyUnavailable();
      throw err;
    }
  }
  const plans = orderIds.map((id) => planShipment(merchantId, id, orders.get(id), providers));
  const toCreate: NewShipment[] = plans.flatMap((p) => (p.kind === 'create' ? [p.shipment] : []));

  const { created, existing } = await withTransaction(deps.pool, async (tx) => {
    const inserted = await insertShipments(tx, toCreate);
    const createdByOrder = new Map(inserted.map((c) => [c.orderId, c.id]));
    const others = toCreate.filter((s) => !createdByOrder.has(s.orderId)).map((s) => s.orderId);
    const live = await liveShipmentsOf(tx, merchantId, others);
    const byOrder = new Map(toCreate.map((s) => [s.orderId, s]));
    await enqueueShipmentsCreated(
      tx,
      inserted.map((c) => {
        const s = byOrder.get(c.orderId)!;
        return { shipmentId: c.id, merchantId, orderId: c.orderId, carrierIntegrationId: s.carrierIntegrationId, carrierProvider: s.carrierProvider };
      }),
      deps.now(),
    );
    return { created: createdByOrder, existing: live };
  });

  const skips: Required<BulkCreateSkips> = { existing: 0, notFound: 0, cancelled: 0 };
  const outcomes: BulkCreateOutcome[] = plans.map((p) => {
    if (p.kind === 'skip') {
      skips[p.reason]++;
      return { orderId: p.orderId, shipmentId: null, created: false, message: p.message };
    }
    const id = created.get(p.shipment.orderId);
    if (id !== undefined) return { orderId: p.shipment.orderId, shipmentId: id, created: true, message: null };
    const live = existing.get(p.shipment.orderId) ?? null;
    // Not inserted and no live shipment: the order's shipment went meanwhile (cancelled): not found now.
    skips[live ? 'existing' : 'notFound']++;
    return { orderId: p.shipment.orderId, shipmentId: live, created: false, message: live ? m.alreadyHasShipment(live) : m.orderNotFound };
  });
  const createdCount = outcomes.filter((o) => o.created).length;
  const skipped = outcomes.length - createdCount;
  deps.logger.info({ merchantId, userId: scope.userId, created: createdCount, skipped }, 'shipments created from orders');
  return { created: createdCount, skipped, message: m.bulkCreated(createdCount, skips), outcomes };
}
