import { createHandlerFactory, type GrpcServiceBinding } from '@smista/service-kit';
import { shipments } from '@smista/proto';
import { actionHandlers } from './action-handlers';
import { errorStatus } from './error-status';
import type { HandlerDeps, ShipmentsServiceDeps } from './deps';
import { buyerMailHandlers } from './buyer-mail-handlers';
import { publicTrackingHandlers } from './public-tracking-handlers';
import { shipmentHandlers } from './shipment-handlers';

/**
 * The ShipmentsService gRPC binding: handlers that verify the caller, let the use cases and the
 * domain decide and the store carry. main.ts and the integration tests serve it.
 */
export function createShipmentsService(deps: ShipmentsServiceDeps): GrpcServiceBinding {
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });
  const handlerDeps: HandlerDeps = { ...deps, unary, now: deps.now ?? (() => new Date()) };
  const implementation: shipments.ShipmentsServiceServer = { ...shipmentHandlers(handlerDeps), ...actionHandlers(handlerDeps), ...publicTrackingHandlers(handlerDeps), ...buyerMailHandlers(handlerDeps) };
  return { definition: shipments.ShipmentsServiceService, implementation };
}
