import type { AnySubscription, Logger, Subscription } from '@smista/service-kit';
import { shipmentsEvents } from '@smista/proto';
import { handleShipmentLabelled } from './shipment-labelled';
import { handleShipmentTrackingUpdated } from './shipment-tracking-updated';

/**
 * Every event this service consumes, in one place. They come from the shipments service, which may
 * start after marketplaces (or not run at all, in a partial stack): main.ts attaches them when
 * their stream appears (`attachWhenStreamExists`) instead of holding the start for it.
 * `durableSuffix` is NATS_CONSUMER_SUFFIX.
 */
export function subscriptions(deps: { logger: Logger; now: () => Date; onPending: () => void; hasDeliveryCall: (marketplace: string) => boolean }, durableSuffix = ''): AnySubscription[] {
  return [
    {
      durable: `marketplaces-shipment-labelled${durableSuffix}`,
      subject: 'shipments.shipment.labelled',
      decode: (bytes) => shipmentsEvents.ShipmentLabelled.decode(bytes),
      handle: handleShipmentLabelled({ ...deps, logger: deps.logger.child({ consumer: 'shipment-labelled' }) }),
    } satisfies Subscription<shipmentsEvents.ShipmentLabelled>,
    {
      durable: `marketplaces-shipment-tracking-updated${durableSuffix}`,
      subject: 'shipments.shipment.tracking_updated',
      decode: (bytes) => shipmentsEvents.ShipmentTrackingUpdated.decode(bytes),
      handle: handleShipmentTrackingUpdated({ ...deps, logger: deps.logger.child({ consumer: 'shipment-tracking-updated' }) }),
    } satisfies Subscription<shipmentsEvents.ShipmentTrackingUpdated>,
  ];
}
