import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import {
  connectNats,
  createGrpcClient,
  createKeyring,
  createLogger,
  createPool,
  ensureStream,
  type Nats,
  parseConfig,
  type Pool,
  type Role,
  rpc,
  type Rpc,
  rpcAs,
  type StreamSpec,
} from '@smista/service-kit';
import { marketplaces, marketplacesEvents, shipmentsEvents } from '@smista/proto';
import { marketplaceOfOAuthState } from '@smista/contracts';
import { consentAs, ebaySandboxControl, startEbaySandbox, type EbaySandbox, type EbaySandboxControl } from '@smista/sandboxes';
import { ScaledDeadline } from '../../../../deploy/local/src/machine-load';
import { configSchema, type Config } from '../../src/config';
import { buildAuthorizeUrl } from '../../src/adapters';
import { startMarketplaces, type MarketplacesOptions, type RunningMarketplaces } from '../../src/main';
import { readTokens, type OpenTokens } from '../../src/store';
import { messagesHandled, startTestStack as startMerchantsStack, SECRET, type TestStack as MerchantsStack, type TestUser } from '../../../merchants/test/support/harness';
import { createTestDatabase } from '../../../../e2e/support/db';
import { consumersSince, sharedInfra } from '../../../../e2e/support/env';

import { waitFor } from '../../../merchants/test/support/harness';

export { failure, waitFor } from '../../../merchants/test/support/harness';

/** The stream the shipments service declares, created here as shipments would (marketplaces consumes its labels). */
export const SHIPMENTS_STREAM: StreamSpec = { name: 'SHIPMENTS', subjects: ['shipments.>'] };

export type MarketplacesApi = Rpc<marketplaces.MarketplacesServiceClient>;

/** The sandbox seller's password when the test does not choose one. */
export const SELLER_PASSWORD = 'Sandbox1!';

/** A merchant with an admin (and the admin's marketplaces client) on the real identity and merchants. */
export interface TestMerchant {
  merchantId: string;
  admin: TestUser;
  api: MarketplacesApi;
  /** Another member of the merchant with role user. */
  member(): Promise<{ user: TestUser; api: MarketplacesApi }>;
  /**
   * Connects an eBay seller the way a person does: GetOAuthParams, the consent page of the
   * sandbox (sign in, "Accetta"), then CompleteOAuth with the code of the redirect.
   */
  connectEbay(seller: string, password?: string): Promise<marketplaces.Integration>;
}

/**
 * The real identity and merchants services (the merchants harness), the eBay sandbox on its own port
 * with an app registered for this stack, and the real marketplaces service on a fresh database:
 * in this process (same wiring as main.ts), or as `node services/marketplaces/dist/main.js` (a child
 * process the test may SIGKILL and start again on the same port). Nothing stubbed.
 */
