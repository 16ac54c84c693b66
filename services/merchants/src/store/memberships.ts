import type { PoolClient, Queryable } from '@smista/service-kit';
import { parseMemberRole, type MemberRole } from '../domain';

export interface MembershipRow {
  id: string;
  userId: string;
  merchantId: string;
  role: MemberRole;
  createdAt: Date;
}

/** A user's membership together with the merchant's name. */
export interface MembershipWithMerchant {
  userId: string;
  merchantId: string;
  merchantName: string;
  role: MemberRole;
}

/** Adds a user to a merchant with a role. */
export async function insertMembership(
  tx: PoolClient,
  membership: { userId: string; merchantId: string; role: MemberRole },
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
  const { rows } = await db.query<{ user_id: string; merchant_id: string; name: string; role: string }>(
    `SELECT ms.user_id, ms.merchant_id, m.name, ms.role
       FROM memberships ms
       JOIN merchants m ON m.id = ms.merchant_id
      WHERE ms.user_id = $1 AND ms.merchant_id = $2`,
    [userId, merchantId],
  );
  const row = rows[0];
  if (!row) return null;
  return { userId: row.user_id, merchantId: row.merchant_id, merchantName: row.name, role: parseMemberRole(row.role) };
}
