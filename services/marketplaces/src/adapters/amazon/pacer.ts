import { setTimeout as sleep } from 'node:timers/promises';
import { withTransaction, type Pool } from '@smista/service-kit';

/*
 * Amazon's usage plans are token buckets per selling partner and operation (providers.md): a burst,
 * refilled at the operation's rate. The adapter keeps the same bucket on its side, shared by every
 * replica of the service (a row per seller and operation in PostgreSQL, locked for each
 * reservation), so calls are paced to the plan instead of being refused: in steady state no call
 * meets a 429. A reservation takes a request now or books one ahead (the balance goes below zero)
 * and says how long to wait for it; `x-amzn-RateLimit-Limit` of each answer updates the rate.
 *
 * The same pages' pagination tokens live beside the buckets, so a sync resumed on another replica
 * (or after a restart) goes on from its last page instead of reading the window again.
 */

/** A bucket as stored: requests available at `at` (ms), its refill rate (per second) and size. */
export interface BucketState {
  tokens: number;
  rate: number;
  burst: number;
  at: number;
}

/**
 * Reserves one request from `state` at `now`: the new state, and the wait before the request may be
 * sent (0 when the bucket held one). Pure; both stores use it.
 *
 * @example reserveFrom({ tokens: 0, rate: 0.0056, burst: 20, at: 0 }, 0).waitMs // 178572
 */
export function reserveFrom(state: BucketState, now: number): { state: BucketState; waitMs: number } {
  const refilled = refillTo(state, now);
  const tokens = refilled.tokens - 1;
  return { state: { ...refilled, tokens }, waitMs: tokens >= 0 ? 0 : Math.ceil((-tokens / state.rate) * 1000) };
}

/** The bucket at `now`: refilled at its rate since it was last written, never over its burst. */
export function refillTo(state: BucketState, now: number): BucketState {
  const elapsed = Math.max(0, now - state.at) / 1000;
  return { ...state, tokens: Math.min(state.burst, state.tokens + elapsed * state.rate), at: Math.max(now, state.at) };
}

/**
 * The burst the pacer spends of Amazon's: a tenth kept in reserve (at least one request). The
 * pacer's clock and Amazon's are not the same: a call paced on time may reach Amazon after a slow
 * one before it (a busy replica, the network), closer to it than the rate allows; with an empty
 * bucket at Amazon that call would be refused. The requests kept back absorb such bunching, and
 * since the rate is kept whole the steady pace is unchanged.
 *
 * @example pacedBurst(20) // 18
 */
export function pacedBurst(burst: number): number {
  return Math.max(1, burst - Math.max(1, Math.ceil(burst / 10)));
}

/** A booked request given back: one more in the bucket as it was written. */
const givenBack = (b: BucketState): BucketState => ({ ...b, tokens: Math.min(b.burst, b.tokens + 1) });
/** The bucket with the size the plan gives it now (a bucket written with another keeps no more than it). */
const withBurst = (b: BucketState, burst: number): BucketState => (b.burst === burst ? b : { ...b, burst, tokens: Math.min(b.tokens, burst) });
/** The rate Amazon says, from `now` on. */
const withRate = (b: BucketState, rate: number, now: number): BucketState => (b.rate === rate ? b : { ...refillTo(b, now), rate });

export interface AmazonStateStore {
  /** Takes (or books) one request of the bucket `key`, created full with `plan`; answers the wait. */
  reserve(key: string, plan: { rate: number; burst: number }, now: number): Promise<number>;
  /** Gives a booked request back (its caller will not send it). */
  release(key: string, now: number): Promise<void>;
  /** The rate Amazon says applies (`x-amzn-RateLimit-Limit`). */
  learnRate(key: string, rate: number, now: number): Promise<void>;
  savePageToken(key: string, token: string, expiresAt: number): Promise<void>;
  pageToken(key: string, now: number): Promise<string | undefined>;
}

/** Pagination tokens live 24 h at Amazon; kept a little less. */
export const PAGE_TOKEN_TTL_MS = 23 * 3_600_000;

/** One process's buckets (an adapter without a database: tools and the contract suite). */
export function memoryStateStore(): AmazonStateStore {
  const buckets = new Map<string, BucketState>();
  const tokens = new Map<string, { token: string; expiresAt: number }>();
  return {
    async reserve(key, plan, now) {
      const { state, waitMs } = reserveFrom(withBurst(buckets.get(key) ?? { tokens: plan.burst, rate: plan.rate, burst: plan.burst, at: now }, plan.burst), now);
      buckets.set(key, state);
      return waitMs;
    },
    async release(key) {
      const b = buckets.get(key);
      if (b) buckets.set(key, givenBack(b));
    },
    async learnRate(key, rate, now) {
      const b = buckets.get(key);
      if (b) buckets.set(key, withRate(b, rate, now));
    },
    async savePageToken(key, token, expiresAt) {
      tokens.set(key, { token, expiresAt });
      if (tokens.size > 10_000) tokens.delete(tokens.keys().next().value!);
    },
    async pageToken(key, now) {
      const t = tokens.get(key);
      return t && t.expiresAt > now ? t.token : undefined;
    },
  };
}

