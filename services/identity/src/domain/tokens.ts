import { createHash, randomBytes } from 'node:crypto';

/** 256 bits of randomness, the size of every secret token this service hands out. */
export const TOKEN_BYTES = 32;
/** base64url of 32 bytes without padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new opaque token (session cookie, reset link): 256 random bits, base64url. */
export function generateToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/**
 * What we store and look up instead of the token. A plain SHA-256 is enough (no salt, no slow
 * hash): the input is 256 random bits, so there is nothing to brute-force, and lookups stay O(1).
 */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/**
 * Whether a presented string can be one of our tokens at all. Anything else is refused before it
 * costs a database round trip.
 */
export function isWellFormedToken(token: string | undefined | null): token is string {
  return typeof token === 'string' && TOKEN_PATTERN.test(token);
}
