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
  [C.SsoNotConfigured]: GrpcStatus.FAILED_PRECONDITION,
  [C.SsoTokenInvalid]: GrpcStatus.UNAUTHENTICATED,
  [C.SsoNonceInvalid]: GrpcStatus.UNAUTHENTICATED,
  [C.SsoEmailMissing]: GrpcStatus.PERMISSION_DENIED,
  [C.SsoEmailUnverified]: GrpcStatus.PERMISSION_DENIED,
  // 409 at the gateway: the shell asks for the Smista password and sends the token again.
  [C.SsoLinkPasswordRequired]: GrpcStatus.ALREADY_EXISTS,
  [C.SsoLinkPasswordWrong]: GrpcStatus.INVALID_ARGUMENT,
  [C.SsoRequiredByMerchant]: GrpcStatus.PERMISSION_DENIED,
  [C.PasswordAlreadySet]: GrpcStatus.FAILED_PRECONDITION,
} satisfies Record<C, GrpcStatus>;
