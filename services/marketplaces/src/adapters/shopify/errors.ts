import { shopifyErrorTexts, shopifyMessages } from '@smista/contracts';
import { parseRetryAfter, ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import type { ProviderAnswer } from '../provider-answer';

/*
 * Shopify's failure forms (providers.md) as errors with a stable code and the Italian message the
 * merchant reads (texts in the contracts: `shopifyMessages`, `shopifyErrorTexts`).
 *
 * | Shopify answer                                                  | code |
 * |-----------------------------------------------------------------|------|
 * | token endpoint 401 / `invalid_client`                           | CLIENT_REFUSED |
 * | token endpoint other 4xx on a code exchange                     | CODE_REFUSED |
 * | token endpoint other 4xx on a refresh (`invalid_grant`…)        | REFRESH_REFUSED |
 * | GraphQL 401 / 403 (bad, expired or revoked token)               | TOKEN_EXPIRED |
 * | THROTTLED in `errors` (HTTP 200), or HTTP 429                   | QUOTA_EXCEEDED (retryAfterMs from Retry-After, else from throttleStatus) |
 * | other GraphQL `errors` (ACCESS_DENIED, validation…)             | REQUEST_REFUSED (providerCode = extensions.code) |
 * | ACCESS_DENIED of fulfillmentEventCreate (no write_fulfillments)  | REQUEST_REFUSED, 'Ricollega il negozio Shopify per concedere…' |
 * | `userErrors` of fulfillmentCreate: unfulfillable status          | ALREADY_FULFILLED |
 * | other `userErrors` (fulfillmentEventCreate's too)               | REQUEST_REFUSED |
 * | 5xx after the retries, network failure, a 2xx we cannot read   | ProviderUnavailableError (kit) |
 */

/** A Shopify answer as the client hands it over (the shape every marketplace client shares). */
export type ShopifyAnswer = ProviderAnswer;
/** A GraphQL answer with its body parsed once (undefined when it is not JSON). */
export type ShopifyGraphqlAnswer = ShopifyAnswer & { body: unknown };

export type ShopifyOperation = 'identity' | 'orders' | 'fulfillment' | 'delivery';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A 2xx answer we cannot read: a passing fault (the job retries), never the merchant's error. */
export function unreadable(operation: string, status: number, detail: string): ProviderUnavailableError {
  return new ProviderUnavailableError({ provider: shopifyMessages.provider, operation, method: 'POST', url: 'graphql.json', attempts: 1, status, detail: `unreadable answer: ${detail}` });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The wait Shopify's bucket asks before `cost` points are there again; at least 1 s. */
export function throttleWaitMs(body: unknown, fallbackCost = 50): number {
  const cost = isObject(body) && isObject(body.extensions) && isObject(body.extensions.cost) ? body.extensions.cost : undefined;
  const status = cost && isObject(cost.throttleStatus) ? cost.throttleStatus : undefined;
  const requested = typeof cost?.requestedQueryCost === 'number' ? cost.requestedQueryCost : fallbackCost;
  const available = typeof status?.currentlyAvailable === 'number' ? status.currentlyAvailable : 0;
  const rate = typeof status?.restoreRate === 'number' && status.restoreRate > 0 ? status.restoreRate : 50;
  return Math.max(1000, Math.ceil(((requested - available) / rate) * 1000));
}

const REFUSED_BY: Record<ShopifyOperation, (reason: string) => string> = {
  orders: shopifyMessages.ordersRefused,
  identity: shopifyMessages.identityRefused,
  fulfillment: shopifyMessages.fulfillmentRefused,
  delivery: shopifyMessages.deliveryRefused,
};
const refusedBy = (operation: ShopifyOperation) => REFUSED_BY[operation];

/**
 * A GraphQL call's failure, or undefined when it answered data: HTTP status first, then the
 * top-level `errors` (a partial answer with errors is a failure: Smista does not import half an order).
 */
export function graphqlFailure(operation: ShopifyOperation, answer: ShopifyGraphqlAnswer, redact: (s: string) => string): MarketplaceError | ProviderUnavailableError | undefined {
  const { body } = answer;
  if (answer.status === 401 || answer.status === 403) return new MarketplaceError('TOKEN_EXPIRED', shopifyMessages.tokenExpired, { httpStatus: answer.status });
  if (answer.status === 429) {
    const header = answer.headers['retry-after'];
    const retryAfterMs = parseRetryAfter(Array.isArray(header) ? header[0] : header) ?? throttleWaitMs(body);
    return new MarketplaceError('QUOTA_EXCEEDED', shopifyMessages.quotaExceeded, { providerCode: 'THROTTLED', retryAfterMs, httpStatus: 429 });
  }
  if (answer.status < 200 || answer.status >= 300) {
    return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(shopifyMessages.httpStatus(answer.status)), { httpStatus: answer.status });
  }
  if (!isObject(body)) return unreadable(operation, answer.status, 'not JSON');
  const errors = Array.isArray(body.errors) ? body.errors.filter(isObject) : [];
  if (errors.length === 0) return isObject(body.data) ? undefined : unreadable(operation, answer.status, 'no data');
  const codes = errors.map((e) => (isObject(e.extensions) && typeof e.extensions.code === 'string' ? e.extensions.code : ''));
  if (codes.includes('THROTTLED')) return new MarketplaceError('QUOTA_EXCEEDED', shopifyMessages.quotaExceeded, { providerCode: 'THROTTLED', retryAfterMs: throttleWaitMs(body), httpStatus: answer.status });
  const first = errors[0]!;
  const code = codes[0] ?? '';
  // A shop connected before Smista asked write_fulfillments: only connecting it again grants it.
  if (operation === 'delivery' && code === 'ACCESS_DENIED') return new MarketplaceError('REQUEST_REFUSED', shopifyMessages.deliveryScopeMissing, { providerCode: code, httpStatus: answer.status });
  const reason = shopifyErrorTexts[code] ?? redact(typeof first.message === 'string' ? first.message : code || 'errore sconosciuto');
  return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(reason), { ...(code ? { providerCode: code } : {}), httpStatus: answer.status });
}

