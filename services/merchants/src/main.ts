import '@smista/service-kit/instrument';
import path from 'node:path';
import { BackgroundMailer, createMailer, peerReadiness, runService, startGrpcServer, startServiceInfra, type Logger, type RunningService } from '@smista/service-kit';
import { readConfig, type Config } from './config';
import { createMerchantsService, createUserDirectory } from './grpc';
import { stream } from './events/publishers';
import { subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningMerchants extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
}

/** Wires and starts the merchants service; main() and the integration tests both use it. */
export async function startMerchants(config: Config, logger: Logger): Promise<RunningMerchants> {
  const infra = await startServiceInfra({
    name: 'merchants',
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    migrationsDir: MIGRATIONS_DIR,
    stream,
    subscriptions: subscriptions(logger, config.NATS_CONSUMER_SUFFIX),
    consumersSince: config.NATS_CONSUMERS_SINCE,
    logger,
  });
  const { pool } = infra;
  const users = createUserDirectory({ address: config.IDENTITY_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const mailer = new BackgroundMailer(createMailer(config.SMTP_URL, config.MAIL_FROM, logger), logger);
  const service = createMerchantsService({ pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, users, mailer, publicUrl: config.PUBLIC_URL });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  // The team and invites need identity's names and e-mails.
  const peers = peerReadiness({ identity: config.IDENTITY_GRPC_ADDR });
  return {
    port: server.port,
    readiness: [...infra.readiness, ...peers.checks],
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ...infra.drainSteps,
      ['send pending mail', () => mailer.drain()],
      ['close identity client', async () => users.close()],
      peers.closeStep,
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('merchants', readConfig, startMerchants);
