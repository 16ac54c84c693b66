import { withTransaction, type MerchantScope } from '@smista/service-kit';
import { shipmentMessages as m } from '@smista/contracts';
import { assertCanUpdateTracking, CarrierCallError, shipmentsErrors, trackingUpdate, type Shipment } from '../domain';
import { findShipment, recordCall, setTracking } from '../store';
import { enqueueTrackingUpdated } from '../events/publishers';
import type { AppDeps } from './deps';

/**
 * Spec §7 POST /api/shipments/{id}/update-tracking: asks the carrier (carriers' Track) and stores the
 * last event; a shipped shipment the carrier reports delivered becomes delivered. When something
 * changed, `shipments.shipment.tracking_updated` goes with the change. The call joins the audit
 * trail either way; a refusal (e.g. GLS has no tracking before the close) answers the carrier's reason.
 *
 * @example await updateTracking(deps, scope, 42) // { message: 'Tracking aggiornato: CONSEGNATA.', shipment }
 */
export async function updateTracking(deps: AppDeps, scope: MerchantScope, id: number): Promise<{ shipment: Shipment; message: string }> {
  const { merchantId } = scope;
  const s = await findShipment(deps.pool, merchantId, id);
  if (!s) throw shipmentsErrors.shipmentNotFound();
  assertCanUpdateTracking(s);
  if (!s.carrierIntegrationId) throw shipmentsErrors.noTrackingNumber();

  const startedAt = deps.now();
  const t0 = Date.now();
  const call = { shipmentId: s.id, merchantId, operation: 'Track' as const, target: s.carrierProvider ?? '', startedAt };
  let answer: Awaited<ReturnType<AppDeps['carriers']['track']>>;
  try {
    answer = await deps.carriers.track(scope, { integrationId: s.carrierIntegrationId, trackingNumber: s.trackingNumber ?? '', carrierShipmentNumber: s.carrierShipmentNumber ?? '' });
  } catch (err) {
    if (err instanceof CarrierCallError) {
      await recordCall(deps.pool, { ...call, durationMs: Date.now() - t0, outcome: err.failure.kind === 'refused' ? 'refused' : 'unavailable', message: err.message });
    }
    throw err;
  }
  const durationMs = Date.now() - t0;
  const update = trackingUpdate(s, answer.events, answer.delivered);
  const message = update ? m.trackingUpdated(update.description) : m.trackingNoEvents;
  const shipment = await withTransaction(deps.pool, async (tx) => {
    await recordCall(tx, { ...call, durationMs, outcome: 'ok', message });
    if (!update?.changed) return s;
    const updated = await setTracking(tx, s, update);
    await enqueueTrackingUpdated(tx, updated, deps.now());
    return updated;
  });
  if (update?.changed) deps.logger.info({ merchantId, shipmentId: s.id, carrier: s.carrierProvider, trackingStatus: update.trackingStatus, status: shipment.status }, 'tracking updated');
  return { shipment, message };
}
