import { defaultRefreshPolicy, nextRefreshAt, scaledPolicy } from './tracking-schedule';

const HOUR = 3_600_000;
const shippedAt = new Date('2026-11-20T10:00:00.000Z');
const after = (ms: number) => new Date(shippedAt.getTime() + ms);
const wait = (s: Parameters<typeof nextRefreshAt>[0], now: Date, policy = defaultRefreshPolicy) => {
  const next = nextRefreshAt(s, now, policy);
  return next ? next.getTime() - now.getTime() : null;
};

describe('nextRefreshAt', () => {
  it('often while fresh or out for delivery, less as the parcel ages, never after a final status or 40 days', () => {
    const s = { shippedAt, trackingStatus: 'in_transit', failures: 0 };
    expect(wait(s, after(HOUR))).toBe(2 * HOUR);
    expect(wait({ ...s, trackingStatus: 'out_for_delivery' }, after(HOUR))).toBe(HOUR);
    expect(wait(s, after(4 * 24 * HOUR))).toBe(6 * HOUR);
    expect(wait({ ...s, trackingStatus: 'held' }, after(12 * 24 * HOUR))).toBe(24 * HOUR);
    expect(wait({ ...s, trackingStatus: 'delivered' }, after(HOUR))).toBeNull();
    expect(wait({ ...s, trackingStatus: 'returned' }, after(HOUR))).toBeNull();
    expect(wait(s, after(40 * 24 * HOUR))).toBeNull();
    expect(wait({ ...s, trackingStatus: null }, after(0))).toBe(2 * HOUR);
  });

  it('after failed calls: 10 minutes, doubled per failure, never beyond the interval of its age', () => {
    const s = { shippedAt, trackingStatus: 'in_transit', failures: 1 };
    expect(wait(s, after(HOUR))).toBe(10 * 60_000);
    expect(wait({ ...s, failures: 3 }, after(HOUR))).toBe(40 * 60_000);
    expect(wait({ ...s, failures: 9 }, after(HOUR))).toBe(2 * HOUR);
  });

  it('a scaled policy runs the same schedule faster', () => {
    const fast = scaledPolicy(0.01);
    expect(wait({ shippedAt, trackingStatus: 'in_transit', failures: 0 }, after(60_000), fast)).toBe(72_000);
    // 72 minutes after shipping is past the fresh 43 minutes (3 days × 0.01): every 216 s (6 h × 0.01).
    expect(wait({ shippedAt, trackingStatus: 'in_transit', failures: 0 }, after(72 * 60_000), fast)).toBe(216_000);
    expect(wait({ shippedAt, trackingStatus: 'in_transit', failures: 0 }, after(0.4 * 24 * HOUR), fast)).toBeNull();
  });
});
