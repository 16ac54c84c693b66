import type pg from 'pg';
import { startConsumer, type AnySubscription, type RunningConsumer } from './consumer';
import { createPool, runMigrations } from './db';
import { createLogger, type Logger } from './logger';
import { connectNats, ensureStream, type Nats, type StreamSpec } from './nats';
import { OutboxRelay } from './outbox';
import { onShutdown, type ShutdownStep } from './shutdown';

/** What every service with a database and events stands on. */
export interface ServiceInfra {
  pool: pg.Pool;
  nats: Nats;
  relay: OutboxRelay;
  consumers: RunningConsumer[];
  /** Stop taking events: run right after the gRPC server stopped. */
  drainSteps: ShutdownStep[];
  /** Flush the outbox, drain NATS, close the pool: run last. */
  closeSteps: ShutdownStep[];
}

/**
 * Migrates the service's database, connects the pool and NATS, ensures the service's own stream,
 * starts the outbox relay and the durable consumers of `subscriptions`. Same order in every
 * service, so `main.ts` keeps only what is its own.
 */
export async function startServiceInfra(opts: {
  name: string;
  databaseUrl: string;
  natsUrl: string;
  migrationsDir: string;
  stream: StreamSpec;
  subscriptions: AnySubscription[];
  logger: Logger;
}): Promise<ServiceInfra> {
  const { logger } = opts;
  await runMigrations(opts.databaseUrl, opts.migrationsDir, logger);
  const pool = createPool(opts.databaseUrl);
  const nats = await connectNats(opts.natsUrl, opts.name);
  await ensureStream(nats.jsm, opts.stream);
  const relay = new OutboxRelay({ pool, js: nats.js, logger: logger.child({ component: 'outbox' }) });
  await relay.start();
  const consumers = await Promise.all(opts.subscriptions.map((s) => startConsumer({ js: nats.js, jsm: nats.jsm, pool, logger }, s)));
  return {
    pool,
    nats,
    relay,
    consumers,
    drainSteps: [['stop consumers', () => Promise.all(consumers.map((c) => c.stop()))]],
    closeSteps: [
      ['flush outbox relay', () => relay.stop()],
      ['drain NATS', () => nats.nc.drain()],
      ['close PostgreSQL pool', () => pool.end()],
    ],
  };
}

/**
 * The body of every service's `main()`: read the config, start, drain on SIGTERM; a failure to
 * start is logged as fatal and exits 1.
 */
export function runService<C extends { LOG_LEVEL: string }>(
  name: string,
  readConfig: () => C,
  start: (config: C, logger: Logger) => Promise<{ shutdownSteps: ShutdownStep[] }>,
): void {
  (async () => {
    const config = readConfig();
    const logger = createLogger(name, config.LOG_LEVEL);
    const running = await start(config, logger);
    onShutdown(logger, running.shutdownSteps);
  })().catch((err: unknown) => {
    createLogger(name).fatal({ err }, `${name} failed to start`);
    process.exit(1);
  });
}
