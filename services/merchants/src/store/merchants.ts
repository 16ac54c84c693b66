import type { PoolClient, Queryable } from '@smista/service-kit';
import { parseMemberRole, type Role } from '../domain';

export interface MerchantRow {
  id: string;
  name: string;
  createdBy: string;
  createdAt: Date;
}

/** A merchant seen from one of its members. */
export interface MemberMerchant {
  id: string;
  name: string;
  role: Role;
  createdAt: Date;
  ssoRequired: boolean;
}

/** Inserts a merchant; call inside the transaction that also adds its first admin. */
export async function insertMerchant(tx: PoolClient, merchant: { name: string; createdBy: string }): Promise<MerchantRow> {
  const { rows } = await tx.query<{ id: string; name: string; created_by: string; created_at: Date }>(
    `INSERT INTO merchants (name, created_by) VALUES ($1, $2)
     RETURNING id, name, created_by, created_at`,
    [merchant.name, merchant.createdBy],
  );
  const row = rows[0];
  return { id: row.id, name: row.name, createdBy: row.created_by, createdAt: row.created_at };
}

/** The merchants a user belongs to, with their role in each, by name then creation time. */
export async function listMerchantsOfUser(db: Queryable, userId: string): Promise<MemberMerchant[]> {
  const { rows } = await db.query<{ id: string; name: string; role: string; created_at: Date; sso_required: boolean }>(
    `SELECT m.id, m.name, ms.role, m.created_at, m.sso_required
       FROM memberships ms
       JOIN merchants m ON m.id = ms.merchant_id
      WHERE ms.user_id = $1
      ORDER BY m.name, m.created_at, m.id`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, name: r.name, role: parseMemberRole(r.role), createdAt: r.created_at, ssoRequired: r.sso_required }));
}

/**
 * Inside the transaction of the change: the merchant's row locked (two admins switching at once
 * are serialised), then the requirement set; answers whether it changed.
 */
export async function setSsoRequired(tx: PoolClient, merchantId: string, required: boolean): Promise<boolean> {
  const { rows } = await tx.query<{ sso_required: boolean }>('SELECT sso_required FROM merchants WHERE id = $1 FOR UPDATE', [merchantId]);
  if (!rows[0] || rows[0].sso_required === required) return false;
  await tx.query('UPDATE merchants SET sso_required = $2 WHERE id = $1', [merchantId, required]);
  return true;
}

/** The merchant's name, or null when no merchant has this id. */
export async function findMerchantName(db: Queryable, merchantId: string): Promise<string | null> {
  const { rows } = await db.query(`SELECT name FROM merchants WHERE id = $1`, [merchantId]);
  return rows[0] ? (rows[0].name as string) : null;
}
