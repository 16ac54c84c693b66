import { etsyMessages } from '@smista/contracts';
import { parseRetryAfter, ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapter';
import type { ProviderAnswer } from '../provider-answer';

/*
 * Etsy's failure forms (providers.md) as errors with a stable code and the Italian message the
 * merchant reads (texts in the contracts: `etsyMessages`).
 *
 * | Etsy answer                                                        | code |
 * |--------------------------------------------------------------------|------|
 * | 403 "Shared secret is required…" / "Invalid API key…" (x-api-key)  | CLIENT_REFUSED (a configuration error: never retried) |
 * | token endpoint 401 / `invalid_client`                              | CLIENT_REFUSED |
 * | token endpoint other 4xx on a code exchange (`invalid_grant`…)     | CODE_REFUSED |
 * | token endpoint other 4xx on a refresh (`invalid_grant`: 90 days over, consent revoked) | REFRESH_REFUSED |
 * | API 401 (`invalid_token`: expired, revoked)                        | TOKEN_EXPIRED |
 * | API 429                                                            | QUOTA_EXCEEDED (retryAfterMs from `retry-after`, else 1 s) |
 * | API 404, a receipt id that is not a number                         | REQUEST_REFUSED (receipt not found) |
 * | API other 4xx                                                      | REQUEST_REFUSED (Etsy's `error` quoted) |
 * | 5xx after the retries, network failure, a 2xx we cannot read       | ProviderUnavailableError (kit) |
 */

export type EtsyOperationKind = 'identity' | 'orders' | 'shipment';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A 2xx answer we cannot read: a passing fault (the job retries), never the merchant's error. */
export function unreadable(operation: string, status: number, detail: string): ProviderUnavailableError {
  return new ProviderUnavailableError({ provider: etsyMessages.provider, operation, method: 'GET', url: operation, attempts: 1, status, detail: `unreadable answer: ${detail}` });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Etsy's `{"error": "…"}` (and `error_description` of the token endpoint). */
export function etsyError(text: string): { error: string; description: string } {
  const body = parseJson(text);
  const s = (v: unknown) => (typeof v === 'string' ? v : '');
  return isObject(body) ? { error: s(body.error), description: s(body.error_description) } : { error: '', description: '' };
}

const header = (answer: ProviderAnswer, name: string): string | undefined => {
  const v = answer.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/** Etsy's quota headers of an answer; undefined where absent. */
export function quotaOf(answer: ProviderAnswer): { perDay?: number; remainingToday?: number; perSecond?: number; remainingThisSecond?: number } {
  const num = (name: string) => {
    const raw = header(answer, name);
    const n = raw === undefined ? NaN : Number(raw);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const out: { perDay?: number; remainingToday?: number; perSecond?: number; remainingThisSecond?: number } = {};
  const perDay = num('x-limit-per-day');
  const remainingToday = num('x-remaining-today');
  const perSecond = num('x-limit-per-second');
  const remainingThisSecond = num('x-remaining-this-second');
  if (perDay !== undefined) out.perDay = perDay;
  if (remainingToday !== undefined) out.remainingToday = remainingToday;
  if (perSecond !== undefined) out.perSecond = perSecond;
  if (remainingThisSecond !== undefined) out.remainingThisSecond = remainingThisSecond;
  return out;
}

/** Italian for a wait: '3 minuti', '45 secondi'. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `${seconds} secondi`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return minutes === 1 ? '1 minuto' : `${minutes} minuti`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? '1 ora' : `${hours} ore`;
}

export function quotaExceeded(retryAfterMs: number, httpStatus?: number): MarketplaceError {
  return new MarketplaceError('QUOTA_EXCEEDED', etsyMessages.quotaExceeded(waitText(retryAfterMs)), { providerCode: '429', retryAfterMs, ...(httpStatus ? { httpStatus } : {}) });
}

/** The two documented 403 answers to a missing or malformed shared secret. */
export function isApiKeyRefusal(status: number, error: string): boolean {
  return status === 403 && /shared secret|api key/i.test(error);
}

const refusedBy = (operation: EtsyOperationKind) => (operation === 'orders' ? etsyMessages.ordersRefused : operation === 'identity' ? etsyMessages.identityRefused : etsyMessages.shipmentRefused);

/** An Open API call's failure, or undefined for a 2xx. */
export function apiFailure(operation: EtsyOperationKind, answer: ProviderAnswer, redact: (s: string) => string): MarketplaceError | undefined {
  if (answer.status >= 200 && answer.status < 300) return undefined;
  const { error, description } = etsyError(answer.text);
  const providerCode = error || String(answer.status);
  if (isApiKeyRefusal(answer.status, error)) return new MarketplaceError('CLIENT_REFUSED', etsyMessages.apiKeyRefused(error), { providerCode: 'x-api-key', httpStatus: 403 });
  if (answer.status === 401) return new MarketplaceError('TOKEN_EXPIRED', etsyMessages.tokenExpired, { providerCode, httpStatus: 401 });
  if (answer.status === 429) return quotaExceeded(parseRetryAfter(header(answer, 'retry-after')) ?? 1000, 429);
  if (answer.status === 404) return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(etsyMessages.orderNotFound), { providerCode, httpStatus: 404 });
  if (answer.status === 403) return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(etsyMessages.notOwnShop), { providerCode, httpStatus: 403 });
  const own = redact([error, description].filter(Boolean).join(': '));
  return new MarketplaceError('REQUEST_REFUSED', refusedBy(operation)(own || etsyMessages.httpStatus(answer.status)), { providerCode, httpStatus: answer.status });
}

/** The token endpoint's refusal. */
export function tokenFailure(grant: 'authorization_code' | 'refresh_token', answer: ProviderAnswer, redact: (s: string) => string): MarketplaceError {
  const { error, description } = etsyError(answer.text);
  const providerCode = error || String(answer.status);
  if (answer.status === 401 || error === 'invalid_client' || isApiKeyRefusal(answer.status, error)) return new MarketplaceError('CLIENT_REFUSED', etsyMessages.clientRefused, { providerCode, httpStatus: answer.status });
  if (answer.status === 429) return quotaExceeded(parseRetryAfter(header(answer, 'retry-after')) ?? 1000, 429);
  if (answer.status >= 400 && answer.status < 500) {
    return grant === 'authorization_code'
      ? new MarketplaceError('CODE_REFUSED', etsyMessages.codeRefused, { providerCode, httpStatus: answer.status })
      : new MarketplaceError('REFRESH_REFUSED', etsyMessages.refreshRefused, { providerCode, httpStatus: answer.status });
  }
  return new MarketplaceError('REQUEST_REFUSED', etsyMessages.tokenRequestRefused(redact(description || error) || etsyMessages.httpStatus(answer.status)), { providerCode, httpStatus: answer.status });
}
