import '@smista/service-kit/instrument';
import http from 'node:http';
import { createLogger, onShutdown, peerReadiness, startAdminServer, startTracing } from '@smista/service-kit';
import { createApp } from './app';
import { answerClientError } from './client-errors';
import { loadGatewayConfig } from './config';
import { drainHttpServer } from './drain';
import { openRateLimitStore } from './middleware/rate-limits';
import { openRemotesRegistry } from './remotes';
import { closeClients, createClients, serviceNames } from './services';
import { openSessionCache } from './session-invalidations';

const config = loadGatewayConfig();
const logger = createLogger('gateway', config.logLevel);
const tracing = startTracing({ service: 'gateway', otlpEndpoint: config.otlpEndpoint });
const clients = createClients(config.grpcAddresses);
// Redis (REDIS_URL) shares the rate limits across replicas; without it a warning says they are per process.
const rateLimitStore = openRateLimitStore(config.rateLimit, logger);
// With NATS_URL, session lookups are cached and dropped on identity's invalidations (every replica
// hears each one); without it a line says every request asks identity.
const sessions = openSessionCache(config.sessionCache, logger);
// The deployed remotes, from the registry (NATS KV); with LOCAL_REMOTES also those on disk.
const remotes = openRemotesRegistry({ config: config.remotes, frontendsDir: config.frontendsDir, logger });
const app = createApp({ config, logger, clients, rateLimitStore, sessionCache: sessions.cache, remotes });

const server = http.createServer(
  {
    // A request (headers and body) must arrive within REQUEST_TIMEOUT_MS or it gets a 408 and its
    // connection closes: a client that announces a body and never sends it cannot hold a socket.
    requestTimeout: config.requestTimeoutMs,
    headersTimeout: Math.min(config.requestTimeoutMs, 15_000),
    connectionsCheckingInterval: 1_000,
    // Longer than a load balancer's idle timeout, so it never reuses a socket we are closing.
    keepAliveTimeout: 65_000,
  },
  app,
);
// Refusals Node makes before Express (431, 408, unreadable requests) answer in Italian too.
server.on('clientError', answerClientError);
server.listen(config.port, config.host, () => {
  logger.info({ url: `http://${config.host}:${config.port}`, publicUrl: config.publicUrl }, 'gateway listening');
});
server.once('error', (err) => {
  logger.fatal({ err: err.message }, 'cannot listen');
  process.exit(1);
});

// Ready when every service of the table answers its health check.
const peers = peerReadiness(Object.fromEntries(serviceNames.map((name) => [name, config.grpcAddresses[name]])));
const admin = startAdminServer({ port: config.metricsPort, checks: peers.checks, logger });
admin.catch((err: unknown) => {
  logger.fatal({ err: err instanceof Error ? err.message : String(err) }, 'cannot start the admin server');
  process.exit(1);
});

onShutdown(logger, [
  // Stop accepting, finish in-flight requests, close kept-alive sockets as they go idle.
  ['http', () => drainHttpServer(server, 8_000)],
  ['rate limits', async () => rateLimitStore?.close()],
  ['remotes', () => remotes.close()],
  ['session invalidations', () => sessions.close()],
  ['grpc', async () => closeClients(clients)],
  peers.closeStep,
  ['admin', async () => (await admin).close()],
  ['flush traces', () => tracing.shutdown()],
]);
