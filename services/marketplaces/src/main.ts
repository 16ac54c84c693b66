import '@smista/service-kit/instrument';
import path from 'node:path';
import { attachWhenStreamExists, createKeyring, holdProcessPresence, type LateConsumers, type Logger, type RunningService, runService, startGrpcServer, startServiceInfra } from '@smista/service-kit';
import { readConfig, type Config } from './config';
import type { MarketplaceAdapterOptions } from './adapters';
import { AdapterRegistry, Housekeeper, SyncWorker, TokenKeeper, TrackingPusher, WebhookImporter } from './app';
import type { RetryPolicy, TrackingRetryPolicy } from './domain';
import { createMarketplacesService } from './grpc';
import { stream } from './events/publishers';
import { subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

/** Tuning the integration tests use (clock, back-off); production runs with the defaults. */
export interface MarketplacesOptions {
  now?: () => Date;
  adapters?: MarketplaceAdapterOptions;
  retryPolicy?: RetryPolicy;
  pollMs?: number;
  /** Tracking pushes: back-off (default 1, 5, 15, 60 min; 6 attempts) and poll (default 1 s). */
  trackingRetryPolicy?: TrackingRetryPolicy;
  trackingPollMs?: number;
}

export interface RunningMarketplaces extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
  /** The periodic work, for tests that run a round now instead of waiting for its timer. */
  housekeeper: Housekeeper;
  /** The consumers of the shipments' events, attached once their stream exists. */
  consumers: LateConsumers;
}

/** Wires and starts the marketplaces service; main() and the integration tests both use it. */
export async function startMarketplaces(config: Config, logger: Logger, options: MarketplacesOptions = {}): Promise<RunningMarketplaces> {
  // Its consumers (shipments' labels and tracking updates) attach below, whenever the SHIPMENTS stream exists.
  const infra = await startServiceInfra({ name: 'marketplaces', databaseUrl: config.DATABASE_URL, natsUrl: config.NATS_URL, migrationsDir: MIGRATIONS_DIR, stream, subscriptions: [], logger });
  const { pool } = infra;
  const now = options.now ?? (() => new Date());
  const keyring = createKeyring(config.SECRETS_KEYS);
  const adapters = AdapterRegistry.create(config, logger, { now: () => now().getTime(), pool, ...options.adapters });
  const tokens = new TokenKeeper({ pool, keyring, adapters, logger, now, marginSeconds: config.TOKEN_REFRESH_MARGIN_SECONDS });
  const presence = await holdProcessPresence(config.DATABASE_URL, logger);
  const worker = new SyncWorker({
    pool,
    logger,
    presence,
    adapters,
    tokens,
    now,
    pageSize: config.SYNC_PAGE_SIZE,
    leaseSeconds: config.SYNC_JOB_LEASE_SECONDS,
    concurrency: config.SYNC_CONCURRENCY,
    ...(options.retryPolicy ? { retryPolicy: options.retryPolicy } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
  });
  const housekeeper = new Housekeeper({
    pool,
    logger,
    adapters,
    tokens,
    now,
    syncIntervalSeconds: config.SYNC_INTERVAL_SECONDS,
    marginSeconds: config.TOKEN_REFRESH_MARGIN_SECONDS,
    onScheduled: () => worker.wake(),
  });
  const trackingPusher = new TrackingPusher({ pool, logger, adapters, tokens, now, retryPolicy: options.trackingRetryPolicy, pollMs: options.trackingPollMs });
  const webhookImporter = new WebhookImporter({ pool, logger, adapters, tokens, now, pollMs: options.pollMs });
  const service = createMarketplacesService({ pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, keyring, adapters, tokens, worker, trackingPusher, webhookImporter, oauthUrls: adapters.consentPageUrls(), oauthStateTtlSeconds: config.OAUTH_STATE_TTL_SECONDS, now });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  worker.start();
  housekeeper.start();
  trackingPusher.start();
  webhookImporter.start();
  const consumers = attachWhenStreamExists({ nats: infra.nats, pool, logger, since: config.NATS_CONSUMERS_SINCE }, subscriptions({ logger, now, onPending: () => trackingPusher.wakeSoon(), hasDeliveryCall: (id) => adapters.hasDeliveryCall(id) }, config.NATS_CONSUMER_SUFFIX));
  return {
    port: server.port,
    housekeeper,
    consumers,
    readiness: infra.readiness,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ['stop the schedule and the token sweep', () => housekeeper.stop()],
      ['stop sync jobs (commit the page in flight, release the lease)', async () => (await worker.stop(), await presence.close())],
      ['stop consumers of shipments events', () => consumers.stop()],
      ['stop tracking pushes (record the one in flight)', () => trackingPusher.stop()],
      ['stop webhook imports (record the one in flight)', () => webhookImporter.stop()],
      ...infra.drainSteps,
      ['close marketplace clients', () => adapters.closeAll()],
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('marketplaces', readConfig, startMarketplaces);
