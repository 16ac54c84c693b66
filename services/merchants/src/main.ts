import path from 'node:path';
import {
  BackgroundMailer,
  connectNats,
  createLogger,
  createMailer,
  createPool,
  ensureStream,
  onShutdown,
  OutboxRelay,
  runMigrations,
  startConsumer,
  startGrpcServer,
  streams,
  type Logger,
  type ShutdownStep,
} from '@smista/service-kit';
import { readConfig, type Config } from './config';
import { createMerchantsService, createUserDirectory } from './grpc';
import { subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningMerchants {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
  /** Ordered drain steps, for onShutdown and for tests. */
  shutdownSteps: ShutdownStep[];
}

/** Wires and starts the merchants service; main() and the integration tests both use it. */
export async function startMerchants(config: Config, logger: Logger): Promise<RunningMerchants> {
  await runMigrations(config.DATABASE_URL, MIGRATIONS_DIR, logger);
  const pool = createPool(config.DATABASE_URL);
  const nats = await connectNats(config.NATS_URL, 'merchants');
  await ensureStream(nats.jsm, streams.merchants);
  const relay = new OutboxRelay({ pool, js: nats.js, logger: logger.child({ component: 'outbox' }) });
  await relay.start();
  const consumers = await Promise.all(
    subscriptions(logger, config.NATS_CONSUMER_SUFFIX).map((sub) => startConsumer({ js: nats.js, jsm: nats.jsm, pool, logger }, sub)),
  );
  const users = createUserDirectory({ address: config.IDENTITY_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const mailer = new BackgroundMailer(createMailer(config.SMTP_URL, config.MAIL_FROM, logger), logger);
  const service = createMerchantsService({ pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, users, mailer, publicUrl: config.PUBLIC_URL });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  return {
    port: server.port,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ['stop consumers', () => Promise.all(consumers.map((c) => c.stop()))],
      ['send pending mail', () => mailer.drain()],
      ['flush outbox relay', () => relay.stop()],
      ['drain NATS', () => nats.nc.drain()],
      ['close identity client', async () => users.close()],
      ['close PostgreSQL pool', () => pool.end()],
    ],
  };
}

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger('merchants', config.LOG_LEVEL);
  const running = await startMerchants(config, logger);
  onShutdown(logger, running.shutdownSteps);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    createLogger('merchants').fatal({ err }, 'merchants service failed to start');
    process.exit(1);
  });
}