/** fulfillmentCreate's `userErrors` as one failure; an unfulfillable (closed) fulfillment order is ALREADY_FULFILLED. */
export function userErrorsFailure(userErrors: readonly { message?: unknown }[]): MarketplaceError | undefined {
  const first = userErrors[0];
  if (!first) return undefined;
  const message = typeof first.message === 'string' ? first.message : '';
  if (/unfulfillable status/i.test(message)) return new MarketplaceError('ALREADY_FULFILLED', shopifyMessages.fulfillmentRefused(shopifyMessages.alreadyFulfilled), { providerCode: 'UNFULFILLABLE' });
  return new MarketplaceError('REQUEST_REFUSED', shopifyMessages.fulfillmentRefused(shopifyErrorTexts[message] ?? message), { providerCode: 'USER_ERROR' });
}

/** fulfillmentEventCreate's `userErrors` as one failure (an unknown or cancelled fulfilment). */
export function deliveryUserErrorsFailure(userErrors: readonly { message?: unknown }[]): MarketplaceError | undefined {
  const first = userErrors[0];
  if (!first) return undefined;
  const message = typeof first.message === 'string' ? first.message : '';
  return new MarketplaceError('REQUEST_REFUSED', shopifyMessages.deliveryRefused(shopifyErrorTexts[message] ?? message), { providerCode: 'USER_ERROR' });
}

/** The token endpoint's refusal. */
export function tokenFailure(grant: 'authorization_code' | 'refresh_token', answer: ShopifyAnswer, redact: (s: string) => string): MarketplaceError {
  const body = parseJson(answer.text);
  const error = isObject(body) && typeof body.error === 'string' ? body.error : '';
  const providerCode = error || String(answer.status);
  if (answer.status === 401 || error === 'invalid_client') return new MarketplaceError('CLIENT_REFUSED', shopifyMessages.clientRefused, { providerCode, httpStatus: answer.status });
  if (answer.status >= 400 && answer.status < 500) {
    return grant === 'authorization_code'
      ? new MarketplaceError('CODE_REFUSED', shopifyMessages.codeRefused, { providerCode, httpStatus: answer.status })
      : new MarketplaceError('REFRESH_REFUSED', shopifyMessages.refreshRefused, { providerCode, httpStatus: answer.status });
  }
  const description = isObject(body) && typeof body.error_description === 'string' ? body.error_description : shopifyMessages.httpStatus(answer.status);
  return new MarketplaceError('REQUEST_REFUSED', shopifyMessages.tokenRequestRefused(redact(description)), { providerCode, httpStatus: answer.status });
}
