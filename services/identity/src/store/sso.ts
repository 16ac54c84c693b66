import { uniqueViolation, type Queryable } from '@smista/service-kit';

/** The user linked to an identity-provider account, if any. */
export async function findLinkedUserId(db: Queryable, issuer: string, subject: string): Promise<string | undefined> {
  const { rows } = await db.query<{ userId: string }>('SELECT user_id AS "userId" FROM sso_links WHERE issuer = $1 AND subject = $2', [issuer, subject]);
  return rows[0]?.userId;
}

export async function insertLink(db: Queryable, link: { issuer: string; subject: string; userId: string }): Promise<void> {
  await db.query('INSERT INTO sso_links (issuer, subject, user_id) VALUES ($1, $2, $3)', [link.issuer, link.subject, link.userId]);
}

export async function isNonceUsed(db: Queryable, nonceHash: Buffer): Promise<boolean> {
  const { rowCount } = await db.query('SELECT 1 FROM sso_used_nonces WHERE nonce_hash = $1', [nonceHash]);
  return (rowCount ?? 0) > 0;
}

/** Remembers a nonce until its token expires; false when it was already used (a replay, or a race with one). */
export async function useNonce(db: Queryable, nonceHash: Buffer, expiresAt: Date): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO sso_used_nonces (nonce_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [nonceHash, expiresAt]);
  return rowCount === 1;
}

/** Of these usernames, the ones some user has (case-insensitively), lowercased. */
export async function takenUsernames(db: Queryable, candidates: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ u: string }>('SELECT lower(username) AS u FROM users WHERE lower(username) = ANY($1::text[])', [candidates.map((c) => c.toLowerCase())]);
  return new Set(rows.map((r) => r.u));
}

/** True when the error is the link's primary key: the same account linked by a concurrent first sign-in. */
export const isLinkTaken = (err: unknown): boolean => uniqueViolation(err) === 'sso_links_pkey';

/** Hourly: nonces whose tokens have expired can no longer be replayed. */
export async function deleteExpiredNonces(db: Queryable): Promise<number> {
  const { rowCount } = await db.query('DELETE FROM sso_used_nonces WHERE expires_at < now()');
  return rowCount ?? 0;
}
