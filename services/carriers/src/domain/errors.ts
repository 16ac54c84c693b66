import { DomainError } from '@smista/service-kit';
import { carrierMessages as m, messages } from '@smista/contracts';

/** Stable codes of the carriers domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const CarriersErrorCode = {
  InvalidIntegration: 'INVALID_INTEGRATION',
  UnknownCarrier: 'UNKNOWN_CARRIER',
  IntegrationNotFound: 'INTEGRATION_NOT_FOUND',
  IntegrationInactive: 'INTEGRATION_INACTIVE',
  IntegrationNotActive: 'INTEGRATION_NOT_ACTIVE',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  InvalidCodes: 'INVALID_CODES',
  DuplicateCodes: 'DUPLICATE_CODES',
  NotPoolCarrier: 'NOT_POOL_CARRIER',
  CodeNotFound: 'CODE_NOT_FOUND',
  CodeNotAvailable: 'CODE_NOT_AVAILABLE',
  NoCodesAvailable: 'NO_CODES_AVAILABLE',
  InvalidLabelRequest: 'INVALID_LABEL_REQUEST',
  SenderMissing: 'SENDER_MISSING',
  DependencyUnavailable: 'DEPENDENCY_UNAVAILABLE',
} as const;
export type CarriersErrorCode = (typeof CarriersErrorCode)[keyof typeof CarriersErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class CarriersError extends DomainError<CarriersErrorCode> {}

const E = CarriersErrorCode;
const make = (code: CarriersErrorCode, message: string) => () => new CarriersError(code, message);

export const carriersErrors = {
  /** A credential or name rule of §5 (the first problem's message). */
  invalidIntegration: (message: string) => new CarriersError(E.InvalidIntegration, message),
  unknownCarrier: make(E.UnknownCarrier, m.unknownCarrier),
  /** Unknown, malformed, or another merchant's integration id: one answer. */
  integrationNotFound: make(E.IntegrationNotFound, m.integrationNotFound),
  integrationInactive: make(E.IntegrationInactive, m.integrationInactive),
  integrationNotActive: make(E.IntegrationNotActive, m.integrationNotActive),
  /** A merchant id in the path other than the one selected in the session. */
  merchantNotFound: make(E.MerchantNotFound, m.merchantNotFound),
  /** A code list or range the rules refuse (the message names the codes or the rule). */
  invalidCodes: (message: string) => new CarriersError(E.InvalidCodes, message),
  /** Codes repeated in the request or already in the pool (the message names them). */
  duplicateCodes: (message: string) => new CarriersError(E.DuplicateCodes, message),
  notPoolCarrier: make(E.NotPoolCarrier, m.notPoolCarrier),
  codeNotFound: make(E.CodeNotFound, m.codeNotFound),
  codeNotAvailable: make(E.CodeNotAvailable, m.codeNotAvailable),
  noCodesAvailable: make(E.NoCodesAvailable, m.noCodesAvailable),
  invalidLabelRequest: (message: string) => new CarriersError(E.InvalidLabelRequest, message),
  senderMissing: make(E.SenderMissing, m.senderMissing),
  /** The merchants service could not answer in time. */
  dependencyUnavailable: make(E.DependencyUnavailable, messages.errors.unavailable),
};
