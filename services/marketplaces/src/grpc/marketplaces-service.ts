import { createHandlerFactory, type GrpcServiceBinding } from '@smista/service-kit';
import { marketplaces } from '@smista/proto';
import { errorStatus } from './error-status';
import type { HandlerDeps, MarketplacesServiceDeps } from './deps';
import { integrationHandlers } from './integration-handlers';
import { oauthHandlers } from './oauth-handlers';
import { syncHandlers } from './sync-handlers';
import { trackingHandlers } from './tracking-handlers';
import { webhookHandlers } from './webhook-handlers';

/**
 * The MarketplacesService gRPC binding: handlers that verify the caller, let the domain decide, the
 * store carry and the adapters speak to the marketplaces. main.ts and the integration tests serve it.
 */
export function createMarketplacesService(deps: MarketplacesServiceDeps): GrpcServiceBinding {
  const unary = createHandlerFactory({ logger: deps.logger, callerSecret: deps.callerSecret, errors: errorStatus });
  const handlerDeps: HandlerDeps = { ...deps, unary, now: deps.now ?? (() => new Date()) };
  const implementation: marketplaces.MarketplacesServiceServer = {
    ...oauthHandlers(handlerDeps),
    ...integrationHandlers(handlerDeps),
    ...syncHandlers(handlerDeps),
    ...trackingHandlers(handlerDeps),
    ...webhookHandlers(handlerDeps),
  };
  return { definition: marketplaces.MarketplacesServiceService, implementation };
}
