import { marketplaceMessages as m } from '@smista/contracts';
import { trackingPushMessages as t } from '@smista/contracts';
import { trackingPushMessages as alreadyFulfilledMessages } from '@smista/contracts';
import { claimable, decideAfterAttempt, decideForLabelled, defaultTrackingRetryPolicy, judgeAlreadyFulfilled, retryDelayMs, type Marketplace } from './index';

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

  it('our fulfilment found behind eBay 32700 / a bare 409 (an earlier answer lost): pushed, already there, never sent again', () => {
    for (const errorCode of ['32700', '409']) {
      expect(decideAfterAttempt({ kind: 'pushed', fulfillmentId: 'F1', alreadyFulfilledCode: errorCode }, 2, now, policy, 'eBay')).toEqual({ status: 'pushed', fulfillmentId: 'F1', alreadyThere: true, errorCode });
    }
  });

  it('a refusal (32xxx, 32700 for lines shipped otherwise, a cancelled order 32710, the integration off): failed at once with its message', () => {
    for (const errorCode of ['32300', '32700', '409', '32710', 'INTEGRATION_INACTIVE', 'INVALID_INPUT']) {
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

describe('judgeAlreadyFulfilled', () => {
  const asSent = (t: string) => t.replace(/\s+/g, '');
  const refusal = { marketplace: 'eBay', code: '32700', message: "eBay ha rifiutato la conferma di spedizione: l'articolo risulta già spedito su eBay (codice 32700)" };
  const f = (fulfillmentId: string, lineItemIds: string[], trackingNumber: string) => ({ fulfillmentId, lineItems: lineItemIds.map((lineItemId) => ({ lineItemId })), trackingNumber });
  const push = { lineItemIds: ['A', 'B'], trackingNumber: 'MI 123 456 789' };

  it('ours when fulfilments with our tracking number (as sent: no spaces, any case) cover every line of the push', () => {
    expect(judgeAlreadyFulfilled([f('F0', ['C'], 'RC1'), f('F1', ['A', 'B'], 'MI123456789')], push, asSent, refusal)).toEqual({ ours: true, fulfillmentId: 'F1' });
    expect(judgeAlreadyFulfilled([f('F1', ['A'], 'mi123456789'), f('F2', ['B'], 'MI123456789')], push, asSent, refusal)).toEqual({ ours: true, fulfillmentId: 'F1' });
  });

  it('the lines shipped with another tracking number: a refusal naming it (and not ours)', () => {
    const verdict = judgeAlreadyFulfilled([f('F1', ['A'], 'BRT0099887766'), f('F2', ['C'], 'SDA1')], push, asSent, refusal);
    expect(verdict).toEqual({ ours: false, message: alreadyFulfilledMessages.shippedWithOtherTracking('eBay', 1, ['BRT0099887766'], '32700') });
    expect(verdict.ours ? '' : verdict.message).toBe(
      "eBay ha rifiutato la conferma di spedizione: l'articolo risulta già spedito su eBay con un altro numero di tracking (BRT0099887766), non con quello di questa spedizione (codice 32700)",
    );
    expect(alreadyFulfilledMessages.shippedWithOtherTracking('eBay', 2, ['A1', 'B2'], '409')).toBe(
      'eBay ha rifiutato la conferma di spedizione: gli articoli risultano già spediti su eBay con un altro numero di tracking (A1, B2), non con quello di questa spedizione (codice 409)',
    );
  });

  it('our tracking number on only some of the lines is not enough: the others shipped otherwise', () => {
    expect(judgeAlreadyFulfilled([f('F1', ['A'], 'MI123456789'), f('F2', ['B'], 'GLS777')], push, asSent, refusal)).toEqual({
      ours: false,
      message: alreadyFulfilledMessages.shippedWithOtherTracking('eBay', 1, ['GLS777'], '32700'),
    });
  });

  it('names at most three other tracking numbers', () => {
    const many = ['A', 'B', 'C', 'D'].map((id, i) => f(`F${i}`, [id], `T${i}`));
    expect(judgeAlreadyFulfilled(many, { lineItemIds: ['A', 'B', 'C', 'D'], trackingNumber: 'X1' }, asSent, refusal)).toEqual({
      ours: false,
      message: alreadyFulfilledMessages.shippedWithOtherTracking('eBay', 4, ['T0', 'T1', 'T2', '…'], '32700'),
    });
  });

  it('shipped without a tracking number: says so', () => {
    expect(judgeAlreadyFulfilled([f('F1', ['A', 'B'], '')], push, asSent, refusal)).toEqual({
      ours: false,
      message: 'eBay ha rifiutato la conferma di spedizione: gli articoli risultano già spediti su eBay senza numero di tracking, non con quello di questa spedizione (codice 32700)',
    });
  });

  it("no fulfilment holds the lines (marked shipped by hand), or none at all: the marketplace's own refusal", () => {
    expect(judgeAlreadyFulfilled([], push, asSent, refusal)).toEqual({ ours: false, message: refusal.message });
    expect(judgeAlreadyFulfilled([f('F1', ['C'], 'MI123456789')], push, asSent, refusal)).toEqual({ ours: false, message: refusal.message });
    // Without a tracking number of ours nothing can be ours.
    expect(judgeAlreadyFulfilled([f('F1', ['A', 'B'], '')], { ...push, trackingNumber: ' ' }, asSent, refusal).ours).toBe(false);
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
