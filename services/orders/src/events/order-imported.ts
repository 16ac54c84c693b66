import { oncePerTransaction, type EventHandler, type EventMeta, type Logger, type PoolClient } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';
import { parseImportedOrder, type OrderImport } from '../domain';
import { holdIntegrationForImport, learnProducts, upsertImportedOrders, type UpsertResult } from '../store';
import { enqueueOrdersUpserted, type OrderUpsertedEvent } from './publishers';
import { followShipments } from '../app/follow-shipments';
import { applyRulesOncePaid, applyRulesOnImport, rulesForImport } from '../app/shipping-rules';

/**
 * `marketplaces.order.imported`: stores the order (insert, or a newer version replacing the stored
 * one) and publishes `orders.order.upserted` in the same transaction; a new order to ship gets the
 * carrier of the first shipping rule that takes it (`app/shipping-rules.ts`), and so does one held
 * for its payment (da_pagare) once a newer version says it is paid; an order with shipments gets
 * its status worked out again from them (`app/follow-shipments.ts`). The same or an older version,
 * or an order of a deleted integration, changes nothing. A payload that cannot be stored throws
 * (`InvalidEventError`): the kit retries it and dead-letters it after `maxDeliver`, while the other
 * messages go on.
 *
 * A batch's orders are stored together just before it commits ({@link storeImports}): each message
 * is parsed here, the orders wait for the batch's end.
 */
export function handleOrderImported(logger: Logger, now: () => Date = () => new Date()): EventHandler<marketplacesEvents.MarketplaceOrderImported> {
  return async (event, tx, meta) => {
    const { order, warnings } = parseImportedOrder(event, now());
    const log = { merchantId: order.merchantId, integrationId: order.integrationId, externalId: order.externalId, messageId: meta.messageId };
    if (warnings.length) logger.warn({ ...log, warnings }, 'imported order normalised');
    // Once per batch: the upsert's generic plan (else PostgreSQL plans it again for every batch, its
    // parameters' values change nothing in it), and the integration's lock, held until commit.
    await oncePerTransaction(meta, 'orders:import-generic-plans', () => tx.query('SET LOCAL plan_cache_mode = force_generic_plan'));
    await oncePerTransaction(meta, `orders:import-lock:${order.integrationId}`, () => holdIntegrationForImport(tx, order.integrationId));
    const pending = await oncePerTransaction(meta, 'orders:import-pending', async () => {
      const imports: PendingImport[] = [];
      meta.beforeCommit(() => storeImports(tx, imports, { logger, now }, meta));
      return imports;
    });
    pending.push({ order, log });
  };
}

export interface PendingImport {
  order: OrderImport;
  log: Record<string, unknown>;
}

/**
 * The batch's orders in one upsert, then what each one asks for, in the batch's order; their
 * `orders.order.upserted` in one statement. A second version of an order in the same batch goes
 * into the next upsert, after the first version's follow-up: exactly as one message at a time.
 * Answers the events written (the orders stored); manual orders and CSV imports store through it too.
 */
export async function storeImports(tx: PoolClient, imports: readonly PendingImport[], deps: { logger: Logger; now: () => Date }, meta: Pick<EventMeta, 'transactionState'>): Promise<OrderUpsertedEvent[]> {
  const upserted: OrderUpsertedEvent[] = [];
  // The batch writes no rules: read once per transaction.
  const rulesOf = (merchantId: string) => oncePerTransaction(meta, `orders:rules:${merchantId}`, () => rulesForImport(tx, merchantId));
  // The batch's SKUs join the catalogue first: the upsert reads their weights.
  await learnProducts(tx, imports.map((i) => i.order));
  for (const round of versionRounds(imports)) {
    const stored = await upsertImportedOrders(
      tx,
      round.map((i) => i.order),
    );
    for (const [n, { order, log }] of round.entries()) await followUpImport(tx, order, stored[n], log, { ...deps, upserted, rulesOf });
  }
  if (upserted.length > 0) await enqueueOrdersUpserted(tx, upserted);
  return upserted;
}

/** The imports in rounds holding each order at most once: its k-th message in the batch goes to round k. */
export function versionRounds<T extends { order: Pick<OrderImport, 'merchantId' | 'integrationId' | 'externalId'> }>(imports: readonly T[]): T[][] {
  const rounds: T[][] = [];
  const seen = new Map<string, number>();
  for (const i of imports) {
    const key = `${i.order.merchantId}/${i.order.integrationId}/${i.order.externalId}`;
    const round = seen.get(key) ?? 0;
    seen.set(key, round + 1);
    (rounds[round] ??= []).push(i);
  }
  return rounds;
}

/** What one stored import asks for: its status from its shipments, or its event and the rules. */
async function followUpImport(
  tx: PoolClient,
  order: OrderImport,
  stored: UpsertResult | null,
  log: Record<string, unknown>,
  deps: { logger: Logger; now: () => Date; upserted: OrderUpsertedEvent[]; rulesOf: (merchantId: string) => ReturnType<typeof rulesForImport> },
): Promise<void> {
  const { logger, now } = deps;
  if (!stored) {
    logger.debug(log, 'imported order unchanged (same or older version, or integration deleted)');
    return;
  }
  if (stored.hasShipments) {
    // A newer version of an order with shipments: its status follows them from the new marketplace status.
    const row = { ...order, id: stored.id, status: stored.status, marketplaceStatus: stored.marketplaceStatus, paymentStatus: order.paymentStatus, hasShipments: true };
    await followShipments(tx, row, { logger, now }, log, { publishUnchanged: true });
    return;
  }
  deps.upserted.push({
    orderId: stored.id,
    merchantId: order.merchantId,
    integrationId: order.integrationId,
    externalId: order.externalId,
    marketplace: order.marketplace,
    status: stored.status,
    paymentStatus: order.paymentStatus,
    created: stored.created,
    occurredAt: now(),
  });
  if (!stored.created) {
    // Held for its payment, paid now: it joins 'Da spedire' and the rules look at it once.
    const assigned = stored.rulesPending && stored.status === 'da_spedire' ? await applyRulesOncePaid(tx, order.merchantId, stored.id, now()) : null;
    logger.debug({ ...log, orderId: stored.id, created: false, ruleId: assigned?.ruleId }, 'imported order stored');
    return;
  }
  const assigned = await applyRulesOnImport(
    tx,
    {
      id: stored.id,
      merchantId: order.merchantId,
      status: stored.status,
      total: order.total,
      currency: order.currency,
      countryCode: order.address?.countryCode ?? '',
      express: order.express,
      weightGrams: stored.weightGrams,
    },
    now(),
    deps.rulesOf,
  );
  logger.debug({ ...log, orderId: stored.id, created: true, ruleId: assigned?.ruleId }, 'imported order stored');
}
