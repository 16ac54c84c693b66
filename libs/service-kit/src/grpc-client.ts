import * as grpc from '@grpc/grpc-js';
import { callerMetadata } from './caller';

/** Every client call has a deadline; this is the default when the caller gives none. */
export const DEFAULT_DEADLINE_MS = 5_000;

type ClientCtor<C> = new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions) => C;

/** A client for a service address (`host:port`), with keepalive suited to long-lived channels. */
export function createGrpcClient<C extends grpc.Client>(Ctor: ClientCtor<C>, address: string): C {
  return new Ctor(address, grpc.credentials.createInsecure(), {
    'grpc.keepalive_time_ms': 30_000,
    'grpc.keepalive_timeout_ms': 10_000,
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

/**
 * Promise view of a ts-proto grpc-js client with caller metadata and a deadline on every call:
 * `await rpc(identity, { callerToken }).updateProfile({...})`.
 */
export function rpc<C extends grpc.Client>(client: C, options: RpcOptions = {}): Rpc<C> {
  return new Proxy({} as Rpc<C>, {
    get(_target, prop) {
      const method = (client as unknown as Record<string | symbol, unknown>)[prop];
      if (typeof method !== 'function') return undefined;
      return (request: unknown) =>
        new Promise((resolve, reject) => {
          const deadline = new Date(Date.now() + (options.deadlineMs ?? DEFAULT_DEADLINE_MS));
          (method as UnaryMethod<unknown, unknown>).call(
            client,
            request,
            callerMetadata(options.callerToken),
            { deadline },
            (err, res) => (err ? reject(err) : resolve(res)),
          );
        });
    },
  });
}

export function isServiceError(err: unknown): err is grpc.ServiceError {
  return typeof err === 'object' && err !== null && 'code' in err && 'details' in err && 'metadata' in err;
}
