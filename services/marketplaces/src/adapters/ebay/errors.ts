import { ebayErrorTexts, ebayMessages } from '@smista/contracts';
import { parseRetryAfter, ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import { DEFAULT_QUOTA_RETRY_MS } from './settings';
import type { ProviderAnswer } from '../provider-answer';

/*
 * eBay's failure forms (providers.md) as errors with a stable code and the Italian message the
 * merchant reads. The texts are in the contracts (`ebayMessages`, `ebayErrorTexts`); eBay's own
 * words are quoted only for an error id we have no text of.
 *
 * | eBay answer                                                   | code             |
 * |---------------------------------------------------------------|------------------|
 * | token endpoint `{"error":"invalid_grant"}` on a code exchange | CODE_REFUSED     |
 * | token endpoint `{"error":"invalid_grant"}` on a refresh       | REFRESH_REFUSED  |
 * | token endpoint `invalid_client`, `unauthorized_client`, 401   | CLIENT_REFUSED   |
 * | token endpoint other OAuth errors (invalid_scope, …)          | REQUEST_REFUSED (providerCode = the OAuth error) |
 * | app not configured (no client id, secret or RuName)           | CLIENT_REFUSED (nothing sent) |
 * | 401 (errorId 1001 "Invalid access token", or none)            | TOKEN_EXPIRED    |
 * | 429, or errorId 2001 whatever the status                      | QUOTA_EXCEEDED (retryAfterMs from Retry-After, else {@link DEFAULT_QUOTA_RETRY_MS}) |
 * | 4xx with an errorId (30xxx/31xxx getOrders, 32xxx fulfilment) | REQUEST_REFUSED (providerCode = errorId) |
 * | createShippingFulfillment 32700, or 409 without an errorId    | ALREADY_FULFILLED (providerCode '32700' / '409'): a line already has a fulfilment |
 * | 409 without an errorId (other calls)                          | REQUEST_REFUSED (providerCode '409') |
 * | other 4xx                                                     | REQUEST_REFUSED (no providerCode) |
 * | 5xx after the retries, network failure, timeout               | ProviderUnavailableError (kit, provider-http) |
 * | a 2xx answer we cannot read                                   | ProviderUnavailableError (kit): a passing fault, the job retries |
 */

/** A eBay answer as the client hands it over (the shape every marketplace client shares). */
export type EbayAnswer = ProviderAnswer;

/** The eBay call that failed, for the message's wording. */
export type EbayApiOperation = 'identity' | 'orders' | 'fulfillment';
export type EbayTokenGrant = 'authorization_code' | 'refresh_token';

/** One entry of eBay's error envelope `{"errors": [{errorId, domain, category, message, longMessage, parameters}]}`. */
export interface EbayErrorEntry {
  errorId: string;
  domain: string;
  category: string;
  message: string;
  longMessage: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : typeof v === 'number' && Number.isFinite(v) ? String(v) : '');

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The entries of eBay's error envelope (`errors`, or `warnings` when that is all there is); [] for any other body. */
export function errorEntries(body: string): EbayErrorEntry[] {
  const json = parseJson(body);
  if (!isObject(json)) return [];
  const list = Array.isArray(json.errors) ? json.errors : Array.isArray(json.warnings) ? json.warnings : [];
  return list.filter(isObject).map((e) => ({
    errorId: text(e.errorId),
    domain: text(e.domain),
    category: text(e.category),
    message: text(e.message),
    longMessage: text(e.longMessage),
  }));
}

function header(headers: EbayAnswer['headers'], name: string): string | undefined {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** QUOTA_EXCEEDED with the wait eBay asked for, else the default. */
export function quotaExceeded(answer: EbayAnswer, providerCode?: string, now: number = Date.now()): MarketplaceError {
  const retryAfterMs = parseRetryAfter(header(answer.headers, 'retry-after'), now) ?? DEFAULT_QUOTA_RETRY_MS;
  return new MarketplaceError('QUOTA_EXCEEDED', ebayMessages.quotaExceeded, {
    retryAfterMs,
    httpStatus: answer.status,
    ...(providerCode ? { providerCode } : {}),
  });
}

/**
 * createShippingFulfillment's "a line item of this request already has a fulfilment": 32700 (409),
 * or a 409 without an error id. 32710 (a 409 too) is a cancelled order: a plain refusal.
 */
const ALREADY_FULFILLED: ReadonlySet<string> = new Set(['32700', '409']);

const refusedBy: Record<EbayApiOperation, (reason: string) => string> = {
  identity: ebayMessages.identityRefused,
  orders: ebayMessages.ordersRefused,
  fulfillment: ebayMessages.fulfillmentRefused,
};

/**
 * A refused call of the Sell Fulfillment or Identity API (any status but 2xx and 5xx) as a
 * {@link MarketplaceError}. `redact` cleans eBay's own words before they are quoted.
 *
 * @example apiError('fulfillment', { status: 400, text: '{"errors":[{"errorId":32300,…}]}', headers: {} })
 * // REQUEST_REFUSED 'eBay ha rifiutato la conferma di spedizione: numero di tracking o corriere non validi (codice 32300)'
 */
export function apiError(operation: EbayApiOperation, answer: EbayAnswer, redact: (s: string) => string = (s) => s, now?: number): MarketplaceError {
  const entries = errorEntries(answer.text);
  const first = entries.find((e) => e.errorId) ?? entries[0];
  const errorId = first?.errorId ?? '';
  if (answer.status === 429 || entries.some((e) => e.errorId === '2001')) return quotaExceeded(answer, errorId || undefined, now);
  if (answer.status === 401) {
    return new MarketplaceError('TOKEN_EXPIRED', ebayMessages.tokenExpired, { httpStatus: 401, ...(errorId ? { providerCode: errorId } : {}) });
  }
  const providerCode = errorId || (answer.status === 409 ? '409' : '');
  const known = ebayErrorTexts[providerCode] ?? (answer.status === 409 ? ebayErrorTexts['409'] : undefined);
  const theirs = redact(first?.longMessage || first?.message || '').slice(0, 300);
  const reason = known ?? (theirs || ebayMessages.httpStatus(answer.status));
  const code = operation === 'fulfillment' && ALREADY_FULFILLED.has(providerCode) ? 'ALREADY_FULFILLED' : 'REQUEST_REFUSED';
  return new MarketplaceError(code, refusedBy[operation](providerCode ? ebayMessages.withCode(reason, providerCode) : reason), {
    httpStatus: answer.status,
    ...(providerCode ? { providerCode } : {}),
  });
}

/**
 * A refusal of the token endpoint: the OAuth form `{"error", "error_description"}` (400
 * invalid_grant, 401 invalid_client), and eBay's error envelope should it answer with one.
 *
 * @example tokenError('refresh_token', { status: 400, text: '{"error":"invalid_grant","error_description":"the provided authorization refresh token is invalid or was issued to another client"}', headers: {} })
 * // REFRESH_REFUSED
 */
export function tokenError(grant: EbayTokenGrant, answer: EbayAnswer, redact: (s: string) => string = (s) => s, now?: number): MarketplaceError {
  const json = parseJson(answer.text);
  const oauthError = isObject(json) ? text(json.error) : '';
  const description = isObject(json) ? redact(text(json.error_description)).slice(0, 300) : '';
  const httpStatus = answer.status;
  if (oauthError === 'invalid_grant') {
    return grant === 'authorization_code'
      ? new MarketplaceError('CODE_REFUSED', ebayMessages.codeRefused, { httpStatus, providerCode: oauthError })
      : new MarketplaceError('REFRESH_REFUSED', ebayMessages.refreshRefused, { httpStatus, providerCode: oauthError });
  }
  if (oauthError === 'invalid_client' || oauthError === 'unauthorized_client' || (!oauthError && httpStatus === 401)) {
    return new MarketplaceError('CLIENT_REFUSED', ebayMessages.clientRefused, { httpStatus, ...(oauthError ? { providerCode: oauthError } : {}) });
  }
  const entries = errorEntries(answer.text);
  if (httpStatus === 429 || entries.some((e) => e.errorId === '2001')) return quotaExceeded(answer, oauthError || entries[0]?.errorId || undefined, now);
  if (oauthError) {
    return new MarketplaceError('REQUEST_REFUSED', ebayMessages.tokenRequestRefused(description || oauthError), { httpStatus, providerCode: oauthError });
  }
  const first = entries.find((e) => e.errorId) ?? entries[0];
  const reason = (first?.errorId && ebayErrorTexts[first.errorId]) || redact(first?.longMessage || first?.message || '').slice(0, 300) || ebayMessages.httpStatus(httpStatus);
  return new MarketplaceError('REQUEST_REFUSED', ebayMessages.tokenRequestRefused(first?.errorId ? ebayMessages.withCode(reason, first.errorId) : reason), {
    httpStatus,
    ...(first?.errorId ? { providerCode: first.errorId } : {}),
  });
}

/** The app's configuration is incomplete: CLIENT_REFUSED with spec §5's message, nothing sent. */
export function notConfigured(message: string): MarketplaceError {
  return new MarketplaceError('CLIENT_REFUSED', message);
}

/**
 * A 2xx answer we cannot read (not JSON, no token, an order without id). eBay does not send these
 * on purpose: it is a passing fault, so it is the kit's unavailability, which a job retries later.
 */
export function unreadable(operation: string, method: string, path: string, status: number, detail: string): ProviderUnavailableError {
  return new ProviderUnavailableError({ provider: ebayMessages.provider, operation, method, url: path, attempts: 1, status, detail: `unreadable answer: ${detail}` });
}
