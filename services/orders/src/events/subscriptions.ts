import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { carriersEvents, marketplacesEvents, shipmentsEvents } from '@smista/proto';
import { changeFromCancelled, changeFromCreated, changeFromLabelled, changeFromTrackingUpdated } from '../domain';
import { handleCarrierChanged } from './carrier-changed';
import { handleIntegrationChanged } from './integration-changed';
import { handleOrderImported } from './order-imported';
import { handlePrivacyRequested } from './privacy-requested';
import { handleShipmentEvent } from './shipment-changed';

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
    {
      durable: `orders-privacy-requested${durableSuffix}`,
      subject: 'marketplaces.privacy.requested',
      decode: (bytes) => marketplacesEvents.MarketplacePrivacyRequested.decode(bytes),
      handle: handlePrivacyRequested(logger.child({ consumer: 'privacy-requested' })),
    } satisfies Subscription<marketplacesEvents.MarketplacePrivacyRequested>,
  ];
}

/**
 * The shipments service's events, which the order's shipments and status follow. Shipments may
 * start after orders (or not run, in a partial stack): main.ts attaches these when the SHIPMENTS
 * stream appears (`attachWhenStreamExists`) instead of holding the start for it. One at a time per
 * subject (the order's row lock orders them across subjects; the rows' versions, any arrival order).
 */
export function shipmentSubscriptions(logger: Logger, durableSuffix = '', now: () => Date = () => new Date()): AnySubscription[] {
  const deps = (consumer: string) => ({ logger: logger.child({ consumer }), now });
  return [
    {
      durable: `orders-shipment-created${durableSuffix}`,
      subject: 'shipments.shipment.created',
      decode: (bytes) => shipmentsEvents.ShipmentCreated.decode(bytes),
      handle: handleShipmentEvent(changeFromCreated, deps('shipment-created')),
    } satisfies Subscription<shipmentsEvents.ShipmentCreated>,
    {
      durable: `orders-shipment-labelled${durableSuffix}`,
      subject: 'shipments.shipment.labelled',
      decode: (bytes) => shipmentsEvents.ShipmentLabelled.decode(bytes),
      handle: handleShipmentEvent(changeFromLabelled, deps('shipment-labelled')),
    } satisfies Subscription<shipmentsEvents.ShipmentLabelled>,
    {
      durable: `orders-shipment-cancelled${durableSuffix}`,
      subject: 'shipments.shipment.cancelled',
      decode: (bytes) => shipmentsEvents.ShipmentCancelled.decode(bytes),
      handle: handleShipmentEvent(changeFromCancelled, deps('shipment-cancelled')),
    } satisfies Subscription<shipmentsEvents.ShipmentCancelled>,
    {
      durable: `orders-shipment-tracking-updated${durableSuffix}`,
      subject: 'shipments.shipment.tracking_updated',
      decode: (bytes) => shipmentsEvents.ShipmentTrackingUpdated.decode(bytes),
      handle: handleShipmentEvent(changeFromTrackingUpdated, deps('shipment-tracking-updated')),
    } satisfies Subscription<shipmentsEvents.ShipmentTrackingUpdated>,
  ];
}

/**
 * The carriers service's integrations, which the shipping rules need (`events/carrier-changed.ts`).
 * Attached when the CARRIERS stream appears, like the shipments' events.
 */
export function carrierSubscriptions(logger: Logger, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `orders-carrier-changed${durableSuffix}`,
      subject: 'carriers.integration.changed',
      decode: (bytes) => carriersEvents.CarrierIntegrationChanged.decode(bytes),
      handle: handleCarrierChanged(logger.child({ consumer: 'carrier-changed' })),
    } satisfies Subscription<carriersEvents.CarrierIntegrationChanged>,
  ];
}
