import { withTransaction, type MerchantScope } from '@smista/service-kit';
import { cancellationMessages, shipmentMessages as m } from '@smista/contracts';
import { CarrierCallError, decideCancellation, shipmentsErrors, type AuditOutcome, type Shipment } from '../domain';
import { findShipment, markCancelled, recordCall } from '../store';
import { enqueueShipmentCancelled } from '../events/publishers';
import type { AppDeps } from './deps';

/**
 * Spec §4 cancel, as the contracts' `cancellationOf` decides it (the dialog reads the same before
 * the click): a pending shipment is cancelled here (nothing exists at the carrier yet); a shipped
 * one at the carrier where it can (GLS DeleteSped before the workday close; a letter's pool code
 * goes back when no label was handed out). Where the carrier cannot (Poste Delivery Business, GLS
 * after the close, a letter whose label was downloaded) the shipment is voided in Smista only, and
 * only when `smistaOnly` confirms it: the carrier is still asked what it can tell (Poste: whether it
 * already has the parcel, which refuses the void), the label is marked not to be used
 * (`label_void_reason`) and the audit trail records the void and why (outcome `voided`). A refusal
 * answers the carrier's reason and changes nothing but the audit trail. The change and
 * `shipments.shipment.cancelled` are one transaction.
 *
 * @example const { shipment, message } = await cancelShipment(deps, scope, 42); // message 'Spedizione annullata'
 * await cancelShipment(deps, scope, 43, { smistaOnly: true }); // Poste Delivery: 'Spedizione annullata solo in Smista: …'
 */
export async function cancelShipment(
  deps: AppDeps,
  scope: MerchantScope,
  id: number,
  options: { smistaOnly?: boolean } = {},
): Promise<{ shipment: Shipment; message: string }> {
  const { merchantId } = scope;
  const s = await findShipment(deps.pool, merchantId, id);
  if (!s) throw shipmentsErrors.shipmentNotFound();
  const cancellation = decideCancellation(s, options.smistaOnly === true);
  const voidReason = cancellation.kind === 'smista_only' ? (cancellation.reason ?? '') : null;

  let message: string = voidReason === null ? m.cancelled : cancellationMessages.voided(voidReason);
  let audit: { startedAt: Date; durationMs: number; outcome: AuditOutcome; message: string } | null = null;
  // GLS after the close has nothing to ask: DeleteSped would only be refused.
  const askCarrier = s.status === 'shipped' && s.carrierIntegrationId !== null && !(cancellation.kind === 'smista_only' && s.carrierProvider === 'gls');
  if (askCarrier) {
    const startedAt = deps.now();
    const t0 = Date.now();
    try {
      const answer = await deps.carriers.cancelShipment(scope, {
        integrationId: s.carrierIntegrationId!,
        carrierShipmentNumber: s.carrierShipmentNumber ?? '',
        trackingNumber: s.trackingNumber ?? '',
        labelHandedOut: s.labelPrintedAt !== null,
      });
      const said = answer.message || m.cancelled;
      audit = voidReason === null
        ? { startedAt, durationMs: Date.now() - t0, outcome: 'ok', message: said }
        : { startedAt, durationMs: Date.now() - t0, outcome: 'voided', message: `${cancellationMessages.voided(voidReason)} ${said}` };
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
  } else if (voidReason !== null) {
    audit = { startedAt: deps.now(), durationMs: 0, outcome: 'voided', message };
  }

  const cancelled = await withTransaction(deps.pool, async (tx) => {
    const updated = await markCancelled(tx, merchantId, s.id, s.status, voidReason);
    if (!updated) return null;
    if (audit) {
      await recordCall(tx, { shipmentId: s.id, merchantId, operation: 'CancelShipment', target: s.carrierProvider ?? '', ...audit });
    }
    await enqueueShipmentCancelled(tx, updated, s.status, deps.now());
    return updated;
  });
  if (!cancelled) {
    // Its status changed meanwhile (processed, cancelled by someone else): answer with the new one.
    const now = await findShipment(deps.pool, merchantId, s.id);
    throw shipmentsErrors.notCancellable(now?.status ?? s.status);
  }
  deps.logger.info(
    { merchantId, userId: scope.userId, shipmentId: s.id, carrier: s.carrierProvider, previousStatus: s.status, cancellation: cancellation.kind },
    'shipment cancelled',
  );
  return { shipment: cancelled, message };
}
