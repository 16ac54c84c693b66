import { DomainError } from '@smista/service-kit';
import { messages } from '@smista/contracts';
import { MarketplaceError } from '../adapters';
import type { AttemptResult } from '../domain';

/** A thrown failure of a call to the marketplace (refusals come back as data): a passing fault, tried again later. */
export function passingOf(err: unknown): AttemptResult & { kind: 'passing' } {
  if (err instanceof MarketplaceError) {
    return { kind: 'passing', errorCode: err.code, message: err.message, ...(err.details.retryAfterMs !== undefined ? { retryAfterMs: err.details.retryAfterMs } : {}) };
  }
  if (err instanceof DomainError) return { kind: 'passing', errorCode: err.code, message: err.message };
  // Our own database or network hiccup: worth another attempt; the detail stays in the log.
  return { kind: 'passing', errorCode: 'INTERNAL', message: messages.errors.unavailable };
}
