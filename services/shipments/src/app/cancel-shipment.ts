import { withTransaction, type MerchantScope } from '@smista/service-kit';
import { shipmentMessages as m } from '@smista/contracts';
import { assertCanCancel, CarrierCallError, shipmentsErrors, type Shipment } from '../domain';
import { findShipment, markCancelled, recordCall } from '../store';
import { enqueueShipmentCancelled } from '../events/publishers';
import type { AppDeps } from './deps';

/**
 * Spec §4 cancel: a pending shipment is cancelled here (nothing exists at the carrier yet); a
 * shipped one is cancelled at the carrier first (GLS DeleteSped, refused after the workday close;
 * a letter's pool code goes back only when no label was handed out, i.e. never downloaded). A
 * refusal answers the carrier's reason and changes nothing but the audit trail. The change and
 * `shipments.shipment.cancelled` are one transaction.
 *
 * @example const { shipment, message } = await cancelShipment(deps, scope, 42); // message 'Spedizione annullata'
 */
export async function cancelShipment(deps: AppDeps, scope: MerchantScope, id: number): Promise<{ shipment: Shipment; message: string }> {
  const { merchantId } = scope;
  const s = await findShipment(deps.pool, merchantId, id);
  if (!s) throw shipmentsErrors.shipmentNotFound();
  assertCanCancel(s);

  let message: string = m.cancelled;
  let audit: { startedAt: Date; durationMs: number; message: string } | null = null;
  if (s.status === 'shipped' && s.carrierIntegrationId) {
    const startedAt = deps.now();
    const t0 = Date.now();
    try {
      const answer = await deps.carriers.cancelShipment(scope, {
        integrationId: s.carrierIntegrationId,
        carrierShipmentNumber: s.carrierShipmentNumber ?? '',
        trackingNumber: s.trackingNumber ?? '',
        labelHandedOut: s.labelPrintedAt !== null,
      });
      audit = { startedAt, durationMs: Date.now() - t0, message: answer.message || m.cancelled };
      if (answer.codeReleased) message = m.cancelledCodeReleased;
    } catch (err) {
      if (err instanceof CarrierCallError) {
        await recordCall(deps.pool, {
          shipmentId: s.id,
          merchantId,
          operation: 'CancelShipment',
          target: s.carrierProvider ?? '',
          startedAt,
          durationMs: Date.now() - t0,
          outcome: err.failure.kind === 'refused' ? 'refused' : 'unavailable',
          message: err.message,
        });
      }
      throw err;
    }
  }

  const cancelled = await withTransaction(deps.pool, async (tx) => {
    const updated = await markCancelled(tx, merchantId, s.id, s.status);
    if (!updated) return null;
    if (audit) {
      await recordCall(tx, { shipmentId: s.id, merchantId, operation: 'CancelShipment', target: s.carrierProvider ?? '', startedAt: audit.startedAt, durationMs: audit.durationMs, outcome: 'ok', message: audit.message });
    }
    await enqueueShipmentCancelled(tx, updated, s.status, deps.now());
    return updated;
  });
  if (!cancelled) {
    // Its status changed meanwhile (processed, cancelled by someone else): answer with the new one.
    const now = await findShipment(deps.pool, merchantId, s.id);
    throw shipmentsErrors.notCancellable(now?.status ?? s.status);
  }
  deps.logger.info({ merchantId, userId: scope.userId, shipmentId: s.id, carrier: s.carrierProvider, previousStatus: s.status }, 'shipment cancelled');
  return { shipment: cancelled, message };
}
