import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { IdentityErrorCode as C } from '../domain/errors';

/** The one table from identity's domain error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.EmailTaken]: GrpcStatus.ALREADY_EXISTS,
  [C.UsernameTaken]: GrpcStatus.ALREADY_EXISTS,
  [C.InvalidCredentials]: GrpcStatus.UNAUTHENTICATED,
  [C.SessionInvalid]: GrpcStatus.UNAUTHENTICATED,
  [C.UserUnknown]: GrpcStatus.UNAUTHENTICATED,
  [C.ResetTokenInvalid]: GrpcStatus.INVALID_ARGUMENT,
  [C.WrongCurrentPassword]: GrpcStatus.INVALID_ARGUMENT,
  [C.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [C.DependencyUnavailable]: GrpcStatus.UNAVAILABLE,
} satisfies Record<C, GrpcStatus>;
