import { randomUUID } from 'node:crypto';
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
  type Rpc,
  rpcAs,
  type StreamSpec,
} from '@smista/service-kit';
import { carriers, marketplacesEvents, orders, shipmentsEvents } from '@smista/proto';
import { configSchema, type Config } from '../../src/config';
import type { RetentionRound } from '../../src/app/buyer-data-retention';
import { startOrders, type RunningOrders } from '../../src/main';
import { startCarriersStack, type CarriersApi, type CarriersStack } from '../../../carriers/test/support/harness';
import { messagesHandled, SECRET, type TestUser } from '../../../merchants/test/support/harness';
import { startMarketplacesStack, SHIPMENTS_STREAM, type MarketplacesStack } from '../../../marketplaces/test/support/harness';
import { createTestDatabase } from '../../../../e2e/support/db';
import { consumersSince, sharedInfra } from '../../../../e2e/support/env';
import { messageId, orderImported, type ImportedOrder } from './events';

export { failure, waitFor, publishedEvents } from '../../../merchants/test/support/harness';
export { GLS_ACCOUNT } from '../../../carriers/test/support/harness';
export { SHIPMENTS_STREAM } from '../../../marketplaces/test/support/harness';

/** The stream marketplaces declares (its `events/publishers.ts`), created here as marketplaces would. */
export const MARKETPLACES_STREAM: StreamSpec = { name: 'MARKETPLACES', subjects: ['marketplaces.>'] };

export type OrdersApi = Rpc<orders.OrdersServiceClient>;

/** A merchant with an admin on the real identity, merchants and carriers, and its clients. */
export interface TestMerchant {
  merchantId: string;
  admin: TestUser;
  /** Orders as the admin. */
  api: OrdersApi;
  /** Carriers as the admin (to create the carrier integrations orders checks). */
  carriers: CarriersApi;
  /** Another member of the merchant with role user, and their orders client. */
  member(): Promise<{ user: TestUser; api: OrdersApi }>;
}

/**
 * The real identity, merchants and carriers services (the carriers harness, with the GLS and Poste
 * sandboxes), and the real orders service (same wiring as main.ts) on port 0 with a fresh database,
 * consuming the MARKETPLACES stream of the shared NATS: events are published to it exactly as the
 * marketplaces service's outbox relay does (protobuf, `Nats-Msg-Id`).
 */
export interface OrdersStack {
  config: Config;
  /** The orders database, for assertions on what was (not) written. */
  pool: Pool;
  nats: Nats;
  carriersStack: CarriersStack;
  client: orders.OrdersServiceClient;
  /** Calls as a user in a merchant with a role (no merchant: none selected). */
  as(userId: string, merchantId: string | undefined, role?: Role): Promise<OrdersApi>;
  newMerchant(): Promise<TestMerchant>;
  /** Publishes `marketplaces.order.imported` for the order; answers the message id. */
  publishOrder(merchantId: string, integrationId: number, order: ImportedOrder, options?: { msgId?: string; jobId?: number }): Promise<string>;
  /** Publishes raw bytes on a subject with a message id (a payload that does not decode). */
  publishRaw(subject: string, data: Uint8Array, msgId?: string): Promise<string>;
  /** Publishes a shipments event on the SHIPMENTS stream, as the shipments service's outbox relay does. */
  publishShipment<K extends keyof ShipmentEvents>(kind: K, event: Partial<ShipmentEvents[K]>, msgId?: string): Promise<string>;
  /** The real marketplaces service with the eBay sandbox, on the same merchants stack (`startOrdersStack({ marketplaces: true })`). */
  marketplaces: MarketplacesStack | undefined;
  /** Publishes `marketplaces.integration.changed`. */
  publishIntegrationChanged(event: Partial<marketplacesEvents.MarketplaceIntegrationChanged>, msgId?: string): Promise<string>;
  /** Waits until the consumer recorded these message ids in the inbox (handled, in any outcome but a retry). */
  handled(messageIds: string[], timeoutMs?: number): Promise<void>;
  /** Durable consumer names of this stack. */
  durables: { orderImported: string; integrationChanged: string };
  /** Durable consumer names of the shipments events (on the SHIPMENTS stream). */
  shipmentDurables: string[];
  /**
   * Stops orders, runs `whileStopped` (e.g. deleting a durable so JetStream delivers every message
   * again) and starts it again on the same database and names.
   */
  restartOrders(whileStopped?: () => Promise<void>): Promise<void>;
  /** The service's log lines (JSON) so far. */
  logText(): string;
  /** The clock the service's buyer data retention reads (the system's until a test sets it). */
  clock: { now(): Date; set(iso: string): void };
  /** One retention round now, after the one the service ran at start (so it is never skipped). */
  retentionRound(): Promise<RetentionRound | null>;
  stop(): Promise<void>;
}

