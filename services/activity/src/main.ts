import '@smista/service-kit/instrument';
import path from 'node:path';
import { attachWhenStreamExists, runService, startGrpcServer, startServiceInfra, type LateConsumers, type Logger, type RunningService } from '@smista/service-kit';
import { readConfig, type Config } from './config';
import { PeriodicChecks } from './app';
import { createActivityService } from './grpc';
import { stream } from './events/publishers';
import { subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningActivity extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
  /** The consumers of the other services' events, attached once their streams exist. */
  consumers: LateConsumers;
  /** The token and workday checks (tests run one now instead of waiting for its timer). */
  checks: PeriodicChecks;
}

/** Wires and starts the activity service; main() and the integration tests both use it. */
export async function startActivity(config: Config, logger: Logger, now: () => Date = () => new Date()): Promise<RunningActivity> {
  // Every event it reads belongs to a service that may start later (or not run): none holds the start.
  const infra = await startServiceInfra({
    name: 'activity',
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    migrationsDir: MIGRATIONS_DIR,
    stream,
    subscriptions: [],
    consumersSince: config.NATS_CONSUMERS_SINCE,
    logger,
  });
  const consumers = attachWhenStreamExists(
    { nats: infra.nats, pool: infra.pool, logger, since: config.NATS_CONSUMERS_SINCE },
    subscriptions(logger, config.NATS_CONSUMER_SUFFIX, now),
  );
  const checks = new PeriodicChecks({ pool: infra.pool, logger: logger.child({ component: 'periodic-checks' }), now, workdayReminderAt: config.WORKDAY_REMINDER_AT });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [createActivityService({ pool: infra.pool, logger, callerSecret: config.CALLER_TOKEN_SECRET })], logger });
  checks.start();
  // No peer in /readyz: it calls none.
  return {
    port: server.port,
    consumers,
    checks,
    readiness: infra.readiness,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ['stop periodic checks', () => checks.stop()],
      ['stop consumers of the other services events', () => consumers.stop()],
      ...infra.drainSteps,
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('activity', readConfig, startActivity);
