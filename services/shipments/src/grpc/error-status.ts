import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { ShipmentsErrorCode as C } from '../domain';

/** The one table from domain error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.ShipmentNotFound]: GrpcStatus.NOT_FOUND,
  [C.ManifestNotFound]: GrpcStatus.NOT_FOUND,
  [C.CarrierIntegrationNotFound]: GrpcStatus.NOT_FOUND,
  // The gateway answers these 409: the shipment exists, its state (or the carrier) says no.
  [C.CarrierIntegrationInactive]: GrpcStatus.FAILED_PRECONDITION,
  [C.ActionNotAllowed]: GrpcStatus.FAILED_PRECONDITION,
  [C.NothingToDo]: GrpcStatus.FAILED_PRECONDITION,
  [C.CarrierRefused]: GrpcStatus.FAILED_PRECONDITION,
  [C.CarrierUnavailable]: GrpcStatus.UNAVAILABLE,
  [C.DependencyUnavailable]: GrpcStatus.UNAVAILABLE,
} satisfies Record<C, GrpcStatus>;
