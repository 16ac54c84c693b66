import path from 'node:path';
import { BackgroundMailer, connectNats, createHandlerFactory, createLogger, createMailer, createPool, ensureStream, loadConfig } from '@smista/service-kit';
import { onShutdown, OutboxRelay, runMigrations, startConsumer, startGrpcServer, streams } from '@smista/service-kit';
import type { Logger, ShutdownStep } from '@smista/service-kit';
import { configSchema, type Config } from './config';
import { errorStatus } from './grpc/errors';
import { createMembershipLookup } from './grpc/merchants-client';
import { identityService } from './grpc/service';
import { subscriptions } from './events/subscriptions';
import { startHousekeeping } from './store/housekeeping';

/** `services/identity/migrations`, from both src/ (tests) and dist/ (production). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningIdentity {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
  /** Ordered drain steps, for onShutdown and for tests. */
  shutdownSteps: ShutdownStep[];
}

/** Wires and starts the identity service; main() and the integration tests both use it. */
export async function startIdentity(config: Config, logger: Logger): Promise<RunningIdentity> {
  await runMigrations(config.DATABASE_URL, MIGRATIONS_DIR, logger);
  const pool = createPool(config.DATABASE_URL);
  const nats = await connectNats(config.NATS_URL, 'identity');
  await ensureStream(nats.jsm, streams.identity);
  const relay = new OutboxRelay({ pool, js: nats.js, logger: logger.child({ component: 'outbox' }) });
  await relay.start();
  const consumers = await Promise.all(subscriptions(logger, config.NATS_CONSUMER_SUFFIX).map((s) => startConsumer({ ...nats, pool, logger }, s)));
  const memberships = createMembershipLookup({ address: config.MERCHANTS_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const mailer = new BackgroundMailer(createMailer(config.SMTP_URL, config.MAIL_FROM, logger), logger);
  const housekeeping = startHousekeeping(pool, logger);
  const unary = createHandlerFactory({ logger, callerSecret: config.CALLER_TOKEN_SECRET, errors: errorStatus });
  const service = identityService({
    pool,
    logger,
    unary,
    callerSecret: config.CALLER_TOKEN_SECRET,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    publicUrl: config.PUBLIC_URL,
    mailer,
    memberships,
  });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  return {
    port: server.port,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ['stop consumers', () => Promise.all(consumers.map((c) => c.stop()))],
      ['stop housekeeping', async () => housekeeping.stop()],
      ['send pending mail', () => mailer.drain()],
      ['flush outbox relay', () => relay.stop()],
      ['drain NATS', () => nats.nc.drain()],
      ['close merchants client', async () => memberships.close()],
      ['close PostgreSQL pool', () => pool.end()],
    ],
  };
}

async function main(): Promise<void> {
  const config = loadConfig(configSchema);
  const logger = createLogger('identity', config.LOG_LEVEL);
  const running = await startIdentity(config, logger);
  onShutdown(logger, running.shutdownSteps);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    createLogger('identity').fatal({ err }, 'identity failed to start');
    process.exit(1);
  });
}
