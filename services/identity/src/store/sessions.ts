import type { Queryable } from '@smista/service-kit';
import type { Role } from '@smista/contracts';
import type { UserRecord } from '../domain/users';

/** A live session joined with its user (the avatar only when asked: most calls never need it). */
export interface ActiveSession {
  userId: string;
  merchantId: string | null;
  role: Role | null;
  expiresAt: Date;
  /** Opened by single sign-on (not by a password): merchants that require SSO accept only these. */
  sso: boolean;
  user: UserRecord;
}

/**
 * `sso`: opened by single sign-on, with the identity provider's session that opened it when the
 * token named one (back-channel logout ends it by that). `sso_issuer` set is how a session says
 * it was opened by SSO.
 */
export async function insertSession(
  db: Queryable,
  session: { tokenHash: Buffer; userId: string; expiresAt: Date; sso?: { issuer: string; sessionId?: string } },
): Promise<void> {
  await db.query('INSERT INTO sessions (token_hash, user_id, expires_at, sso_issuer, sso_session_id) VALUES ($1, $2, $3, $4, $5)', [
    session.tokenHash,
    session.userId,
    session.expiresAt,
    session.sso?.issuer ?? null,
    session.sso?.sessionId ?? null,
  ]);
}

/**
 * The hot path: one primary-key lookup joined with the user, as a named prepared statement so
 * PostgreSQL parses and plans it once per connection.
 */
export async function findActiveSession(db: Queryable, tokenHash: Buffer, includeAvatar = false): Promise<ActiveSession | undefined> {
  const { rows } = await db.query<{
    user_id: string;
    merchant_id: string | null;
    role: Role | null;
    expires_at: Date;
    sso: boolean;
    has_password: boolean;
    username: string;
    first_name: string;
    last_name: string;
    email: string;
    created_at: Date;
    avatar: string | null;
  }>({
    name: includeAvatar ? 'identity_resolve_session_avatar' : 'identity_resolve_session',
    text: `SELECT s.user_id, s.merchant_id, s.role, s.expires_at, s.sso_issuer IS NOT NULL AS sso,
                  u.password_hash IS NOT NULL AS has_password, u.username, u.first_name, u.last_name, u.email, u.created_at,
                  ${includeAvatar ? 'u.avatar' : 'NULL::text AS avatar'}
             FROM sessions s JOIN users u ON u.id = s.user_id
            WHERE s.token_hash = $1 AND s.expires_at > now()`,
    values: [tokenHash],
  });
  const r = rows[0];
  if (!r) return undefined;
  return {
    userId: r.user_id,
    merchantId: r.merchant_id,
    role: r.role,
    expiresAt: r.expires_at,
    sso: r.sso,
    user: {
      id: r.user_id,
      username: r.username,
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      avatar: r.avatar,
      createdAt: r.created_at,
      hasPassword: r.has_password,
    },
  };
}

/** Pushes a live session's expiry forward (sliding expiry). */
export async function extendSession(db: Queryable, tokenHash: Buffer, expiresAt: Date): Promise<void> {
  await db.query('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1 AND expires_at > now()', [tokenHash, expiresAt]);
}

/** Ends one session; answers its user, or undefined when there was no such session. */
export async function deleteSession(db: Queryable, tokenHash: Buffer): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>('DELETE FROM sessions WHERE token_hash = $1 RETURNING user_id', [tokenHash]);
  return rows[0]?.user_id;
}

/**
 * Logs the user out everywhere, or everywhere but the session `except` (a password change keeps
 * the session it was made from); answers how many sessions were removed.
 */
export async function deleteUserSessions(db: Queryable, userId: string, opts: { except?: Buffer } = {}): Promise<number> {
  const { rowCount } = opts.except
    ? await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, opts.except])
    : await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  return rowCount ?? 0;
}

/**
 * Stores the selected merchant in a live session; false when the session is gone or expired, or
 * when it was opened with a password and the merchant requires single sign-on (as identity last
 * heard: `merchant_sso_requirements`). The requirement is checked in the same statement, so a
 * selection racing the requirement's consumer either sees it or is cleared by it.
 */
