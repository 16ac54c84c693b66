import { withTransaction, type MerchantScope } from '@smista/service-kit';
import { closeWorkdaySchema, shipmentMessages } from '@smista/contracts';
import { assertCanCloseWorkday, canCloseWorkday, CarrierCallError, closeMessage, shipmentsErrors, type Shipment } from '../domain';
import { findShipments, markWorkday, recordCall, saveManifest } from '../store';
import { enqueueWorkdayClosed } from '../events/publishers';
import type { AppDeps } from './deps';

export interface CloseWorkdayResult {
  message: string;
  processed: number;
  failed: number;
  outcomes: { shipmentId: number; ok: boolean; message: string }[];
  manifestIds: number[];
}

/**
 * Spec §4 'Chiudi Giornata GLS' / 'Trasmetti GLS': the selected GLS shipments that are shipped
 * and not closed yet (a single id is refused when it is not one of them; of several, the others
 * are left out; none: 'Nessuna spedizione GLS spedita selezionata'), grouped by carrier integration,
 * each group confirmed with carriers' CloseWorkday. Per shipment the outcome (closed or failed, the
 * carrier's message, the time) and for each group the manifest PDF, the audit rows and one
 * `shipments.shipment.workday_closed` in one transaction.
 *
 * @example await closeWorkday(deps, scope, [41, 42]) // { message: 'Giornata lavorativa chiusa: 2 spedizioni confermate a GLS', processed: 2, ... }
 */
export async function closeWorkday(deps: AppDeps, scope: MerchantScope, ids: readonly number[]): Promise<CloseWorkdayResult> {
  const { merchantId } = scope;
  const { shipmentIds } = closeWorkdaySchema.parse({ shipmentIds: [...ids] });
  const found = await findShipments(deps.pool, merchantId, shipmentIds);
  if (shipmentIds.length === 1) {
    const only = found.get(shipmentIds[0]);
    if (!only) throw shipmentsErrors.shipmentNotFound();
    assertCanCloseWorkday(only);
  }
  const eligible = shipmentIds.map((id) => found.get(id)).filter((s): s is Shipment => !!s && canCloseWorkday(s) && !!s.carrierIntegrationId);
  if (eligible.length === 0) throw shipmentsErrors.noGlsShippedSelected();

  const groups = new Map<number, Shipment[]>();
  for (const s of eligible) groups.set(s.carrierIntegrationId!, [...(groups.get(s.carrierIntegrationId!) ?? []), s]);

  const byShipment = new Map<number, { ok: boolean; message: string }>();
  const manifestIds: number[] = [];
  for (const [integrationId, group] of groups) {
    const numbers = [...new Set(group.map((s) => s.carrierShipmentNumber ?? '').filter(Boolean))];
    const startedAt = deps.now();
    const t0 = Date.now();
    let outcomes: Map<string, { ok: boolean; message: string }>;
    let manifestPdf: Uint8Array = new Uint8Array();
    let auditOutcome: 'ok' | 'refused' | 'unavailable' = 'ok';
    try {
      const answer = await deps.carriers.closeWorkday(scope, integrationId, numbers);
      outcomes = new Map(answer.outcomes.map((o) => [o.carrierShipmentNumber, { ok: o.ok, message: o.message }]));
      manifestPdf = answer.manifestPdf;
    } catch (err) {
      if (!(err instanceof CarrierCallError)) throw err;
      auditOutcome = err.failure.kind === 'refused' ? 'refused' : 'unavailable';
      outcomes = new Map(numbers.map((n) => [n, { ok: false, message: err.message }]));
    }
    const durationMs = Date.now() - t0;
    const results = group.map((s) => {
      const o = outcomes.get(s.carrierShipmentNumber ?? '');
      const ok = o?.ok ?? false;
      return { id: s.id, ok, message: ok ? o?.message || shipmentMessages.workdayCloseOk : o?.message || closeMessage(0, 1) };
    });
    const closedIds = results.filter((r) => r.ok).map((r) => r.id);
    await withTransaction(deps.pool, async (tx) => {
      const manifestId = closedIds.length > 0 && manifestPdf.length > 0 ? await saveManifest(tx, merchantId, integrationId, manifestPdf) : null;
      if (manifestId !== null) manifestIds.push(manifestId);
      await markWorkday(tx, results, manifestId);
      for (const r of results) {
        await recordCall(tx, {
          shipmentId: r.id,
          merchantId,
          operation: 'CloseWorkday',
          target: 'gls',
          startedAt,
          durationMs,
          outcome: r.ok ? 'ok' : auditOutcome === 'ok' ? 'refused' : auditOutcome,
          message: r.message,
        });
      }
      if (closedIds.length > 0) await enqueueWorkdayClosed(tx, { merchantId, carrierIntegrationId: integrationId, carrierProvider: group[0]!.carrierProvider ?? 'gls', shipmentIds: closedIds, manifestId }, deps.now());
    });
    for (const r of results) byShipment.set(r.id, { ok: r.ok, message: r.message });
    deps.logger.info({ merchantId, userId: scope.userId, carrierIntegrationId: integrationId, closed: closedIds.length, failed: results.length - closedIds.length }, 'GLS workday closed');
  }

  const outcomes = eligible.map((s) => ({ shipmentId: s.id, ...byShipment.get(s.id)! }));
  const processed = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - processed;
  return { message: closeMessage(processed, failed), processed, failed, outcomes, manifestIds };
}