export interface MarketplacesStack {
  config: Config;
  /** The variables the service runs with (the child process gets exactly these). */
  env: Record<string, string>;
  /** The marketplaces database, for assertions on what was (not) written. */
  pool: Pool;
  merchants: MerchantsStack;
  ebay: EbaySandbox;
  control: EbaySandboxControl;
  client: marketplaces.MarketplacesServiceClient;
  /** The in-process service (undefined in child-process mode). */
  running: RunningMarketplaces | undefined;
  /** Calls as a user in a merchant with a role. */
  as(userId: string, merchantId: string | undefined, role?: Role): Promise<MarketplacesApi>;
  newMerchant(): Promise<TestMerchant>;
  /** The same helpers for a merchant made elsewhere on the shared merchants stack (e.g. by the orders harness). */
  merchant(admin: TestUser, merchantId: string): Promise<TestMerchant>;
  /**
   * Publishes `shipments.shipment.labelled` on the SHIPMENTS stream, as the shipments service's
   * outbox relay does (protobuf, `Nats-Msg-Id`); answers the message id.
   */
  publishLabelled(event: Partial<shipmentsEvents.ShipmentLabelled>, msgId?: string): Promise<string>;
  /** Publishes `shipments.shipment.tracking_updated` as the shipments service's relay does; answers the message id. */
  publishTrackingUpdated(event: Partial<shipmentsEvents.ShipmentTrackingUpdated>, msgId?: string): Promise<string>;
  /** Waits until the service's consumer recorded these message ids in its inbox. */
  handled(messageIds: string[], timeoutMs?: number): Promise<void>;
  nats: Nats;
  /** A new sandbox seller with `orders` orders created now (a unique username). */
  /** A seller of its own; `seed` fixes its orders' mix (the same orders every run), else it varies with the name. */
  newSeller(orders: number, prefix?: string, seed?: string): Promise<string>;
  /** Child-process mode: SIGKILL the service (no drain, no lease released). */
  kill(): Promise<void>;
  /** Child-process mode: starts the service again on the same port and database. */
  restart(): Promise<void>;
  /** The service's log lines so far: secrets must never appear. */
  logText(): string;
  /** The tokens stored for an integration, opened with the service's keys (to prove they appear nowhere else). */
  openTokens(integrationId: number): Promise<OpenTokens>;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Added to every eBay call of the sandbox. */
  sandboxLatencyMs?: number;
  /** Variables over the defaults (e.g. `{ SYNC_PAGE_SIZE: '50' }`). */
  env?: Record<string, string>;
  /** Run `dist/main.js` as a child process instead of in this process. */
  childProcess?: boolean;
  /** In-process tuning (back-off, clock). */
  options?: MarketplacesOptions;
  /** A running merchants stack to share (another service's harness made it); it is not stopped here. */
  merchants?: MerchantsStack;
}

