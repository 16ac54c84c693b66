import { randomBytes } from 'node:crypto';

/*
 * Opaque credentials in eBay's shapes: `v^1.1#i^1#…#t^<base64>`. They carry `^`, `#`, `+`, `/` and
 * `=`, so a client that forgets to URL-encode them, or encodes them twice, fails as it would on eBay.
 * Nothing is derived from them: the store maps each to its grant.
 */

/** An authorization code (~235 characters, ends with `==`). */
export function newAuthorizationCode(): string {
  return `v^1.1#i^1#f^0#I^3#r^1#p^3#t^Ul41XzM6${randomBytes(151).toString('base64')}`;
}

/** A user or application access token (~1,500 characters, as eBay's are). */
export function newAccessToken(kind: 'user' | 'application'): string {
  return `v^1.1#i^1#p^${kind === 'user' ? 3 : 1}#r^0#I^3#f^0#t^H4sIAAAAAAAA/+${randomBytes(1100).toString('base64')}`;
}

/** A refresh token (~130 characters). */
export function newRefreshToken(): string {
  return `v^1.1#i^1#p^3#I^3#r^1#f^0#t^Ul4xMF8${randomBytes(66).toString('base64')}#e^260`;
}
