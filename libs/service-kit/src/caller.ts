import { SignJWT, jwtVerify } from 'jose';
import { Metadata } from '@grpc/grpc-js';
import { GrpcError, GrpcStatus } from './errors';

/** Metadata key carrying the signed caller token on every gRPC call. */
export const CALLER_METADATA_KEY = 'x-smista-caller';

export type CallerRole = 'admin' | 'user';

/** Who is calling: the user, and the merchant and role selected in their session (if any). */
export interface Caller {
  userId: string;
  merchantId?: string;
  role?: CallerRole;
}

const ISSUER = 'smista-identity';
const AUDIENCE = 'smista-services';
/** Short life: a token only needs to outlive one request's fan-out. */
const TTL_SECONDS = 60;

const keyCache = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keyCache.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keyCache.set(secret, key);
  }
  return key;
}

/** Signs a caller token (identity does this when it resolves a session). */
export async function signCallerToken(caller: Caller, secret: string): Promise<string> {
  const claims: Record<string, string> = {};
  if (caller.merchantId) claims.mid = caller.merchantId;
  if (caller.role) claims.role = caller.role;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(caller.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TTL_SECONDS}s`)
    .sign(keyFor(secret));
}

/**
 * Tokens already verified, until they expire: identity reuses a caller's token for many requests,
 * so each service checks the signature once instead of on every call. Keyed by secret and token.
 */
const verified = new Map<string, { caller: Caller; expiresAtMs: number }>();
const VERIFIED_CACHE_MAX = 10_000;

/** Verifies a caller token; a missing, forged or expired token is UNAUTHENTICATED. */
export async function verifyCallerToken(token: string | undefined, secret: string): Promise<Caller> {
  if (!token) throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Accesso richiesto: effettua il login');
  const cacheKey = `${secret}\u0000${token}`;
  const hit = verified.get(cacheKey);
  if (hit && hit.expiresAtMs > Date.now()) return hit.caller;
  if (hit) verified.delete(cacheKey);
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const role = payload.role === 'admin' || payload.role === 'user' ? payload.role : undefined;
    const caller: Caller = {
      userId: String(payload.sub),
      merchantId: typeof payload.mid === 'string' ? payload.mid : undefined,
      role,
    };
    if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, { caller, expiresAtMs: (payload.exp ?? 0) * 1000 });
    return caller;
  } catch {
    throw new GrpcError(GrpcStatus.UNAUTHENTICATED, 'Accesso richiesto: effettua il login');
  }
}

/** Reads and verifies the caller from incoming call metadata. */
export function callerFromMetadata(metadata: Metadata, secret: string): Promise<Caller> {
  const value = metadata.get(CALLER_METADATA_KEY)[0];
  return verifyCallerToken(typeof value === 'string' ? value : value?.toString(), secret);
}

/** The caller's merchant, or FAILED_PRECONDITION when no merchant is selected. */
export function requireMerchant(caller: Caller): { userId: string; merchantId: string; role: CallerRole } {
  if (!caller.merchantId || !caller.role) {
    throw new GrpcError(GrpcStatus.FAILED_PRECONDITION, 'Nessun merchant selezionato');
  }
  return { userId: caller.userId, merchantId: caller.merchantId, role: caller.role };
}

/** Outgoing metadata carrying a caller token. */
export function callerMetadata(callerToken?: string): Metadata {
  const metadata = new Metadata();
  if (callerToken) metadata.set(CALLER_METADATA_KEY, callerToken);
  return metadata;
}
