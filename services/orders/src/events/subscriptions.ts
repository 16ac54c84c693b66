import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { marketplacesEvents } from '@smista/proto';
import { handleIntegrationChanged } from './integration-changed';
import { handleOrderImported } from './order-imported';

/**
 * Import batches handled at once, each in its own transaction of up to IMPORT_BATCH_SIZE orders.
 * Correct in any order: the upsert is guarded by the order's version and a row lock, and a delete
 * of the integration by its lock; a batch that fails (a bad payload, a deadlock between two
 * batches) is handled again one order at a time by the kit. Three connections of the kit's ten
 * leave room for the list requests during a large import.
 */
export const IMPORT_CONCURRENCY = 3;
/** A sync page is 200 orders; 50 per transaction pays BEGIN, the inbox and COMMIT once for each 50. */
export const IMPORT_BATCH_SIZE = 50;

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
      batchSize: IMPORT_BATCH_SIZE,
    } satisfies Subscription<marketplacesEvents.MarketplaceOrderImported>,
    {
      durable: `orders-integration-changed${durableSuffix}`,
      subject: 'marketplaces.integration.changed',
      decode: (bytes) => marketplacesEvents.MarketplaceIntegrationChanged.decode(bytes),
      handle: handleIntegrationChanged(logger.child({ consumer: 'integration-changed' })),
    } satisfies Subscription<marketplacesEvents.MarketplaceIntegrationChanged>,
  ];
}
