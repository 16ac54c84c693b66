import { selectedMerchant, sessionExpiry, shouldExtendSession } from './sessions';

const now = new Date('2026-03-01T10:00:00Z');
const HOUR = 3_600_000;

describe('session expiry', () => {
  it('lasts the configured number of hours', () => {
    expect(sessionExpiry(now, 168).toISOString()).toBe('2026-03-08T10:00:00.000Z');
  });

  it('is not pushed forward when it was set less than an hour ago (no write per request)', () => {
    const fresh = new Date(now.getTime() + 168 * HOUR - 59 * 60_000);
    expect(shouldExtendSession(fresh, now, 168)).toBe(false);
  });

  it('is pushed forward once it was set more than an hour ago', () => {
    const older = new Date(now.getTime() + 168 * HOUR - 61 * 60_000);
    expect(shouldExtendSession(older, now, 168)).toBe(true);
  });
});

describe('selected merchant', () => {
  it('needs both the merchant and a known role', () => {
    expect(selectedMerchant('m1', 'admin')).toEqual({ merchantId: 'm1', role: 'admin' });
    expect(selectedMerchant('m1', 'user')).toEqual({ merchantId: 'm1', role: 'user' });
    expect(selectedMerchant(null, null)).toBeUndefined();
    expect(selectedMerchant('m1', null)).toBeUndefined();
    expect(selectedMerchant('m1', 'owner')).toBeUndefined();
  });
});
