import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { identity } from '@smista/proto';
import type { Role } from '@smista/contracts';
import { sessionCacheMetrics } from '@smista/service-kit';

/** What a session lookup (identity.ResolveSession) answered, as the gateway keeps it. */
export interface CachedSession {
  user: identity.User;
  merchantId?: string;
  role?: Role;
  callerToken: string;
  /** Opened by single sign-on (identity's answer, kept with the rest: no extra call per request). */
  signedInWithSso: boolean;
  /** Looked up with the avatar: only such an entry answers a lookup that needs it (GET /api/user). */
  withAvatar: boolean;
}

export interface SessionCacheOptions {
  /** Longest life of an entry (SESSION_CACHE_TTL_MS). */
  ttlMs: number;
  /** Most entries kept (SESSION_CACHE_MAX_ENTRIES); the least recently used go first. */
  maxEntries: number;
  /** Most bytes kept, avatars counted (they can weigh 1.4 MB each). */
  maxBytes?: number;
  /**
   * An entry is never served once its caller token has less than this left: the services must
   * still accept the token when the request's calls reach them.
   */
  minTokenLifeMs?: number;
  /** Clock in ms; tests move it. */
  now?: () => number;
}

/** Without an avatar an entry weighs about this much (the user, ids, the caller token, the index). */
const ENTRY_BYTES = 2_048;

// Bound once: a labelled child is a plain increment on the hot path.
const lookups = {
  hit: sessionCacheMetrics.lookups.labels('hit'),
  miss: sessionCacheMetrics.lookups.labels('miss'),
  bypass: sessionCacheMetrics.lookups.labels('bypass'),
};
const invalidations = { session: sessionCacheMetrics.invalidations.labels('session'), user: sessionCacheMetrics.invalidations.labels('user') };

/**
 * The gateway's cache of session lookups, so most requests cost no call to identity. It is only
 * correct together with the invalidations identity publishes (`identity.sessions.invalidated`,
 * see session-invalidations.ts), which call {@link dropSession} and {@link dropUser}; so:
 *
 * - it answers nothing until {@link enable} (subscribed to the invalidations) and again nothing
 *   after {@link disable} (NATS lost: invalidations may be missed), and both empty it;
 * - keys are SHA-256 of the session token ({@link keyOf}), the same hash identity stores and
 *   sends in the event, so neither the cache nor the event holds a usable token;
 * - every entry lives at most `ttlMs`, and stops early enough that its caller token still has
 *   `minTokenLifeMs` to live (identity's sliding expiry is still refreshed once per TTL);
 * - a lookup that was in flight while any invalidation arrived is not stored ({@link generation}):
 *   identity may have answered it from the state before the change.
 *
 * @example
 * const key = SessionCache.keyOf(token);
 * const hit = cache.get(key, false);
 * if (!hit) { const g = cache.generation(); const s = await lookup(); cache.set(key, s, expiresAtMs, g); }
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession & { userId: string }>;
  /** userId → keys of that user's cached sessions, for user-wide invalidations. */
  private readonly byUser = new Map<string, Set<string>>();
  private gen = 0;
  private on = false;
  private readonly ttlMs: number;
  private readonly minTokenLifeMs: number;
  private readonly now: () => number;

  constructor(options: SessionCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.minTokenLifeMs = options.minTokenLifeMs ?? 10_000;
    this.now = options.now ?? Date.now;
    const now = this.now;
    this.entries = new LRUCache({
      max: options.maxEntries,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (s) => ENTRY_BYTES + (s.user.avatar?.length ?? 0),
      ttl: options.ttlMs,
      perf: { now },
      // Read the clock on every check (the default caches it for 1 ms behind a timer).
      ttlResolution: 0,
      dispose: (s, key) => this.unindex(s.userId, key),
    });
  }

  /** The cache key of a session token: SHA-256, base64url (as identity hashes it). */
  static keyOf(token: string): string {
    // The one-shot hash: no Hash object per request.
    return hash('sha256', token, 'base64url');
  }

  /** The key of a token hash as identity sends it in `identity.sessions.invalidated`. */
  static keyOfHash(tokenHash: Uint8Array): string {
    return Buffer.from(tokenHash.buffer, tokenHash.byteOffset, tokenHash.byteLength).toString('base64url');
  }

  get enabled(): boolean {
    return this.on;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The cached lookup of a session, if any, fresh, and with the avatar when `withAvatar`. */
  get(key: string, withAvatar: boolean): CachedSession | undefined {
    if (!this.on) {
      lookups.bypass.inc();
      return undefined;
    }
    const hit = this.entries.get(key);
    if (!hit || (withAvatar && !hit.withAvatar)) {
      lookups.miss.inc();
      return undefined;
    }
    lookups.hit.inc();
    return hit;
  }

  /** Read before asking identity and hand to {@link set}: it changes with every invalidation. */
  generation(): number {
    return this.gen;
  }

  /**
   * Keeps identity's answer, unless the cache is off, an invalidation arrived since `generation`
   * was read, or the caller token would not live long enough.
   */
  set(key: string, session: CachedSession, callerTokenExpiresAtMs: number, generation: number): void {
    if (!this.on || generation !== this.gen) return;
    const ttl = Math.min(this.ttlMs, callerTokenExpiresAtMs - this.minTokenLifeMs - this.now());
    if (!(ttl >= 1)) return;
    const entry = { ...session, userId: session.user.id };
    this.entries.set(key, entry, { ttl: Math.floor(ttl) });
    // A value larger than maxSize is refused by the LRU: index only what it kept.
    if (this.entries.peek(key) !== entry) return;
    let keys = this.byUser.get(entry.userId);
    if (!keys) this.byUser.set(entry.userId, (keys = new Set()));
    keys.add(key);
  }

  /** One session changed (logout, merchant selection). */
  dropSession(key: string): void {
    this.gen++;
    invalidations.session.inc();
    this.entries.delete(key);
  }

  /** Every session of a user changed (password, profile, a membership). */
  dropUser(userId: string): void {
    this.gen++;
    invalidations.user.inc();
    const keys = this.byUser.get(userId);
    if (!keys) return;
    for (const key of [...keys]) this.entries.delete(key);
    this.byUser.delete(userId);
  }

  /** Empties the cache; lookups in flight are not stored. */
  flush(): void {
    this.gen++;
    this.entries.clear();
    this.byUser.clear();
  }

  /** Subscribed to the invalidations (again): start afresh, since some may have been missed. */
  enable(): void {
    this.flush();
    this.on = true;
  }

  /** Invalidations can no longer arrive: answer nothing, keep nothing. */
  disable(): void {
    this.on = false;
    this.flush();
  }

  private unindex(userId: string, key: string): void {
    const keys = this.byUser.get(userId);
    if (!keys) return;
    keys.delete(key);
    if (keys.size === 0) this.byUser.delete(userId);
  }
}
