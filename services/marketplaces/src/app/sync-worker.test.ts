import { DomainError, ProviderUnavailableError } from '@smista/service-kit';
import { MarketplaceError } from '../adapters';
import { classifyFailure } from './sync-worker';

/* How the worker reads the adapter's failures before the domain decides (domain/jobs.ts). */

describe('classifyFailure', () => {
  it('401 → token-expired; 429 → quota with the wait eBay asked for', () => {
    expect(classifyFailure(new MarketplaceError('TOKEN_EXPIRED', 'scaduto', { httpStatus: 401 }))).toEqual({ kind: 'token-expired' });
    expect(classifyFailure(new MarketplaceError('QUOTA_EXCEEDED', 'limite', { retryAfterMs: 1500 }))).toEqual({ kind: 'quota', retryAfterMs: 1500 });
    expect(classifyFailure(new MarketplaceError('QUOTA_EXCEEDED', 'limite'))).toEqual({ kind: 'quota' });
  });

  it("a refusal keeps the marketplace's Italian message (a refused refresh token included)", () => {
    expect(classifyFailure(new MarketplaceError('REQUEST_REFUSED', 'eBay ha rifiutato la lettura degli ordini: x'))).toEqual({ kind: 'refused', message: 'eBay ha rifiutato la lettura degli ordini: x' });
    expect(classifyFailure(new MarketplaceError('REFRESH_REFUSED', 'eBay ha rifiutato il refresh token'))).toEqual({ kind: 'refused', message: 'eBay ha rifiutato il refresh token' });
    expect(classifyFailure(new DomainError('INTEGRATION_IN_ERROR', 'sospesa'))).toEqual({ kind: 'refused', message: 'sospesa' });
  });

  it('an unreachable marketplace, and our own passing faults, are unavailable (retried, bounded)', () => {
    const unreachable = new ProviderUnavailableError({ provider: 'eBay', method: 'GET', url: 'https://api.ebay.com/sell/fulfillment/v1/order', attempts: 3, status: 503, detail: 'HTTP 503' });
    expect(classifyFailure(unreachable)).toEqual({ kind: 'unavailable' });
    expect(classifyFailure(new Error('Connection terminated unexpectedly'))).toEqual({ kind: 'unavailable' });
  });
});
