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
} from '@smista/service-kit';
import { activity, carriersEvents, marketplacesEvents, merchantsEvents, ordersEvents, shipmentsEvents } from '@smista/proto';
import { configSchema, type Config } from '../../src/config';
import { startActivity, type RunningActivity } from '../../src/main';
import { stream as MARKETPLACES_STREAM } from '../../../marketplaces/src/events/publishers';
import { stream as CARRIERS_STREAM } from '../../../carriers/src/events/publishers';
import { stream as SHIPMENTS_STREAM } from '../../../shipments/src/events/publishers';
import { stream as ORDERS_STREAM } from '../../../orders/src/events/publishers';
import { stream as MERCHANTS_STREAM } from '../../../merchants/src/events/publishers';
import { createTestDatabase } from '../../../../e2e/support/db';
import { consumersSince, sharedInfra } from '../../../../e2e/support/env';

export { failure, waitFor } from '../../../merchants/test/support/harness';
import { messagesHandled } from '../../../merchants/test/support/harness';

export const SECRET = 'activity-integration-test-secret-0123456789';

export type ActivityApi = Rpc<activity.ActivityServiceClient>;

/** The events activity consumes, by subject, with their encoders. */
const encoders = {
  'marketplaces.sync.finished': (e: Partial<marketplacesEvents.MarketplaceSyncFinished>) => marketplacesEvents.MarketplaceSyncFinished.encode(marketplacesEvents.MarketplaceSyncFinished.fromPartial(e)).finish(),
  'marketplaces.integration.changed': (e: Partial<marketplacesEvents.MarketplaceIntegrationChanged>) =>
    marketplacesEvents.MarketplaceIntegrationChanged.encode(marketplacesEvents.MarketplaceIntegrationChanged.fromPartial(e)).finish(),
  'marketplaces.tracking.attempted': (e: Partial<marketplacesEvents.MarketplaceTrackingAttempted>) =>
    marketplacesEvents.MarketplaceTrackingAttempted.encode(marketplacesEvents.MarketplaceTrackingAttempted.fromPartial(e)).finish(),
  'marketplaces.privacy.requested': (e: Partial<marketplacesEvents.MarketplacePrivacyRequested>) =>
    marketplacesEvents.MarketplacePrivacyRequested.encode(marketplacesEvents.MarketplacePrivacyRequested.fromPartial(e)).finish(),
  'carriers.integration.changed': (e: Partial<carriersEvents.CarrierIntegrationChanged>) =>
    carriersEvents.CarrierIntegrationChanged.encode(carriersEvents.CarrierIntegrationChanged.fromPartial(e)).finish(),
  'carriers.codes.low_stock': (e: Partial<carriersEvents.TrackingCodesLowStock>) => carriersEvents.TrackingCodesLowStock.encode(carriersEvents.TrackingCodesLowStock.fromPartial(e)).finish(),
  'carriers.codes.restocked': (e: Partial<carriersEvents.TrackingCodesRestocked>) => carriersEvents.TrackingCodesRestocked.encode(carriersEvents.TrackingCodesRestocked.fromPartial(e)).finish(),
  'shipments.shipment.failed': (e: Partial<shipmentsEvents.ShipmentFailed>) => shipmentsEvents.ShipmentFailed.encode(shipmentsEvents.ShipmentFailed.fromPartial(e)).finish(),
  'shipments.shipment.labelled': (e: Partial<shipmentsEvents.ShipmentLabelled>) => shipmentsEvents.ShipmentLabelled.encode(shipmentsEvents.ShipmentLabelled.fromPartial(e)).finish(),
  'shipments.shipment.workday_closed': (e: Partial<shipmentsEvents.ShipmentWorkdayClosed>) => shipmentsEvents.ShipmentWorkdayClosed.encode(shipmentsEvents.ShipmentWorkdayClosed.fromPartial(e)).finish(),
  'shipments.shipment.cancelled': (e: Partial<shipmentsEvents.ShipmentCancelled>) => shipmentsEvents.ShipmentCancelled.encode(shipmentsEvents.ShipmentCancelled.fromPartial(e)).finish(),
  'shipments.shipment.tracking_updated': (e: Partial<shipmentsEvents.ShipmentTrackingUpdated>) =>
    shipmentsEvents.ShipmentTrackingUpdated.encode(shipmentsEvents.ShipmentTrackingUpdated.fromPartial(e)).finish(),
  'orders.rule.changed': (e: Partial<ordersEvents.ShippingRuleChanged>) => ordersEvents.ShippingRuleChanged.encode(ordersEvents.ShippingRuleChanged.fromPartial(e)).finish(),
  'orders.carriers.assigned': (e: Partial<ordersEvents.CarriersAssignedByRules>) => ordersEvents.CarriersAssignedByRules.encode(ordersEvents.CarriersAssignedByRules.fromPartial(e)).finish(),
  'orders.buyer.erased': (e: Partial<ordersEvents.BuyerDataErased>) => ordersEvents.BuyerDataErased.encode(ordersEvents.BuyerDataErased.fromPartial(e)).finish(),
  'orders.import.finished': (e: Partial<ordersEvents.OrderImportFinished>) => ordersEvents.OrderImportFinished.encode(ordersEvents.OrderImportFinished.fromPartial(e)).finish(),
  'merchants.merchant.sso_required_changed': (e: Partial<merchantsEvents.MerchantSsoRequiredChanged>) =>
    merchantsEvents.MerchantSsoRequiredChanged.encode(merchantsEvents.MerchantSsoRequiredChanged.fromPartial(e)).finish(),
};
export type Subject = keyof typeof encoders;
type EventOf<S extends Subject> = Parameters<(typeof encoders)[S]>[0];

