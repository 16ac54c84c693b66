import { verifyCallerToken } from '@smista/service-kit';
import { CallerTokenCache } from './caller-tokens';

const SECRET = 'caller-token-cache-test-secret-0123456789';

describe('caller token cache', () => {
  it('reuses a token for the same caller within the reuse window, then signs a new one', async () => {
    const cache = new CallerTokenCache(SECRET, 30_000);
    const caller = { userId: 'u1', merchantId: 'm1', role: 'admin' as const };
    const a = await cache.get(caller, 1_000_000);
    expect(await cache.get(caller, 1_029_999)).toBe(a);
    expect(await verifyCallerToken(a, SECRET)).toEqual(caller);
    await new Promise((r) => setTimeout(r, 1100)); // iat has one-second resolution
    expect(await cache.get(caller, 1_030_000)).not.toBe(a);
  });

  it('never serves a token of another role or merchant', async () => {
    const cache = new CallerTokenCache(SECRET);
    const admin = await cache.get({ userId: 'u1', merchantId: 'm1', role: 'admin' });
    const user = await cache.get({ userId: 'u1', merchantId: 'm1', role: 'user' });
    const none = await cache.get({ userId: 'u1' });
    expect(await verifyCallerToken(user, SECRET)).toEqual({ userId: 'u1', merchantId: 'm1', role: 'user' });
    expect(await verifyCallerToken(none, SECRET)).toEqual({ userId: 'u1', merchantId: undefined, role: undefined });
    expect(new Set([admin, user, none]).size).toBe(3);
  });

  it('stays bounded', async () => {
    const cache = new CallerTokenCache(SECRET, 30_000, 3);
    for (let i = 0; i < 10; i++) await cache.get({ userId: `u${i}` });
    expect((cache as unknown as { entries: Map<string, unknown> }).entries.size).toBe(3);
  });
});

describe('caller token lifetime', () => {
  it('hands out, with the default reuse window, only tokens that still live at least 20 s', async () => {
    const { decodeJwt } = await import('jose');
    const cache = new CallerTokenCache(SECRET);
    const caller = { userId: 'u9', merchantId: 'm9', role: 'user' as const };
    const issuedAt = Date.now();
    const token = await cache.get(caller, issuedAt);
    // The last moment the cache still answers with the same token, which then has at least 20 s left.
    const { exp } = decodeJwt(token);
    expect(exp! * 1000 - (issuedAt + 9_999)).toBeGreaterThanOrEqual(19_000);
  });

  it('tells the expiry of the token it hands out, never later than the token says', async () => {
    const { decodeJwt } = await import('jose');
    const cache = new CallerTokenCache(SECRET);
    const caller = { userId: 'u8', merchantId: 'm8', role: 'admin' as const };
    const issued = await cache.issue(caller);
    const exp = decodeJwt(issued.token).exp! * 1000;
    expect(issued.expiresAtMs).toBeLessThanOrEqual(exp);
    expect(issued.expiresAtMs).toBeGreaterThan(exp - 2_000);
    // Reused, with the same expiry.
    expect(await cache.issue(caller)).toEqual(issued);
  });
});
