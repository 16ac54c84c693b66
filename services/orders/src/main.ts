import '@smista/service-kit/instrument';
import path from 'node:path';
import { attachWhenStreamExists, runService, startGrpcServer, startServiceInfra, type LateConsumers, type Logger, type RunningService } from '@smista/service-kit';
import { BuyerDataRetention } from './app/buyer-data-retention';
import { OrderImportWorker } from './app/order-csv-imports';
import { readConfig, type Config } from './config';
import { createCarrierDirectory, createMarketplaceTracking, createOrdersService } from './grpc';
import { stream } from './events/publishers';
import { carrierSubscriptions, shipmentSubscriptions, subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningOrders extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
  /** The consumers of the shipments' and carriers' events, attached once their streams exist. */
  shipmentConsumers: LateConsumers;
  /** The hourly erasure of Amazon buyers' data after delivery (tests run a round with their clock). */
  buyerDataRetention: BuyerDataRetention;
  /** The CSV import jobs' worker (issue 25). */
  importWorker: OrderImportWorker;
}

/** Wires and starts the orders service; main() and the integration tests both use it. */
export async function startOrders(config: Config, logger: Logger, now: () => Date = () => new Date()): Promise<RunningOrders> {
  // Consumes the marketplaces' imports (it waits for their stream) and publishes on ORDERS.
  const infra = await startServiceInfra({
    name: 'orders',
    databaseUrl: config.DATABASE_URL,
    natsUrl: config.NATS_URL,
    migrationsDir: MIGRATIONS_DIR,
    stream,
    subscriptions: subscriptions(logger, config.NATS_CONSUMER_SUFFIX),
    consumersSince: config.NATS_CONSUMERS_SINCE,
    logger,
  });
  // The shipments' and carriers' events: those services may start later (or not run), so their
  // consumers attach when their streams appear.
  const shipmentConsumers = attachWhenStreamExists(
    { nats: infra.nats, pool: infra.pool, logger, since: config.NATS_CONSUMERS_SINCE },
    [...shipmentSubscriptions(logger, config.NATS_CONSUMER_SUFFIX), ...carrierSubscriptions(logger, config.NATS_CONSUMER_SUFFIX)],
  );
  const carrierDirectory = createCarrierDirectory({ address: config.CARRIERS_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const marketplaceTracking = createMarketplaceTracking({ address: config.MARKETPLACES_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const importWorker = new OrderImportWorker({ pool: infra.pool, logger: logger.child({ component: 'order-imports' }), now });
  const service = createOrdersService({ pool: infra.pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, carrierDirectory, marketplaceTracking, importWorker });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  const buyerDataRetention = new BuyerDataRetention({ pool: infra.pool, logger: logger.child({ component: 'buyer-data-retention' }), now, retentionDays: config.AMAZON_PII_RETENTION_DAYS });
  buyerDataRetention.start();
  importWorker.start();
  // No peer in /readyz: orders lists and reads without carriers or marketplaces (asked per request).
  return {
    port: server.port,
    shipmentConsumers,
    buyerDataRetention,
    importWorker,
    readiness: infra.readiness,
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ['stop the buyer data retention round', () => buyerDataRetention.stop()],
      ['stop the CSV import worker (the batch in flight commits)', () => importWorker.stop()],
      ['stop consumers of shipments and carriers events', () => shipmentConsumers.stop()],
      ...infra.drainSteps,
      ['close carriers client', async () => carrierDirectory.close()],
      ['close marketplaces client', async () => marketplaceTracking.close()],
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('orders', readConfig, startOrders);
