import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Shopify's cost bucket per shop as the adapter last saw it (`extensions.cost.throttleStatus` of
 * every answer), so that a call waits until the bucket holds its cost instead of being answered
 * THROTTLED: in steady state the adapter spends the bucket at its restore rate and is never
 * refused. Calls in flight at once reserve their cost from the estimate; each answer corrects it.
 * A shop never seen is not waited for (its first answer teaches the bucket).
 */
export interface CostPacer {
  /** Waits until `shop`'s bucket should hold `cost`, and reserves it. */
  reserve(shop: string, cost: number): Promise<void>;
  /** What an answer said of the bucket after the call. */
  learn(shop: string, status: { available?: number; maximum?: number; restoreRate?: number }): void;
  /** The points the bucket should hold now (tests, logs); undefined for a shop never seen. */
  estimate(shop: string): number | undefined;
}

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  at: number;
}

/** Keeps the buckets of the last shops used; an idle shop's bucket is full again anyway. */
const MAX_SHOPS = 10_000;

export function createCostPacer(now: () => number = Date.now, wait: (ms: number) => Promise<unknown> = sleep): CostPacer {
  const buckets = new Map<string, Bucket>();
  const refill = (b: Bucket, at: number) => {
    b.available = Math.min(b.maximum, b.available + ((at - b.at) / 1000) * b.restoreRate);
    b.at = at;
  };
  return {
    async reserve(shop, cost) {
      for (;;) {
        const bucket = buckets.get(shop);
        if (!bucket) return;
        refill(bucket, now());
        // A cost over the whole bucket can never be waited for: let Shopify answer it.
        const need = Math.min(cost, bucket.maximum);
        if (bucket.available >= need) {
          bucket.available -= need;
          return;
        }
        await wait(Math.ceil(((need - bucket.available) / bucket.restoreRate) * 1000));
      }
    },
    learn(shop, status) {
      if (status.available === undefined || !status.maximum || !status.restoreRate) return;
      buckets.delete(shop);
      buckets.set(shop, { available: status.available, maximum: status.maximum, restoreRate: status.restoreRate, at: now() });
      if (buckets.size > MAX_SHOPS) buckets.delete(buckets.keys().next().value!);
    },
    estimate(shop) {
      const bucket = buckets.get(shop);
      if (!bucket) return undefined;
      refill(bucket, now());
      return bucket.available;
    },
  };
}