export async function setSessionMerchant(
  db: Queryable,
  tokenHash: Buffer,
  selection: { merchantId: string; role: Role },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET merchant_id = $2, role = $3
      WHERE token_hash = $1 AND expires_at > now()
        AND (sso_issuer IS NOT NULL OR NOT EXISTS (SELECT 1 FROM merchant_sso_requirements r WHERE r.merchant_id = $2 AND r.required))`,
    [tokenHash, selection.merchantId, selection.role],
  );
  return rowCount === 1;
}

/**
 * A merchant started or stopped requiring single sign-on (`merchants.merchant.sso_required_changed`):
 * the newest change wins (an older one delivered late changes nothing). When it is required now,
 * the live sessions opened with a password that work in it leave it; answers their users.
 */
export async function applySsoRequirement(
  db: Queryable,
  change: { merchantId: string; required: boolean; changedAt: Date },
): Promise<string[]> {
  const { rowCount } = await db.query(
    `INSERT INTO merchant_sso_requirements (merchant_id, required, changed_at) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_id) DO UPDATE SET required = EXCLUDED.required, changed_at = EXCLUDED.changed_at
      WHERE merchant_sso_requirements.changed_at <= EXCLUDED.changed_at`,
    [change.merchantId, change.required, change.changedAt],
  );
  if (rowCount !== 1 || !change.required) return [];
  const { rows } = await db.query<{ user_id: string }>(
    `UPDATE sessions SET merchant_id = NULL, role = NULL
      WHERE merchant_id = $1 AND sso_issuer IS NULL AND expires_at > now()
      RETURNING user_id`,
    [change.merchantId],
  );
  return [...new Set(rows.map((r) => r.user_id))];
}

/** New role for every live session of a user working in a merchant; answers how many changed. */
export async function updateMemberSessionsRole(
  db: Queryable,
  member: { userId: string; merchantId: string; role: Role },
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET role = $3
      WHERE user_id = $1 AND merchant_id = $2 AND expires_at > now() AND role IS DISTINCT FROM $3`,
    [member.userId, member.merchantId, member.role],
  );
  return rowCount ?? 0;
}

/** A removed member's live sessions leave that merchant (they must select another one). */
export async function clearMemberSessionsMerchant(db: Queryable, member: { userId: string; merchantId: string }): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE sessions SET merchant_id = NULL, role = NULL WHERE user_id = $1 AND merchant_id = $2 AND expires_at > now()`,
    [member.userId, member.merchantId],
  );
  return rowCount ?? 0;
}

/** Housekeeping: drops sessions that expired more than a day ago. */
export async function deleteExpiredSessions(db: Queryable): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM sessions WHERE expires_at < now() - interval '1 day'`);
  return rowCount ?? 0;
}

/**
 * Ends the sessions an identity-provider session opened (back-channel logout by `sid`), or, given
 * only the account, every session its user opened through that provider; answers what ended.
 */
export async function deleteSsoSessions(db: Queryable, who: { issuer: string; sessionId?: string; subject?: string }): Promise<{ tokenHash: Buffer; userId: string }[]> {
  const { rows } = who.sessionId
    ? await db.query<{ tokenHash: Buffer; userId: string }>(
        'DELETE FROM sessions WHERE sso_issuer = $1 AND sso_session_id = $2 RETURNING token_hash AS "tokenHash", user_id AS "userId"',
        [who.issuer, who.sessionId],
      )
    : await db.query<{ tokenHash: Buffer; userId: string }>(
        `DELETE FROM sessions s USING sso_links l
          WHERE s.sso_issuer = $1 AND l.issuer = $1 AND l.subject = $2 AND s.user_id = l.user_id
          RETURNING s.token_hash AS "tokenHash", s.user_id AS "userId"`,
        [who.issuer, who.subject],
      );
  return rows;
}
