import '@smista/service-kit/instrument';
import path from 'node:path';
import { BackgroundMailer, createHandlerFactory, createMailer, publishUrgentEvents, runService, ssoSettingsOf, startGrpcServer, startServiceInfra } from '@smista/service-kit';
import type { Logger, RunningService } from '@smista/service-kit';
import { readConfig, type Config } from './config';
import { CallerTokenCache, createSsoTokenVerifier } from './app';
import { errorStatus } from './grpc/error-status';
import { createMembershipLookup } from './grpc/merchants-client';
import { identityService } from './grpc/service';
import { stream } from './events/publishers';
import { subscriptions } from './events/subscriptions';
import { startHousekeeping } from './store/housekeeping';

/** `services/identity/migrations`, from both src/ (tests) and dist/ (production). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningIdentity extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
}

/** Wires and starts the identity service; main() and the integration tests both use it. */
export async function startIdentity(config: Config, logger: Logger): Promise<RunningIdentity> {
  const infra = await startServiceInfra({
    name: 'identity',
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    migrationsDir: MIGRATIONS_DIR,
    stream,
    subscriptions: subscriptions(logger, config.NATS_CONSUMER_SUFFIX),
    consumersSince: config.NATS_CONSUMERS_SINCE,
    logger,
  });
  const { pool } = infra;
  const memberships = createMembershipLookup({ address: config.MERCHANTS_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const mailer = new BackgroundMailer(createMailer(config.SMTP_URL, config.MAIL_FROM, logger), logger);
  const housekeeping = startHousekeeping(pool, logger);
  const ssoSettings = ssoSettingsOf(config);
  const ssoVerifier = ssoSettings && createSsoTokenVerifier(ssoSettings);
  void ssoVerifier?.warmUp((err) => logger.warn({ err: (err as Error).message }, 'sso realm keys not fetched yet (fetched again at the first sign-in)'));
  const unary = createHandlerFactory({ logger, callerSecret: config.CALLER_TOKEN_SECRET, errors: errorStatus });
  const service = identityService({
    pool,
    logger,
    unary,
    callerTokens: new CallerTokenCache(config.CALLER_TOKEN_SECRET),
    sessionTtlHours: config.SESSION_TTL_HOURS,
    publicUrl: config.PUBLIC_URL,
    mailer,
    memberships,
    publishNow: async (events) => void (await publishUrgentEvents({ pool, js: infra.nats.js, logger }, events)),
    sso: ssoSettings && ssoVerifier && { settings: ssoSettings, verifier: ssoVerifier },
  });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  return {
    port: server.port,
    // Merchants is needed only to select a merchant (answered 503 meanwhile): not a readiness peer,
    // which also keeps the peer graph acyclic (merchants waits for identity).
    readiness: infra.readiness,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ...infra.drainSteps,
      ['stop housekeeping', async () => housekeeping.stop()],
      ['send pending mail', () => mailer.drain()],
      ['close merchants client', async () => memberships.close()],
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('identity', readConfig, startIdentity);
