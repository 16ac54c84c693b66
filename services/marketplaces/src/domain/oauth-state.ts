/**
 * The `state` of an OAuth consent (issue 19): `<marketplace>.<nonce>`. The marketplace stays
 * readable in front, as the callback page reads it (spec §7: state identifies the marketplace); the
 * nonce is 32 random bytes in base64url, issued to one user in one merchant for one marketplace,
 * short-lived and used once (the store keeps its hash and who it belongs to).
 */

import { createHash } from 'node:crypto';

export { marketplaceOfOAuthState } from '@smista/contracts';

/** How long a consent may take, from 'Connetti' to the callback; also OAUTH_STATE_TTL_SECONDS' default. */
export const DEFAULT_OAUTH_STATE_TTL_SECONDS = 15 * 60;

/**
 * A new state for `identifier` from 32 random bytes.
 *
 * @example oauthStateOf('ebay', crypto.randomBytes(32)) // 'ebay.q3J0…' (43 characters after the dot)
 */
export function oauthStateOf(identifier: string, randomBytes: Uint8Array): string {
  if (randomBytes.length !== 32) throw new Error('an OAuth state needs 32 random bytes');
  return `${identifier}.${Buffer.from(randomBytes).toString('base64url')}`;
}

/**
 * The PKCE S256 challenge of a code verifier (RFC 7636): BASE64URL(SHA-256(verifier)).
 *
 * @example codeChallengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 */
export function codeChallengeOf(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}
