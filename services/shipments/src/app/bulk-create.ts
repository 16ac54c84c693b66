import { withTransaction, type MerchantScope } from '@smista/service-kit';
import { paymentPhrase, shipmentMessages as m, type BulkCreateSkips } from '@smista/contracts';
import { CarrierCallError, planShipment, shipmentsErrors, type NewShipment } from '../domain';
import { insertShipments, liveShipmentsOf, recordCall } from '../store';
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

/** Whether orders not paid get a shipment too (issue 19), and who confirmed it as the merchant reads it. */
export interface BulkCreateOptions {
  confirmUnpaid?: boolean;
  /** 'Sara Galli (sara@…)' from the session; empty: the audit names the caller token's user id. */
  confirmedBy?: string;
}

/**
 * Spec §7 POST /api/shipments/bulk-create: the orders are read from orders (GetOrders) and the
 * merchant's carrier integrations from carriers (one ListIntegrations, only when an order has a
 * carrier); then ONE transaction inserts a pending shipment for every order without a live one
 * (the unique index decides, so five identical requests at once create each shipment once) and
 * writes one `shipments.shipment.created` per new shipment. An order not paid (payment in attesa
 * or non riuscito) is skipped naming its payment, unless `confirmUnpaid`: then its shipment's audit
 * gets an `UnpaidConfirmed` row with who confirmed, in the same transaction.
 *
 * @example await bulkCreate(deps, scope, [101, 102]) // { created: 2, skipped: 0, message: '2 spedizioni create', outcomes: [...] }
 */
export async function bulkCreate(deps: AppDeps, scope: MerchantScope, orderIds: readonly number[], options: BulkCreateOptions = {}): Promise<BulkCreateResult> {
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
  const plans = orderIds.map((id) => planShipment(merchantId, id, orders.get(id), providers, { confirmUnpaid: options.confirmUnpaid }));
  const toCreate: NewShipment[] = plans.flatMap((p) => (p.kind === 'create' ? [p.shipment] : []));
  const unpaidConfirmed = new Map(plans.flatMap((p) => (p.kind === 'create' && p.unpaidConfirmed ? [[p.shipment.orderId, p.unpaidConfirmed] as const] : [])));
  const who = options.confirmedBy?.trim() || m.unknownUser(scope.userId);

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
    for (const c of inserted) {
      const payment = unpaidConfirmed.get(c.orderId);
      if (!payment) continue;
      await recordCall(tx, {
        shipmentId: c.id,
        merchantId,
        operation: 'UnpaidConfirmed',
        target: '',
        startedAt: deps.now(),
        durationMs: null,
        outcome: 'ok',
        message: m.unpaidConfirmed(paymentPhrase(payment), who),
        userId: scope.userId,
      });
    }
    return { created: createdByOrder, existing: live };
  });

  const skips: Required<BulkCreateSkips> = { existing: 0, notFound: 0, cancelled: 0, unpaid: 0 };
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
  deps.logger.info({ merchantId, userId: scope.userId, created: createdCount, skipped, unpaidConfirmed: unpaidConfirmed.size }, 'shipments created from orders');
  return { created: createdCount, skipped, message: m.bulkCreated(createdCount, skips), outcomes };
}
