import { mapLimit } from './concurrency';

describe('mapLimit', () => {
  it('keeps at most `limit` running and answers in the items order', async () => {
    let running = 0;
    let peak = 0;
    const results = await mapLimit([30, 10, 20, 5, 15], 2, async (ms) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, ms));
      running -= 1;
      return ms * 2;
    });
    expect(results).toEqual([60, 20, 40, 10, 30]);
    expect(peak).toBe(2);
  });

  it('starts nothing new once told to stop', async () => {
    const started: number[] = [];
    const results = await mapLimit([1, 2, 3, 4], 1, async (n) => (started.push(n), n), () => started.length >= 2);
    expect(started).toEqual([1, 2]);
    expect(results).toEqual([1, 2, undefined, undefined]);
  });
});
