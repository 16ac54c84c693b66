import { parse, serialize, type SerializeOptions } from 'cookie';

/** The one cookie the browser holds: an opaque session token issued by identity. */
export const SESSION_COOKIE = 'smista_session';

const baseOptions = (secure: boolean): SerializeOptions => ({
  httpOnly: true,
  sameSite: 'lax',
  path: '/',
  secure,
});

/**
 * `Set-Cookie` value for a new session. Max-Age follows the session's expiry so the browser drops
 * the cookie when identity would reject it anyway.
 */
export function sessionCookie(token: string, expiresAt: string, secure: boolean, now = Date.now()): string {
  const expires = Date.parse(expiresAt);
  const maxAge = Number.isFinite(expires) ? Math.max(0, Math.floor((expires - now) / 1000)) : 0;
  return serialize(SESSION_COOKIE, token, { ...baseOptions(secure), maxAge });
}

/** `Set-Cookie` value that removes the session cookie. */
export function clearSessionCookie(secure: boolean): string {
  return serialize(SESSION_COOKIE, '', { ...baseOptions(secure), maxAge: 0, expires: new Date(0) });
}

/**
 * The SSO nonce cookie: the SHA-256 of the nonce keycloak-js put in the login URL, so only the
 * browser that started a sign-in can finish it (`POST /api/sso/session`). Short-lived, sent only
 * to /api/sso, never readable by scripts.
 */
export const SSO_NONCE_COOKIE = 'smista_sso_nonce';
export const SSO_NONCE_MAX_AGE_SECONDS = 600;
const ssoNonceOptions = (secure: boolean): SerializeOptions => ({ httpOnly: true, sameSite: 'strict', path: '/api/sso', secure });

/**
 * `returnTo`: where the sign-in leads once finished (an invite page: Keycloak sends the browser
 * back to the one registered address, so the place travels here, out of scripts' reach, never in
 * the browser's storage), base64url after the hash.
 */
export function ssoNonceCookie(nonceHash: string, secure: boolean, returnTo?: string): string {
  const value = returnTo ? `${nonceHash}.${Buffer.from(returnTo, 'utf8').toString('base64url')}` : nonceHash;
  return serialize(SSO_NONCE_COOKIE, value, { ...ssoNonceOptions(secure), maxAge: SSO_NONCE_MAX_AGE_SECONDS });
}

export function clearSsoNonceCookie(secure: boolean): string {
  return serialize(SSO_NONCE_COOKIE, '', { ...ssoNonceOptions(secure), maxAge: 0, expires: new Date(0) });
}

/** The nonce hash from a `Cookie` header, if any (64 hex characters, else none). */
export function readSsoNonceHash(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(SSO_NONCE_COOKIE)) return undefined;
  const value = parse(cookieHeader)[SSO_NONCE_COOKIE]?.split('.')[0];
  return value && /^[0-9a-f]{64}$/.test(value) ? value : undefined;
}

/** Where the SSO sign-in this cookie started leads, if it named a place (checked again by the caller). */
export function readSsoReturnTo(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(SSO_NONCE_COOKIE)) return undefined;
  const encoded = parse(cookieHeader)[SSO_NONCE_COOKIE]?.split('.')[1];
  return encoded && /^[A-Za-z0-9_-]{1,2048}$/.test(encoded) ? Buffer.from(encoded, 'base64url').toString('utf8') : undefined;
}

/** The session token from a `Cookie` header, if any. */
export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(SESSION_COOKIE)) return undefined;
  const token = parse(cookieHeader)[SESSION_COOKIE];
  return token ? token : undefined;
}
