import * as grpc from '@grpc/grpc-js';
import { HealthImplementation, type ServingStatus } from 'grpc-health-check';
import { ZodError } from 'zod';
import type { Logger } from './logger';
import { DomainError, GrpcError, GrpcStatus, type ErrorStatusTable } from './errors';
import { callerFromMetadata, type Caller } from './caller';

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

/** Binds the services plus the standard gRPC health service; port 0 picks a free port (tests). */
export async function startGrpcServer(opts: {
  port: number;
  host?: string;
  services: GrpcServiceBinding[];
  logger: Logger;
}): Promise<GrpcServerHandle> {
  const server = new grpc.Server({ 'grpc.max_receive_message_length': 8 * 1024 * 1024 });
  for (const s of opts.services) server.addService(s.definition, s.implementation);
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
 * Builds unary handlers that translate: domain errors to statuses through the service's table,
 * zod errors to INVALID_ARGUMENT, anything else to INTERNAL with a generic Italian message.
 */
export function createHandlerFactory(opts: { logger: Logger; callerSecret: string; errors: ErrorStatusTable }) {
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
      fn(call.request, ctx).then(
        (response) => callback(null, response),
        (err: unknown) => callback(toServiceError(err, opts.errors, logger)),
      );
    };
  };
}

export function toServiceError(err: unknown, table: ErrorStatusTable, logger: Logger): Partial<grpc.StatusObject> {
  if (err instanceof GrpcError) return { code: err.grpcCode, details: err.message };
  if (err instanceof DomainError) {
    const code = table[err.code];
    if (code === undefined) logger.warn({ code: err.code }, 'domain error without a status mapping');
    return { code: code ?? GrpcStatus.FAILED_PRECONDITION, details: err.message };
  }
  if (err instanceof ZodError) return { code: GrpcStatus.INVALID_ARGUMENT, details: err.issues[0]?.message ?? 'Dati non validi' };
  logger.error({ err }, 'unhandled error in handler');
  return { code: GrpcStatus.INTERNAL, details: 'Si è verificato un errore interno. Riprova più tardi.' };
}
