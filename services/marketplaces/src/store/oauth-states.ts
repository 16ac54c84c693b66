import { createHash } from 'node:crypto';
import type { Keyring, Queryable } from '@smista/service-kit';

/** Who an OAuth state was issued to. */
export interface OAuthStateOwner {
  merchantId: string;
  userId: string;
  marketplaceId: number;
}

const hashOf = (state: string) => createHash('sha256').update(state, 'utf8').digest();

/** Binds a sealed code verifier to its state: a value copied to another row does not open. */
const verifierAad = (hash: Buffer) => `oauth_states:${hash.toString('hex')}:code_verifier`;

/**
 * Records a state issued to `owner`, valid for `ttlSeconds`, with the consent's PKCE code verifier
 * sealed beside it when the marketplace needs one.
 */
export async function insertOAuthState(db: Queryable, state: string, owner: OAuthStateOwner, ttlSeconds: number, pkce?: { codeVerifier: string; keyring: Keyring }): Promise<void> {
  const hash = hashOf(state);
  await db.query(
    `INSERT INTO oauth_states (state_hash, merchant_id, user_id, marketplace_id, expires_at, code_verifier) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), $6)`,
    [hash, owner.merchantId, owner.userId, owner.marketplaceId, ttlSeconds, pkce ? pkce.keyring.encrypt(pkce.codeVerifier, verifierAad(hash)) : null],
  );
}

/**
 * Uses the state once like {@link consumeOAuthState}, answering its PKCE code verifier opened
 * (`''` when the consent had none); null when the state is not this owner's, ran out or was used.
 */
export async function consumeOAuthStateWithVerifier(db: Queryable, state: string, owner: OAuthStateOwner, keyring: Keyring): Promise<{ codeVerifier: string } | null> {
  const hash = hashOf(state);
  const { rows } = await db.query<{ code_verifier: string | null }>(
    // The verifier is read and wiped in the same statement: a used state keeps nothing to open.
    `UPDATE oauth_states s SET consumed_at = now(), code_verifier = NULL
       FROM (SELECT state_hash, code_verifier FROM oauth_states WHERE state_hash = $1 FOR UPDATE) before
      WHERE s.state_hash = before.state_hash AND s.merchant_id = $2 AND s.user_id = $3 AND s.marketplace_id = $4 AND s.consumed_at IS NULL AND s.expires_at > now()
      RETURNING before.code_verifier`,
    [hash, owner.merchantId, owner.userId, owner.marketplaceId],
  );
  if (rows.length !== 1) return null;
  const sealed = rows[0]!.code_verifier;
  return { codeVerifier: sealed ? keyring.decrypt(sealed, verifierAad(hash)) : '' };
}

/**
 * Uses the state once, if it was issued to exactly this user in this merchant for this marketplace
 * and has not run out: true then, and never again for the same state. A state of someone else is
 * left as it is (its owner may still finish their consent).
 */
export async function consumeOAuthState(db: Queryable, state: string, owner: OAuthStateOwner): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE oauth_states SET consumed_at = now()
      WHERE state_hash = $1 AND merchant_id = $2 AND user_id = $3 AND marketplace_id = $4 AND consumed_at IS NULL AND expires_at > now()`,
    [hashOf(state), owner.merchantId, owner.userId, owner.marketplaceId],
  );
  return rowCount === 1;
}

/** Forgets states that ran out more than a day ago (used or not). */
export async function pruneOAuthStates(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM oauth_states WHERE expires_at < now() - interval '1 day'`);
}
