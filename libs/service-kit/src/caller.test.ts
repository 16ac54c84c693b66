import { Metadata } from '@grpc/grpc-js';
import { SignJWT } from 'jose';
import { decodeJwt } from 'jose';
import { messages } from '@smista/contracts';
import {
  CALLER_METADATA_KEY,
  CALLER_TOKEN_TTL_SECONDS,
  callerFromMetadata,
  merchantScopeOf,
  requireAdmin,
  requireMerchant,
  signCallerToken,
  verifyCallerToken,
} from './caller';
import { DomainError, KitErrorCode } from './errors';

const unauthenticated = { code: KitErrorCode.Unauthenticated, message: messages.errors.notAuthenticated };

const secret = 'a'.repeat(40);

describe('caller tokens', () => {
  it('round-trips user, merchant and role', async () => {
    const token = await signCallerToken({ userId: 'u1', merchantId: 'm1', role: 'admin' }, secret);
    await expect(verifyCallerToken(token, secret)).resolves.toEqual({ userId: 'u1', merchantId: 'm1', role: 'admin' });
  });

  it('carries a session opened by single sign-on, and only such a session', async () => {
    const sso = await signCallerToken({ userId: 'u1', merchantId: 'm1', role: 'user', sso: true }, secret);
    await expect(verifyCallerToken(sso, secret)).resolves.toEqual({ userId: 'u1', merchantId: 'm1', role: 'user', sso: true });
    const password = await signCallerToken({ userId: 'u1', merchantId: 'm1', role: 'user', sso: false }, secret);
    expect(await verifyCallerToken(password, secret)).not.toHaveProperty('sso');
  });

  it('refuses a token signed with another secret, a missing token and an expired one', async () => {
    const forged = await signCallerToken({ userId: 'u1' }, 'b'.repeat(40));
    await expect(verifyCallerToken(forged, secret)).rejects.toMatchObject(unauthenticated);
    await expect(verifyCallerToken(undefined, secret)).rejects.toBeInstanceOf(DomainError);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('smista-identity')
      .setAudience('smista-services')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(secret));
    await expect(verifyCallerToken(expired, secret)).rejects.toMatchObject(unauthenticated);
  });

  it('reads the caller from metadata', async () => {
    const md = new Metadata();
    md.set(CALLER_METADATA_KEY, await signCallerToken({ userId: 'u2', merchantId: 'm2', role: 'user' }, secret));
    await expect(callerFromMetadata(md, secret)).resolves.toMatchObject({ userId: 'u2', role: 'user' });
  });

  it('requires a selected merchant for merchant-scoped calls', async () => {
    expect(() => merchantScopeOf({ userId: 'u' })).toThrow(messages.errors.noMerchantSelected);
    expect(merchantScopeOf({ userId: 'u', merchantId: 'm', role: 'user' })).toEqual({ userId: 'u', merchantId: 'm', role: 'user' });
    const md = new Metadata();
    md.set(CALLER_METADATA_KEY, await signCallerToken({ userId: 'u4', merchantId: 'm4', role: 'user' }, secret));
    const ctx = { caller: () => callerFromMetadata(md, secret) };
    await expect(requireMerchant(ctx)).resolves.toEqual({ userId: 'u4', merchantId: 'm4', role: 'user' });
    await expect(requireMerchant({ caller: () => verifyCallerToken(undefined, secret) })).rejects.toMatchObject(unauthenticated);
  });

  it('lets only an admin through requireAdmin, with the Italian 403 message for a user', () => {
    expect(requireAdmin({ userId: 'u', merchantId: 'm', role: 'admin' })).toEqual({ userId: 'u', merchantId: 'm', role: 'admin' });
    expect(() => requireAdmin({ userId: 'u', merchantId: 'm', role: 'user' })).toThrow(
      expect.objectContaining({ code: KitErrorCode.AdminOnly, message: messages.errors.adminOnly }),
    );
  });

  it('bounds how long a token issued before a role change or a removal can act: under a minute', async () => {
    expect(CALLER_TOKEN_TTL_SECONDS).toBeLessThan(60);
    const token = await signCallerToken({ userId: 'u5', merchantId: 'm5', role: 'admin' }, secret);
    const { iat, exp } = decodeJwt(token);
    expect(exp! - iat!).toBe(CALLER_TOKEN_TTL_SECONDS);
    await expect(verifyCallerToken(token, secret)).resolves.toMatchObject({ role: 'admin' });
    // The demoted admin's old token, presented after its lifetime, is refused (verified-cache included).
    jest.useFakeTimers({ now: Date.now() + (CALLER_TOKEN_TTL_SECONDS + 1) * 1000, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      await expect(verifyCallerToken(token, secret)).rejects.toMatchObject(unauthenticated);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('verified-token cache', () => {
  it('answers a repeated token from the cache but still refuses it once expired', async () => {
    const token = await signCallerToken({ userId: 'u3', merchantId: 'm3', role: 'admin' }, secret);
    const first = await verifyCallerToken(token, secret);
    await expect(verifyCallerToken(token, secret)).resolves.toBe(first);
    // The same token under another secret is not a cache hit.
    await expect(verifyCallerToken(token, 'c'.repeat(40))).rejects.toMatchObject(unauthenticated);
    jest.useFakeTimers({ now: Date.now() + 61_000, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      await expect(verifyCallerToken(token, secret)).rejects.toMatchObject(unauthenticated);
    } finally {
      jest.useRealTimers();
    }
  });
});