let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq++).toString(36)}${randomUUID().slice(0, 4)}`;

export async function startMarketplacesStack(options: StackOptions = {}): Promise<MarketplacesStack> {
  const infra = sharedInfra();
  const merchantsStack = options.merchants ?? (await startMerchantsStack());
  const nats = await connectNats(infra.natsUrl, 'marketplaces-test');
  // Marketplaces consumes shipments' labels: the stream exists before it starts, as in a full stack.
  await ensureStream(nats.jsm, SHIPMENTS_STREAM);
  const ebay = await startEbaySandbox({ port: 0, latencyMs: options.sandboxLatencyMs ?? 0, sellers: [] });
  const control = ebaySandboxControl(ebay.url);
  const app = {
    clientId: `SmistaTe-Test-SBX-${randomBytes(5).toString('hex')}-${randomBytes(4).toString('hex')}`,
    clientSecret: `SBX-${randomBytes(12).toString('hex')}`,
    ruName: `Smista_Test-SmistaTe-Test-${randomBytes(4).toString('hex')}`,
    acceptUrl: 'http://shell.test/marketplace/callback',
  };
  await control.registerApp(app);

  const grpcPort = options.childProcess ? await freePort() : 0;
  const env: Record<string, string> = {
    GRPC_PORT: String(grpcPort),
    METRICS_PORT: '0',
    DATABASE_URL: await createTestDatabase('marketplaces'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'debug',
    NATS_CONSUMER_SUFFIX: merchantsStack.durableSuffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
    SECRETS_KEYS: `test1:${randomBytes(32).toString('base64')}`,
    EBAY_CLIENT_ID: app.clientId,
    EBAY_CLIENT_SECRET: app.clientSecret,
    EBAY_RU_NAME: app.ruName,
    EBAY_AUTH_URL: ebay.url,
    EBAY_API_URL: ebay.url,
    EBAY_IDENTITY_URL: ebay.url,
    // The schedule stays out of the tests' way unless a test asks for a round.
    SYNC_INTERVAL_SECONDS: '3600',
    ...options.env,
  };
  const config = parseConfig(configSchema, env);

  // Every line the service logs, kept to prove no token or secret ever reaches a log.
  const lines: string[] = [];
  const captured = createLogger('marketplaces', 'debug', { write: (line: string) => void lines.push(line) });
  let running: RunningMarketplaces | undefined;
  let child: ChildProcess | undefined;
  let port: number;
  const startChild = async () => {
    child = spawn(process.execPath, [path.resolve(__dirname, '../../dist/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  };
  if (options.childProcess) {
    port = grpcPort;
    await startChild();
  } else {
    running = await startMarketplaces(config, captured, options.options);
    port = running.port;
  }
  const client = createGrpcClient(marketplaces.MarketplacesServiceClient, `127.0.0.1:${port}`);
  if (options.childProcess) await untilServing(client);
  const pool = createPool(config.DATABASE_URL, 4);

  const labelledDurable = `marketplaces-shipment-labelled${env.NATS_CONSUMER_SUFFIX}`;
  if (running) await running.consumers.attached();

  const stack: MarketplacesStack = {
    config,
    env,
    pool,
    nats,
    merchants: merchantsStack,
    ebay,
    control,
    client,
    get running() {
      return running;
    },
    async as(userId, merchantId, role = 'admin') {
      return rpcAs(client, { userId, merchantId, role: merchantId ? role : undefined }, SECRET);
    },
    async newMerchant() {
      const { admin, merchantId } = await merchantsStack.newMerchant();
      return stack.merchant(admin, merchantId);
    },
    async merchant(admin, merchantId) {
      const api = await stack.as(admin.id, merchantId, 'admin');
      return {
        merchantId,
        admin,
        api,
        async member() {
          const user = await merchantsStack.register();
          // Joined through an invite would need the mail round trip; the membership row is the same.
          await merchantsStack.pool.query(`INSERT INTO memberships (merchant_id, user_id, role) VALUES ($1, $2, 'user')`, [merchantId, user.id]);
          return { user, api: await stack.as(user.id, merchantId, 'user') };
        },
        async connectEbay(seller, password = SELLER_PASSWORD) {
          const params = await api.getOAuthParams({ marketplace: 'ebay', account: '' });
          const location = new URL(await consentAs(buildAuthorizeUrl(params, params.state), { username: seller, password, accept: true }));
          const state = location.searchParams.get('state') ?? '';
          const answer = await api.completeOAuth({
            callback: {},
            merchantId,
            marketplace: marketplaceOfOAuthState(state) ?? '',
            code: location.searchParams.get('code') ?? '',
            error: location.searchParams.get('error') ?? '',
            state,
          });
          expect(answer.redirectToDashboard).toBe(true);
          return answer.integration!;
        },
      };
    },
    async publishLabelled(event, msgId = randomUUID()) {
      const payload = shipmentsEvents.ShipmentLabelled.encode(
        shipmentsEvents.ShipmentLabelled.fromPartial({ marketplace: 'ebay', occurredAt: new Date().toISOString(), shippedAt: new Date().toISOString(), ...event }),
      ).finish();
      await nats.js.publish('shipments.shipment.labelled', payload, { msgID: msgId });
      return msgId;
    },
    async publishTrackingUpdated(event, msgId = randomUUID()) {
      const payload = shipmentsEvents.ShipmentTrackingUpdated.encode(
        shipmentsEvents.ShipmentTrackingUpdated.fromPartial({ trackingStatus: 'delivered', delivered: true, status: 'consegnato', occurredAt: new Date().toISOString(), ...event }),
      ).finish();
      await nats.js.publish('shipments.shipment.tracking_updated', payload, { msgID: msgId });
      return msgId;
    },
    handled: (messageIds, timeoutMs) => messagesHandled(pool, messageIds, timeoutMs),
    async newSeller(orders, prefix = 'venditore', seed) {
      const username = `${prefix}_${unique()}`;
      await control.addSeller({ username, password: SELLER_PASSWORD, orders: 0, seed });
      for (let left = orders; left > 0; left -= 10_000) await control.addOrders(username, Math.min(left, 10_000));
      return username;
    },
    async kill() {
      const killed = child;
      if (!killed) throw new Error('kill() needs the child-process mode');
      // Resolved once the process is gone: nothing it did is still on its way to the database.
      const gone = new Promise<void>((resolve) => (killed.exitCode !== null || killed.signalCode !== null ? resolve() : killed.once('exit', () => resolve())));
      killed.kill('SIGKILL');
      await gone;
    },
    async restart() {
      if (!options.childProcess) throw new Error('restart() needs the child-process mode');
      await startChild();
      await untilServing(client);
    },
    logText: () => lines.join(''),
    async openTokens(integrationId) {
      const tokens = await readTokens(pool, createKeyring(config.SECRETS_KEYS), integrationId);
      if (!tokens) throw new Error(`no integration ${integrationId}`);
      return tokens;
    },
    async stop() {
      client.close();
      if (running) for (const [, step] of running.shutdownSteps) await step();
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await ebay.close();
      await pool.end();
      await nats.jsm.consumers.delete(SHIPMENTS_STREAM.name, labelledDurable).catch(() => undefined);
      await nats.nc.drain();
      if (!options.merchants) await merchantsStack.stop();
    },
  };
  return stack;
}


/** A port free right now (the child process binds it; a restart binds it again). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Waits until the service answers ListMarketplaces (migrations done, gRPC bound). */
async function untilServing(client: marketplaces.MarketplacesServiceClient, timeoutMs = 30_000): Promise<void> {
  const deadline = new ScaledDeadline(timeoutMs);
  for (;;) {
    try {
      await rpc(client, { deadlineMs: 1_000 }).listMarketplaces({});
      return;
    } catch (err) {
      if (deadline.expired()) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The orders enqueued by sync jobs (outbox rows of `marketplaces.order.imported`), decoded. */
/**
 * The marketplace's consent as a merchant starts it: GetOAuthParams, then `authorize` (the
 * sandbox's `…AuthorizeAs`, answering where it redirects). Answers the params and the callback URL.
 */
export async function consentFor(who: TestMerchant, marketplace: string, authorize: (consentUrl: string) => Promise<string>): Promise<{ params: marketplaces.OAuthParams; callback: URL }> {
  const params = await who.api.getOAuthParams({ marketplace, account: '' });
  return { params, callback: new URL(await authorize(params.consentUrl)) };
}

/** CompleteOAuth with the callback's whole query, as the shell sends it (Amazon names its code `spapi_oauth_code`). */
export function completeWith(who: TestMerchant, marketplace: string, callback: URL) {
  const query = Object.fromEntries(callback.searchParams);
  return who.api.completeOAuth({ merchantId: who.merchantId, marketplace, code: query.code ?? query.spapi_oauth_code ?? '', error: query.error ?? '', state: query.state ?? '', callback: query });
}

/** The merchant's integration of `marketplace` that `matches` (by default an active one), connected through the consent the first time. */
export async function connectedIntegration(who: TestMerchant, marketplace: string, authorize: (consentUrl: string) => Promise<string>, matches: (i: marketplaces.Integration) => boolean = (i) => i.status === 'active'): Promise<marketplaces.Integration> {
  const existing = (await who.api.listIntegrations({ merchantId: '' })).integrations.find((i) => i.provider === marketplace && matches(i));
  return existing ?? (await completeWith(who, marketplace, (await consentFor(who, marketplace, authorize)).callback)).integration!;
}

/**
 * kill -9 of a child-process service in the middle of the integration's sync, once `killAfter`
 * orders are committed, then started again: the job is found running at its last committed page
 * with exactly that page's orders published, and completes with `total` after the restart. Answers
 * the job's `marketplaces.order.imported` events, for the test to compare with its sandbox's orders.
 */
export async function syncKilledAndResumed(
  stack: MarketplacesStack,
  shop: TestMerchant,
  integrationId: number,
  o: { total: number; killAfter: number; pagesTimeoutMs: number; finishTimeoutMs: number },
): Promise<marketplacesEvents.MarketplaceOrderImported[]> {
  const jobRow = async (id: number) =>
    (await stack.pool.query<{ status: string; orders_synced: number; metadata: { nextOffset: number | null } }>(`SELECT status, orders_synced, metadata FROM jobs WHERE id = $1`, [id])).rows[0]!;
  const started = await shop.api.startSync({ merchantId: '', integrationId, triggeredBy: '' });
  await waitFor('a few committed pages', async () => (await jobRow(started.id)).orders_synced >= o.killAfter, o.pagesTimeoutMs);
  await stack.kill();
  const stuck = await jobRow(started.id);
  expect(stuck.status).toBe('running');
  expect(stuck.orders_synced).toBeLessThan(o.total);
  expect(stuck.metadata.nextOffset).toBe(stuck.orders_synced);
  expect((await importedOrders(stack.pool)).filter((e) => e.jobId === started.id)).toHaveLength(stuck.orders_synced);

  await stack.restart();
  const job = await finishedJob(shop.api, shop.merchantId, started.id, o.finishTimeoutMs);
  expect(job).toMatchObject({ status: 'completed', ordersFound: o.total, ordersSynced: o.total });
  const events = (await importedOrders(stack.pool)).filter((e) => e.jobId === started.id);
  expect(events).toHaveLength(o.total);
  return events;
}

export async function importedOrders(pool: Pool): Promise<marketplacesEvents.MarketplaceOrderImported[]> {
  const { rows } = await pool.query<{ payload: Buffer }>(`SELECT payload FROM outbox WHERE subject = 'marketplaces.order.imported' ORDER BY seq`);
  return rows.map((r) => marketplacesEvents.MarketplaceOrderImported.decode(r.payload));
}

/** The integration-changed events written so far, decoded, oldest first. */
export async function integrationEvents(pool: Pool, integrationId?: number): Promise<marketplacesEvents.MarketplaceIntegrationChanged[]> {
  const { rows } = await pool.query<{ payload: Buffer }>(`SELECT payload FROM outbox WHERE subject = 'marketplaces.integration.changed' ORDER BY seq`);
  return rows.map((r) => marketplacesEvents.MarketplaceIntegrationChanged.decode(r.payload)).filter((e) => integrationId === undefined || e.integrationId === integrationId);
}

/** The sync-finished events written so far (outbox rows of `marketplaces.sync.finished`), decoded, oldest first. */
export async function syncFinishedEvents(pool: Pool, jobId?: number): Promise<marketplacesEvents.MarketplaceSyncFinished[]> {
  const { rows } = await pool.query<{ payload: Buffer }>(`SELECT payload FROM outbox WHERE subject = 'marketplaces.sync.finished' ORDER BY seq`);
  return rows.map((r) => marketplacesEvents.MarketplaceSyncFinished.decode(r.payload)).filter((e) => jobId === undefined || e.jobId === jobId);
}

/** Waits until a job is completed or failed; answers it. */
export async function finishedJob(api: MarketplacesApi, merchantId: string, jobId: number, timeoutMs = 60_000): Promise<marketplaces.Job> {
  const deadline = new ScaledDeadline(timeoutMs);
  for (;;) {
    const job = await api.getJob({ merchantId, id: jobId });
    if (job.status === 'completed' || job.status === 'failed') return job;
    if (deadline.expired()) throw new Error(`job ${jobId} still ${job.status} after ${deadline.describe()} (${job.ordersSynced}/${job.ordersFound})`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The tracking attempts published so far (outbox rows of `marketplaces.tracking.attempted`), decoded, oldest first. */
export async function trackingEvents(pool: Pool, shipmentId?: number): Promise<marketplacesEvents.MarketplaceTrackingAttempted[]> {
  const { rows } = await pool.query<{ payload: Buffer }>(`SELECT payload FROM outbox WHERE subject = 'marketplaces.tracking.attempted' ORDER BY seq`);
  return rows.map((r) => marketplacesEvents.MarketplaceTrackingAttempted.decode(r.payload)).filter((e) => shipmentId === undefined || e.shipmentId === shipmentId);
}
