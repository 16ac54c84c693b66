import type { Queryable } from '@smista/service-kit';
import type { ResetTokenState } from '../domain/password-reset';

export interface StoredResetToken extends ResetTokenState {
  userId: string;
}

export async function insertResetToken(db: Queryable, token: { tokenHash: Buffer; userId: string; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    token.tokenHash,
    token.userId,
    token.expiresAt,
  ]);
}

/** Reads a reset token; `forUpdate` locks it so two concurrent resets cannot both use it. */
export async function findResetToken(
  db: Queryable,
  tokenHash: Buffer,
  opts: { forUpdate?: boolean } = {},
): Promise<StoredResetToken | undefined> {
  const { rows } = await db.query<StoredResetToken>(
    `SELECT user_id AS "userId", used, expires_at AS "expiresAt"
       FROM password_reset_tokens WHERE token_hash = $1${opts.forUpdate ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
  return rows[0];
}

/** Marks every outstanding reset token of the user used (the one just spent and any older ones). */
export async function useAllResetTokens(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE password_reset_tokens SET used = true, used_at = now() WHERE user_id = $1 AND NOT used', [userId]);
}

/** Housekeeping: drops reset tokens a day after they stopped mattering. */
export async function deleteStaleResetTokens(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM password_reset_tokens WHERE expires_at < now() - interval '1 day'`);
  return rowCount ?? 0;
}
