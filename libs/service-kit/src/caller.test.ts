import { Metadata } from '@grpc/grpc-js';
import { SignJWT } from 'jose';
import { CALLER_METADATA_KEY, callerFromMetadata, requireMerchant, signCallerToken, verifyCallerToken } from './caller';
import { GrpcError, GrpcStatus } from './errors';

const secret = 'a'.repeat(40);

describe('caller tokens', () => {
  it('round-trips user, merchant and role', async () => {
    const token = await signCallerToken({ userId: 'u1', merchantId: 'm1', role: 'admin' }, secret);
    await expect(verifyCallerToken(token, secret)).resolves.toEqual({ userId: 'u1', merchantId: 'm1', role: 'admin' });
  });

  it('refuses a token signed with another secret, a missing token and an expired one', async () => {
    const forged = await signCallerToken({ userId: 'u1' }, 'b'.repeat(40));
    await expect(verifyCallerToken(forged, secret)).rejects.toMatchObject({ grpcCode: GrpcStatus.UNAUTHENTICATED });
    await expect(verifyCallerToken(undefined, secret)).rejects.toBeInstanceOf(GrpcError);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('smista-identity')
      .setAudience('smista-services')
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(secret));
    await expect(verifyCallerToken(expired, secret)).rejects.toMatchObject({ grpcCode: GrpcStatus.UNAUTHENTICATED });
  });

  it('reads the caller from metadata', async () => {
    const md = new Metadata();
    md.set(CALLER_METADATA_KEY, await signCallerToken({ userId: 'u2', merchantId: 'm2', role: 'user' }, secret));
    await expect(callerFromMetadata(md, secret)).resolves.toMatchObject({ userId: 'u2', role: 'user' });
  });

  it('requires a selected merchant for merchant-scoped calls', () => {
    expect(() => requireMerchant({ userId: 'u' })).toThrow('Nessun merchant selezionato');
    expect(requireMerchant({ userId: 'u', merchantId: 'm', role: 'user' })).toEqual({ userId: 'u', merchantId: 'm', role: 'user' });
  });
});

describe('verified-token cache', () => {
  it('answers a repeated token from the cache but still refuses it once expired', async () => {
    const token = await signCallerToken({ userId: 'u3', merchantId: 'm3', role: 'admin' }, secret);
    const first = await verifyCallerToken(token, secret);
    await expect(verifyCallerToken(token, secret)).resolves.toBe(first);
    // The same token under another secret is not a cache hit.
    await expect(verifyCallerToken(token, 'c'.repeat(40))).rejects.toMatchObject({ grpcCode: GrpcStatus.UNAUTHENTICATED });
    jest.useFakeTimers({ now: Date.now() + 61_000, doNotFake: ['nextTick', 'setImmediate'] });
    try {
      await expect(verifyCallerToken(token, secret)).rejects.toMatchObject({ grpcCode: GrpcStatus.UNAUTHENTICATED });
    } finally {
      jest.useRealTimers();
    }
  });
});
