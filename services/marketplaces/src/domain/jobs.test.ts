import { marketplaceMessages as m } from '@smista/contracts';
import {
  advance,
  backoffDelayMs,
  decideAfterFailure,
  defaultRetryPolicy,
  FIRST_SYNC_DAYS,
  MODIFIED_OVERLAP_MS,
  nextSyncSlot,
  progressFromMetadata,
  progressToMetadata,
  scheduleTickMs,
  startProgress,
  syncWindow,
  type RetryPolicy,
} from './index';

const now = new Date('2026-11-20T10:00:00.000Z');

describe('syncWindow', () => {
  it('first sync: orders created in the last 90 days', () => {
    expect(syncWindow(null, now)).toEqual({ filter: 'created', from: new Date(now.getTime() - FIRST_SYNC_DAYS * 86_400_000), to: now });
  });
  it('later: orders modified since 5 minutes before the previous window ended', () => {
    const previous = new Date('2026-11-20T09:55:00.000Z');
    expect(syncWindow(previous, now)).toEqual({ filter: 'modified', from: new Date(previous.getTime() - MODIFIED_OVERLAP_MS), to: now });
  });
  it('never starts after now − overlap, even if the previous end lies ahead (a clock step)', () => {
    const ahead = new Date(now.getTime() + 3_600_000);
    expect(syncWindow(ahead, now).from).toEqual(new Date(now.getTime() - MODIFIED_OVERLAP_MS));
  });
});

describe('progress', () => {
  it('round-trips through jobs.metadata', () => {
    const progress = advance(startProgress(syncWindow(null, now)), 200);
    expect(progressFromMetadata(JSON.parse(JSON.stringify(progressToMetadata(progress))))).toEqual(progress);
    expect(progressToMetadata(progress)).toMatchObject({ filter: 'created', windowTo: now.toISOString(), nextOffset: 200, pages: 1, retries: 0 });
  });
  it('reads missing or foreign metadata as "not started"', () => {
    expect(progressFromMetadata({})).toBeNull();
    expect(progressFromMetadata(null)).toBeNull();
    expect(progressFromMetadata({ filter: 'other', windowFrom: now.toISOString(), windowTo: now.toISOString() })).toBeNull();
  });
  it('a committed page resets the retries and moves the offset; null marks the last page', () => {
    const waiting = { ...startProgress(syncWindow(null, now)), retries: 4 };
    expect(advance(waiting, 400)).toMatchObject({ nextOffset: 400, retries: 0, pages: 1 });
    expect(advance(waiting, null).nextOffset).toBeNull();
  });
});

describe('backoffDelayMs', () => {
  const policy = { baseDelayMs: 1_000, maxDelayMs: 30_000 };
  it('doubles from the base', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, undefined, policy))).toEqual([1_000, 2_000, 4_000, 8_000]);
  });
  it("honours the marketplace's Retry-After, capped", () => {
    expect(backoffDelayMs(1, 7_000, policy)).toBe(7_000);
    expect(backoffDelayMs(1, 86_400_000, policy)).toBe(30_000);
    expect(backoffDelayMs(40, undefined, policy)).toBe(30_000);
  });
});

describe('decideAfterFailure', () => {
  const policy: RetryPolicy = { ...defaultRetryPolicy, maxQuotaRetries: 3, maxUnavailableRetries: 2 };
  const fresh = { retries: 0, refreshed: false };

  it('429: backs off and retries the same page, up to the limit, then fails in Italian', () => {
    expect(decideAfterFailure({ kind: 'quota', retryAfterMs: 2_000 }, fresh, policy, 'eBay')).toEqual({ action: 'retry', delayMs: 2_000 });
    expect(decideAfterFailure({ kind: 'quota' }, { retries: 2, refreshed: false }, policy, 'eBay')).toEqual({ action: 'retry', delayMs: 4_000 });
    expect(decideAfterFailure({ kind: 'quota' }, { retries: 3, refreshed: false }, policy, 'eBay')).toEqual({ action: 'fail', message: m.syncQuotaExhausted('eBay') });
  });
  it('unavailable: retries fewer times', () => {
    expect(decideAfterFailure({ kind: 'unavailable' }, fresh, policy, 'eBay').action).toBe('retry');
    expect(decideAfterFailure({ kind: 'unavailable' }, { retries: 2, refreshed: false }, policy, 'eBay')).toEqual({ action: 'fail', message: m.syncUnavailable('eBay') });
  });
  it('401: refreshes once; a second 401 right after the refresh fails', () => {
    expect(decideAfterFailure({ kind: 'token-expired' }, fresh, policy, 'eBay')).toEqual({ action: 'refresh' });
    expect(decideAfterFailure({ kind: 'token-expired' }, { retries: 0, refreshed: true }, policy, 'eBay')).toEqual({ action: 'fail', message: m.syncTokenRejected('eBay') });
  });
  it("a refusal fails at once with the marketplace's Italian message", () => {
    expect(decideAfterFailure({ kind: 'refused', message: 'eBay ha rifiutato la lettura degli ordini: offset non valido' }, fresh, policy, 'eBay')).toEqual({
      action: 'fail',
      message: 'Sincronizzazione non riuscita: eBay ha rifiutato la lettura degli ordini: offset non valido',
    });
  });
});

describe('the schedule grid', () => {
  const due = new Date('2026-11-20T10:00:00.000Z');
  const at = (iso: string) => new Date(`2026-11-20T${iso}.000Z`);
  it('the next slot is one interval after the due one, however late within it the job was created', () => {
    expect(nextSyncSlot(due, due, 300_000)).toEqual(at('10:05:00'));
    expect(nextSyncSlot(due, at('10:00:04'), 300_000)).toEqual(at('10:05:00'));
    expect(nextSyncSlot(due, at('10:04:59'), 300_000)).toEqual(at('10:05:00'));
  });
  it('after an outage (no replica up for several slots): one sync now, then the next grid point, no burst', () => {
    expect(nextSyncSlot(due, at('10:12:00'), 300_000)).toEqual(at('10:15:00'));
    expect(nextSyncSlot(due, at('10:15:00'), 300_000)).toEqual(at('10:20:00'));
  });
  it('a slot created early (clocks) still moves forward by one interval', () => {
    expect(nextSyncSlot(due, at('09:59:58'), 300_000)).toEqual(at('10:05:00'));
  });
  it('replicas look for due slots a tenth of the interval apart, 0.2 to 5 s', () => {
    expect(scheduleTickMs(300)).toBe(5_000);
    expect(scheduleTickMs(20)).toBe(2_000);
    expect(scheduleTickMs(3)).toBe(300);
    expect(scheduleTickMs(1)).toBe(200);
  });
});
