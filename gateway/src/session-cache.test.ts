import { createHash } from 'node:crypto';
import type { identity } from '@smista/proto';
import { SessionCache, type CachedSession } from './session-cache';

const user = (id: string, avatar?: string): identity.User => ({
  id,
  username: `u_${id}`,
  firstName: 'Mario',
  lastName: 'Rossi',
  email: `${id}@example.it`,
  avatar,
  createdAt: '2026-11-01T00:00:00.000Z',
  hasPassword: true,
});

const session = (userId: string, patch: Partial<CachedSession> = {}): CachedSession => ({
  user: user(userId),
  merchantId: 'm1',
  role: 'admin',
  callerToken: `token-of-${userId}`,
  signedInWithSso: false,
  withAvatar: false,
  ...patch,
});

/** A cache on a clock the test moves; on, as when subscribed to the invalidations. */
function cacheAt(options: { ttlMs?: number; maxEntries?: number; maxBytes?: number } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache({ ttlMs: options.ttlMs ?? 10_000, maxEntries: options.maxEntries ?? 100, maxBytes: options.maxBytes, now: () => now });
  cache.enable();
  // A caller token that lives 30 s from now, as identity signs them.
  const tokenExpiry = () => now + 30_000;
  return { cache, tokenExpiry, advance: (ms: number) => void (now += ms), put: (key: string, s: CachedSession) => cache.set(key, s, tokenExpiry(), cache.generation()) };
}

describe('session cache', () => {
  it('keys a session by the SHA-256 identity stores, never by the token', () => {
    const token = 'x'.repeat(43);
    const digest = createHash('sha256').update(token).digest();
    expect(SessionCache.keyOf(token)).toBe(SessionCache.keyOfHash(new Uint8Array(digest)));
    expect(SessionCache.keyOf(token)).not.toContain(token);
  });

  it('answers a stored lookup until its TTL ends', () => {
    const { cache, advance, put } = cacheAt({ ttlMs: 10_000 });
    put('k1', session('u1'));
    expect(cache.get('k1', false)).toMatchObject({ user: { id: 'u1' }, merchantId: 'm1', role: 'admin', callerToken: 'token-of-u1' });
    advance(9_999);
    expect(cache.get('k1', false)).toBeDefined();
    advance(2);
    expect(cache.get('k1', false)).toBeUndefined();
  });

  it('stops early enough that the caller token still has 10 s to live, and keeps nothing closer than that', () => {
    const { cache, advance } = cacheAt({ ttlMs: 60_000 });
    cache.set('k1', session('u1'), 1_000_000 + 15_000, cache.generation());
    advance(4_999);
    expect(cache.get('k1', false)).toBeDefined();
    advance(2);
    expect(cache.get('k1', false)).toBeUndefined();
    cache.set('k2', session('u2'), 1_005_001 + 10_000, cache.generation());
    expect(cache.get('k2', false)).toBeUndefined();
    cache.set('k3', session('u3'), Number.NaN, cache.generation());
    expect(cache.get('k3', false)).toBeUndefined();
  });

  it('answers a lookup that needs the avatar only from an entry made with it', () => {
    const { cache, put } = cacheAt();
    put('k1', session('u1'));
    expect(cache.get('k1', true)).toBeUndefined();
    expect(cache.get('k1', false)).toBeDefined();
    put('k1', session('u1', { user: user('u1', 'data:image/png;base64,AAAA'), withAvatar: true }));
    expect(cache.get('k1', true)?.user.avatar).toBe('data:image/png;base64,AAAA');
    expect(cache.get('k1', false)).toBeDefined();
  });

  it('drops one session, or every session of a user through the user index', () => {
    const { cache, put } = cacheAt();
    put('a1', session('ua'));
    put('a2', session('ua', { merchantId: 'm2' }));
    put('b1', session('ub'));
    cache.dropSession('a1');
    expect(cache.get('a1', false)).toBeUndefined();
    expect(cache.get('a2', false)).toBeDefined();
    cache.dropUser('ua');
    expect(cache.get('a2', false)).toBeUndefined();
    expect(cache.get('b1', false)).toBeDefined();
    // A key that moved to another user leaves the first user's index.
    put('b1', session('uc'));
    cache.dropUser('ub');
    expect(cache.get('b1', false)?.user.id).toBe('uc');
  });

  it('does not keep a lookup that was in flight while an invalidation arrived', () => {
    const { cache, tokenExpiry } = cacheAt();
    const before = cache.generation();
    cache.dropUser('someone-else');
    cache.set('k1', session('u1'), tokenExpiry(), before);
    expect(cache.get('k1', false)).toBeUndefined();
    cache.set('k1', session('u1'), tokenExpiry(), cache.generation());
    expect(cache.get('k1', false)).toBeDefined();
  });

  it('is bypassed while disconnected from the invalidations, and starts empty when they are back', () => {
    const { cache, put, tokenExpiry } = cacheAt();
    put('k1', session('u1'));
    const inFlight = cache.generation();
    cache.disable();
    expect(cache.enabled).toBe(false);
    expect(cache.get('k1', false)).toBeUndefined();
    put('k2', session('u2'));
    expect(cache.size).toBe(0);

    cache.enable();
    expect(cache.get('k1', false)).toBeUndefined();
    // A lookup started before the reconnection is not kept either: it may predate a missed invalidation.
    cache.set('k3', session('u3'), tokenExpiry(), inFlight);
    expect(cache.get('k3', false)).toBeUndefined();
    put('k4', session('u4'));
    expect(cache.get('k4', false)).toBeDefined();
  });

  it('stays bounded by entries and by bytes, and its user index with it', () => {
    const { cache, put } = cacheAt({ maxEntries: 3 });
    for (let i = 0; i < 10; i++) put(`k${i}`, session(`u${i}`));
    expect(cache.size).toBe(3);
    expect(cache.get('k9', false)).toBeDefined();
    expect(cache.get('k0', false)).toBeUndefined();
    expect((cache as unknown as { byUser: Map<string, unknown> }).byUser.size).toBe(3);

    const small = cacheAt({ maxEntries: 100, maxBytes: 100_000 });
    const avatar = `data:image/png;base64,${'A'.repeat(60_000)}`;
    small.put('big1', session('u1', { user: user('u1', avatar), withAvatar: true }));
    small.put('big2', session('u2', { user: user('u2', avatar), withAvatar: true }));
    expect(small.cache.size).toBe(1);
    expect(small.cache.get('big2', true)).toBeDefined();
    // Larger than the whole cache: not kept, and not left in the index.
    small.put('huge', session('u3', { user: user('u3', 'A'.repeat(200_000)), withAvatar: true }));
    expect(small.cache.get('huge', true)).toBeUndefined();
    expect((small.cache as unknown as { byUser: Map<string, unknown> }).byUser.has('u3')).toBe(false);
  });
});
