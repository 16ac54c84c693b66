import * as grpc from '@grpc/grpc-js';
import { callerMetadata, signCallerToken, type Caller } from './caller';
import { FAILURE_STATUSES, GrpcStatus } from './errors';
import { grpcMetrics, startTimer } from './metrics';
import { context, inSpan, propagation, SpanKind, type TextMapSetter } from './tracing';

/** Every client call has a deadline; this is the default when the caller gives none. */
export const DEFAULT_DEADLINE_MS = 5_000;

type ClientCtor<C> = new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C;

/**
 * How soon a channel whose service went away tries again: 250 ms, growing to at most 1 s (gRPC's
 * own default grows to 2 minutes, so a service back after a minute could stay unreached that long).
 * Calls never wait for a connection (no waitForReady): while the service is down each fails at
 * once with UNAVAILABLE, which the gateway answers as a 503.
 */
export const RECONNECT_BACKOFF = { 'grpc.initial_reconnect_backoff_ms': 250, 'grpc.max_reconnect_backoff_ms': 1_000 } as const;

/** A client for a service address (`host:port`), with keepalive suited to long-lived channels. */
export function createGrpcClient<C extends grpc.Client>(Ctor: ClientCtor<C>, address: string, options: { maxReceiveMessageBytes?: number } = {}): C {
  return new Ctor(address, grpc.credentials.createInsecure(), {
    ...RECONNECT_BACKOFF,
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
    ...(options.maxReceiveMessageBytes ? { 'grpc.max_receive_message_length': options.maxReceiveMessageBytes } : {}),
  });
}

export interface RpcOptions {
  /** Signed caller token forwarded as metadata. */
  callerToken?: string;
  deadlineMs?: number;
}

type UnaryMethod<Req, Res> = (
  request: Req,
  metadata: grpc.Metadata,
  options: Partial<grpc.CallOptions>,
  callback: (error: grpc.ServiceError | null, response: Res) => void,
) => grpc.ClientUnaryCall;

/** The client's unary methods as promises. */
export type Rpc<C> = {
  [K in keyof C as C[K] extends UnaryMethod<any, any> ? K : never]: C[K] extends UnaryMethod<infer Req, infer Res>
    ? (request: Req) => Promise<Res>
    : never;
};

const metadataSetter: TextMapSetter<grpc.Metadata> = { set: (md, key, value) => md.set(key, value) };

const pathCache = new WeakMap<object, [service: string, method: string]>();

/**
 * `/identity.v1.IdentityService/ResolveSession` of a generated method, or its property name;
 * parsed once per method (every call on the hot path asks).
 */
function methodPath(method: object, prop: string): [service: string, method: string] {
  let parsed = pathCache.get(method);
  if (!parsed) {
    const path = (method as { path?: unknown }).path;
    const match = typeof path === 'string' ? /^\/([^/]+)\/(.+)$/.exec(path) : null;
    parsed = match ? [match[1], match[2]] : ['unknown', prop];
    pathCache.set(method, parsed);
  }
  return parsed;
}

/**
 * Promise view of a ts-proto grpc-js client with caller metadata and a deadline on every call:
 * `await rpc(identity, { callerToken }).updateProfile({...})`. Each call is a CLIENT span whose
 * context travels in the metadata (W3C `traceparent`), and is counted and timed per method.
 */
