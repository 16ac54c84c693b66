import { Metadata, status, type ServiceError } from '@grpc/grpc-js';
import type { identity, merchants } from '@smista/proto';

/** A unary handler of a stub: answers a response or throws a {@link grpcError}. */
export type StubHandler = (request: any, metadata: Metadata) => unknown | Promise<unknown>;

/** A gRPC ServiceError as grpc-js produces it. */
export function grpcError(code: status, details: string): ServiceError {
  return Object.assign(new Error(`${code} ${status[code]}: ${details}`), { code, details, metadata: new Metadata() });
}

/**
 * An in-process object with a ts-proto client's callback signature, for unit tests of the HTTP
 * layer only (integration tests in gateway/test use the real services). Records every call.
 */
export function stubClient<C>(handlers: Record<string, StubHandler>) {
  const calls: { method: string; request: any; metadata: Metadata }[] = [];
  const client = new Proxy(
    { close: () => undefined },
    {
      get(target, prop: string) {
        if (prop in target) return (target as Record<string, unknown>)[prop];
        return (request: unknown, metadata: Metadata, _options: unknown, callback: (err: ServiceError | null, res?: unknown) => void) => {
          calls.push({ method: prop, request, metadata });
          const handler = handlers[prop];
          Promise.resolve()
            .then(() => {
              if (!handler) throw grpcError(status.UNIMPLEMENTED, `${prop} not stubbed`);
              return handler(request, metadata);
            })
            .then(
              (res) => callback(null, res),
              (err: ServiceError) => callback(err),
            );
          return {};
        };
      },
    },
  );
  return { client: client as unknown as C, calls, handlers };
}

export type StubIdentity = ReturnType<typeof stubClient<identity.IdentityServiceClient>>;
export type StubMerchants = ReturnType<typeof stubClient<merchants.MerchantsServiceClient>>;