/** The shipments events orders consumes, by the last word of their subject. */
export interface ShipmentEvents {
  created: shipmentsEvents.ShipmentCreated;
  labelled: shipmentsEvents.ShipmentLabelled;
  cancelled: shipmentsEvents.ShipmentCancelled;
  tracking_updated: shipmentsEvents.ShipmentTrackingUpdated;
}
const shipmentCodecs: { [K in keyof ShipmentEvents]: { fromPartial(p: Partial<ShipmentEvents[K]>): ShipmentEvents[K]; encode(m: ShipmentEvents[K]): { finish(): Uint8Array } } } = {
  created: shipmentsEvents.ShipmentCreated,
  labelled: shipmentsEvents.ShipmentLabelled,
  cancelled: shipmentsEvents.ShipmentCancelled,
  tracking_updated: shipmentsEvents.ShipmentTrackingUpdated,
};

/**
 * `marketplaces: true` also starts the real marketplaces service and the eBay sandbox (the
 * marketplaces harness) on the same merchants stack, and points MARKETPLACES_GRPC_ADDR at it;
 * otherwise nothing answers there.
 */
export async function startOrdersStack(options: { marketplaces?: boolean } = {}): Promise<OrdersStack> {
  const infra = sharedInfra();
  const carriersStack = await startCarriersStack();
  const marketplacesStack = options.marketplaces ? await startMarketplacesStack({ merchants: carriersStack.merchants }) : undefined;
  const nats = await connectNats(infra.natsUrl, 'orders-test');
  // Orders finds the stream of its subscriptions by subject: marketplaces and shipments create them in production.
  await ensureStream(nats.jsm, MARKETPLACES_STREAM);
  await ensureStream(nats.jsm, SHIPMENTS_STREAM);
  const suffix = `-test-${randomUUID().slice(0, 8)}`;
  const config = parseConfig(configSchema, {
    GRPC_PORT: '0',
    DATABASE_URL: await createTestDatabase('orders'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'debug',
    NATS_CONSUMER_SUFFIX: suffix,
    NATS_CONSUMERS_SINCE: consumersSince(),
    CARRIERS_GRPC_ADDR: `127.0.0.1:${portOf(carriersStack.client.getChannel().getTarget())}`,
    MARKETPLACES_GRPC_ADDR: marketplacesStack ? `127.0.0.1:${portOf(marketplacesStack.client.getChannel().getTarget())}` : '127.0.0.1:1',
  });
  // Every line the service logs, for assertions on warnings and duplicates.
  const lines: string[] = [];
  const serviceLogger = createLogger('orders', 'debug', { write: (line: string) => void lines.push(line) });
  let current: Date | undefined;
  const clock = { now: () => current ?? new Date(), set: (iso: string) => void (current = new Date(iso)) };
  let running: RunningOrders = await startOrders(config, serviceLogger, clock.now);
  await running.shipmentConsumers.attached();
  // One channel for the whole stack: a restart binds the same port and the channel reconnects.
  const client = createGrpcClient(orders.OrdersServiceClient, `127.0.0.1:${running.port}`);
  const pool = createPool(config.DATABASE_URL, 4);
  const durables = { orderImported: `orders-order-imported${suffix}`, integrationChanged: `orders-integration-changed${suffix}` };
  const shipmentDurables = ['created', 'labelled', 'cancelled', 'tracking-updated'].map((e) => `orders-shipment-${e}${suffix}`);

  async function publish(subject: string, data: Uint8Array, msgId: string): Promise<string> {
    await nats.js.publish(subject, data, { msgID: msgId });
    return msgId;
  }

  const stack: OrdersStack = {
    config,
    pool,
    nats,
    carriersStack,
    client,
    async as(userId, merchantId, role = 'admin') {
      return rpcAs(client, { userId, merchantId, role: merchantId ? role : undefined }, SECRET);
    },
    async newMerchant() {
      const m = await carriersStack.newMerchant();
      return {
        merchantId: m.merchantId,
        admin: m.admin,
        api: await stack.as(m.admin.id, m.merchantId, 'admin'),
        carriers: m.api,
        async member() {
          const { user } = await m.member();
          return { user, api: await stack.as(user.id, m.merchantId, 'user') };
        },
      };
    },
    publishOrder: (merchantId, integrationId, order, options = {}) =>
      publish(
        'marketplaces.order.imported',
        marketplacesEvents.MarketplaceOrderImported.encode(orderImported(merchantId, integrationId, order, options.jobId)).finish(),
        options.msgId ?? messageId(),
      ),
    publishRaw: (subject, data, msgId = messageId()) => publish(subject, data, msgId),
    publishShipment(kind, event, msgId = messageId()) {
      const codec = shipmentCodecs[kind];
      return publish(`shipments.shipment.${kind}`, codec.encode(codec.fromPartial({ occurredAt: new Date().toISOString(), ...event })).finish(), msgId);
    },
    marketplaces: marketplacesStack,
    publishIntegrationChanged: (event, msgId = messageId()) =>
      publish(
        'marketplaces.integration.changed',
        marketplacesEvents.MarketplaceIntegrationChanged.encode(
          marketplacesEvents.MarketplaceIntegrationChanged.fromPartial({ provider: 'ebay', status: 'active', occurredAt: new Date().toISOString(), ...event }),
        ).finish(),
        msgId,
      ),
    handled: (messageIds, timeoutMs) => messagesHandled(pool, messageIds, timeoutMs),
    durables,
    shipmentDurables,
    async restartOrders(whileStopped) {
      for (const [, step] of running.shutdownSteps) await step();
      await whileStopped?.();
      running = await startOrders({ ...config, GRPC_PORT: running.port }, serviceLogger, clock.now);
      await running.shipmentConsumers.attached();
    },
    logText: () => lines.join(''),
    clock,
    async retentionRound() {
      await running.buyerDataRetention.idle();
      return running.buyerDataRetention.runRound();
    },
    async stop() {
      client.close();
      for (const [, step] of running.shutdownSteps) await step();
      for (const durable of Object.values(durables)) await nats.jsm.consumers.delete(MARKETPLACES_STREAM.name, durable).catch(() => undefined);
      for (const durable of shipmentDurables) await nats.jsm.consumers.delete(SHIPMENTS_STREAM.name, durable).catch(() => undefined);
      await nats.jsm.consumers.delete('CARRIERS', `orders-carrier-changed${suffix}`).catch(() => undefined);
      await nats.nc.drain();
      await pool.end();
      await marketplacesStack?.stop();
      await carriersStack.stop();
    },
  };
  return stack;
}

/** Creates a carrier integration through the real carriers service (the sandboxes check GLS credentials). */
export async function carrierIntegration(m: TestMerchant, request: Omit<carriers.CreateIntegrationRequest, 'merchantId'>): Promise<carriers.Integration> {
  return m.carriers.createIntegration({ merchantId: m.merchantId, ...request });
}

/** The port of a gRPC client's target (`dns:127.0.0.1:50053`). */
function portOf(target: string): number {
  const port = Number(/:(\d+)$/.exec(target)?.[1]);
  if (!port) throw new Error(`cannot read the port from ${target}`);
  return port;
}
