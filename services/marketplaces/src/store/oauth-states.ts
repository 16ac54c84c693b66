import { createHash } from 'node:crypto';
import type { Queryable } from '@smista/service-kit';

/** Who an OAuth state was issued to. */
export interface OAuthStateOwner {
  merchantId: string;
  userId: string;
  marketplaceId: number;
}

const hashOf = (state: string) => createHash('sha256').update(state, 'utf8').digest();

/** Records a state issued to `owner`, valid for `ttlSeconds`. */
export async function insertOAuthState(db: Queryable, state: string, owner: OAuthStateOwner, ttlSeconds: number): Promise<void> {
  await db.query(
    `INSERT INTO oauth_states (state_hash, merchant_id, user_id, marketplace_id, expires_at) VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [hashOf(state), owner.merchantId, owner.userId, owner.marketplaceId, ttlSeconds],
  );
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
