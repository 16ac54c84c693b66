import { DomainError } from '@smista/service-kit';
import { marketplaceMessages as m } from '@smista/contracts';

/** Stable codes of the marketplaces domain; `grpc/error-status.ts` maps each to one gRPC status. */
export const MarketplacesErrorCode = {
  MarketplaceNotFound: 'MARKETPLACE_NOT_FOUND',
  /** A marketplace of the catalogue without an adapter yet: nothing pretends to work. */
  MarketplaceNotAvailable: 'MARKETPLACE_NOT_AVAILABLE',
  OAuthNotSupported: 'OAUTH_NOT_SUPPORTED',
  /** A settings connect of a marketplace that connects through OAuth (eBay). */
  ConnectWithOAuth: 'CONNECT_WITH_OAUTH',
  RefreshNotSupported: 'REFRESH_NOT_SUPPORTED',
  SettingsMissing: 'SETTINGS_MISSING',
  CallbackParamsMissing: 'CALLBACK_PARAMS_MISSING',
  AuthorizationDenied: 'AUTHORIZATION_DENIED',
  /** The callback's state was not issued to this user in this merchant, ran out, or was used. */
  OAuthStateInvalid: 'OAUTH_STATE_INVALID',
  MerchantNotFound: 'MERCHANT_NOT_FOUND',
  IntegrationNotFound: 'INTEGRATION_NOT_FOUND',
  IntegrationInactive: 'INTEGRATION_INACTIVE',
  IntegrationPending: 'INTEGRATION_PENDING',
  /** The integration is in error (e.g. its refresh token was refused); the message says why. */
  IntegrationInError: 'INTEGRATION_IN_ERROR',
  JobNotFound: 'JOB_NOT_FOUND',
  /** A webhook whose signature is not the marketplace's (wrong secret, altered body): UNAUTHENTICATED. */
  WebhookSignatureInvalid: 'WEBHOOK_SIGNATURE_INVALID',
  /** A signed webhook that is malformed, oversized or of a topic Smista does not serve. */
  WebhookInvalid: 'WEBHOOK_INVALID',
} as const;
export type MarketplacesErrorCode = (typeof MarketplacesErrorCode)[keyof typeof MarketplacesErrorCode];

/** A refused request, with a stable `code` and the Italian text the user reads. */
export class MarketplacesError extends DomainError<MarketplacesErrorCode> {}

const E = MarketplacesErrorCode;
const make = (code: MarketplacesErrorCode, message: string) => () => new MarketplacesError(code, message);

export const marketplacesErrors = {
  marketplaceNotFound: make(E.MarketplaceNotFound, m.marketplaceNotFound),
  marketplaceNotAvailable: (name: string) => new MarketplacesError(E.MarketplaceNotAvailable, m.marketplaceNotAvailable(name)),
  oauthNotSupported: (name: string) => new MarketplacesError(E.OAuthNotSupported, m.oauthNotSupported(name)),
  connectWithOAuth: (name: string) => new MarketplacesError(E.ConnectWithOAuth, m.connectWithOAuth(name)),
  refreshNotSupported: make(E.RefreshNotSupported, m.refreshNotSupported),
  settingsMissing: (fields: readonly string[]) => new MarketplacesError(E.SettingsMissing, m.settingsMissing(fields)),
  callbackParamsMissing: make(E.CallbackParamsMissing, m.callbackParamsMissing),
  authorizationDenied: (error: string) => new MarketplacesError(E.AuthorizationDenied, m.authorizationDenied(error)),
  oauthStateInvalid: make(E.OAuthStateInvalid, m.oauthStateInvalid),
  /** A merchant id in the request other than the one selected in the session. */
  merchantNotFound: make(E.MerchantNotFound, m.merchantNotFound),
  /** Unknown, malformed, or another merchant's integration id: one answer. */
  integrationNotFound: make(E.IntegrationNotFound, m.integrationNotFound),
  integrationInactive: make(E.IntegrationInactive, m.integrationInactive),
  integrationPending: make(E.IntegrationPending, m.integrationPending),
  integrationInError: (message: string) => new MarketplacesError(E.IntegrationInError, message),
  /** Unknown, malformed, or another merchant's job id: one answer. */
  jobNotFound: make(E.JobNotFound, m.jobNotFound),
  /** The adapter's Italian reason (e.g. shopifyMessages.webhookSignatureInvalid). */
  webhookSignatureInvalid: (message: string) => new MarketplacesError(E.WebhookSignatureInvalid, message),
  webhookInvalid: (message: string) => new MarketplacesError(E.WebhookInvalid, message),
};

/**
 * An event the service cannot act on (a consumed event missing what identifies it). Never shown to
 * a user: thrown by the consumer, so the kit retries the message and dead-letters it after
 * `maxDeliver` with this text (for operators, in English).
 */
export class InvalidEventError extends DomainError<'INVALID_EVENT'> {
  constructor(detail: string) {
    super('INVALID_EVENT', `invalid event: ${detail}`);
  }
}