export function rpc<C extends grpc.Client>(client: C, options: RpcOptions = {}): Rpc<C> {
  return new Proxy({} as Rpc<C>, {
    get(_target, prop) {
      const method = (client as unknown as Record<string | symbol, unknown>)[prop];
      if (typeof method !== 'function' || typeof prop !== 'string') return undefined;
      const [service, rpcMethod] = methodPath(method, prop);
      return (request: unknown) => {
        const elapsed = startTimer();
        return inSpan(
          `${service}/${rpcMethod}`,
          {
            kind: SpanKind.CLIENT,
            attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': rpcMethod },
            isFailure: (err) => FAILURE_STATUSES.has((err as grpc.ServiceError).code),
          },
          (span) =>
            new Promise((resolve, reject) => {
              const metadata = callerMetadata(options.callerToken);
              propagation.inject(context.active(), metadata, metadataSetter);
              const deadline = new Date(Date.now() + (options.deadlineMs ?? DEFAULT_DEADLINE_MS));
              (method as UnaryMethod<unknown, unknown>).call(client, request, metadata, { deadline }, (err, res) => {
                const code = err ? err.code : GrpcStatus.OK;
                span.setAttribute('rpc.grpc.status_code', code);
                grpcMetrics.clientHandled.inc({ grpc_service: service, grpc_method: rpcMethod, grpc_code: GrpcStatus[code] });
                grpcMetrics.clientDuration.observe({ grpc_service: service, grpc_method: rpcMethod }, elapsed());
                if (err) reject(err);
                else resolve(res);
              });
            }),
        );
      };
    },
  });
}

export function isServiceError(err: unknown): err is grpc.ServiceError {
  return typeof err === 'object' && err !== null && 'code' in err && 'details' in err && 'metadata' in err;
}

/** A peer service's client that calls on behalf of a caller (see {@link createPeerClient}). */
export interface PeerClient<C> {
  /**
   * The peer's methods as the caller: a fresh caller token for the same user, merchant and role
   * (as the gateway would sign it: the incoming one may be near its end in a long batch).
   */
  as(caller: Caller, deadlineMs?: number): Promise<Rpc<C>>;
  close(): void;
}

/**
 * One way for a service to call a peer for the user it serves: the channel, the shared secret that
 * signs caller tokens, and a default deadline. The peer checks the caller itself (membership,
 * merchant), exactly as for a request from the gateway.
 *
 * @example const merchants = createPeerClient(merchants.MerchantsServiceClient, addr, { callerSecret, deadlineMs: 3_000 });
 *          const { addresses } = await (await merchants.as(caller)).listAddresses({});
 */
export function createPeerClient<C extends grpc.Client>(
  Ctor: ClientCtor<C>,
  address: string,
  options: { callerSecret: string; deadlineMs: number; maxReceiveMessageBytes?: number },
): PeerClient<C> {
  const client = createGrpcClient(Ctor, address, { maxReceiveMessageBytes: options.maxReceiveMessageBytes });
  return {
    as: async (caller, deadlineMs = options.deadlineMs) => rpc(client, { callerToken: await signCallerToken(caller, options.callerSecret), deadlineMs }),
    close: () => client.close(),
  };
}

/** A caller token is signed again once it is this old (it lives 30 s). */
/** The deadline of {@link rpcAs}'s calls unless given: a tool waits longer than a request does. */
const TOOL_DEADLINE_MS = 30_000;
const CALLER_TOKEN_RESIGN_MS = 15_000;

/**
 * `client`'s methods as `caller` for as long as the object is used: the caller token is signed
 * again before it runs out, as identity does for a live session, so a long batch or a slow machine
 * never meets an expired token. For tests and tools that act as one user over many calls.
 *
 * @example const api = rpcAs(client, { userId, merchantId, role: 'admin' }, secret); await api.listRules({});
 */
export function rpcAs<C extends grpc.Client>(client: C, caller: Caller, callerSecret: string, deadlineMs = TOOL_DEADLINE_MS): Rpc<C> {
  let current: { api: Rpc<C>; signedAt: number } | undefined;
  const api = async (): Promise<Rpc<C>> => {
    if (!current || Date.now() - current.signedAt > CALLER_TOKEN_RESIGN_MS) {
      current = { api: rpc(client, { callerToken: await signCallerToken(caller, callerSecret), deadlineMs }), signedAt: Date.now() };
    }
    return current.api;
  };
  return new Proxy({} as Rpc<C>, {
    get: (_target, method) =>
      // Not a promise: `await` looks for `then`.
      typeof method !== 'string' || method === 'then'
        ? undefined
        : async (request: unknown) => ((await api()) as unknown as Record<string, (r: unknown) => Promise<unknown>>)[method]!(request),
  });
}
