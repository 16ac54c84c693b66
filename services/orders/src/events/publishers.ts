import { enqueueEvent, enqueueEvents, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { ordersEvents } from '@smista/proto';

/** The stream orders owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'ORDERS', subjects: ['orders.>'] };

/** Subjects this service publishes, all in the ORDERS stream (`orders.>`). */
export const subjects = {
  orderUpserted: 'orders.order.upserted',
  carrierAssigned: 'orders.carrier.assigned',
  ruleChanged: 'orders.rule.changed',
  carriersAssignedByRules: 'orders.carriers.assigned',
  buyerDataErased: 'orders.buyer.erased',
  importFinished: 'orders.import.finished',
} as const;

/** What OrderUpserted tells of an order. */
export interface OrderUpsertedEvent {
  orderId: number;
  merchantId: string;
  integrationId: number;
  externalId: string;
  marketplace: string;
  status: string;
  /** The payment (shipments marks a refunded order's live shipments as a problem). */
  paymentStatus: string;
  created: boolean;
  occurredAt: Date;
}

const orderUpsertedPayload = (event: OrderUpsertedEvent) =>
  ordersEvents.OrderUpserted.encode(ordersEvents.OrderUpserted.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() })).finish();

/**
 * Writes OrderUpserted to the outbox, in the transaction that created the order, stored a newer
 * version of it (a replay of the same or an older version publishes nothing), or changed its status
 * as its shipments moved (`created` false).
 */
export async function enqueueOrderUpserted(tx: PoolClient, event: OrderUpsertedEvent): Promise<void> {
  await enqueueEvent(tx, subjects.orderUpserted, orderUpsertedPayload(event));
}

/** Many OrderUpserted in one statement, in the given order (a batch of imports). */
export async function enqueueOrdersUpserted(tx: PoolClient, events: readonly OrderUpsertedEvent[]): Promise<void> {
  await enqueueEvents(
    tx,
    events.map((e) => ({ subject: subjects.orderUpserted, payload: orderUpsertedPayload(e) })),
  );
}

export interface CarrierAssignedEvent {
  orderId: number;
  merchantId: string;
  /** null: removed. */
  carrierIntegrationId: number | null;
  /** '' when a rule assigned it on import. */
  assignedByUserId: string;
  occurredAt: Date;
  /** The rule that chose it; absent: chosen by hand (or removed). */
  rule?: { id: number; name: string };
}

const carrierAssignedPayload = (event: CarrierAssignedEvent) =>
  ordersEvents.OrderCarrierAssigned.encode(
    ordersEvents.OrderCarrierAssigned.fromPartial({
      orderId: event.orderId,
      merchantId: event.merchantId,
      carrierIntegrationId: event.carrierIntegrationId ?? 0,
      assignedByUserId: event.assignedByUserId,
      occurredAt: event.occurredAt.toISOString(),
      ruleId: event.rule?.id ?? 0,
      ruleName: event.rule?.name ?? '',
    }),
  ).finish();

/** Writes OrderCarrierAssigned (0 = removed) in the transaction of the change. */
export async function enqueueCarrierAssigned(tx: PoolClient, event: CarrierAssignedEvent): Promise<void> {
  await enqueueEvent(tx, subjects.carrierAssigned, carrierAssignedPayload(event));
}

/** Many OrderCarrierAssigned in one statement ('Assegna Corrieri' over thousands of orders). */
export async function enqueueCarriersAssigned(tx: PoolClient, events: readonly CarrierAssignedEvent[]): Promise<void> {
  await enqueueEvents(
    tx,
    events.map((e) => ({ subject: subjects.carrierAssigned, payload: carrierAssignedPayload(e) })),
  );
}

/** Writes ShippingRuleChanged in the transaction of the change. */
export async function enqueueRuleChanged(
  tx: PoolClient,
  event: { ruleId: number; merchantId: string; name: string; change: 'created' | 'updated' | 'deleted'; changedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = ordersEvents.ShippingRuleChanged.encode(ordersEvents.ShippingRuleChanged.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() })).finish();
  await enqueueEvent(tx, subjects.ruleChanged, payload);
}

/** Writes CarriersAssignedByRules: one 'Assegna Corrieri' finished. */
export async function enqueueCarriersAssignedByRules(
  tx: PoolClient,
  event: { merchantId: string; assigned: number; total: number; assignedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = ordersEvents.CarriersAssignedByRules.encode(ordersEvents.CarriersAssignedByRules.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() })).finish();
  await enqueueEvent(tx, subjects.carriersAssignedByRules, payload);
}

/**
 * Writes BuyerDataErased in the transaction of the erasure: one merchant's orders of one batch of a
 * retention round (shipments erases their shipments' recipients, activity writes one line per round).
 */
export async function enqueueBuyerDataErased(
  tx: PoolClient,
  event: { merchantId: string; orderIds: readonly number[]; marketplace: string; reason: string; retentionDays: number; roundId: string; occurredAt: Date },
): Promise<void> {
  const payload = ordersEvents.BuyerDataErased.encode(
    ordersEvents.BuyerDataErased.fromPartial({ ...event, orderIds: [...event.orderIds], occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.buyerDataErased, payload);
}

/** A CSV import's last batch stored: its counts, for the activity (in that batch's transaction). */
export async function enqueueOrderImportFinished(tx: PoolClient, event: { merchantId: string; importId: number; fileName: string; createdOrders: number; skippedOrders: number; occurredAt: Date }): Promise<void> {
  const payload = ordersEvents.OrderImportFinished.encode(ordersEvents.OrderImportFinished.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() })).finish();
  await enqueueEvent(tx, subjects.importFinished, payload);
}
