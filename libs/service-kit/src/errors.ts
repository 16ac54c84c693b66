import { status as GrpcStatus } from '@grpc/grpc-js';

export { DomainError } from './domain-error';

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
