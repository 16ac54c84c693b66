import { enqueueEvent, type PoolClient, type StreamSpec } from '@smista/service-kit';
import { carriersEvents } from '@smista/proto';
import type { Integration } from '../domain';

/** The stream carriers owns: every subject it publishes on. */
export const stream: StreamSpec = { name: 'CARRIERS', subjects: ['carriers.>'] };

/** Subjects this service publishes, all in the CARRIERS stream (`carriers.>`). */
export const subjects = {
  integrationChanged: 'carriers.integration.changed',
  codesLowStock: 'carriers.codes.low_stock',
  codesRestocked: 'carriers.codes.restocked',
  trackingUpdated: 'carriers.tracking.updated',
} as const;

/** What changed a carrier integration (the event's `change`). */
export type IntegrationChange = 'created' | 'updated' | 'toggled' | 'status' | 'deleted';

/**
 * Writes CarrierIntegrationChanged to the outbox, in the transaction of the change (create, update,
 * status change, toggle, delete), saying which it was. No credential is ever in it.
 */
export async function enqueueIntegrationChanged(
  tx: PoolClient,
  integration: Integration,
  event: { change: IntegrationChange; changedByUserId: string; occurredAt: Date },
): Promise<void> {
  const payload = carriersEvents.CarrierIntegrationChanged.encode(
    carriersEvents.CarrierIntegrationChanged.fromPartial({
      integrationId: integration.id,
      merchantId: integration.merchantId,
      provider: integration.carrier.code,
      connectionName: integration.connectionName,
      serviceType: integration.credentials.serviceType ?? '',
      status: integration.status,
      active: integration.active,
      deleted: event.change === 'deleted',
      changedByUserId: event.changedByUserId,
      occurredAt: event.occurredAt.toISOString(),
      change: event.change,
    }),
  ).finish();
  await enqueueEvent(tx, subjects.integrationChanged, payload);
}

/** Writes TrackingCodesLowStock, in the transaction that took the pool under the threshold. */
export async function enqueueCodesLowStock(
  tx: PoolClient,
  event: { integrationId: number; merchantId: string; provider: string; available: number; threshold: number; occurredAt: Date },
): Promise<void> {
  const payload = carriersEvents.TrackingCodesLowStock.encode(
    carriersEvents.TrackingCodesLowStock.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.codesLowStock, payload);
}

/** Writes TrackingCodesRestocked, in the transaction whose added codes lifted a fallen pool back to the threshold. */
export async function enqueueCodesRestocked(
  tx: PoolClient,
  event: { integrationId: number; merchantId: string; provider: string; available: number; threshold: number; occurredAt: Date },
): Promise<void> {
  const payload = carriersEvents.TrackingCodesRestocked.encode(
    carriersEvents.TrackingCodesRestocked.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.codesRestocked, payload);
}

/** Writes CarrierTrackingUpdated after a Track call found news. */
export async function enqueueTrackingUpdated(
  tx: PoolClient,
  event: { integrationId: number; merchantId: string; trackingNumber: string; status: string; delivered: boolean; occurredAt: Date },
): Promise<void> {
  const payload = carriersEvents.CarrierTrackingUpdated.encode(
    carriersEvents.CarrierTrackingUpdated.fromPartial({ ...event, occurredAt: event.occurredAt.toISOString() }),
  ).finish();
  await enqueueEvent(tx, subjects.trackingUpdated, payload);
}