/** A controllable clock: the service's `now()` (the workday reminder and token checks read it). */
export interface Clock {
  now(): Date;
  set(iso: string): void;
}

/**
 * The activity service on a fresh database, fed through the real streams of its peers (created
 * here as their owners would), and called with caller tokens as identity signs them. Two
 * instances (replicas) on one database and one set of durables.
 */
export interface ActivityStack {
  config: Config;
  pool: Pool;
  nats: Nats;
  clock: Clock;
  /** The replicas: `[0]` always, `[1]` after `addReplica()`. */
  replicas: RunningActivity[];
  addReplica(): Promise<RunningActivity>;
  /** Calls as a user inside a merchant (no merchant: none selected). */
  as(userId: string, merchantId: string | undefined, role?: Role): ActivityApi;
  /** Publishes an event as its owner's outbox relay would (a new message id unless given); answers the message id. */
  publish<S extends Subject>(subject: S, event: EventOf<S>, msgId?: string): Promise<string>;
  /** Waits until activity recorded these messages (inbox or dead letters). */
  handled(messageIds: string[], timeoutMs?: number): Promise<void>;
  /** Publishes and waits until handled. */
  deliver<S extends Subject>(subject: S, event: EventOf<S>, msgId?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startActivityStack(options: { env?: Record<string, string>; now?: string } = {}): Promise<ActivityStack> {
  const infra = sharedInfra();
  const nats = await connectNats(infra.natsUrl, 'activity-test');
  for (const s of [MARKETPLACES_STREAM, CARRIERS_STREAM, SHIPMENTS_STREAM, ORDERS_STREAM, MERCHANTS_STREAM]) await ensureStream(nats.jsm, s);
  let current = new Date(options.now ?? '2026-06-01T08:00:00Z');
  const clock: Clock = { now: () => current, set: (iso) => (current = new Date(iso)) };
  const config = parseConfig(configSchema, {
    GRPC_PORT: '0',
    METRICS_PORT: '0',
    DATABASE_URL: await createTestDatabase('activity'),
    NATS_URL: infra.natsUrl,
    CALLER_TOKEN_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    NATS_CONSUMER_SUFFIX: `-test-${randomUUID().slice(0, 8)}`,
    NATS_CONSUMERS_SINCE: consumersSince(),
    ...options.env,
  });
  const logger = createLogger('activity', process.env.TEST_LOG_LEVEL ?? 'silent');
  const replicas: RunningActivity[] = [];
  const start = async () => {
    const running = await startActivity(config, logger, clock.now);
    await running.consumers.attached();
    replicas.push(running);
    return running;
  };
  await start();
  const client = createGrpcClient(activity.ActivityServiceClient, `127.0.0.1:${replicas[0]!.port}`);
  const pool = createPool(config.DATABASE_URL);

  const stack: ActivityStack = {
    config,
    pool,
    nats,
    clock,
    replicas,
    addReplica: start,
    as: (userId, merchantId, role = 'admin') => rpcAs(client, { userId, merchantId, role: merchantId ? role : undefined }, SECRET, 10_000),
    async publish(subject, event, msgId = randomUUID()) {
      await nats.js.publish(subject, (encoders[subject] as (e: unknown) => Uint8Array)(event), { msgID: msgId });
      return msgId;
    },
    handled: (messageIds, timeoutMs) => messagesHandled(pool, messageIds, timeoutMs),
    async deliver(subject, event, msgId) {
      const id = await stack.publish(subject, event, msgId);
      await stack.handled([id]);
      return id;
    },
    async stop() {
      client.close();
      for (const r of [...replicas].reverse()) for (const [, step] of r.shutdownSteps) await step();
      await pool.end();
      await nats.nc.drain();
    },
  };
  return stack;
}

