import { status as GrpcStatus } from '@grpc/grpc-js';

/**
 * A domain error: a stable `code` for programs and an Italian `message` for people.
 * Handlers map codes to gRPC statuses through one table per service.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export { GrpcStatus };

/** An error that already carries its gRPC status, for handlers and transport code. */
export class GrpcError extends Error {
  constructor(
    readonly grpcCode: GrpcStatus,
    message: string,
  ) {
    super(message);
    this.name = 'GrpcError';
  }
}

export type ErrorStatusTable = Record<string, GrpcStatus>;
