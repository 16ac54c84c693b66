import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { IdentityErrorCode } from '../domain/errors';

/**
 * The one table from identity's domain error codes to gRPC statuses. The gateway maps the
 * statuses to HTTP (ALREADY_EXISTS → 409, UNAUTHENTICATED → 401, ...) and shows the message.
 */
export const errorStatus: ErrorStatusTable = {
  [IdentityErrorCode.EmailTaken]: GrpcStatus.ALREADY_EXISTS,
  [IdentityErrorCode.UsernameTaken]: GrpcStatus.ALREADY_EXISTS,
  [IdentityErrorCode.InvalidCredentials]: GrpcStatus.UNAUTHENTICATED,
  [IdentityErrorCode.SessionInvalid]: GrpcStatus.UNAUTHENTICATED,
  [IdentityErrorCode.UserUnknown]: GrpcStatus.UNAUTHENTICATED,
  [IdentityErrorCode.ResetTokenInvalid]: GrpcStatus.INVALID_ARGUMENT,
  [IdentityErrorCode.WrongCurrentPassword]: GrpcStatus.INVALID_ARGUMENT,
  [IdentityErrorCode.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [IdentityErrorCode.DependencyUnavailable]: GrpcStatus.UNAVAILABLE,
};
