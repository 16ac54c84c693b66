import { createPeerClient, GrpcStatus, isServiceError, type Logger } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { ordersErrors } from '../domain';
import type { MarketplaceTracking } from '../app/ports';

/** The {@link MarketplaceTracking} over marketplaces' gRPC API. */
export function createMarketplaceTracking(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): MarketplaceTracking {
  // A token refresh and eBay's answer, each bounded by the HTTP client's 30 s. Should the deadline
  // pass anyway, marketplaces still records the push: asking again answers already pushed.
  const peer = createPeerClient(marketplaces.MarketplacesServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 45_000 });
  return {
    async push(caller, request) {
      try {
        const answer = await (await peer.as(caller)).pushTracking({ merchantId: '', ...request });
        return { ok: answer.ok, alreadyPushed: answer.alreadyPushed, fulfillmentId: answer.fulfillmentId, errorCode: answer.errorCode, errorMessage: answer.errorMessage };
      } catch (err) {
        if (isServiceError(err)) {
          if (err.code === GrpcStatus.NOT_FOUND) throw ordersErrors.integrationNotFound();
          if (err.code === GrpcStatus.RESOURCE_EXHAUSTED && err.details) throw ordersErrors.marketplaceQuota(err.details);
          if ((err.code === GrpcStatus.FAILED_PRECONDITION || err.code === GrpcStatus.INVALID_ARGUMENT || err.code === GrpcStatus.PERMISSION_DENIED) && err.details) {
            throw ordersErrors.marketplaceRefused(err.details);
          }
        }
        opts.logger.warn({ err: isServiceError(err) ? `${GrpcStatus[err.code]}: ${err.details}` : String(err), merchantId: caller.merchantId, shipmentId: request.shipmentId }, 'tracking push unavailable');
        throw ordersErrors.dependencyUnavailable();
      }
    },
    close: () => peer.close(),
  };
}
