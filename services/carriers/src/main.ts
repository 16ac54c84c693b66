import '@smista/service-kit/instrument';
import path from 'node:path';
import { createKeyring, peerReadiness, runService, startGrpcServer, startServiceInfra, type Logger, type RunningService } from '@smista/service-kit';
import { readConfig, type Config } from './config';
import { AdapterCache, createCarrierAdapter } from './adapters';
import { createAddressBook, createCarriersService } from './grpc';
import { readSecrets } from './store';
import { stream } from './events/publishers';

/** Migrations ship beside dist/ (and src/ when run from source). */
const MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

export interface RunningCarriers extends RunningService {
  /** The bound gRPC port (GRPC_PORT, or the one picked for port 0). */
  port: number;
}

/** Wires and starts the carriers service; main() and the integration tests both use it. */
export async function startCarriers(config: Config, logger: Logger): Promise<RunningCarriers> {
  // Carriers consumes no events: it answers calls and publishes.
  const infra = await startServiceInfra({ name: 'carriers', databaseUrl: config.DATABASE_URL, natsUrl: config.NATS_URL, migrationsDir: MIGRATIONS_DIR, stream, subscriptions: [], logger });
  const { pool } = infra;
  const keyring = createKeyring(config.SECRETS_KEYS);
  const endpoints = { glsBaseUrl: config.GLS_BASE_URL, glsTrackingUrl: config.GLS_TRACKING_URL, posteDeliveryBaseUrl: config.POSTE_DELIVERY_BASE_URL, posteDeliveryVoidableStatuses: config.POSTE_DELIVERY_VOIDABLE_STATUSES, maxConcurrentRequests: config.CARRIER_MAX_CONCURRENT_REQUESTS };
  const adapters = new AdapterCache(async (integration) => createCarrierAdapter(integration, await readSecrets(pool, keyring, integration.id), endpoints, logger));
  const addressBook = createAddressBook({ address: config.MERCHANTS_GRPC_ADDR, callerSecret: config.CALLER_TOKEN_SECRET, logger });
  const service = createCarriersService({ pool, logger, callerSecret: config.CALLER_TOKEN_SECRET, keyring, adapters, addressBook });
  const server = await startGrpcServer({ port: config.GRPC_PORT, services: [service], logger });
  // Labels need the merchant's pickup address from merchants.
  const peers = peerReadiness({ merchants: config.MERCHANTS_GRPC_ADDR });
  return {
    port: server.port,
    readiness: [...infra.readiness, ...peers.checks],
    shutdownSteps: [
      ['stop gRPC (drain in-flight calls)', () => server.shutdown()],
      ...infra.drainSteps,
      ['close carrier clients', () => adapters.closeAll()],
      ['close merchants client', async () => addressBook.close()],
      peers.closeStep,
      ...infra.closeSteps,
    ],
  };
}

if (require.main === module) runService('carriers', readConfig, startCarriers);
