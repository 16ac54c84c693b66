import { DomainError } from '@smista/service-kit';
import { messages } from '@smista/contracts';

/** Stable codes of the identity domain; `grpc/error-status.ts` maps each to one gRPC status. */
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
  SsoNotConfigured: 'SSO_NOT_CONFIGURED',
  SsoTokenInvalid: 'SSO_TOKEN_INVALID',
  SsoNonceInvalid: 'SSO_NONCE_INVALID',
  SsoEmailMissing: 'SSO_EMAIL_MISSING',
  SsoEmailUnverified: 'SSO_EMAIL_UNVERIFIED',
  SsoLinkPasswordRequired: 'SSO_LINK_PASSWORD_REQUIRED',
  SsoLinkPasswordWrong: 'SSO_LINK_PASSWORD_WRONG',
  SsoRequiredByMerchant: 'SSO_REQUIRED_BY_MERCHANT',
  PasswordAlreadySet: 'PASSWORD_ALREADY_SET',
} as const;
export type IdentityErrorCode = (typeof IdentityErrorCode)[keyof typeof IdentityErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class IdentityError extends DomainError<IdentityErrorCode> {}

const E = IdentityErrorCode;
const e = messages.errors;
const make = (code: IdentityErrorCode, message: string) => () => new IdentityError(code, message);

export const identityErrors = {
  emailTaken: make(E.EmailTaken, e.emailTaken),
  usernameTaken: make(E.UsernameTaken, e.usernameTaken),
  /** Same answer for an unknown e-mail and a wrong password. */
  invalidCredentials: make(E.InvalidCredentials, e.invalidCredentials),
  /** Unknown, expired or logged-out session. */
  sessionInvalid: make(E.SessionInvalid, e.notAuthenticated),
  /** A valid caller token for a user that no longer exists. */
  userUnknown: make(E.UserUnknown, e.notAuthenticated),
  /** Unknown, used or expired reset link. */
  resetTokenInvalid: make(E.ResetTokenInvalid, e.resetTokenInvalid),
  wrongCurrentPassword: make(E.WrongCurrentPassword, e.wrongCurrentPassword),
  merchantNotFound: make(E.MerchantNotFound, e.merchantNotFound),
  /** Merchants could not answer in time. */
  dependencyUnavailable: make(E.DependencyUnavailable, e.unavailable),
  ssoNotConfigured: make(E.SsoNotConfigured, e.ssoNotConfigured),
  /** Signature, issuer, audience, expiry or token type wrong: one answer for all, the detail is logged. */
  ssoTokenInvalid: make(E.SsoTokenInvalid, e.ssoTokenInvalid),
  /** No nonce bound to this browser, another one, or one already used. */
  ssoNonceInvalid: make(E.SsoNonceInvalid, e.ssoNonceInvalid),
  ssoEmailMissing: make(E.SsoEmailMissing, e.ssoEmailMissing),
  ssoEmailUnverified: make(E.SsoEmailUnverified, e.ssoEmailUnverified),
  ssoLinkPasswordRequired: make(E.SsoLinkPasswordRequired, e.ssoLinkPasswordRequired),
  ssoLinkPasswordWrong: make(E.SsoLinkPasswordWrong, e.ssoLinkPasswordWrong),
  /** Selecting, from a session opened with a password, a merchant that requires single sign-on. */
  ssoRequiredByMerchant: make(E.SsoRequiredByMerchant, e.ssoRequiredByMerchant),
  /** 'Imposta password' is for a user without one; with one, 'Cambia password' asks for it. */
  passwordAlreadySet: make(E.PasswordAlreadySet, e.passwordAlreadySet),
};
