import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import {
  connectNats,
  createGrpcClient,
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
  signCallerToken,
  type StreamSpec,
} from '@smista/service-kit';
import { marketplacesEvents, orders, ordersEvents, shipments, shipmentsEvents } from '@smista/proto';
import type { GlsSandbox, ReferenceTally } from '@smista/sandboxes';
import { ScaledDeadline, waitFor } from '../../../../deploy/local/src/machine-load';
import { configSchema, type Config } from '../../src/config';
import { startShipments, type RunningShipments } from '../../src/main';
import { stream as SHIPMENTS_STREAM } from '../../src/events/publishers';
import { configSchema as ordersConfigSchema } from '../../../orders/src/config';
import { startOrders, type RunningOrders } from '../../../orders/src/main';
import { importedOrder, orderImported, type ImportedOrder } from '../../../orders/test/support/events';
import { startCarriersStack, GLS_ACCOUNT, type CarriersApi, type CarriersStack } from '../../../carriers/test/support/harness';
import { messagesHandled, SECRET, type TestUser } from '../../../merchants/test/support/harness';
import { createTestDatabase } from '../../../../e2e/support/db';
import { consumersSince, sharedInfra } from '../../../../e2e/support/env';

export { failure, waitFor, publishedEvents } from '../../../merchants/test/support/harness';
export { GLS_ACCOUNT } from '../../../carriers/test/support/harness';
export { importedOrder, type ImportedOrder } from '../../../orders/test/support/events';

/** The stream marketplaces declares (its `events/publishers.ts`), created here as marketplaces would. */
export const MARKETPLACES_STREAM: StreamSpec = { name: 'MARKETPLACES', subjects: ['marketplaces.>'] };

/** Processing calls wait for every label: a generous deadline. */
const PROCESS_DEADLINE_MS = 180_000;

export type ShipmentsApi = Rpc<shipments.ShipmentsServiceClient>;
export type OrdersApi = Rpc<orders.OrdersServiceClient>;

/** Merged label PDFs are large: the gateway accepts up to 256 MiB, so do the tests. */
const MAX_ANSWER_BYTES = 256 * 1024 * 1024;

/** A merchant with an admin on the real identity, merchants, carriers and orders, and its clients. */
export interface TestMerchant {
  merchantId: string;
  admin: TestUser;
  /** Shipments as the admin. */
  api: ShipmentsApi;
  orders: OrdersApi;
  carriers: CarriersApi;
  /** Its GLS integration (the sandbox's MI account), active. */
  gls: number;
  /** The marketplace integration its orders are imported under (`importOrders`). */
  marketplaceIntegrationId: number;
  /** Another member of the merchant with role user, and their shipments client. */
  member(): Promise<{ user: TestUser; api: ShipmentsApi }>;
  /** Renames the company of its pickup address in merchants (the sender of the next labels). */
  renamePickupAddress(companyName: string): Promise<void>;
  /** A posta_1 integration with `codes` tracking codes in its pool (`<prefix>00000001`…). */
  letterService(codes: number, prefix?: string): Promise<number>;
  /**
   * Orders imported the real way (`marketplaces.order.imported` consumed by the orders service),
   * each with the carrier integration assigned through orders' AssignCarrier (0 = none). Answers
   * the orders' ids, in the order given.
   */
  /**
   * Issue 25: each item without a weight gets 300 g (a shipment needs a weight before its label),
   * unless `unweighed` (an eBay line the catalogue knows no weight of).
   */
  importOrders(list: { order: ImportedOrder; carrierIntegrationId?: number; unweighed?: boolean }[]): Promise<number[]>;
}

/**
 * Everything a shipment touches, real: identity, merchants and carriers (the carriers harness,
 * with the GLS and Poste Delivery sandboxes on their own ports), orders (fed through the MARKETPLACES
 * stream as the marketplaces outbox does) and the shipments service on a fresh database, in this
 * process (same wiring as main.ts) or as `node services/shipments/dist/main.js`, a child process the
 * test may SIGKILL and start again on the same port and database.
 */
