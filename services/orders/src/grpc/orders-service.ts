import { createHandlerFactory, type GrpcServiceBinding } from '@smista/service-kit';
import { orders } from '@smista/proto';
import { errorStatus } from './error-status';
import type { HandlerDeps, OrdersServiceDeps } from './deps';
import { importHandlers } from './import-handlers';
import { orderHandlers } from './order-handlers';
import { ruleHandlers } from './rule-handlers';
import { catalogueHandlers } from './catalogue-handlers';

/**
 * The OrdersService gRPC binding: handlers that verify the caller, let the domain decide and the
 * store carry. main.ts and the integration tests serve it.
 */
export function createOrdersService(deps: OrdersServiceDeps): GrpcServiceBinding {
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });
  const handlerDeps: HandlerDeps = { ...deps, unary, now: deps.now ?? (() => new Date()) };
  const implementation: orders.OrdersServiceServer = { ...orderHandlers(handlerDeps), ...ruleHandlers(handlerDeps), ...catalogueHandlers(handlerDeps), ...importHandlers(handlerDeps) };
  return { definition: orders.OrdersServiceService, implementation };
}
