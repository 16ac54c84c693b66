import { createPeerClient, GrpcStatus, isServiceError, type Logger } from '@smista/service-kit';
import { carriers } from '@smista/proto';
import { ordersErrors } from '../domain';
import type { CarrierDirectory } from '../app/ports';

/** The {@link CarrierDirectory} over carriers' gRPC API. */
export function createCarrierDirectory(opts: { address: string; callerSecret: string; logger: Logger; deadlineMs?: number }): CarrierDirectory {
  const peer = createPeerClient(carriers.CarriersServiceClient, opts.address, { callerSecret: opts.callerSecret, deadlineMs: opts.deadlineMs ?? 3_000 });
  return {
    async integrationOf(caller, integrationId) {
      try {
        const found = await (await peer.as(caller)).getIntegration({ merchantId: '', id: integrationId });
        return { id: found.id, active: found.active, status: found.status };
      } catch (err) {
        if (isServiceError(err) && err.code === GrpcStatus.NOT_FOUND) return null;
        opts.logger.warn({ err: isServiceError(err) ? err.details : String(err), merchantId: caller.merchantId, integrationId }, 'carrier integration unavailable');
        throw ordersErrors.dependencyUnavailable();
      }
    },
    close: () => peer.close(),
  };
}