export interface ShipmentsStack {
  config: Config;
  /** The variables the service runs with (the child process gets exactly these). */
  env: Record<string, string>;
  /** The shipments database. */
  pool: Pool;
  /** The orders database. */
  ordersPool: Pool;
  nats: Nats;
  carriersStack: CarriersStack;
  /** The GLS sandbox (its wire format, for what GLS really holds). */
  glsUrl: string;
  /** The GLS sandbox itself: `referenceTally()` tells what GLS was asked for and made per shipment reference. */
  gls: GlsSandbox;
  client: shipments.ShipmentsServiceClient;
  /** The in-process service (undefined in child-process mode). */
  running: RunningShipments | undefined;
  /** Calls as a user in a merchant with a role (no merchant: none selected). */
  as(userId: string, merchantId: string | undefined, role?: Role): ShipmentsApi;
  newMerchant(): Promise<TestMerchant>;
  /** Publishes `marketplaces.privacy.requested` as marketplaces does (provider shopify); answers the message id. */
  publishPrivacyRequested(event: Partial<marketplacesEvents.MarketplacePrivacyRequested>): Promise<string>;
  /** The clock of the orders service's buyer data retention (the system's until a test sets it). */
  ordersClock: { set(iso: string): void };
  /** One retention round of the orders service now (after its round at start); the ids of the `orders.buyer.erased` it published. */
  ordersRetentionRound(): Promise<string[]>;
  /** Publishes `shipments.shipment.tracking_updated` delivered, as a carrier's tracking would make shipments do, and waits until orders shows the order consegnato. */
  deliverToOrders(merchantId: string, shipmentId: number, orderId: number, occurredAt: string): Promise<void>;
  /** Publishes `marketplaces.tracking.attempted`; answers the message id. */
  publishTrackingAttempted(event: Partial<marketplacesEvents.MarketplaceTrackingAttempted>): Promise<string>;
  /** Waits until the shipments consumer recorded these message ids (inbox or dead letters). */
  handled(messageIds: string[], timeoutMs?: number): Promise<void>;
  /** Child-process mode: SIGKILL the service (no drain, no lease released). */
  kill(): Promise<void>;
  /** Child-process mode: starts the service again on the same port and database. */
  restart(): Promise<void>;
  /** The service's log lines so far. */
  logText(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Added to every GLS and Poste sandbox answer. */
  sandboxLatencyMs?: number;
  /** Variables over the defaults (e.g. `{ RUN_LEASE_SECONDS: '2' }`). */
  env?: Record<string, string>;
  /** Run `dist/main.js` as a child process (build it first). */
  childProcess?: boolean;
}

export async function startShipmentsStack(options: StackOptions = {}): Promise<ShipmentsStack> {
  const infra = sharedInfra();
  const carriersStack = await startCarriersStack({ sandboxLatencyMs: options.sandboxLatencyMs ?? 0 });
  const nats = await connectNats(infra.natsUrl, 'shipments-test');
  // Both services find the streams of their subscriptions by subject: their owners create them in
  // production (marketplaces; shipments itself, which starts after orders here).
  await ensureStream(nats.jsm, MARKETPLACES_STREAM);
  await ensureStream(nats.jsm, SHIPMENTS_STREAM);
  const suffix = `-test-${randomUUID().slice(0, 8)}`;
  const carriersAddress = `127.0.0.1:${portOf(carriersStack.client.getChannel().getTarget())}`;

  const ordersConfig = parseConfig(ordersConfigSchema, {
    GRPC_PORT: '0',
    DATABASE_URL: await createTestDatabase('orders'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    NATS_CONSUMER_SUFFIX: suffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
    CARRIERS_GRPC_ADDR: carriersAddress,
    // Orders' other peers are not needed by these tests (never called).
    MARKETPLACES_GRPC_ADDR: '127.0.0.1:1',
    SHIPMENTS_GRPC_ADDR: '127.0.0.1:1',
  });
  let ordersNow: Date | undefined;
  const runningOrders: RunningOrders = await startOrders(ordersConfig, createLogger('orders', process.env.TEST_LOG_LEVEL ?? 'silent'), () => ordersNow ?? new Date());
  const ordersClient = createGrpcClient(orders.OrdersServiceClient, `127.0.0.1:${runningOrders.port}`);

  const grpcPort = options.childProcess ? await freePort() : 0;
  const env: Record<string, string> = {
    GRPC_PORT: String(grpcPort),
    METRICS_PORT: '0',
    DATABASE_URL: await createTestDatabase('shipments'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'debug',
    NATS_CONSUMER_SUFFIX: suffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
    ORDERS_GRPC_ADDR: `127.0.0.1:${runningOrders.port}`,
    CARRIERS_GRPC_ADDR: carriersAddress,
    MERCHANTS_GRPC_ADDR: `127.0.0.1:${portOf(carriersStack.merchants.client.getChannel().getTarget())}`,
    // The refresher reads tracking by itself: only the suites about it turn it on (or run its rounds).
    TRACKING_REFRESH_ENABLED: 'false',
    // The buyer e-mails' sender too: its suite runs its rounds (or turns it on).
    BUYER_MAIL_ENABLED: 'false',
    SMTP_URL: infra.smtpUrl,
    BUYER_MAIL_FROM: 'spedizioni@smista.test',
    PUBLIC_URL: 'https://smista.test',
    BUYER_MAIL_SHIPPED_DELAY_SECONDS: '0',
    ...options.env,
  };
  const config = parseConfig(configSchema, env);

  const lines: string[] = [];
  const captured = createLogger('shipments', 'debug', { write: (line: string) => void lines.push(line) });
  let running: RunningShipments | undefined;
  let child: ChildProcess | undefined;
  const startChild = () => {
    child = spawn(process.execPath, [path.resolve(__dirname, '../../dist/main.js')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
  };
  let port: number;
  if (options.childProcess) {
    port = grpcPort;
    startChild();
  } else {
    running = await startShipments(config, captured);
    port = running.port;
  }
  const client = createGrpcClient(shipments.ShipmentsServiceClient, `127.0.0.1:${port}`, { maxReceiveMessageBytes: MAX_ANSWER_BYTES });
  if (options.childProcess) await untilServing(client);
  const pool = createPool(config.DATABASE_URL, 4);
  const ordersPool = createPool(ordersConfig.DATABASE_URL, 2);
  let integrationSeq = 9_300_000 + Math.floor(Math.random() * 100_000) * 10;

  const stack: ShipmentsStack = {
    config,
    env,
    pool,
    ordersPool,
    nats,
    carriersStack,
    glsUrl: carriersStack.glsUrl,
    gls: carriersStack.gls,
    client,
    get running() {
      return running;
    },
    as: (userId, merchantId, role = 'admin') => rpcAs(client, { userId, merchantId, role: merchantId ? role : undefined }, SECRET, PROCESS_DEADLINE_MS),
    async newMerchant() {
      const m = await carriersStack.newMerchant();
      await m.addPickupAddress();
      const gls = await m.api.createIntegration({ merchantId: m.merchantId, provider: 'gls', connectionName: 'GLS Milano', active: true, credentials: GLS_ACCOUNT });
      if (gls.status !== 'active') throw new Error(`GLS integration not active: ${gls.statusMessage}`);
      const ordersApi = rpcAs(ordersClient, { userId: m.admin.id, merchantId: m.merchantId, role: 'admin' }, SECRET, PROCESS_DEADLINE_MS);
      const marketplaceIntegrationId = (integrationSeq += 1);
      return {
        merchantId: m.merchantId,
        admin: m.admin,
        api: stack.as(m.admin.id, m.merchantId, 'admin'),
        orders: ordersApi,
        carriers: m.api,
        gls: gls.id,
        marketplaceIntegrationId,
        async member() {
          const { user } = await m.member();
          return { user, api: stack.as(user.id, m.merchantId, 'user') };
        },
        renamePickupAddress: (companyName) => m.renamePickupAddress(companyName),
        async letterService(codes, prefix = `2IU${String.fromCharCode(65 + Math.floor(Math.random() * 26))}`) {
          const posta = await m.api.createIntegration({ merchantId: m.merchantId, provider: 'posta_1', connectionName: 'Posta1', active: true, credentials: {} });
          await m.api.addTrackingCodes({
            merchantId: m.merchantId,
            id: posta.id,
            method: 'range',
            trackingCodes: [],
            fromCode: `${prefix}00000001`,
            toCode: `${prefix}${String(codes).padStart(8, '0')}`,
          });
          return posta.id;
        },
        async importOrders(list) {
          for (const { order: imported, unweighed } of list) {
            const order = unweighed ? imported : { ...imported, items: imported.items.map((i) => ({ ...i, weightGrams: i.weightGrams || 300 })) };
            const event = orderImported(m.merchantId, marketplaceIntegrationId, order);
            await nats.js.publish('marketplaces.order.imported', marketplacesEvents.MarketplaceOrderImported.encode(event).finish(), { msgID: randomUUID() });
          }
          const externalIds = list.map((l) => l.order.externalId);
          const ids = await waitUntil(`${list.length} orders imported`, async () => {
            const { rows } = await ordersPool.query<{ id: string; external_id: string }>(
              'SELECT id, external_id FROM orders WHERE merchant_id = $1 AND external_id = ANY($2)',
              [m.merchantId, externalIds],
            );
            if (rows.length < new Set(externalIds).size) return null;
            const byExternal = new Map(rows.map((r) => [r.external_id, Number(r.id)]));
            return externalIds.map((e) => byExternal.get(e)!);
          }, 60_000);
          // A few assignments at once: each is one orders call and one carriers check.
          const assignments = list.map((l, i) => ({ id: ids[i]!, carrier: l.carrierIntegrationId ?? 0 })).filter((a) => a.carrier);
          for (let i = 0; i < assignments.length; i += 8) {
            await Promise.all(assignments.slice(i, i + 8).map((a) => ordersApi.assignCarrier({ id: a.id, carrierIntegrationId: a.carrier })));
          }
          return ids;
        },
      };
    },
    async publishPrivacyRequested(event) {
      const msgId = randomUUID();
      const payload = marketplacesEvents.MarketplacePrivacyRequested.encode(
        marketplacesEvents.MarketplacePrivacyRequested.fromPartial({ provider: 'shopify', requestedAt: new Date().toISOString(), webhookId: randomUUID(), ...event }),
      ).finish();
      await nats.js.publish('marketplaces.privacy.requested', payload, { msgID: msgId });
      return msgId;
    },
    async publishTrackingAttempted(event) {
      const msgId = randomUUID();
      const payload = marketplacesEvents.MarketplaceTrackingAttempted.encode(
        marketplacesEvents.MarketplaceTrackingAttempted.fromPartial({ marketplace: 'ebay', attemptedAt: new Date().toISOString(), ...event }),
      ).finish();
      await nats.js.publish('marketplaces.tracking.attempted', payload, { msgID: msgId });
      return msgId;
    },
    handled: (messageIds, timeoutMs) => messagesHandled(pool, messageIds, timeoutMs),
    ordersClock: { set: (iso) => void (ordersNow = new Date(iso)) },
    async ordersRetentionRound() {
      await runningOrders.buyerDataRetention.idle();
      const round = await runningOrders.buyerDataRetention.runRound();
      if (!round) throw new Error('the retention round was skipped');
      const { rows } = await ordersPool.query<{ id: string; payload: Buffer }>(`SELECT id, payload FROM outbox WHERE subject = 'orders.buyer.erased' ORDER BY seq`);
      return rows.filter((r) => ordersEvents.BuyerDataErased.decode(r.payload).roundId === round.roundId).map((r) => String(r.id));
    },
    async deliverToOrders(merchantId, shipmentId, orderId, occurredAt) {
      const payload = shipmentsEvents.ShipmentTrackingUpdated.encode(
        shipmentsEvents.ShipmentTrackingUpdated.fromPartial({ merchantId, shipmentId, orderId, trackingStatus: 'delivered', delivered: true, status: 'delivered', occurredAt }),
      ).finish();
      await nats.js.publish('shipments.shipment.tracking_updated', payload, { msgID: randomUUID() });
      await waitUntil(`order ${orderId} delivered`, async () => {
        const { rows } = await ordersPool.query(`SELECT 1 FROM orders WHERE id = $1 AND status = 'consegnato'`, [orderId]);
        return rows.length ? true : null;
      }, 60_000);
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
      startChild();
      await untilServing(client);
    },
    logText: () => lines.join(''),
    async stop() {
      client.close();
      ordersClient.close();
      if (running) for (const [, step] of running.shutdownSteps) await step();
      if (child && child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child!.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      for (const [, step] of runningOrders.shutdownSteps) await step();
      await nats.nc.drain();
      await pool.end();
      await ordersPool.end();
      await carriersStack.stop();
    },
  };
  return stack;
}

/** Orders for a merchant: `count` imported orders with Italian addresses GLS accepts, each unique. */
export function italianOrders(count: number, options: { seed?: number; patch?: (n: number) => Partial<ImportedOrder> } = {}): ImportedOrder[] {
  const seed = options.seed ?? Math.floor(Math.random() * 1_000_000);
  const cities: [string, string, string][] = [
    ['Milano', 'MI', '20121'],
    ['Torino', 'TO', '10121'],
    ['Bologna', 'BO', '40121'],
    ['Napoli', 'NA', '80133'],
  ];
  return Array.from({ length: count }, (_, i) => {
    const n = seed + i;
    const base = importedOrder(n);
    const [city, province, cap] = cities[i % cities.length]!;
    return {
      ...base,
      externalId: `${String(seed).padStart(6, '0')}-${String(i).padStart(5, '0')}`,
      shippingAddress: {
        ...base.shippingAddress!,
        fullName: `Cliente ${seed} ${i}`,
        companyName: '',
        addressLine1: `Via Garibaldi ${i + 1}`,
        addressLine2: '',
        city,
        stateOrProvince: province,
        postalCode: cap,
        countryCode: 'IT',
      },
      ...options.patch?.(i),
    };
  });
}

/**
 * What the GLS sandbox holds for an account, read through GLS's own wire format (`ListSped`): one
 * row per live GLS shipment with its recipient and parcel count.
 */
export async function glsShipments(glsUrl: string, account = GLS_ACCOUNT): Promise<{ number: string; recipient: string; parcels: number; state: string }[]> {
  const response = await fetch(`${glsUrl}/ilswebservice.asmx/ListSped`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SedeGls: account.siglaSede, CodiceClienteGls: account.codiceCliente, PasswordClienteGls: account.passwordCliente }).toString(),
  });
  const text = await response.text();
  // The result travels escaped inside the ASMX <string> wrapper.
  const xml = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  const field = (parcel: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(parcel)?.[1] ?? '';
  return [...xml.matchAll(/<Parcel>(.*?)<\/Parcel>/gs)].map(([, p]) => ({
    number: field(p!, 'NumSpedizione'),
    recipient: field(p!, 'DenominazioneDestinatario'),
    parcels: Number(field(p!, 'TotaleColli')),
    state: field(p!, 'StatoSpedizione'),
  }));
}

/**
 * What GLS was asked for and made for each of these shipments, by their reference `SHP-<id>` (the
 * `RiferimentoCliente` the carriers adapter sends): `{ requested: 0, created: 0 }` for one GLS never
 * heard of. `requested` counts every AddParcel parcel, replays of a known ContatoreProgressivo
 * included; `created` the parcels GLS actually made.
 */
export function glsTally(gls: GlsSandbox, shipmentIds: readonly number[]): Map<number, ReferenceTally> {
  const tally = gls.referenceTally();
  return new Map(shipmentIds.map((id) => [id, tally[`SHP-${id}`] ?? { requested: 0, created: 0 }]));
}

const waitUntil = <T>(what: string, check: () => Promise<T | null | false>, timeoutMs: number): Promise<T> => waitFor(what, check, timeoutMs);


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

/** Waits until the service answers (migrations done, gRPC bound). */
async function untilServing(client: shipments.ShipmentsServiceClient, timeoutMs = 30_000): Promise<void> {
  const deadline = new ScaledDeadline(timeoutMs);
  for (;;) {
    try {
      const callerToken = await signCallerToken({ userId: randomUUID(), merchantId: randomUUID(), role: 'user' }, SECRET);
      await rpc(client, { callerToken, deadlineMs: 1_000 }).listProcessRuns({});
      return;
    } catch (err) {
      if (deadline.expired()) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The port of a gRPC client's target (`dns:127.0.0.1:50053`). */
function portOf(target: string): number {
  const p = Number(/:(\d+)$/.exec(target)?.[1]);
  if (!p) throw new Error(`cannot read the port from ${target}`);
  return p;
}

/** The shipments events the relay wrote so far (decoded by subject). */
export async function outboxEvents(pool: Pool, subject: string): Promise<Buffer[]> {
  const { rows } = await pool.query<{ payload: Buffer }>('SELECT payload FROM outbox WHERE subject = $1 ORDER BY seq', [subject]);
  return rows.map((r) => r.payload);
}
