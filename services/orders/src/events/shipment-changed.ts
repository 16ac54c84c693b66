import type { EventHandler, Logger } from '@smista/service-kit';
import type { ShipmentChange } from '../domain';
import { applyShipmentChange } from '../app/follow-shipments';

/**
 * A consumer of one shipments event (created, labelled, cancelled, tracking_updated): `toChange`
 * reads the event (a malformed one throws: retried, then dead-lettered), `applyShipmentChange`
 * updates the projection and the order's status. Idempotent through the kit's inbox and the rows'
 * versions; correct in any order of arrival.
 */
export function handleShipmentEvent<E>(toChange: (event: E) => ShipmentChange, deps: { logger: Logger; now: () => Date }): EventHandler<E> {
  return async (event, tx, meta) => {
    const change = toChange(event);
    await applyShipmentChange(tx, change, { logger: deps.logger.child({ messageId: meta.messageId }), now: deps.now });
  };
}
