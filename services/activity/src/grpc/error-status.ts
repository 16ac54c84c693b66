import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { ActivityErrorCode as C } from '../domain';

/** The one table from domain error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.NotificationNotFound]: GrpcStatus.NOT_FOUND,
} satisfies Record<C, GrpcStatus>;
