import { oncePerTransaction, type EventHandler, type Logger } from '@smista/service-kit';
import type { marketplacesEvents } from '@smista/proto';
import { parseImportedOrder } from '../domain';
import { holdIntegrationForImport, upsertImportedOrder } from '../store';
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
 */
export function handleOrderImported(logger: Logger, now: () => Date = () => new Date()): EventHandler<marketplacesEvents.MarketplaceOrderImported> {
  return async (event, tx, meta) => {
    const { order, warnings } = parseImportedOrder(event, now());
    const log = { merchantId: order.merchantId, integrationId: order.integrationId, externalId: order.externalId, messageId: meta.messageId };
    if (warnings.length) logger.warn({ ...log, warnings }, 'imported order normalised');
    // Once per batch: the upsert's generic plan (else PostgreSQL plans it again for every order, its
    // parameters' values change nothing in it), and the integration's lock, held until commit.
    await oncePerTransaction(meta, 'orders:import-generic-plans', () => tx.query('SET LOCAL plan_cache_mode = force_generic_plan'));
    await oncePerTransaction(meta, `orders:import-lock:${order.integrationId}`, () => holdIntegrationForImport(tx, order.integrationId));
    const stored = await upsertImportedOrder(tx, order);
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
    // The batch's OrderUpserted go into the outbox in one statement, before it commits.
    const upserted = await oncePerTransaction(meta, 'orders:import-upserted-events', async () => {
      const events: OrderUpsertedEvent[] = [];
      meta.beforeCommit(() => enqueueOrdersUpserted(tx, events));
      return events;
    });
    upserted.push({
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
        weightGrams: order.weightGrams,
      },
      now(),
      // The batch writes no rules: read once per transaction.
      (merchantId) => oncePerTransaction(meta, `orders:rules:${merchantId}`, () => rulesForImport(tx, merchantId)),
    );
    logger.debug({ ...log, orderId: stored.id, created: true, ruleId: assigned?.ruleId }, 'imported order stored');
  };
}
