import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { marketplacesEvents } from '@smista/proto';
import { handleIntegrationChanged } from './integration-changed';
import { handleOrderImported } from './order-imported';

/**
 * Imports handled at once, each in its own transaction. Correct in any order: the upsert is
 * guarded by the order's version and a row lock, and a delete of the integration by its lock.
 * The kit's pool has 10 connections (one is the outbox relay's listener): 6 leave room for the
 * list requests during a large import; measured, 4 to 8 import at about the same rate on 2 cores.
 */
export const IMPORT_CONCURRENCY = 6;

/**
 * Every event this service consumes, in one place; main.ts starts one durable, inbox-idempotent
 * consumer for each and stops them on shutdown. `durableSuffix` is NATS_CONSUMER_SUFFIX.
 */
export function subscriptions(logger: Logger, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `orders-order-imported${durableSuffix}`,
      subject: 'marketplaces.order.imported',
      decode: (bytes) => marketplacesEvents.MarketplaceOrderImported.decode(bytes),
      handle: handleOrderImported(logger.child({ consumer: 'order-imported' })),
      concurrency: IMPORT_CONCURRENCY,
    } satisfies Subscription<marketplacesEvents.MarketplaceOrderImported>,
    {
      durable: `orders-integration-changed${durableSuffix}`,
      subject: 'marketplaces.integration.changed',
      decode: (bytes) => marketplacesEvents.MarketplaceIntegrationChanged.decode(bytes),
      handle: handleIntegrationChanged(logger.child({ consumer: 'integration-changed' })),
    } satisfies Subscription<marketplacesEvents.MarketplaceIntegrationChanged>,
  ];
}
