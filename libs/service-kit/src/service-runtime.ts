import type pg from 'pg';
import { grpcPeerReady, natsReady, postgresReady, startAdminServer, type ReadinessCheck } from './admin-server';
import { startConsumer, type AnySubscription, type RunningConsumer } from './consumer';
import { createPool, runMigrations } from './db';
import { createLogger, type Logger } from './logger';
import { connectNats, ensureStream, type Nats, type StreamSpec } from './nats';
import { OutboxRelay } from './outbox';
import { onShutdown, type ShutdownStep } from './shutdown';
import { startTracing } from './tracing';

/** What every service with a database and events stands on. */
export interface ServiceInfra {
  pool: pg.Pool;
  nats: Nats;
  relay: OutboxRelay;
  consumers: RunningConsumer[];
  /** The database and NATS answer: the base of the service's `/readyz`. */
  readiness: ReadinessCheck[];
  /** Stop taking events: run right after the gRPC server stopped. */
  drainSteps: ShutdownStep[];
  /** Flush the outbox, drain NATS, close the pool: run last. */
  closeSteps: ShutdownStep[];
}

/**
 * Migrates the service's database, connects the pool and NATS, ensures the service's own stream
 * (the one it publishes on), starts the outbox relay and the durable consumers of `subscriptions`
 * (each finds its stream by subject). Same order in every service, so `main.ts` keeps only what is
 * its own.
 */
export async function startServiceInfra(opts: {
  name: string;
  databaseUrl: string;
  natsUrl: string;
  migrationsDir: string;
  /** The stream this service owns and publishes on. */
  stream: StreamSpec;
  subscriptions: AnySubscription[];
  logger: Logger;
  /** NATS_CONSUMERS_SINCE: where new durables start (see `startConsumer`). */
  consumersSince?: Date;
}): Promise<ServiceInfra> {
  const { logger } = opts;
  await runMigrations(opts.databaseUrl, opts.migrationsDir, logger);
  const pool = createPool(opts.databaseUrl);
  const nats = await connectNats(opts.natsUrl, opts.name);
  await ensureStream(nats.jsm, opts.stream);
  const relay = new OutboxRelay({ pool, js: nats.js, nc: nats.nc, logger: logger.child({ component: 'outbox' }) });
  await relay.start();
  const consumers = await Promise.all(opts.subscriptions.map((s) => startConsumer({ js: nats.js, jsm: nats.jsm, pool, logger, since: opts.consumersSince }, s)));
  return {
    pool,
    nats,
    relay,
    consumers,
    readiness: [postgresReady(pool), natsReady(nats.nc)],
    drainSteps: [['stop consumers', () => Promise.all(consumers.map((c) => c.stop()))]],
    closeSteps: [
      ['flush outbox relay', () => relay.stop()],
      ['drain NATS', () => nats.nc.drain()],
      ['close PostgreSQL pool', () => pool.end()],
    ],
  };
}

/**
 * gRPC health checks of the peers a service cannot work without, for its `/readyz`, with the step
 * that closes their channels. `peers` maps a name to its address (`MERCHANTS_GRPC_ADDR`).
 */
export function peerReadiness(peers: Record<string, string>): { checks: ReadinessCheck[]; closeStep: ShutdownStep } {
  const checks = Object.entries(peers).map(([name, address]) => grpcPeerReady(name, address));
  return { checks, closeStep: ['close readiness probes', async () => checks.forEach((c) => c.close())] };
}

/** What every service's config has besides its own variables (see `serviceEnv`). */
export interface RuntimeConfig {
  LOG_LEVEL: string;
  METRICS_PORT: number;
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;
}

/** What a service's start function gives back to {@link runService}. */
export interface RunningService {
  /** Ordered drain steps, for onShutdown and for tests. */
  shutdownSteps: ShutdownStep[];
  /** What `/readyz` checks. */
  readiness: ReadinessCheck[];
}

/**
 * The body of every service's `main()`: read the config, start tracing, start the service, serve
 * `/metrics`, `/livez` and `/readyz` on METRICS_PORT, drain on SIGTERM (the service's steps, then
 * the admin server, then the last spans); a failure to start is logged as fatal and exits 1.
 */
export function runService<C extends RuntimeConfig>(
  name: string,
  readConfig: () => C,
  start: (config: C, logger: Logger) => Promise<RunningService>,
): void {
  (async () => {
    const config = readConfig();
    const logger = createLogger(name, config.LOG_LEVEL);
    const tracing = startTracing({ service: name, otlpEndpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT });
    const running = await start(config, logger);
    const admin = await startAdminServer({ port: config.METRICS_PORT, checks: running.readiness, logger });
    onShutdown(logger, [
      ...running.shutdownSteps,
      ['close admin server', () => admin.close()],
      ['flush traces', () => tracing.shutdown()],
    ]);
  })().catch((err: unknown) => {
    createLogger(name).fatal({ err }, `${name} failed to start`);
    process.exit(1);
  });
}
