import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { marketplacesEvents } from '@smista/proto';
import { handleTrackingAttempted } from './tracking-attempted';

/**
 * Every event this service consumes, in one place; main.ts starts one durable, inbox-idempotent
 * consumer for each and stops them on shutdown. `durableSuffix` is NATS_CONSUMER_SUFFIX.
 */
export function subscriptions(logger: Logger, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `shipments-tracking-attempted${durableSuffix}`,
      subject: 'marketplaces.tracking.attempted',
      decode: (bytes) => marketplacesEvents.MarketplaceTrackingAttempted.decode(bytes),
      handle: handleTrackingAttempted(logger.child({ consumer: 'tracking-attempted' })),
    } satisfies Subscription<marketplacesEvents.MarketplaceTrackingAttempted>,
  ];
}
