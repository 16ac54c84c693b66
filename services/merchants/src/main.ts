import path from 'node:path';
import {
  connectNats,
  createLogger,
  createPool,
  ensureStream,
  onShutdown,
  OutboxRelay,
  runMigrations,
  startConsumer,
  startGrpcServer,
  streams,
} from '@smista/service-kit';
import { readConfig } from './config';
import { createMerchantsService } from './grpc';
import { subscriptions } from './events/subscriptions';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

async function main(): Promise<void> {
  const config = readConfig();
  const logger = createLogger('merchants', config.LOG_LEVEL);

  const pool = createPool(config.DATABASE_URL);
  await runMigrations(config.DATABASE_URL, MIGRATIONS_DIR, logger);

  const nats = await connectNats(config.NATS_URL, 'merchants');
  await ensureStream(nats.jsm, streams.merchants);
  const relay = new OutboxRelay({ pool, js: nats.js, logger });
  await relay.start();

  const consumers = await Promise.all(
    subscriptions({ pool, logger }).map((sub) => startConsumer({ js: nats.js, jsm: nats.jsm, pool, logger }, sub)),
  );

  const server = await startGrpcServer({
    port: config.GRPC_PORT,
    services: [createMerchantsService({ pool, logger, callerSecret: config.CALLER_TOKEN_SECRET })],
    logger,
  });

  onShutdown(logger, [
    ['grpc drain', () => server.shutdown()],
    ['consumers stop', () => Promise.all(consumers.map((c) => c.stop()))],
    ['outbox relay stop and flush', () => relay.stop()],
    ['nats drain', () => nats.nc.drain()],
    ['pool end', () => pool.end()],
  ]);
}

main().catch((err: unknown) => {
  createLogger('merchants').fatal({ err }, 'merchants service failed to start');
  process.exit(1);
});
