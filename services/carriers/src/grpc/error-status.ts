import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { CarriersErrorCode as C } from '../domain';
import { CarrierErrorCode as P } from '../adapters/adapter';

/** The one table from domain and carrier error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.InvalidIntegration]: GrpcStatus.INVALID_ARGUMENT,
  [C.UnknownCarrier]: GrpcStatus.NOT_FOUND,
  [C.IntegrationNotFound]: GrpcStatus.NOT_FOUND,
  [C.IntegrationInactive]: GrpcStatus.FAILED_PRECONDITION,
  [C.IntegrationNotActive]: GrpcStatus.FAILED_PRECONDITION,
  [C.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [C.InvalidCodes]: GrpcStatus.INVALID_ARGUMENT,
  [C.DuplicateCodes]: GrpcStatus.ALREADY_EXISTS,
  [C.NotPoolCarrier]: GrpcStatus.FAILED_PRECONDITION,
  [C.CodeNotFound]: GrpcStatus.NOT_FOUND,
  [C.CodeNotAvailable]: GrpcStatus.FAILED_PRECONDITION,
  // Also the letter adapter's code (the same string): no code left in the pool.
  [C.NoCodesAvailable]: GrpcStatus.FAILED_PRECONDITION,
  [C.InvalidLabelRequest]: GrpcStatus.INVALID_ARGUMENT,
  [C.SenderMissing]: GrpcStatus.FAILED_PRECONDITION,
  [C.DependencyUnavailable]: GrpcStatus.UNAVAILABLE,
  // The carriers' refusals: the merchant can act on them (fix the data, the credentials).
  [P.CredentialsRefused]: GrpcStatus.FAILED_PRECONDITION,
  [P.LabelRefused]: GrpcStatus.FAILED_PRECONDITION,
  [P.CancelRefused]: GrpcStatus.FAILED_PRECONDITION,
  [P.ShipmentUnknown]: GrpcStatus.NOT_FOUND,
  [P.BadResponse]: GrpcStatus.UNAVAILABLE,
} satisfies Record<C | P, GrpcStatus>;
