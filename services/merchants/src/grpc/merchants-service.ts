import { createHandlerFactory, type GrpcServiceBinding } from '@smista/service-kit';
import { merchants } from '@smista/proto';
import { errorStatus } from './error-status';
import type { HandlerDeps, MerchantsServiceDeps } from './deps';
import { merchantHandlers } from './merchant-handlers';
import { teamHandlers } from './team-handlers';
import { inviteHandlers } from './invite-handlers';
import { addressHandlers } from './address-handlers';
import { logoHandlers } from './logo-handlers';

export type { MerchantsServiceDeps };

/**
 * The MerchantsService gRPC binding: handlers that verify the caller, let the domain decide and
 * the store carry. main.ts and the integration tests both serve this.
 */
export function createMerchantsService(deps: MerchantsServiceDeps): GrpcServiceBinding {
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });
  const handlerDeps: HandlerDeps = { ...deps, unary, now: deps.now ?? (() => new Date()) };
  const implementation: merchants.MerchantsServiceServer = {
    ...merchantHandlers(handlerDeps),
    ...teamHandlers(handlerDeps),
    ...inviteHandlers(handlerDeps),
    ...addressHandlers(handlerDeps),
    ...logoHandlers(handlerDeps),
  };
  return { definition: merchants.MerchantsServiceService, implementation };
}
