import { withTransaction, type MerchantScope, type PoolClient } from '@smista/service-kit';
import { shipmentMessages as m } from '@smista/contracts';
import { assertCanUpdateTracking, buyerMailKindsOnTracking, CarrierCallError, defaultRefreshPolicy, nextRefreshAt, shipmentsErrors, trackingUpdate, type RefreshPolicy, type Shipment, type TrackingEvent, type TrackingUpdate } from '../domain';
import { findShipment, queueBuyerMails, recordCall, saveTrackingEvents, scheduleTracking, setTracking } from '../store';
import { enqueueTrackingUpdated } from '../events/publishers';
import type { AppDeps } from './deps';

/**
 * A Track answer kept, in the caller's transaction: the new events stored, the shipment's last
 * event, status and alerts updated, its next automatic read scheduled, and
 * `shipments.shipment.tracking_updated` enqueued when something a reader sees changed. The one
 * place both 'Aggiorna tracking' and the refresher keep what the carrier said.
 */
export async function keepTrackAnswer(
  tx: PoolClient,
  s: Shipment,
  answer: { events: readonly TrackingEvent[]; delivered: boolean },
  now: Date,
  policy: RefreshPolicy,
): Promise<{ shipment: Shipment; update: TrackingUpdate | null }> {
  await saveTrackingEvents(tx, s, answer.events);
  const update = trackingUpdate(s, answer.events, answer.delivered, now);
  let shipment = s;
  if (update?.changed) {
    // Null: cancelled (or read again) while the carrier answered; what the carrier said no longer applies.
    const updated = await setTracking(tx, s, update);
    if (!updated) return { shipment: s, update: null };
    shipment = updated;
    await enqueueTrackingUpdated(tx, shipment, now, s.trackingStatus);
    await queueBuyerMails(tx, shipment.id, buyerMailKindsOnTracking(s, shipment));
  }
  const next = shipment.status === 'shipped' && shipment.trackingNumber ? nextRefreshAt({ shippedAt: shipment.shippedAt ?? now, trackingStatus: shipment.trackingStatus, failures: 0 }, now, policy) : null;
  await scheduleTracking(tx, shipment, next, 'ok', now);
  return { shipment, update };
}

/**
 * Spec §7 POST /api/shipments/{id}/update-tracking: asks the carrier (carriers' Track) and keeps the
 * answer ({@link keepTrackAnswer}); a shipped shipment the carrier reports delivered becomes
 * delivered. The call joins the audit trail either way; a refusal (e.g. GLS has no tracking before
 * the close) answers the carrier's reason.
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
  const { shipment, update, message } = await withTransaction(deps.pool, async (tx) => {
    const kept = await keepTrackAnswer(tx, s, answer, deps.now(), deps.trackingPolicy ?? defaultRefreshPolicy);
    // An answer without events may still change the alerts: the message speaks of the events only.
    const said = kept.update && answer.events.length > 0 ? m.trackingUpdated(kept.update.description) : m.trackingNoEvents;
    await recordCall(tx, { ...call, durationMs, outcome: 'ok', message: said });
    return { ...kept, message: said };
  });
  if (update?.changed) deps.logger.info({ merchantId, shipmentId: s.id, carrier: s.carrierProvider, trackingStatus: update.trackingStatus, status: shipment.status }, 'tracking updated');
  return { shipment, message };
}
