import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import { ZodError } from 'zod';
import { messages } from '@smista/contracts';
import type { Logger } from './logger';
import { DomainError, FAILURE_STATUSES, GrpcStatus, kitErrorStatus, kitErrors, type ErrorStatusTable } from './errors';
import { callerFromMetadata, type Caller } from './caller';
import { containsNul } from './ids';
import { grpcMetrics, startTimer } from './metrics';
import { contextFromHeaders, context, inSpan, SpanKind, SpanStatusCode, trace, type TextMapGetter } from './tracing';

export interface GrpcServiceBinding {
  definition: grpc.ServiceDefinition;
  implementation: grpc.UntypedServiceImplementation;
}

export interface GrpcServerHandle {
  port: number;
  setStatus(status: ServingStatus): void;
  /** Stops accepting calls and waits for in-flight ones (forced after `graceMs`). */
  shutdown(graceMs?: number): Promise<void>;
}

/** Reads W3C trace headers from incoming gRPC metadata. */
const metadataGetter: TextMapGetter<grpc.Metadata> = {
  keys: (md) => Object.keys(md.getMap()),
  get: (md, key) => {
    const value = md.get(key)[0];
    return typeof value === 'string' ? value : undefined;
  },
};

/** `/identity.v1.IdentityService/Register` → ['identity.v1.IdentityService', 'Register']. */
function splitPath(path: string): [service: string, method: string] {
  const [, service = '', method = path] = /^\/?([^/]+)\/(.+)$/.exec(path) ?? [];
  return [service, method];
}

/**
 * Every unary handler of a bound service runs inside a SERVER span that continues the caller's
 * trace (W3C `traceparent` in the metadata), and is counted and timed per method. Done here once,
 * for every handler, whichever way it was written.
 */
function observed(definition: grpc.ServiceDefinition, implementation: grpc.UntypedServiceImplementation): grpc.UntypedServiceImplementation {
  const out: grpc.UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(implementation)) {
    const method = definition[name];
    if (!method || method.requestStream || method.responseStream) {
      out[name] = handler;
      continue;
    }
    const [service, rpcMethod] = splitPath(method.path);
    const unary = handler as grpc.handleUnaryCall<unknown, unknown>;
    out[name] = ((call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      const elapsed = startTimer();
      const parent = contextFromHeaders(call.metadata, metadataGetter);
      void inSpan(
        `${service}/${rpcMethod}`,
        { kind: SpanKind.SERVER, parent, attributes: { 'rpc.system': 'grpc', 'rpc.service': service, 'rpc.method': rpcMethod } },
        (span) =>
          new Promise<void>((resolve) => {
            unary(call, (err, value, trailer, flags) => {
              const code = err ? (err.code ?? GrpcStatus.UNKNOWN) : GrpcStatus.OK;
              span.setAttribute('rpc.grpc.status_code', code);
              if (FAILURE_STATUSES.has(code)) span.setStatus({ code: SpanStatusCode.ERROR, message: GrpcStatus[code] });
              grpcMetrics.serverHandled.inc({ grpc_service: service, grpc_method: rpcMethod, grpc_code: GrpcStatus[code] });
              grpcMetrics.serverDuration.observe({ grpc_service: service, grpc_method: rpcMethod }, elapsed());
              callback(err, value, trailer, flags);
              resolve();
            });
          }),
      );
    }) as grpc.UntypedHandleCall;
  }
  return out;
}

/** Binds the services plus the standard gRPC health service; port 0 picks a free port (tests). */
export async function startGrpcServer(opts: {
  port: number;
  host?: string;
  services: GrpcServiceBinding[];
  logger: Logger;
}): Promise<GrpcServerHandle> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  for (const s of opts.services) server.addService(s.definition, observed(s.definition, s.implementation));
  const health = new HealthImplementation({ '': 'NOT_SERVING' });
  health.addToServer(server);
  const host = opts.host ?? '0.0.0.0';
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`${host}:${opts.port}`, grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
  );
  health.setStatus('', 'SERVING');
  opts.logger.info({ port }, 'gRPC server listening');
  return {
    port,
    setStatus: (status) => health.setStatus('', status),
    shutdown: (graceMs = 10_000) =>
      new Promise<void>((resolve) => {
        health.setStatus('', 'NOT_SERVING');
        const timer = setTimeout(() => {
          server.forceShutdown();
          resolve();
        }, graceMs);
        server.tryShutdown(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
  };
}

/** What a unary handler gets besides its request. */
export interface CallContext {
  metadata: grpc.Metadata;
  /** The verified caller (UNAUTHENTICATED when the token is missing or bad). */
  caller(): Promise<Caller>;
  logger: Logger;
}

/**
 * Builds unary handlers that translate: the request is refused at once when a string in it holds a
 * NUL character; domain errors become statuses through the kit's table merged with the service's,
 * zod errors become INVALID_INPUT with the first issue's Italian message (the contracts' error map),
 * anything else INTERNAL with a generic Italian message and the detail in the log.
 */
export function createHandlerFactory(opts: { logger: Logger; callerSecret: string; errors: ErrorStatusTable }) {
  const table: ErrorStatusTable = { ...kitErrorStatus, ...opts.errors };
  return function unary<Req, Res>(
    name: string,
    fn: (request: Req, ctx: CallContext) => Promise<Res>,
  ): grpc.handleUnaryCall<Req, Res> {
    return (call, callback) => {
      const logger = opts.logger.child({ rpc: name });
      let callerPromise: Promise<Caller> | undefined;
      const ctx: CallContext = {
        metadata: call.metadata,
        caller: () => (callerPromise ??= callerFromMetadata(call.metadata, opts.callerSecret)),
        logger,
      };
      const run = containsNul(call.request)
        ? Promise.reject(kitErrors.invalidInput(messages.validation.invalidCharacters))
        : fn(call.request, ctx);
      run.then(
        (response) => callback(null, response),
        (err: unknown) => callback(toServiceError(err, table, logger)),
      );
    };
  };
}

/** A failure as the domain sees it: DomainErrors as they are, zod issues as INVALID_INPUT. */
export function asDomainError(err: unknown): DomainError | undefined {
  if (err instanceof DomainError) return err;
  if (err instanceof ZodError) return kitErrors.invalidInput(err.issues[0]?.message);
  return undefined;
}

/** The one path from a failure to a gRPC status: the table decides the code, the message is the domain's Italian text. */
export function toServiceError(err: unknown, table: ErrorStatusTable, logger: Logger): Partial<grpc.StatusObject> {
  const domain = asDomainError(err);
  if (domain) {
    const code = table[domain.code];
    if (code === undefined) logger.warn({ code: domain.code }, 'domain error without a status mapping');
    return { code: code ?? GrpcStatus.FAILED_PRECONDITION, details: domain.message };
  }
  logger.error({ err }, 'unhandled error in handler');
  trace.getSpan(context.active())?.recordException(err instanceof Error ? err : String(err));
  return { code: GrpcStatus.INTERNAL, details: messages.errors.internal };
}
