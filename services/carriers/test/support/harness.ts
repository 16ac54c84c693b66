import { randomBytes } from 'node:crypto';
import {
  createGrpcClient,
  createLogger,
  createPool,
  parseConfig,
  type Pool,
  type Role,
  type Rpc,
  rpcAs,
} from '@smista/service-kit';
import { carriers, common } from '@smista/proto';
import { merchantLocationOfPostal, type PostalAddress } from '@smista/contracts';
import { startGlsSandbox, startPosteDeliverySandbox, type GlsSandbox, type PosteDeliverySandbox } from '@smista/sandboxes';
import { configSchema, type Config } from '../../src/config';
import { startCarriers, type RunningCarriers } from '../../src/main';
import { startTestStack as startMerchantsStack, SECRET, type TestStack as MerchantsStack, type TestUser } from '../../../merchants/test/support/harness';
import { createTestDatabase } from '../../../../e2e/support/db';
import { sharedInfra } from '../../../../e2e/support/env';

export { failure, waitFor, publishedEvents } from '../../../merchants/test/support/harness';

export const logger = createLogger('carriers-test', process.env.TEST_LOG_LEVEL ?? 'silent');

export type CarriersApi = Rpc<carriers.CarriersServiceClient>;

/** A merchant with an admin (and the admin's carriers client) on the real identity and merchants. */
export interface TestMerchant {
  merchantId: string;
  admin: TestUser;
  api: CarriersApi;
  /** Another member of the merchant with role user. */
  member(): Promise<{ user: TestUser; api: CarriersApi }>;
  /** Adds the merchant's default pickup address (the sender of labels). */
  addPickupAddress(): Promise<void>;
  /** Renames the company of every pickup address (a change of the sender, mid-day). */
  renamePickupAddress(companyName: string): Promise<void>;
}

/**
 * The real identity and merchants services (the merchants harness), the real carriers service
 * (same wiring as main.ts) on port 0 with a fresh database, and the GLS and Poste Delivery sandboxes
 * on their own ports: everything a carriers call touches, nothing stubbed.
 */
export interface CarriersStack {
  config: Config;
  /** The carriers database, for assertions on what was (not) written. */
  pool: Pool;
  merchants: MerchantsStack;
  client: carriers.CarriersServiceClient;
  /**
   * The GLS sandbox itself, for what GLS saw beyond its wire format: `referenceTally()` (parcels
   * asked for and made per shipment reference) and `requests()`.
   */
  gls: GlsSandbox;
  /** The Poste Delivery sandbox itself. */
  poste: PosteDeliverySandbox;
  glsUrl: string;
  posteUrl: string;
  /** Calls as a user in a merchant with a role. */
  as(userId: string, merchantId: string | undefined, role?: Role): Promise<CarriersApi>;
  newMerchant(): Promise<TestMerchant>;
  /** The service's log lines (JSON) so far: secrets must never appear. */
  logText(): string;
  stop(): Promise<void>;
}