/** The buckets and page tokens every replica shares (tables of migration 009_amazon). */
export function postgresStateStore(pool: Pool): AmazonStateStore {
  type Row = { tokens: number; rate: number; burst: number; at_ms: string };
  const read = (r: Row): BucketState => ({ tokens: Number(r.tokens), rate: Number(r.rate), burst: Number(r.burst), at: Number(r.at_ms) });
  /** Runs `change` on the locked bucket (created full with `plan`) and stores its result. */
  const update = <T>(key: string, plan: { rate: number; burst: number } | undefined, change: (b: BucketState) => { state: BucketState; result: T }, now: number) =>
    withTransaction(pool, async (tx) => {
      if (plan) {
        await tx.query(`INSERT INTO marketplace_rate_buckets (bucket, tokens, rate, burst, at_ms) VALUES ($1, $2, $3, $2, $4) ON CONFLICT (bucket) DO NOTHING`, [key, plan.burst, plan.rate, now]);
      }
      const { rows } = await tx.query<Row>(`SELECT tokens, rate, burst, at_ms FROM marketplace_rate_buckets WHERE bucket = $1 FOR UPDATE`, [key]);
      if (!rows[0]) return undefined;
      const { state, result } = change(plan ? withBurst(read(rows[0]), plan.burst) : read(rows[0]));
      await tx.query(`UPDATE marketplace_rate_buckets SET tokens = $2, rate = $3, burst = $4, at_ms = $5 WHERE bucket = $1`, [key, state.tokens, state.rate, state.burst, state.at]);
      return result;
    });
  return {
    async reserve(key, plan, now) {
      return (await update(key, plan, (b) => {
        const { state, waitMs } = reserveFrom(b, now);
        return { state, result: waitMs };
      }, now)) ?? 0;
    },
    async release(key, now) {
      await update(key, undefined, (b) => ({ state: givenBack(b), result: undefined }), now);
    },
    async learnRate(key, rate, now) {
      await update(key, undefined, (b) => ({ state: withRate(b, rate, now), result: undefined }), now);
    },
    async savePageToken(key, token, expiresAt) {
      await pool.query(
        `INSERT INTO marketplace_page_tokens (page, token, expires_at_ms) VALUES ($1, $2, $3)
         ON CONFLICT (page) DO UPDATE SET token = EXCLUDED.token, expires_at_ms = EXCLUDED.expires_at_ms`,
        [key, token, expiresAt],
      );
    },
    async pageToken(key, now) {
      const { rows } = await pool.query<{ token: string }>(`SELECT token FROM marketplace_page_tokens WHERE page = $1 AND expires_at_ms > $2`, [key, now]);
      return rows[0]?.token;
    },
  };
}

/**
 * Paces the calls of one adapter: before each call, a reservation in the seller's bucket of the
 * operation; a wait up to `maxWaitMs` is waited here, a longer one is given back and answered, so
 * that the sync job is released and resumes after it (QUOTA_EXCEEDED with the wait).
 */
export interface AmazonPacer {
  /** Waits for a request of `operation` for `sellerId`; answers the wait still due (> maxWaitMs) instead of waiting it. */
  acquire(sellerId: string, operation: string, plan: { rate: number; burst: number }): Promise<number>;
  learn(sellerId: string, operation: string, rate: number): Promise<void>;
}

export function createAmazonPacer(store: AmazonStateStore, options: { now: () => number; maxWaitMs: number; wait?: (ms: number) => Promise<unknown> }): AmazonPacer {
  const wait = options.wait ?? sleep;
  const key = (sellerId: string, operation: string) => `amazon|${sellerId}|${operation}`;
  return {
    async acquire(sellerId, operation, plan) {
      const waitMs = await store.reserve(key(sellerId, operation), { rate: plan.rate, burst: pacedBurst(plan.burst) }, options.now());
      if (waitMs === 0) return 0;
      if (waitMs > options.maxWaitMs) {
        await store.release(key(sellerId, operation), options.now());
        return waitMs;
      }
      await wait(waitMs);
      return 0;
    },
    learn: (sellerId, operation, rate) => store.learnRate(key(sellerId, operation), rate, options.now()),
  };
}
