import path from 'node:path';
import { BackgroundMailer, createMailer, runService, startGrpcServer, startServiceInfra, streams, type Logger, type ShutdownStep } from '@smista/service-kit';
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
  const infra = await startServiceInfra({
    name: 'merchants',
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    migrationsDir: MIGRATIONS_DIR,
    stream: streams.merchants,
    subscriptions: subscriptions(logger, config.NATS_CONSUMER_SUFFIX),
    logger,
  });
  const { pool } = infra;
  const users = createUserDirectory({ address: config.IDENTITY_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const mailer = new BackgroundMailer(createMailer(config.SMTP_URL, config.MAIL_FROM, logger), logger);
  const service = createMerchantsService({ pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, users, mailer, publicUrl: config.PUBLIC_URL });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  return {
    port: server.port,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ...infra.drainSteps,
      ['send pending mail', () => mailer.drain()],
      ['close identity client', async () => users.close()],
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('merchants', readConfig, startMerchants);
