import { status as GrpcStatus } from '@grpc/grpc-js';
import { messages } from '@smista/contracts';
import { DomainError } from './domain-error';

export { DomainError, GrpcStatus };

/**
 * Codes the kit itself raises, in every service. A service's own table (domain code → status) is
 * merged over {@link kitErrorStatus} by `createHandlerFactory`, so these need no entry there.
 */
export const KitErrorCode = {
  /** No caller token, a forged or an expired one. */
  Unauthenticated: 'UNAUTHENTICATED',
  /** A merchant-scoped call from a session without a selected merchant. */
  NoMerchantSelected: 'NO_MERCHANT_SELECTED',
  /** A merchant's plain user asked for an admin-only action. */
  AdminOnly: 'ADMIN_ONLY',
  /** The request broke a rule: a zod issue, a NUL character, ... (message says which). */
  InvalidInput: 'INVALID_INPUT',
  /** The carrier or marketplace lacks the operation (provider-http `NotSupportedError`). */
  NotSupported: 'NOT_SUPPORTED',
  /** The provider did not answer in time, or still 429/5xx after the retries (provider-http). */
  ProviderUnavailable: 'PROVIDER_UNAVAILABLE',
  /** The provider refused the request with a status the adapter does not accept (provider-http). */
  ProviderRefused: 'PROVIDER_REFUSED',
} as const;
export type KitErrorCode = (typeof KitErrorCode)[keyof typeof KitErrorCode];

/** The kit's refusals, each a DomainError with its Italian message from the contracts. */
export const kitErrors = {
  unauthenticated: () => new DomainError(KitErrorCode.Unauthenticated, messages.errors.notAuthenticated),
  noMerchantSelected: () => new DomainError(KitErrorCode.NoMerchantSelected, messages.errors.noMerchantSelected),
  adminOnly: () => new DomainError(KitErrorCode.AdminOnly, messages.errors.adminOnly),
  invalidInput: (message: string = messages.errors.validation) => new DomainError(KitErrorCode.InvalidInput, message),
};

/** Domain code → gRPC status; one per service, `satisfies Record<TheirCode, GrpcStatus>`. */
export type ErrorStatusTable = Readonly<Record<string, GrpcStatus>>;

export const kitErrorStatus = {
  [KitErrorCode.Unauthenticated]: GrpcStatus.UNAUTHENTICATED,
  [KitErrorCode.NoMerchantSelected]: GrpcStatus.FAILED_PRECONDITION,
  [KitErrorCode.AdminOnly]: GrpcStatus.PERMISSION_DENIED,
  [KitErrorCode.InvalidInput]: GrpcStatus.INVALID_ARGUMENT,
  [KitErrorCode.NotSupported]: GrpcStatus.FAILED_PRECONDITION,
  [KitErrorCode.ProviderUnavailable]: GrpcStatus.UNAVAILABLE,
  [KitErrorCode.ProviderRefused]: GrpcStatus.FAILED_PRECONDITION,
} satisfies Record<KitErrorCode, GrpcStatus>;

/**
 * Statuses that mean the call failed to get an answer (as opposed to a refusal such as NOT_FOUND or
 * INVALID_ARGUMENT, which is an answer): these mark spans as errors and are worth an alert.
 */
export const FAILURE_STATUSES: ReadonlySet<GrpcStatus> = new Set([
  GrpcStatus.CANCELLED,
  GrpcStatus.UNKNOWN,
  GrpcStatus.DEADLINE_EXCEEDED,
  GrpcStatus.RESOURCE_EXHAUSTED,
  GrpcStatus.UNIMPLEMENTED,
  GrpcStatus.INTERNAL,
  GrpcStatus.UNAVAILABLE,
  GrpcStatus.DATA_LOSS,
]);
