/**
 * The `state` of an OAuth consent (issue 19): `<marketplace>.<nonce>`. The marketplace stays
 * readable in front, as the callback page reads it (spec §7: state identifies the marketplace); the
 * nonce is 32 random bytes in base64url, issued to one user in one merchant for one marketplace,
 * short-lived and used once (the store keeps its hash and who it belongs to).
 */

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