export async function startCarriersStack(options: { sandboxLatencyMs?: number } = {}): Promise<CarriersStack> {
  const infra = sharedInfra();
  const merchantsStack = await startMerchantsStack();
  const gls = await startGlsSandbox({ port: 0, latencyMs: options.sandboxLatencyMs ?? 0 });
  const poste = await startPosteDeliverySandbox({ port: 0, latencyMs: options.sandboxLatencyMs ?? 0 });
  const config = parseConfig(configSchema, {
    GRPC_PORT: '0',
    DATABASE_URL: await createTestDatabase('carriers'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'debug',
    NATS_CONSUMER_SUFFIX: merchantsStack.durableSuffix,
    SECRETS_KEYS: `test1:${randomBytes(32).toString('base64')}`,
    MERCHANTS_GRPC_ADDR: `127.0.0.1:${merchantsAddressPort(merchantsStack)}`,
    GLS_BASE_URL: gls.url,
    GLS_TRACKING_URL: gls.url,
    POSTE_DELIVERY_BASE_URL: poste.url,
  });
  // Every line the service logs, kept to prove no secret ever reaches a log.
  const lines: string[] = [];
  const captured = createLogger('carriers', 'debug', { write: (line: string) => void lines.push(line) });
  const running: RunningCarriers = await startCarriers(config, captured);
  const client = createGrpcClient(carriers.CarriersServiceClient, `127.0.0.1:${running.port}`);
  const pool = createPool(config.DATABASE_URL, 4);

  const stack: CarriersStack = {
    config,
    pool,
    merchants: merchantsStack,
    client,
    gls,
    poste,
    glsUrl: gls.url,
    posteUrl: poste.url,
    async as(userId, merchantId, role = 'admin') {
      return rpcAs(client, { userId, merchantId, role: merchantId ? role : undefined }, SECRET);
    },
    async newMerchant() {
      const { admin, merchantId, api: merchantsApi } = await merchantsStack.newMerchant();
      const merchantsAdmin = await merchantsStack.as(admin, { merchantId, role: 'admin' });
      return {
        merchantId,
        admin,
        api: await stack.as(admin.id, merchantId, 'admin'),
        async member() {
          const user = await merchantsStack.register();
          // Joined through an invite would need the mail round trip; the membership row is the same.
          await merchantsStack.pool.query(`INSERT INTO memberships (merchant_id, user_id, role) VALUES ($1, $2, 'user')`, [merchantId, user.id]);
          return { user, api: await stack.as(user.id, merchantId, 'user') };
        },
        async addPickupAddress() {
          await merchantsAdmin.createAddress({ fields: { addressTypes: ['pickup', 'billing'], isDefault: true, ...merchantLocationOfPostal(PICKUP) } });
          void merchantsApi;
        },
        async renamePickupAddress(companyName) {
          const { addresses } = await merchantsAdmin.listAddresses({});
          for (const a of addresses.filter((x) => x.fields?.addressTypes.includes('pickup'))) {
            await merchantsAdmin.updateAddress({ id: a.id, fields: { ...a.fields!, companyName }, updateMask: ['companyName'] });
          }
        },
      };
    },
    logText: () => lines.join(''),
    async stop() {
      client.close();
      for (const [, step] of running.shutdownSteps) await step();
      await gls.close();
      await poste.close();
      await pool.end();
      await merchantsStack.stop();
    },
  };
  return stack;
}

/** The merchants service's port, read from the client's target. */
function merchantsAddressPort(stack: MerchantsStack): number {
  const target = stack.client.getChannel().getTarget();
  const port = Number(/:(\d+)$/.exec(target)?.[1]);
  if (!port) throw new Error(`cannot read the merchants port from ${target}`);
  return port;
}

/** A GLS account the sandbox accepts (deploy/sandboxes/src/gls/README.md). */
export const GLS_ACCOUNT = { siglaSede: 'MI', codiceCliente: '123456', passwordCliente: 'Sandbox1', codiceContratto: '1234', emailFiliale: 'filiale.mi@gls.example.it' };

/** A Poste Delivery Business account the sandbox accepts (deploy/sandboxes/src/poste-delivery/README.md). */
export const POSTE_ACCOUNT = { username: 'smista-sandbox', password: 'PosteSandbox1', customerCode: 'CDC-000001' };

/** The merchant's default pickup address (`addPickupAddress`), as the one postal address. */
export const PICKUP: PostalAddress = {
  name: 'Bottega Verdi Srl',
  contactName: 'Anna Verdi',
  addressLine1: 'Via Roma 10',
  city: 'Milano',
  province: 'MI',
  postalCode: '20121',
  country: 'Italia',
  countryCode: 'IT',
  phone: '+39 02 1234567',
  email: 'spedizioni@bottega.example.it',
};

export const RECIPIENT: common.PostalAddress = {
  name: 'Mario Rossi',
  companyName: '',
  contactName: '',
  addressLine1: 'Via Garibaldi 5',
  addressLine2: '',
  city: 'Torino',
  postalCode: '10121',
  province: 'TO',
  country: '',
  countryCode: 'IT',
  phone: '+39 333 1234567',
  email: 'mario.rossi@example.it',
};
