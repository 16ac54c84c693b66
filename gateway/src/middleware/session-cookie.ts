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

/** The session token from a `Cookie` header, if any. */
export function readSessionToken(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader || !cookieHeader.includes(SESSION_COOKIE)) return undefined;
  const token = parse(cookieHeader)[SESSION_COOKIE];
  return token ? token : undefined;
}
