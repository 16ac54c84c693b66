import type { PoolClient, Queryable } from '@smista/service-kit';
import { parseMemberRole, type Role } from '../domain';

export interface MembershipRow {
  id: string;
  userId: string;
  merchantId: string;
  role: Role;
  createdAt: Date;
}

/** A user's membership together with the merchant's name. */
export interface MembershipWithMerchant {
  userId: string;
  merchantId: string;
  merchantName: string;
  role: Role;
  /** Members work in it only from a session opened with single sign-on. */
  ssoRequired: boolean;
}

/** Adds a user to a merchant with a role. */
export async function insertMembership(
  tx: PoolClient,
  membership: { userId: string; merchantId: string; role: Role },
): Promise<MembershipRow> {
  const { rows } = await tx.query<{ id: string; user_id: string; merchant_id: string; role: string; created_at: Date }>(
    `INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, $3)
     RETURNING id, user_id, merchant_id, role, created_at`,
    [membership.userId, membership.merchantId, membership.role],
  );
  const row = rows[0];
  return {
    id: row.id,
    userId: row.user_id,
    merchantId: row.merchant_id,
    role: parseMemberRole(row.role),
    createdAt: row.created_at,
  };
}

/** The user's membership in the merchant, or null when there is none (or no such merchant). */
export async function findMembership(
  db: Queryable,
  userId: string,
  merchantId: string,
): Promise<MembershipWithMerchant | null> {
  const { rows } = await db.query<{ user_id: string; merchant_id: string; name: string; role: string; sso_required: boolean }>(
    `SELECT ms.user_id, ms.merchant_id, m.name, ms.role, m.sso_required
       FROM memberships ms
       JOIN merchants m ON m.id = ms.merchant_id
      WHERE ms.user_id = $1 AND ms.merchant_id = $2`,
    [userId, merchantId],
  );
  const row = rows[0];
  if (!row) return null;
  return { userId: row.user_id, merchantId: row.merchant_id, merchantName: row.name, role: parseMemberRole(row.role), ssoRequired: row.sso_required };
}

/** One member of a merchant as stored (profile details live in identity). */
export interface MemberRow {
  userId: string;
  role: Role;
  joinedAt: Date;
}

type MemberDbRow = { user_id: string; role: string; created_at: Date };
const toMember = (r: MemberDbRow): MemberRow => ({ userId: r.user_id, role: parseMemberRole(r.role), joinedAt: r.created_at });

/** The members of a merchant, by join date. */
export async function listMembers(db: Queryable, merchantId: string): Promise<MemberRow[]> {
  const { rows } = await db.query<MemberDbRow>(
    `SELECT user_id, role, created_at FROM memberships WHERE merchant_id = $1 ORDER BY created_at, user_id`,
    [merchantId],
  );
  return rows.map(toMember);
}

/**
 * Locks the merchant's admin rows (in id order, so concurrent callers queue instead of
 * deadlocking) and answers how many there are. Under READ COMMITTED a waiting transaction
 * re-checks `role = 'admin'` once the first commits, so two concurrent demotions of the two
 * admins of a merchant count 2 and then 1: the second is refused.
 */
export async function lockAdmins(tx: PoolClient, merchantId: string): Promise<number> {
  const { rowCount } = await tx.query(
    `SELECT id FROM memberships WHERE merchant_id = $1 AND role = 'admin' ORDER BY id FOR UPDATE`,
    [merchantId],
  );
  return rowCount ?? 0;
}

/** One member's row, locked for the rest of the transaction; null when not a member. */
export async function findMemberForUpdate(tx: PoolClient, merchantId: string, userId: string): Promise<MemberRow | null> {
  const { rows } = await tx.query<MemberDbRow>(
    `SELECT user_id, role, created_at FROM memberships WHERE merchant_id = $1 AND user_id = $2 FOR UPDATE`,
    [merchantId, userId],
  );
  return rows[0] ? toMember(rows[0]) : null;
}

export async function updateMemberRole(tx: PoolClient, merchantId: string, userId: string, role: Role): Promise<void> {
  await tx.query(`UPDATE memberships SET role = $3 WHERE merchant_id = $1 AND user_id = $2`, [merchantId, userId, role]);
}

export async function deleteMembership(tx: PoolClient, merchantId: string, userId: string): Promise<void> {
  await tx.query(`DELETE FROM memberships WHERE merchant_id = $1 AND user_id = $2`, [merchantId, userId]);
}

/**
 * Adds a membership unless the user already has one in that merchant (then null, nothing
 * changed): accepting an invite twice, or a redelivered event, adds nobody twice.
 */
export async function insertMembershipIfAbsent(
  tx: PoolClient,
  membership: { userId: string; merchantId: string; role: Role },
): Promise<MembershipRow | null> {
  const { rows } = await tx.query<{ id: string; user_id: string; merchant_id: string; role: string; created_at: Date }>(
    `INSERT INTO memberships (user_id, merchant_id, role) VALUES ($1, $2, $3)
     ON CONFLICT (user_id, merchant_id) DO NOTHING
     RETURNING id, user_id, merchant_id, role, created_at`,
    [membership.userId, membership.merchantId, membership.role],
  );
  const row = rows[0];
  if (!row) return null;
  return { id: row.id, userId: row.user_id, merchantId: row.merchant_id, role: parseMemberRole(row.role), createdAt: row.created_at };
}
