import { GrpcStatus, type ErrorStatusTable } from '@smista/service-kit';
import type { MarketplaceErrorCode } from '../adapters';
import { MarketplacesErrorCode as C } from '../domain';

/** The one table from domain and marketplace error codes to gRPC statuses; the gateway maps statuses to HTTP. */
export const errorStatus: ErrorStatusTable = {
  [C.MarketplaceNotFound]: GrpcStatus.NOT_FOUND,
  // Proto: a marketplace without an adapter, or without OAuth, answers UNIMPLEMENTED (Italian message).
  [C.MarketplaceNotAvailable]: GrpcStatus.UNIMPLEMENTED,
  [C.OAuthNotSupported]: GrpcStatus.UNIMPLEMENTED,
  [C.ConnectWithOAuth]: GrpcStatus.FAILED_PRECONDITION,
  [C.RefreshNotSupported]: GrpcStatus.FAILED_PRECONDITION,
  [C.SettingsMissing]: GrpcStatus.INVALID_ARGUMENT,
  [C.CallbackParamsMissing]: GrpcStatus.INVALID_ARGUMENT,
  [C.AuthorizationDenied]: GrpcStatus.FAILED_PRECONDITION,
  [C.OAuthStateInvalid]: GrpcStatus.FAILED_PRECONDITION,
  [C.MerchantNotFound]: GrpcStatus.NOT_FOUND,
  [C.IntegrationNotFound]: GrpcStatus.NOT_FOUND,
  [C.IntegrationInactive]: GrpcStatus.FAILED_PRECONDITION,
  [C.IntegrationPending]: GrpcStatus.FAILED_PRECONDITION,
  [C.IntegrationInError]: GrpcStatus.FAILED_PRECONDITION,
  [C.JobNotFound]: GrpcStatus.NOT_FOUND,
  // The gateway answers these 401 / 400: Shopify retries neither as a success.
  [C.WebhookSignatureInvalid]: GrpcStatus.UNAUTHENTICATED,
  [C.WebhookInvalid]: GrpcStatus.INVALID_ARGUMENT,
  // The marketplaces' refusals: the merchant can act on them (configuration, connect again, the data).
  CLIENT_REFUSED: GrpcStatus.FAILED_PRECONDITION,
  CODE_REFUSED: GrpcStatus.FAILED_PRECONDITION,
  REFRESH_REFUSED: GrpcStatus.FAILED_PRECONDITION,
  TOKEN_EXPIRED: GrpcStatus.FAILED_PRECONDITION,
  REQUEST_REFUSED: GrpcStatus.FAILED_PRECONDITION,
  ALREADY_FULFILLED: GrpcStatus.FAILED_PRECONDITION,
  // A quota passes: the caller may try again later.
  QUOTA_EXCEEDED: GrpcStatus.RESOURCE_EXHAUSTED,
} satisfies Record<C | MarketplaceErrorCode, GrpcStatus>;
