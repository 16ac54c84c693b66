import { requireMerchant } from '@smista/service-kit';
import { shipments } from '@smista/proto';
import { bulkCreateSchema } from '@smista/contracts';
import { bulkCreate, cancelShipment, closeWorkday, processShipments, updateTracking } from '../app';
import type { HandlerDeps } from './deps';
import { toShipmentMessage } from './mapping';

/** The actions on shipments (spec §4, §7): any member of the merchant may take them (spec §6). */
export function actionHandlers(deps: HandlerDeps) {
  const { unary, now, runner } = deps;

  return {
    bulkCreate: unary('BulkCreate', async (request: shipments.BulkCreateRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const { orderIds, confirmUnpaid } = bulkCreateSchema.parse({ orderIds: request.orderIds, confirmUnpaid: request.confirmUnpaid });
      const result = await bulkCreate(deps, scope, orderIds, { confirmUnpaid, confirmedBy: request.confirmedBy });
      return shipments.BulkCreateResponse.fromPartial({
        created: result.created,
        skipped: result.skipped,
        message: result.message,
        outcomes: result.outcomes.map((o) => ({ orderId: o.orderId, shipmentId: o.shipmentId ?? 0, created: o.created, message: o.message ?? '' })),
      });
    }),

    processShipments: unary('ProcessShipments', async (request: shipments.ProcessShipmentsRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const result = await processShipments(deps, runner, scope, { shipmentIds: request.shipmentIds, allPending: request.allPending });
      return shipments.ProcessShipmentsResponse.fromPartial({
        success: result.success,
        failed: result.failed,
        skipped: result.skipped,
        message: result.message,
        errors: result.errors,
        runId: result.runId,
      });
    }),

    cancelShipment: unary('CancelShipment', async (request: shipments.CancelShipmentRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const { shipment, message } = await cancelShipment(deps, scope, request.id, { smistaOnly: request.smistaOnly });
      return shipments.ActionResponse.fromPartial({ message, success: true, shipment: toShipmentMessage(shipment, now()) });
    }),

    closeWorkday: unary('CloseWorkday', async (request: shipments.CloseWorkdayRequest, ctx) => {
      const scope = await requireMerchant(ctx);
      const result = await closeWorkday(deps, scope, request.shipmentIds);
      return shipments.CloseWorkdayResponse.fromPartial(result);
    }),

    updateTracking: unary('UpdateTracking', async (request: shipments.ShipmentRef, ctx) => {
      const scope = await requireMerchant(ctx);
      const { shipment, message } = await updateTracking(deps, scope, request.id);
      return shipments.ActionResponse.fromPartial({ message, success: true, shipment: toShipmentMessage(shipment, now()) });
    }),
  };
}
