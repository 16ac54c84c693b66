import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { MerchantsErrorCode as C } from '../domain';

/** The one table from domain error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.InvalidMerchantName]: GrpcStatus.INVALID_ARGUMENT,
  [C.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [C.Forbidden]: GrpcStatus.PERMISSION_DENIED,
  [C.NoMerchantSelected]: GrpcStatus.FAILED_PRECONDITION,
  [C.AdminOnly]: GrpcStatus.PERMISSION_DENIED,
  [C.LastAdmin]: GrpcStatus.FAILED_PRECONDITION,
  [C.MemberNotFound]: GrpcStatus.NOT_FOUND,
  [C.InvalidRole]: GrpcStatus.INVALID_ARGUMENT,
  [C.InvalidInvite]: GrpcStatus.INVALID_ARGUMENT,
  [C.AlreadyMember]: GrpcStatus.ALREADY_EXISTS,
  [C.InvitePending]: GrpcStatus.ALREADY_EXISTS,
  [C.InviteNotFound]: GrpcStatus.NOT_FOUND,
  [C.InviteInvalid]: GrpcStatus.NOT_FOUND,
  [C.InviteEmailMismatch]: GrpcStatus.PERMISSION_DENIED,
  [C.InvalidAddress]: GrpcStatus.INVALID_ARGUMENT,
  [C.AddressNotFound]: GrpcStatus.NOT_FOUND,
  [C.UserUnknown]: GrpcStatus.UNAUTHENTICATED,
  [C.DependencyUnavailable]: GrpcStatus.UNAVAILABLE,
  [C.SsoRequired]: GrpcStatus.PERMISSION_DENIED,
  [C.SsoSessionNeeded]: GrpcStatus.PERMISSION_DENIED,
  [C.InvalidSsoRequirement]: GrpcStatus.INVALID_ARGUMENT,
  [C.InvalidLogo]: GrpcStatus.INVALID_ARGUMENT,
} satisfies Record<C, GrpcStatus>;
