import { createHandlerFactory, type GrpcServiceBinding } from '@smista/service-kit';
import { carriers } from '@smista/proto';
import { errorStatus } from './error-status';
import type { CarriersServiceDeps, HandlerDeps } from './deps';
import { integrationHandlers } from './integration-handlers';
import { codeHandlers } from './code-handlers';
import { distintaHandlers } from './distinta-handlers';
import { operationHandlers } from './operation-handlers';

/**
 * The CarriersService gRPC binding: handlers that verify the caller, let the domain decide, the
 * store carry and the adapters speak to the carriers. main.ts and the integration tests serve it.
 */
export function createCarriersService(deps: CarriersServiceDeps): GrpcServiceBinding {
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });
  const handlerDeps: HandlerDeps = { ...deps, unary, now: deps.now ?? (() => new Date()) };
  const implementation: carriers.CarriersServiceServer = {
    ...integrationHandlers(handlerDeps),
    ...codeHandlers(handlerDeps),
    ...distintaHandlers(handlerDeps),
    ...operationHandlers(handlerDeps),
  };
  return { definition: carriers.CarriersServiceService, implementation };
}
