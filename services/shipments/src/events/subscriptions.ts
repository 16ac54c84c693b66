import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { marketplacesEvents, ordersEvents } from '@smista/proto';
import { handleBuyerDataErased } from './buyer-erased';
import { handleOrderUpserted } from './order-upserted';
import { handlePrivacyRequested } from './privacy-requested';
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
    {
      durable: `shipments-privacy-requested${durableSuffix}`,
      subject: 'marketplaces.privacy.requested',
      decode: (bytes) => marketplacesEvents.MarketplacePrivacyRequested.decode(bytes),
      handle: handlePrivacyRequested(logger.child({ consumer: 'privacy-requested' })),
    } satisfies Subscription<marketplacesEvents.MarketplacePrivacyRequested>,
  ];
}

/** `orders.order.upserted` handled per transaction at most (an import publishes one per order). */
export const ORDER_UPSERTED_BATCH_SIZE = 50;

/**
 * The orders service's events (its payment on the order's shipments: a refunded order's live
 * shipment is a problem; a buyer's data erased: its shipments' recipient too). Orders may start after shipments: main.ts attaches these when the ORDERS
 * stream appears (`attachWhenStreamExists`) instead of holding the start for it.
 */
export function orderSubscriptions(logger: Logger, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `shipments-order-upserted${durableSuffix}`,
      subject: 'orders.order.upserted',
      decode: (bytes) => ordersEvents.OrderUpserted.decode(bytes),
      handle: handleOrderUpserted(logger.child({ consumer: 'order-upserted' })),
      // One per order of every import, and mostly a no-op (an order without shipments): up to 50
      // waiting ones share a transaction and an inbox write, still one after the other, in order.
      batchSize: ORDER_UPSERTED_BATCH_SIZE,
    } satisfies Subscription<ordersEvents.OrderUpserted>,
    {
      durable: `shipments-buyer-erased${durableSuffix}`,
      subject: 'orders.buyer.erased',
      decode: (bytes) => ordersEvents.BuyerDataErased.decode(bytes),
      handle: handleBuyerDataErased(logger.child({ consumer: 'buyer-erased' })),
    } satisfies Subscription<ordersEvents.BuyerDataErased>,
  ];
}
