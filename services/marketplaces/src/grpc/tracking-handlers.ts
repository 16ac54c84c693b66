import { requireMerchant } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { pushTracking } from '../app';
import type { HandlerDeps } from './deps';
import { ownIntegration } from './own-integration';

/** Called by shipments on behalf of a member: tracking back to the marketplace. */
export function trackingHandlers(deps: HandlerDeps) {
  const { pool, unary } = deps;

  return {
    pushTracking: unary('PushTracking', async (request: marketplaces.PushTrackingRequest, ctx) => {
      const { merchantId } = await requireMerchant(ctx);
      const integration = await ownIntegration(pool, merchantId, { merchantId: request.merchantId, id: request.integrationId });
      const outcome = await pushTracking(
        deps,
        integration,
        {
          externalOrderId: request.externalOrderId,
          lineItems: request.lineItems.map((l) => ({ lineItemId: l.lineItemId, quantity: l.quantity })),
          carrierCode: request.carrierCode,
          trackingNumber: request.trackingNumber,
          shippedDate: request.shippedDate,
        },
        ctx.logger,
      );
      return marketplaces.PushTrackingResponse.fromPartial(
        outcome.ok ? { ok: true, fulfillmentId: outcome.fulfillmentId } : { ok: false, errorCode: outcome.errorCode, errorMessage: outcome.errorMessage },
      );
    }),
  };
}
