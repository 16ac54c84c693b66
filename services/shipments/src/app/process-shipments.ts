import type { MerchantScope } from '@smista/service-kit';
import { shipmentIdsSchema } from '@smista/contracts';
import { assertCanProcess, shipmentsErrors } from '../domain';
import { findShipments, pendingShipmentIds } from '../store';
import type { AppDeps } from './deps';
import type { ProcessResult, ProcessRunner } from './process-runner';

/**
 * Spec §7 process-selected, process (all pending) and the row action: which shipments a run labels.
 * `allPending`: every pending shipment of the merchant (none: 'Nessuna spedizione in attesa da
 * processare'). Otherwise the ids asked (1–1,000): one id is the row action and is refused as a
 * whole when unknown or not pending; of several, other merchants' and unknown ids are skipped, and
 * ones that are not pending are skipped when the run reaches them.
 *
 * @example await processShipments(deps, runner, scope, { shipmentIds: [12, 13], allPending: false })
 */
export async function processShipments(
  deps: Pick<AppDeps, 'pool'>,
  runner: ProcessRunner,
  scope: MerchantScope,
  request: { shipmentIds: readonly number[]; allPending: boolean },
): Promise<ProcessResult> {
  if (request.allPending) {
    const ids = await pendingShipmentIds(deps.pool, scope.merchantId);
    if (ids.length === 0) throw shipmentsErrors.noPendingShipments();
    return runner.process(scope, ids);
  }
  const { shipmentIds } = shipmentIdsSchema.parse({ shipmentIds: [...request.shipmentIds] });
  const found = await findShipments(deps.pool, scope.merchantId, shipmentIds);
  if (shipmentIds.length === 1) {
    const only = found.get(shipmentIds[0]);
    if (!only) throw shipmentsErrors.shipmentNotFound();
    assertCanProcess(only);
  }
  const own = shipmentIds.filter((id) => found.has(id));
  if (own.length === 0) throw shipmentsErrors.shipmentNotFound();
  return runner.process(scope, own, shipmentIds.length - own.length);
}
