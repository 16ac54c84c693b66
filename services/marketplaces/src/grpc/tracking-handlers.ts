import { requireMerchant } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { pushTracking } from '../app';
import type { HandlerDeps } from './deps';
import { ownIntegration } from './own-integration';

/** Called by shipments and orders on behalf of a member: tracking back to the marketplace. */
export function trackingHandlers(deps: HandlerDeps) {
  const { pool, unary, trackingPusher } = deps;

  return {
    pushTracking: unary('PushTracking', async (request: marketplaces.PushTrackingRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { merchantId: request.merchantId, id: request.integrationId });
      const input = {
        externalOrderId: request.externalOrderId,
        lineItems: request.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
        carrierCode: request.carrierCode,
        trackingNumber: request.trackingNumber,
        shippedDate: request.shippedDate,
      };
      // With a shipment id the push is recorded per shipment: never sent twice, retried, published.
      if (Number.isSafeInteger(request.shipmentId) && request.shipmentId > 0) {
        const orderId = Number.isSafeInteger(request.orderId) && request.orderId > 0 ? request.orderId : 0;
        const answer = await trackingPusher.pushOnDemand(integration, { shipmentId: request.shipmentId, orderId, payload: input }, ctx.logger);
        return marketplaces.PushTrackingResponse.fromPartial(
          answer.ok
            ? { ok: true, fulfillmentId: answer.fulfillmentId, alreadyPushed: answer.alreadyPushed }
            : { ok: false, errorCode: answer.errorCode, errorMessage: answer.errorMessage },
        );
      }
      const outcome = await pushTracking(deps, integration, input, ctx.logger);
      return marketplaces.PushTrackingResponse.fromPartial(
        outcome.ok
          ? { ok: true, fulfillmentId: outcome.fulfillmentId, alreadyPushed: outcome.alreadyFulfilledCode !== undefined }
          : { ok: false, errorCode: outcome.errorCode, errorMessage: outcome.errorMessage },
      );
    }),
  };
}
