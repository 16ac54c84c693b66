import type * as grpc from '@grpc/grpc-js';
import { activity, carriers, identity, marketplaces, merchants, orders, shipments } from '@smista/proto';
import { createGrpcClient, rpc, type Rpc } from '@smista/service-kit';

/** One gRPC service the gateway calls. */
interface GrpcServiceRow<C extends grpc.Client> {
  /** The generated client class. */
  client: new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C;
  /** The environment variable with its `host:port` (the local stack and the charts set it). */
  addressVar: string;
  /** Deadline of every call to it; default GRPC_DEADLINE_MS. */
  deadlineMs?: number;
  /** Largest answer accepted; default gRPC's 4 MiB. */
  maxReceiveMessageBytes?: number;
}

const row = <C extends grpc.Client>(r: GrpcServiceRow<C>) => r;

/**
 * Every gRPC service behind the gateway, keyed by the name route handlers use (`ctx.merchants`).
 * Joining a service is one row here plus its routes file (listed in `routes/index.ts`): the config,
 * the clients, the route context and `/readyz` all follow from this table.
 */
export const grpcServices = {
  identity: row({ client: identity.IdentityServiceClient, addressVar: 'IDENTITY_GRPC_ADDR' }),
  merchants: row({ client: merchants.MerchantsServiceClient, addressVar: 'MERCHANTS_GRPC_ADDR' }),
  // Saving an integration waits for the carrier's credential check (the adapter's own request
  // timeout is 30 s), so a slow carrier answers with its refusal or its silence, not a deadline.
  carriers: row({ client: carriers.CarriersServiceClient, addressVar: 'CARRIERS_GRPC_ADDR', deadlineMs: 35_000 }),
  // Connecting a marketplace exchanges the code and reads the seller's identity (two calls out).
  marketplaces: row({ client: marketplaces.MarketplacesServiceClient, addressVar: 'MARKETPLACES_GRPC_ADDR', deadlineMs: 35_000 }),
  // Updating tracking on demand asks marketplaces, which may refresh the seller's token before eBay answers.
  orders: row({ client: orders.OrdersServiceClient, addressVar: 'ORDERS_GRPC_ADDR', deadlineMs: 45_000 }),
  // Processing a batch waits for every label (1,000 GLS labels in well under a minute); merged
  // label PDFs are large, so its answers may be up to 256 MiB.
  shipments: row({ client: shipments.ShipmentsServiceClient, addressVar: 'SHIPMENTS_GRPC_ADDR', deadlineMs: 180_000, maxReceiveMessageBytes: 256 * 1024 * 1024 }),
  // Notifications and recent activity (the dashboard and the header).
  activity: row({ client: activity.ActivityServiceClient, addressVar: 'ACTIVITY_GRPC_ADDR' }),
};

export type ServiceName = keyof typeof grpcServices;
type ClientOf<K extends ServiceName> = InstanceType<(typeof grpcServices)[K]['client']>;

/** One long-lived channel per service for the whole process. */
export type GatewayClients = { [K in ServiceName]: ClientOf<K> };

/** The clients as promises, bound to one request's caller token and deadline (`ctx.identity.login(...)`). */
export type BoundClients = { [K in ServiceName]: Rpc<ClientOf<K>> };

export const serviceNames = Object.keys(grpcServices) as ServiceName[];

/** Opens a channel to every service at the addresses of the config. */
export function createClients(addresses: Record<ServiceName, string>): GatewayClients {
  const out = {} as Record<ServiceName, grpc.Client>;
  for (const name of serviceNames) out[name] = createGrpcClient(grpcServices[name].client as never, addresses[name], {
      maxReceiveMessageBytes: (grpcServices[name] as GrpcServiceRow<grpc.Client>).maxReceiveMessageBytes,
    });
  return out as GatewayClients;
}

/**
 * Clients bound to a caller token, each made on first use (most routes call one service). The
 * getters live once on a prototype, so binding costs a request one small object.
 *
 * @example const { merchants } = bindClients(clients, { callerToken, deadlineMs: 5000 });
 */
export function bindClients(clients: GatewayClients, options: { callerToken?: string; deadlineMs: number }): BoundClients {
  return new BoundClientsImpl(clients, options) as unknown as BoundClients;
}

class BoundClientsImpl {
  readonly made: Partial<Record<ServiceName, unknown>> = {};
  constructor(
    readonly clients: GatewayClients,
    readonly options: { callerToken?: string; deadlineMs: number },
  ) {}
}
for (const name of serviceNames) {
  Object.defineProperty(BoundClientsImpl.prototype, name, {
    enumerable: true,
    get(this: BoundClientsImpl) {
      return (this.made[name] ??= rpc(this.clients[name] as grpc.Client, {
        callerToken: this.options.callerToken,
        deadlineMs: grpcServices[name].deadlineMs ?? this.options.deadlineMs,
      }));
    },
  });
}

export function closeClients(clients: GatewayClients): void {
  for (const name of serviceNames) (clients[name] as grpc.Client).close();
}
