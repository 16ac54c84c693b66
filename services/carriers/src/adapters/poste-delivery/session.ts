import { createHash } from 'node:crypto';
import type { PosteSession } from './parse';
import type { PosteDeliverySettings } from './settings';

/**
 * Poste Delivery Business session tokens, kept until shortly before they expire and shared by every
 * adapter of the same account: the service builds an adapter per integration and credentials
 * version, and a batch of labels must not ask Poste for a token per label.
 *
 * The key is the base URL, the client id and a hash of the secret: a changed secret never rides on
 * a token obtained with the old one, and the secret itself is not kept here.
 */
export class SessionTokenCache {
  private readonly tokens = new Map<string, { token: string; usableUntil: number }>();
  private readonly pending = new Map<string, Promise<string>>();

  constructor(
    /** Stop using a token this long before Poste's expiry (at most half its life). */
    private readonly marginMs = 60_000,
    private readonly maxEntries = 1_000,
  ) {}

  /** The cached token of `key` if still usable at `now`. */
  peek(key: string, now: number): string | undefined {
    const hit = this.tokens.get(key);
    if (hit && hit.usableUntil > now) return hit.token;
    if (hit) this.tokens.delete(key);
    return undefined;
  }

  /** Keeps a token obtained at `obtainedAt` (ms) that Poste declared valid for `expiresInSeconds`. */
  store(key: string, session: PosteSession, obtainedAt: number): void {
    const lifeMs = session.expiresInSeconds * 1000;
    const usableUntil = obtainedAt + lifeMs - Math.min(this.marginMs, lifeMs / 2);
    this.tokens.delete(key);
    this.tokens.set(key, { token: session.token, usableUntil });
    if (this.tokens.size > this.maxEntries) this.tokens.delete(this.tokens.keys().next().value!);
  }

  /**
   * The usable token of `key`, else a new one from `open` (stored); concurrent callers without a
   * token share one request to Poste.
   */
  async token(key: string, open: () => Promise<PosteSession>, now: () => number): Promise<string> {
    const cached = this.peek(key, now());
    if (cached) return cached;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const request = (async () => {
      const obtainedAt = now();
      const session = await open();
      this.store(key, session, obtainedAt);
      return session.token;
    })().finally(() => this.pending.delete(key));
    this.pending.set(key, request);
    return request;
  }

  /** Forgets `token` (Poste answered 401 with it) unless a newer one already replaced it. */
  invalidate(key: string, token: string): void {
    if (this.tokens.get(key)?.token === token) this.tokens.delete(key);
  }

  clear(): void {
    this.tokens.clear();
  }
}

/** The process-wide cache every Poste Delivery adapter uses unless given another (tests). */
export const sharedSessionTokens = new SessionTokenCache();

/** The cache key of an account: base URL, client id and a hash of the secret (never the secret). */
export function sessionKey(settings: Pick<PosteDeliverySettings, 'baseUrl' | 'clientId' | 'secret'>): string {
  const secretHash = createHash('sha256').update(settings.secret).digest('base64url').slice(0, 22);
  return `${settings.baseUrl.replace(/\/+$/, '')}\u0000${settings.clientId.trim()}\u0000${secretHash}`;
}
