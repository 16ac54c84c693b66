import { DomainError } from '@smista/service-kit';
import { messages } from '@smista/contracts';

/**
 * Stable codes of the identity domain's errors. `grpc/errors.ts` maps each to a gRPC status;
 * the Italian message travels as the status details and the gateway shows it as is.
 */
export const IdentityErrorCode = {
  EmailTaken: 'EMAIL_TAKEN',
  UsernameTaken: 'USERNAME_TAKEN',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  SessionInvalid: 'SESSION_INVALID',
  UserUnknown: 'USER_UNKNOWN',
  ResetTokenInvalid: 'RESET_TOKEN_INVALID',
  WrongCurrentPassword: 'WRONG_CURRENT_PASSWORD',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  DependencyUnavailable: 'DEPENDENCY_UNAVAILABLE',
} as const;
export type IdentityErrorCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];

const e = messages.errors;

export const identityErrors = {
  emailTaken: () => new DomainError(IdentityErrorCode.EmailTaken, e.emailTaken),
  usernameTaken: () => new DomainError(IdentityErrorCode.UsernameTaken, e.usernameTaken),
  /** Same answer for an unknown e-mail and a wrong password. */
  invalidCredentials: () => new DomainError(IdentityErrorCode.InvalidCredentials, e.invalidCredentials),
  /** Unknown, expired or logged-out session. */
  sessionInvalid: () => new DomainError(IdentityErrorCode.SessionInvalid, e.notAuthenticated),
  /** A valid caller token for a user that no longer exists. */
  userUnknown: () => new DomainError(IdentityErrorCode.UserUnknown, e.notAuthenticated),
  /** Unknown, used or expired reset link. */
  resetTokenInvalid: () => new DomainError(IdentityErrorCode.ResetTokenInvalid, e.resetTokenInvalid),
  wrongCurrentPassword: () => new DomainError(IdentityErrorCode.WrongCurrentPassword, e.wrongCurrentPassword),
  merchantNotFound: () => new DomainError(IdentityErrorCode.MerchantNotFound, e.merchantNotFound),
  dependencyUnavailable: () => new DomainError(IdentityErrorCode.DependencyUnavailable, e.unavailable),
};
