import '@smista/service-kit/instrument';
import path from 'node:path';
import { attachWhenStreamExists, createMailer, holdProcessPresence, runService, startGrpcServer, startServiceInfra, type LateConsumers, type Logger, type RunningService } from '@smista/service-kit';
import { readConfig, type Config } from './config';
import { BuyerMailer, ProcessRunner, TrackingRefresher, type BuyerMailDeps } from './app';
import { scaledPolicy } from './domain';
import { createCarrierGateway, createMerchantBranding, createOrdersDirectory, createPublicBrands, createShipmentsService } from './grpc';
import { stream } from './events/publishers';
import { orderSubscriptions, subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningShipments extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
  /** The processing runs (tests run a sweep now instead of waiting for its timer). */
  runner: ProcessRunner;
  /** The tracking refresher (tests run a round now instead of waiting for its timer). */
  refresher: TrackingRefresher;
  /** The buyer e-mails' sender (tests run a round now instead of waiting for its timer). */
  buyerMailer: BuyerMailer;
  /** The consumers of the orders' events, attached once the ORDERS stream exists (tests wait on them). */
  orderConsumers: LateConsumers;
}

/** Wires and starts the shipments service; main() and the integration tests both use it. */
export async function startShipments(config: Config, logger: Logger): Promise<RunningShipments> {
  // Consumes the marketplaces' tracking attempts (it waits for their stream) and publishes on SHIPMENTS.
  const infra = await startServiceInfra({
    name: 'shipments',
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    migrationsDir: MIGRATIONS_DIR,
    stream,
    subscriptions: subscriptions(logger, config.NATS_CONSUMER_SUFFIX),
    consumersSince: config.NATS_CONSUMERS_SINCE,
    logger,
  });
  // The orders' events (a refunded order's shipments): orders may start later, so they attach when its stream appears.
  const orderConsumers = attachWhenStreamExists({ nats: infra.nats, pool: infra.pool, logger, since: config.NATS_CONSUMERS_SINCE }, orderSubscriptions(logger, config.NATS_CONSUMER_SUFFIX));
  const clientOptions = { callerSecret: config.CALLER_TOKEN_SECRET, logger };
  const carriers = createCarrierGateway({ address: config.CARRIERS_GRPC_ADDR, ...clientOptions });
  const orders = createOrdersDirectory({ address: config.ORDERS_GRPC_ADDR, ...clientOptions });
  const branding = createMerchantBranding({ address: config.MERCHANTS_GRPC_ADDR, ...clientOptions });
  const brands = createPublicBrands({ address: config.MERCHANTS_GRPC_ADDR, ...clientOptions });
  const presence = await holdProcessPresence(config.DATABASE_URL, logger);
  const runner = new ProcessRunner({
    pool: infra.pool,
    presence,
    logger: logger.child({ component: 'process-runner' }),
    carriers,
    now: () => new Date(),
    concurrency: config.PROCESS_CONCURRENCY,
    leaseSeconds: config.RUN_LEASE_SECONDS,
    labelDeadlineSeconds: config.LABEL_DEADLINE_SECONDS,
  });
  const trackingPolicy = scaledPolicy(config.TRACKING_REFRESH_SCALE);
  const refresher = new TrackingRefresher({
    pool: infra.pool,
    logger: logger.child({ component: 'tracking-refresher' }),
    carriers,
    now: () => new Date(),
    policy: trackingPolicy,
    callsPerMinute: config.TRACKING_CALLS_PER_MINUTE,
    concurrency: config.TRACKING_CONCURRENCY,
    batchSize: Math.max(config.TRACKING_CONCURRENCY * 4, 16),
    // A Track call's deadline is the gateway's default (5 s): a claim outlives any call in flight.
    claimMs: 60_000,
    idleMs: config.TRACKING_IDLE_MS,
  });
  const buyerMail: BuyerMailDeps = {
    pool: infra.pool,
    logger: logger.child({ component: 'buyer-mail' }),
    mailer: createMailer(config.SMTP_URL, config.BUYER_MAIL_FROM, logger),
    brands,
    config: {
      fromAddress: config.BUYER_MAIL_FROM,
      publicUrl: config.PUBLIC_URL,
      amazonKinds: config.BUYER_MAIL_AMAZON_KINDS,
      shippedDelaySeconds: config.BUYER_MAIL_SHIPPED_DELAY_SECONDS,
    },
    now: () => new Date(),
  };
  // An SMTP send takes well under a second; a claim outlives a batch of them.
  const buyerMailer = new BuyerMailer(buyerMail, { idleMs: config.BUYER_MAIL_IDLE_MS, batchSize: 20, claimMs: 120_000 });
  const service = createShipmentsService({ pool: infra.pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, carriers, orders, branding, brands, runner, trackingPolicy, buyerMail });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  runner.start();
  if (config.TRACKING_REFRESH_ENABLED) refresher.start();
  if (config.BUYER_MAIL_ENABLED) buyerMailer.start();
  // No peer in /readyz (as orders): lists, details and labels work without orders and carriers.
  return {
    port: server.port,
    runner,
    refresher,
    buyerMailer,
    orderConsumers,
    readiness: infra.readiness,
    shutdownSteps: [
      // Runs first: a processing call in flight answers at once (its run is released for another
      // replica to finish) instead of holding the gRPC drain until its grace runs out.
      ['stop processing runs (store the labels in flight, release the leases)', async () => (await runner.stop(), await presence.close())],
      ['stop the tracking refresher (finish the calls in flight)', () => refresher.stop()],
      ['stop the buyer mailer (finish the e-mails in flight)', () => buyerMailer.stop()],
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ['stop consumers of orders events', () => orderConsumers.stop()],
      ...infra.drainSteps,
      ['close orders, carriers and merchants clients', async () => (orders.close(), carriers.close(), branding.close(), brands.close())],
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('shipments', readConfig, startShipments);
