import { createPeerClient, GrpcStatus, isServiceError, type Caller, type Logger } from '@smista/service-kit';
import { carriers } from '@smista/proto';
import { ordersErrors, type CarrierIntegrationState } from '../domain';

/** The merchant's carrier integrations, as the carriers service knows them. */
export interface CarrierDirectory {
  /**
   * One carrier integration of the caller's selected merchant, asked of carriers
   * (`GetIntegration`) on behalf of the same caller; null when carriers answers NOT_FOUND (unknown
   * or another merchant's). DEPENDENCY_UNAVAILABLE when carriers cannot answer.
   */
  integrationOf(caller: Caller, integrationId: number): Promise<CarrierIntegrationState | null>;
  close(): void;
}

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
