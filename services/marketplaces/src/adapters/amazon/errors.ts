import { amazonErrorTexts, amazonMessages } from '@smista/contracts';
import { ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import type { ProviderAnswer } from '../provider-answer';

/*
 * Amazon's failure forms (providers.md) as errors with a stable code and the Italian message the
 * merchant reads (texts in the contracts: `amazonMessages`, `amazonErrorTexts`).
 *
 * | Amazon answer                                                   | code |
 * |-----------------------------------------------------------------|------|
 * | LWA 401 / `invalid_client`                                      | CLIENT_REFUSED |
 * | LWA other 4xx on a code exchange (`invalid_grant`…)             | CODE_REFUSED |
 * | LWA other 4xx on a refresh (`invalid_grant`: consent revoked)   | REFRESH_REFUSED |
 * | SP-API 401 / 403 `Unauthorized` (expired, revoked or bad token) | TOKEN_EXPIRED |
 * | SP-API 429 `QuotaExceeded`                                      | QUOTA_EXCEEDED (retryAfterMs = 1 / x-amzn-RateLimit-Limit) |
 * | SP-API 404 `NotFound`, 400 for an order id not 3-7-7            | REQUEST_REFUSED (order not found) |
 * | shipmentConfirmation 400: an item already shipped               | ALREADY_FULFILLED |
 * | other 4xx (`InvalidInput`…)                                     | REQUEST_REFUSED (providerCode = the envelope's code) |
 * | 5xx after the retries, network failure, a 2xx we cannot read    | ProviderUnavailableError (kit) |
 */

export type AmazonOperationKind = 'identity' | 'orders' | 'confirmation';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A 2xx answer we cannot read: a passing fault (the job retries), never the merchant's error. */
export function unreadable(operation: string, status: number, detail: string): ProviderUnavailableError {
  return new ProviderUnavailableError({ provider: amazonMessages.provider, operation, method: 'GET', url: operation, attempts: 1, status, detail: `unreadable answer: ${detail}` });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** `x-amzn-RateLimit-Limit` of an answer (requests per second); undefined when absent or not a positive number. */
export function rateLimitOf(answer: ProviderAnswer): number | undefined {
  const header = answer.headers['x-amzn-ratelimit-limit'];
  const value = Number(Array.isArray(header) ? header[0] : header);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

/** The first error of Amazon's envelope. */
export function firstError(text: string): { code: string; message: string; details: string } {
  const body = parseJson(text);
  const first = isObject(body) && Array.isArray(body.errors) && isObject(body.errors[0]) ? body.errors[0] : {};
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return { code: s(first.code), message: s(first.message), details: s(first.details) };
}

/** Italian for a wait: '3 minuti', '45 secondi'. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} secondi`;
  const minutes = Math.round(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minuti`;
}

export function quotaExceeded(retryAfterMs: number, httpStatus?: number): MarketplaceError {
  return new MarketplaceError('QUOTA_EXCEEDED', amazonMessages.quotaExceeded(waitText(retryAfterMs)), { providerCode: 'QuotaExceeded', retryAfterMs, ...(httpStatus ? { httpStatus } : {}) });
}

const refusedBy = (operation: AmazonOperationKind) =>
  operation === 'orders' ? amazonMessages.ordersRefused : operation === 'identity' ? amazonMessages.identityRefused : amazonMessages.confirmationRefused;

/**
 * An SP-API call's failure, or undefined for a 2xx. `fallbackRate` is the operation's plan, for a
 * 429 that carries no rate header.
 */
export function apiFailure(operation: AmazonOperationKind, answer: ProviderAnswer, fallbackRate: number, redact: (s: string) => string): MarketplaceError | undefined {
  if (answer.status >= 200 && answer.status < 300) return undefined;
  const error = firstError(answer.text);
  if (answer.status === 401 || answer.status === 403) return new MarketplaceError('TOKEN_EXPIRED', amazonMessages.tokenExpired, { providerCode: error.code || String(answer.status), httpStatus: answer.status });
  if (answer.status === 429) return quotaExceeded(Math.round(1000 / (rateLimitOf(answer) ?? fallbackRate)), 429);
  if (answer.status === 404 || error.code === 'NotFound') return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(amazonMessages.orderNotFound), { providerCode: error.code || '404', httpStatus: answer.status });
  if (operation === 'confirmation' && /already (been )?shipped/i.test(`${error.message} ${error.details}`)) {
    return new MarketplaceError('ALREADY_FULFILLED', amazonMessages.confirmationRefused(amazonMessages.alreadyShipped), { providerCode: error.code || 'InvalidInput', httpStatus: answer.status });
  }
  const own = error.message ? redact(error.message) : '';
  const reason = own ? `${amazonErrorTexts[error.code] ?? error.code}: ${own}` : (amazonErrorTexts[error.code] ?? amazonMessages.httpStatus(answer.status));
  return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(reason), { ...(error.code ? { providerCode: error.code } : {}), httpStatus: answer.status });
}

/** LWA's refusal. */
export function tokenFailure(grant: 'authorization_code' | 'refresh_token', answer: ProviderAnswer, redact: (s: string) => string): MarketplaceError {
  const body = parseJson(answer.text);
  const error = isObject(body) && typeof body.error === 'string' ? body.error : '';
  const providerCode = error || String(answer.status);
  if (answer.status === 401 || error === 'invalid_client') return new MarketplaceError('CLIENT_REFUSED', amazonMessages.clientRefused, { providerCode, httpStatus: answer.status });
  if (answer.status >= 400 && answer.status < 500) {
    return grant === 'authorization_code'
      ? new MarketplaceError('CODE_REFUSED', amazonMessages.codeRefused, { providerCode, httpStatus: answer.status })
      : new MarketplaceError('REFRESH_REFUSED', amazonMessages.refreshRefused, { providerCode, httpStatus: answer.status });
  }
  const description = isObject(body) && typeof body.error_description === 'string' ? body.error_description : amazonMessages.httpStatus(answer.status);
  return new MarketplaceError('REQUEST_REFUSED', amazonMessages.tokenRequestRefused(redact(description)), { providerCode, httpStatus: answer.status });
}
