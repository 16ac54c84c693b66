import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import { OrdersErrorCode as C } from '../domain';

/** The one table from domain error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.OrderNotFound]: GrpcStatus.NOT_FOUND,
  [C.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [C.CarrierIntegrationNotFound]: GrpcStatus.NOT_FOUND,
  // The gateway answers this one 409 (the order exists; the integration must be switched on first).
  [C.CarrierIntegrationInactive]: GrpcStatus.FAILED_PRECONDITION,
  [C.DependencyUnavailable]: GrpcStatus.UNAVAILABLE,
  // The order exists but has nothing to push: the gateway answers 409.
  [C.NoTrackingToUpdate]: GrpcStatus.FAILED_PRECONDITION,
  [C.IntegrationNotFound]: GrpcStatus.NOT_FOUND,
  [C.MarketplaceRefused]: GrpcStatus.FAILED_PRECONDITION,
  [C.MarketplaceQuota]: GrpcStatus.RESOURCE_EXHAUSTED,
  [C.RuleNotFound]: GrpcStatus.NOT_FOUND,
  // The gateway answers 409.
  [C.RulePriorityTaken]: GrpcStatus.ALREADY_EXISTS,
  [C.ProductNotFound]: GrpcStatus.NOT_FOUND,
  [C.PresetNotFound]: GrpcStatus.NOT_FOUND,
  [C.PresetNameTaken]: GrpcStatus.ALREADY_EXISTS,
  [C.ImportNotFound]: GrpcStatus.NOT_FOUND,
} satisfies Record<C, GrpcStatus>;
