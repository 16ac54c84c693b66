import { marketplaceMessages as m } from '@smista/contracts';
import { trackingPushMessages as t } from '@smista/contracts';
import { claimable, decideAfterAttempt, decideForLabelled, defaultTrackingRetryPolicy, retryDelayMs, type Marketplace } from './index';

const ebay: Marketplace = {
  id: 1,
  identifier: 'ebay',
  name: 'eBay',
  description: '',
  logoUrl: '',
  active: true,
  oauth: true,
  apiDocUrl: null,
  requiredSettings: [],
  maxOrdersLimit: 0,
  supported: true,
};
const MERCHANT = '6f1c2d4e-8a9b-4c3d-9e2f-1a2b3c4d5e6f';
const now = new Date('2026-11-20T10:00:00Z');
const MIN = 60_000;
const policy = defaultTrackingRetryPolicy;

describe('retryDelayMs', () => {
  it('waits 1, 5, 15, 60, 60 minutes after the 1st..5th failure', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, undefined, policy) / MIN)).toEqual([1, 5, 15, 60, 60]);
  });

  it("waits longer when the marketplace's Retry-After asks for more, never less than the step", () => {
    expect(retryDelayMs(1, 10 * MIN, policy)).toBe(10 * MIN);
    expect(retryDelayMs(3, 1_000, policy)).toBe(15 * MIN);
  });
});

describe('decideAfterAttempt', () => {
  const passing = { kind: 'passing', errorCode: 'QUOTA_EXCEEDED', message: 'Limite di chiamate eBay raggiunto' } as const;

  it('a fulfilment made: pushed', () => {
    expect(decideAfterAttempt({ kind: 'pushed', fulfillmentId: 'F1' }, 1, now, policy, 'eBay')).toEqual({ status: 'pushed', fulfillmentId: 'F1', alreadyThere: false, errorCode: '' });
  });

  it('eBay 32700 / a bare 409 (already fulfilled, e.g. after a lost answer): pushed, never sent again', () => {
    for (const errorCode of ['32700', '409']) {
      expect(decideAfterAttempt({ kind: 'refused', errorCode, message: 'già spedito' }, 2, now, policy, 'eBay')).toEqual({ status: 'pushed', fulfillmentId: '', alreadyThere: true, errorCode });
    }
  });

  it('a refusal (32xxx, a cancelled order 32710, the integration off): failed at once with its message', () => {
    for (const errorCode of ['32300', '32710', 'INTEGRATION_INACTIVE', 'INVALID_INPUT']) {
      expect(decideAfterAttempt({ kind: 'refused', errorCode, message: 'rifiutato' }, 1, now, policy, 'eBay')).toEqual({ status: 'failed', errorCode, message: 'rifiutato' });
    }
  });

  it('a passing fault: retrying at the next step, with the fault kept', () => {
    expect(decideAfterAttempt(passing, 1, now, policy, 'eBay')).toEqual({
      status: 'retrying',
      errorCode: 'QUOTA_EXCEEDED',
      message: passing.message,
      nextAttemptAt: new Date(now.getTime() + MIN),
    });
    expect(decideAfterAttempt({ ...passing, retryAfterMs: 30 * MIN }, 2, now, policy, 'eBay')).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 30 * MIN) });
  });

  it('the 6th failed attempt fails the push, saying how many were made', () => {
    expect(decideAfterAttempt(passing, 5, now, policy, 'eBay').status).toBe('retrying');
    expect(decideAfterAttempt(passing, 6, now, policy, 'eBay')).toEqual({ status: 'failed', errorCode: 'QUOTA_EXCEEDED', message: t.retriesExhausted('eBay', 6, passing.message) });
    expect(t.retriesExhausted('eBay', 6, 'eBay non risponde')).toBe('Tracking non inviato a eBay dopo 6 tentativi: eBay non risponde');
  });
});

describe('decideForLabelled', () => {
  const integration = { merchantId: MERCHANT, active: true, status: 'active' as const, statusMessage: null, autoUpdateTracking: true, marketplace: ebay };

  it('pushes for a switched-on, connected integration of the merchant with automatic tracking', () => {
    expect(decideForLabelled(integration, MERCHANT.toUpperCase())).toEqual({ action: 'push' });
  });

  it('ignores an unknown integration or another merchant’s (nothing recorded)', () => {
    expect(decideForLabelled(null, MERCHANT)).toEqual({ action: 'ignore' });
    expect(decideForLabelled({ ...integration, merchantId: '00000000-0000-4000-8000-000000000000' }, MERCHANT)).toEqual({ action: 'ignore' });
  });

  it('skips, saying why: automatic tracking off, switched off, in error, no adapter', () => {
    expect(decideForLabelled({ ...integration, autoUpdateTracking: false }, MERCHANT)).toEqual({ action: 'skip', reason: t.autoUpdateOff });
    expect(decideForLabelled({ ...integration, active: false }, MERCHANT)).toEqual({ action: 'skip', reason: m.trackingIntegrationInactive });
    expect(decideForLabelled({ ...integration, status: 'error', statusMessage: 'eBay ha rifiutato il refresh token' }, MERCHANT)).toEqual({ action: 'skip', reason: 'eBay ha rifiutato il refresh token' });
    expect(decideForLabelled({ ...integration, status: 'pending' }, MERCHANT)).toEqual({ action: 'skip', reason: m.trackingIntegrationNotActive });
    expect(decideForLabelled({ ...integration, marketplace: { ...ebay, supported: false, name: 'Etsy' } }, MERCHANT)).toEqual({ action: 'skip', reason: m.marketplaceNotAvailable('Etsy') });
  });
});

describe('claimable', () => {
  it('a pushed row is answered as already pushed; a running lease is busy; anything else is claimable', () => {
    expect(claimable({ status: 'pushed', leaseUntil: null }, now)).toBe('already-pushed');
    expect(claimable({ status: 'retrying', leaseUntil: new Date(now.getTime() + 1_000) }, now)).toBe('busy');
    expect(claimable({ status: 'retrying', leaseUntil: new Date(now.getTime() - 1) }, now)).toBe('claimable');
    for (const status of ['pending', 'failed', 'skipped'] as const) expect(claimable({ status, leaseUntil: null }, now)).toBe('claimable');
  });
});
