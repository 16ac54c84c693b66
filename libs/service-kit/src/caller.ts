import { SignJWT, jwtVerify } from 'jose';
import { Metadata } from '@grpc/grpc-js';
import type { Role } from '@smista/contracts';
import { kitErrors } from './errors';

/** Metadata key carrying the signed caller token on every gRPC call. */
export const CALLER_METADATA_KEY = 'x-smista-caller';

/** Who is calling: the user, and the merchant and role selected in their session (if any). */
export interface Caller {
  userId: string;
  merchantId?: string;
  role?: Role;
  /** The session was opened by single sign-on (claim `sso`): merchants that require SSO ask for it. */
  sso?: boolean;
}

/** A caller working inside a merchant: what every merchant-scoped handler acts for. */
export interface MerchantScope {
  userId: string;
  merchantId: string;
  role: Role;
}

const ISSUER = 'smista-identity';
const AUDIENCE = 'smista-services';

/**
 * How long a caller token is accepted. This bounds how long a member who was removed or demoted
 * can act through a token issued before the change: every request resolves its session again, and
 * identity updates live sessions as soon as it consumes `merchants.member.added/removed`, so only
 * a token already handed out can still carry the old role, for at most this long. A token only
 * needs to outlive one request's fan-out (gRPC deadlines are 5 s); identity reuses one for at most
 * 10 s (CallerTokenCache), so every token it hands out has at least 20 s left.
 */
export const CALLER_TOKEN_TTL_SECONDS = 30;

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
  const claims: Record<string, string | boolean> = {};
  if (caller.merchantId) claims.mid = caller.merchantId;
  if (caller.role) claims.role = caller.role;
  if (caller.sso) claims.sso = true;
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(caller.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${CALLER_TOKEN_TTL_SECONDS}s`)
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
  if (!token) throw kitErrors.unauthenticated();
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
      ...(payload.sso === true ? { sso: true } : {}),
    };
    if (verified.size >= VERIFIED_CACHE_MAX) verified.delete(verified.keys().next().value!);
    verified.set(cacheKey, { caller, expiresAtMs: (payload.exp ?? 0) * 1000 });
    return caller;
  } catch {
    throw kitErrors.unauthenticated();
  }
}

/** Reads and verifies the caller from incoming call metadata. */
export function callerFromMetadata(metadata: Metadata, secret: string): Promise<Caller> {
  const value = metadata.get(CALLER_METADATA_KEY)[0];
  return verifyCallerToken(typeof value === 'string' ? value : value?.toString(), secret);
}

/** The caller's merchant scope, or NO_MERCHANT_SELECTED (400 'Nessun merchant selezionato'). */
export function merchantScopeOf(caller: Caller): MerchantScope {
  if (!caller.merchantId || !caller.role) throw kitErrors.noMerchantSelected();
  return { userId: caller.userId, merchantId: caller.merchantId, role: caller.role };
}

/**
 * The one entry of every merchant-scoped handler (every service but merchants, which reads its
 * own memberships table): the verified caller and the merchant selected in their session, as
 * signed by identity after merchants confirmed the membership. Filter every read and write by
 * `merchantId`; pair with {@link requireAdmin} for admin-only actions.
 *
 * @example
 * createIntegration: unary('CreateIntegration', async (req, ctx) => {
 *   const { merchantId, userId } = requireAdmin(await requireMerchant(ctx));
 *   ...
 * })
 */
export async function requireMerchant(ctx: { caller(): Promise<Caller> }): Promise<MerchantScope> {
  return merchantScopeOf(await ctx.caller());
}

/**
 * A merchant id a request names must be the caller's selected merchant; empty and `current` name it
 * too (`/api/merchants/current/...`). Any other id throws the service's `notFound`: another
 * merchant's id is answered exactly like one that does not exist.
 *
 * @example assertSelectedMerchant(request.merchantId, scope.merchantId, carriersErrors.merchantNotFound)
 */
export function assertSelectedMerchant(requested: string | undefined, selected: string, notFound: () => Error): void {
  const value = (requested ?? '').trim().toLowerCase();
  if (value && value !== 'current' && value !== selected.toLowerCase()) throw notFound();
}

/** The scope itself when its role is admin; otherwise ADMIN_ONLY (403 in Italian). */
export function requireAdmin(scope: MerchantScope): MerchantScope {
  if (scope.role !== 'admin') throw kitErrors.adminOnly();
  return scope;
}

/** Outgoing metadata carrying a caller token. */
export function callerMetadata(callerToken?: string): Metadata {
  const metadata = new Metadata();
  if (callerToken) metadata.set(CALLER_METADATA_KEY, callerToken);
  return metadata;
}
