import { deliveryReportMessages } from '@smista/contracts';
import { decideDeliveryAfterAttempt, decideForTrackingUpdated, deliveredAt } from './delivery-reports';
import { defaultTrackingRetryPolicy } from './tracking-pushes';

const now = new Date('2026-11-20T12:00:00.000Z');

describe('deliveredAt', () => {
  it("takes the carrier's last movement, else the update's time, else now", () => {
    expect(deliveredAt('2026-11-20T10:15:00Z', '2026-11-20T11:00:00Z', now).toISOString()).toBe('2026-11-20T10:15:00.000Z');
    expect(deliveredAt('', '2026-11-20T11:00:00Z', now).toISOString()).toBe('2026-11-20T11:00:00.000Z');
    expect(deliveredAt('ieri', ' ', now)).toBe(now);
  });
});

describe('decideForTrackingUpdated', () => {
  const delivered = { delivered: true, lastMovementAt: '2026-11-20T10:15:00Z', occurredAt: '2026-11-20T11:00:00Z' };
  it('records a delivery for a marketplace with a delivery call, and one whose tracking push is not known yet (it waits)', () => {
    expect(decideForTrackingUpdated(delivered, { hasDeliveryCall: true }, now)).toEqual({ action: 'record', happenedAt: new Date('2026-11-20T10:15:00Z') });
    expect(decideForTrackingUpdated(delivered, null, now)).toEqual({ action: 'record', happenedAt: new Date('2026-11-20T10:15:00Z') });
  });
  it('ignores an update that is not a delivery, and a marketplace without a delivery call', () => {
    expect(decideForTrackingUpdated({ ...delivered, delivered: false }, { hasDeliveryCall: true }, now)).toEqual({ action: 'ignore', reason: 'not-delivered' });
    expect(decideForTrackingUpdated(delivered, { hasDeliveryCall: false }, now)).toEqual({ action: 'ignore', reason: 'no-delivery-call' });
  });
});

describe('decideDeliveryAfterAttempt', () => {
  it("follows the tracking push's back-off, and words the spent retries as the delivery's", () => {
    const passing = { kind: 'passing' as const, errorCode: 'QUOTA_EXCEEDED', message: 'Limite di chiamate Shopify raggiunto' };
    expect(decideDeliveryAfterAttempt(passing, 1, now, defaultTrackingRetryPolicy, 'Shopify')).toEqual({ status: 'retrying', errorCode: 'QUOTA_EXCEEDED', message: passing.message, nextAttemptAt: new Date(now.getTime() + 60_000) });
    expect(decideDeliveryAfterAttempt({ ...passing, retryAfterMs: 600_000 }, 1, now, defaultTrackingRetryPolicy, 'Shopify')).toMatchObject({ nextAttemptAt: new Date(now.getTime() + 600_000) });
    expect(decideDeliveryAfterAttempt(passing, 6, now, defaultTrackingRetryPolicy, 'Shopify')).toEqual({ status: 'failed', errorCode: 'QUOTA_EXCEEDED', message: deliveryReportMessages.retriesExhausted('Shopify', 6, passing.message) });
    expect(decideDeliveryAfterAttempt({ kind: 'refused', errorCode: 'ACCESS_DENIED', message: 'Ricollega…' }, 1, now, defaultTrackingRetryPolicy, 'Shopify')).toEqual({ status: 'failed', errorCode: 'ACCESS_DENIED', message: 'Ricollega…' });
    expect(decideDeliveryAfterAttempt({ kind: 'pushed', fulfillmentId: 'gid://shopify/FulfillmentEvent/1' }, 1, now, defaultTrackingRetryPolicy, 'Shopify')).toMatchObject({ status: 'pushed', fulfillmentId: 'gid://shopify/FulfillmentEvent/1' });
  });
});

