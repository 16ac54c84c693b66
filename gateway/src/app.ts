import express, { type Express } from 'express';
import type { Logger } from '@smista/service-kit';
import type { GatewayConfig } from './config';
import { csrfFilter } from './middleware/csrf';
import { apiNotFound, errorHandler } from './middleware/errors';
import { observeRequests } from './middleware/observe';
import { apiReferencePage } from './openapi/reference-page';
import { createLimiters } from './middleware/rate-limits';
import type { SharedLimitStore } from './middleware/rate-limit-store';
import { securityHeaders } from './middleware/security-headers';
import { BACKCHANNEL_LOGOUT_PATH } from './routes/sso-routes';
import { createRouteTable } from './routes';
import { apiRouter } from './routes/router';
import type { SessionCache } from './session-cache';
import type { RemotesRegistry } from './remotes';
import type { GatewayClients } from './services';
import { notFound, staticRouter } from './static';

export interface AppDeps {
  config: GatewayConfig;
  logger: Logger;
  /** A client per row of the service table (services.ts). */
  clients: GatewayClients;
  /** Rate-limit counters shared by every replica (REDIS_URL); default in memory, per process. */
  rateLimitStore?: SharedLimitStore;
  /** Session lookups kept between requests, dropped on identity's invalidations (NATS_URL); default none. */
  sessionCache?: SessionCache;
  /** The deployed remotes (`/remotes.json`), from the registry (remotes.ts). */
  remotes: RemotesRegistry;
}

/**
 * The gateway as an Express app, built from its dependencies so tests can mount it on any port
 * with any clients. Order: observe (span, log, metrics) → security headers → health → `/api`
 * (CSRF, routes, the API reference page, 404) → static micro-frontends → errors.
 */
export function createApp({ config, logger, clients, rateLimitStore, sessionCache, remotes }: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxyHops);
  // API answers are no-store: hashing every JSON body for an ETag is wasted work on the hot path.
  // Static files keep their ETags (express.static computes its own).
  app.set('etag', false);

  app.use(observeRequests(logger));
  app.use(securityHeaders({ secure: config.cookieSecure, remoteOrigins: config.remotes.origins, ssoOrigin: config.sso && new URL(config.sso.issuer).origin }));

  app.get('/healthz', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ status: 'ok' });
  });

  // One layer for both (each mounted layer costs every request a prefix match and trim).
  const csrf = csrfFilter(config.trustedOrigins);
  app.use('/api', (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    // Keycloak's server-to-server form post, authenticated by its logout token (sso-routes.ts).
    if (req.method === 'POST' && req.baseUrl + req.path === BACKCHANNEL_LOGOUT_PATH) return next();
    csrf(req, res, next);
  });
  app.use(
    apiRouter(createRouteTable({ legal: config.legal, otlpEndpoint: config.otlpEndpoint, sso: config.sso, logger }), {
      clients,
      deadlineMs: config.grpcDeadlineMs,
      limiters: createLimiters(config.rateLimit, rateLimitStore),
      cookieSecure: config.cookieSecure,
      logger,
      sessionCache,
    }),
  );
  app.use(apiReferencePage());
  app.use('/api', apiNotFound);

  app.use(staticRouter({ frontendsDir: config.frontendsDir, remotes, serveLocalRemotes: config.remotes.local }));
  app.use((_req, res) => notFound(res));
  app.use(errorHandler(logger, config.cookieSecure));
  return app;
}
