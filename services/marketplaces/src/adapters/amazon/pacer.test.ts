import { createAmazonPacer, memoryStateStore, pacedBurst, reserveFrom } from './pacer';
import { AMAZON_DEFAULT_RATE_LIMITS } from './settings';

/*
 * The usage-plan pacing at Amazon's documented rates (searchOrders 0.0056 requests/s, burst 20), on
 * a clock the test moves: the burst goes at once (but the two of the 20 kept in reserve), then one
 * request every ~178.6 s, so an hour holds 18 + 3600 × 0.0056 requests and never one more; a long
 * wait is answered, not waited.
 */

const PLAN = AMAZON_DEFAULT_RATE_LIMITS.searchOrders;

function clock() {
  let t = 1_000_000;
  return { now: () => t, advance: (ms: number) => void (t += ms), wait: async (ms: number) => void (t += ms) };
}

describe('the usage-plan bucket', () => {
  it("books requests ahead and says each one's wait: the burst at once, then one per 1/rate seconds", () => {
    let state = { tokens: PLAN.burst, rate: PLAN.rate, burst: PLAN.burst, at: 0 };
    const waits: number[] = [];
    for (let i = 0; i < 22; i++) {
      const r = reserveFrom(state, 0);
      state = r.state;
      waits.push(r.waitMs);
    }
    expect(waits.slice(0, 20)).toEqual(Array(20).fill(0));
    expect(waits[20]).toBe(Math.ceil(1000 / 0.0056)); // 178 572 ms: Amazon's "about 100 orders every 3 minutes"
    expect(waits[21]).toBe(Math.ceil(2000 / 0.0056));
    // Refilled at the rate, never over the burst.
    expect(reserveFrom({ tokens: 0, rate: 0.0056, burst: 20, at: 0 }, 10 * 86_400_000).state.tokens).toBe(19);
  });
});

describe('the pacer at the default plan', () => {
  it('lets 18 searches go at once, waits ~178.6 s before each next one, and holds the documented rate over an hour', async () => {
    const c = clock();
    const pacer = createAmazonPacer(memoryStateStore(), { now: c.now, maxWaitMs: Number.POSITIVE_INFINITY, wait: c.wait });
    const start = c.now();
    const sentAt: number[] = [];
    while (c.now() - start <= 3_600_000) {
      await pacer.acquire('A2SELLER', 'searchOrders', PLAN);
      if (c.now() - start > 3_600_000) break;
      sentAt.push(c.now() - start);
    }
    expect(sentAt.slice(0, 18)).toEqual(Array(18).fill(0));
    expect(sentAt[18]).toBe(178_572);
    expect(sentAt.length).toBe(18 + Math.floor(3600 * PLAN.rate));
    // In any window after the burst, no more than the rate allows.
    for (let i = 19; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(178_571);
  });

  it('answers a wait longer than it may wait here instead of waiting it, and gives the booked request back', async () => {
    const c = clock();
    const pacer = createAmazonPacer(memoryStateStore(), { now: c.now, maxWaitMs: 15_000, wait: c.wait });
    for (let i = 0; i < 18; i++) expect(await pacer.acquire('A2SELLER', 'searchOrders', PLAN)).toBe(0);
    expect(await pacer.acquire('A2SELLER', 'searchOrders', PLAN)).toBe(178_572);
    // Given back: asked again, the same wait (not twice as long).
    expect(await pacer.acquire('A2SELLER', 'searchOrders', PLAN)).toBe(178_572);
    c.advance(178_572);
    expect(await pacer.acquire('A2SELLER', 'searchOrders', PLAN)).toBe(0);
    // Another seller, or another operation, has its own bucket.
    expect(await pacer.acquire('A2ALTRO', 'searchOrders', PLAN)).toBe(0);
    expect(await pacer.acquire('A2SELLER', 'getOrder', AMAZON_DEFAULT_RATE_LIMITS.getOrder)).toBe(0);
  });

  it('takes the rate Amazon answers in x-amzn-RateLimit-Limit from then on', async () => {
    const c = clock();
    const pacer = createAmazonPacer(memoryStateStore(), { now: c.now, maxWaitMs: 0, wait: c.wait });
    for (let i = 0; i < 18; i++) await pacer.acquire('A2SELLER', 'searchOrders', PLAN);
    await pacer.learn('A2SELLER', 'searchOrders', 0.5);
    expect(await pacer.acquire('A2SELLER', 'searchOrders', PLAN)).toBe(2000);
  });
});

describe('the requests kept in reserve', () => {
  it("keeps a tenth of each plan's burst (at least one) back, so calls bunched on their way to Amazon still find a request there", () => {
    expect([20, 30, 10, 15, 2, 1].map(pacedBurst)).toEqual([18, 27, 9, 13, 1, 1]);
  });

  it('shrinks a bucket written with the whole burst (before the reserve) to the paced size at its next reservation', async () => {
    const c = clock();
    const store = memoryStateStore();
    await store.reserve('amazon|A2SELLER|searchOrders', PLAN, c.now());
    const pacer = createAmazonPacer(store, { now: c.now, maxWaitMs: 0, wait: c.wait });
    // 19 left in a bucket of 20; paced at 18, only 18 go before the wait.
    let free = 0;
    while ((await pacer.acquire('A2SELLER', 'searchOrders', PLAN)) === 0) free += 1;
    expect(free).toBe(18);
  });
});
