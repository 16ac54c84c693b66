import { isUuid, type EventHandler, type Logger } from '@smista/service-kit';
import type { carriersEvents } from '@smista/proto';
import { InvalidEventError } from '../domain';
import { applyCarrierState, clearDeletedCarrier } from '../store';
import { enqueueCarriersAssigned } from './publishers';

/**
 * `carriers.integration.changed`: keeps the merchant's carrier integrations as the shipping rules
 * need them (an inactive or deleted one never receives orders, also on import where no caller can
 * ask carriers). An older event never overwrites a newer state. A deleted integration is taken off
 * the orders still to ship without a live shipment (each gets `orders.carrier.assigned` 0).
 */
export function handleCarrierChanged(logger: Logger, now: () => Date = () => new Date()): EventHandler<carriersEvents.CarrierIntegrationChanged> {
  return async (event, tx, meta) => {
    if (!isUuid(event.merchantId) || !Number.isSafeInteger(event.integrationId) || event.integrationId <= 0) {
      throw new InvalidEventError('carrier integration.changed without a merchant uuid and a positive integration id');
    }
    const merchantId = event.merchantId.toLowerCase();
    const version = new Date(event.occurredAt);
    const applied = await applyCarrierState(tx, {
      merchantId,
      integrationId: event.integrationId,
      provider: event.provider,
      serviceType: event.serviceType ?? null,
      connectionName: event.connectionName,
      status: event.status,
      active: event.active,
      deleted: event.deleted,
      version: Number.isNaN(version.getTime()) ? now() : version,
    });
    if (!event.deleted) return;
    const cleared = await clearDeletedCarrier(tx, merchantId, event.integrationId);
    const occurredAt = now();
    await enqueueCarriersAssigned(
      tx,
      cleared.map((orderId) => ({ orderId, merchantId, carrierIntegrationId: null, assignedByUserId: event.changedByUserId, occurredAt })),
    );
    logger.info({ merchantId, integrationId: event.integrationId, applied, cleared: cleared.length, messageId: meta.messageId }, 'deleted carrier integration taken off the orders to ship');
  };
}
