import type { PoolClient, Queryable } from '@smista/service-kit';
import { parseMemberRole, type Role } from '../domain';

export interface InviteRow {
  id: string;
  merchantId: string;
  email: string;
  role: Role;
  invitedBy: string;
  inviterEmail: string;
  inviterName: string;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  acceptedBy: string | null;
  cancelledAt: Date | null;
}

/** An invite with its merchant's name (invite lookup and acceptance). */
export interface InviteWithMerchant extends InviteRow {
  merchantName: string;
}

const COLUMNS = `i.id, i.merchant_id, i.email, i.role, i.invited_by, i.inviter_email, i.inviter_name,
  i.created_at, i.expires_at, i.accepted_at, i.accepted_by, i.cancelled_at`;

type Db = {
  id: string;
  merchant_id: string;
  email: string;
  role: string;
  invited_by: string;
  inviter_email: string;
  inviter_name: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  cancelled_at: Date | null;
};

function toInvite(r: Db): InviteRow {
  return {
    id: r.id,
    merchantId: r.merchant_id,
    email: r.email,
    role: parseMemberRole(r.role),
    invitedBy: r.invited_by,
    inviterEmail: r.inviter_email,
    inviterName: r.inviter_name,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    acceptedAt: r.accepted_at,
    acceptedBy: r.accepted_by,
    cancelledAt: r.cancelled_at,
  };
}

/** The partial unique index that allows one open invite per address and merchant. */
export const ONE_OPEN_INVITE_INDEX = 'invites_one_open_per_email';

/**
 * Stores an invite; only the token's hash is kept. A concurrent invite for the same address
 * fails on {@link ONE_OPEN_INVITE_INDEX} (unique violation).
 */
export async function insertInvite(
  tx: PoolClient,
  invite: {
    merchantId: string;
    email: string;
    role: Role;
    tokenHash: string;
    invitedBy: string;
    inviterEmail: string;
    inviterName: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<InviteRow> {
  const { rows } = await tx.query<Db>(
    `INSERT INTO invites AS i (merchant_id, email, role, token_hash, invited_by, inviter_email, inviter_name, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     RETURNING ${COLUMNS}`,
    [
      invite.merchantId,
      invite.email,
      invite.role,
      invite.tokenHash,
      invite.invitedBy,
      invite.inviterEmail,
      invite.inviterName,
      invite.createdAt,
      invite.expiresAt,
    ],
  );
  return toInvite(rows[0]);
}

/**
 * Closes (cancelled_at) the open invites for this address that have expired, so they no longer
 * hold the one-open-invite slot a new invite needs. An expired invite was unusable already.
 */
export async function closeExpiredInvites(tx: PoolClient, merchantId: string, email: string, now: Date): Promise<void> {
  await tx.query(
    `UPDATE invites SET cancelled_at = $3
      WHERE merchant_id = $1 AND email = $2 AND accepted_at IS NULL AND cancelled_at IS NULL AND expires_at <= $3`,
    [merchantId, email, now],
  );
}

/** Whether an open (not accepted, not cancelled, not expired) invite exists for this address. */
export async function hasPendingInvite(db: Queryable, merchantId: string, email: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM invites
      WHERE merchant_id = $1 AND email = $2 AND accepted_at IS NULL AND cancelled_at IS NULL AND expires_at > $3`,
    [merchantId, email, now],
  );
  return (rowCount ?? 0) > 0;
}

/** Pending invites of a merchant, newest first. */
export async function listPendingInvites(db: Queryable, merchantId: string, now: Date): Promise<InviteRow[]> {
  const { rows } = await db.query<Db>(
    `SELECT ${COLUMNS} FROM invites i
      WHERE i.merchant_id = $1 AND i.accepted_at IS NULL AND i.cancelled_at IS NULL AND i.expires_at > $2
      ORDER BY i.created_at DESC, i.id`,
    [merchantId, now],
  );
  return rows.map(toInvite);
}

/**
 * Cancels a pending invite of this merchant; false when there is none with that id in this
 * merchant (unknown, another merchant's, already accepted or cancelled, or expired).
 */
export async function cancelPendingInvite(db: Queryable, merchantId: string, inviteId: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE invites SET cancelled_at = $3
      WHERE id = $2 AND merchant_id = $1 AND accepted_at IS NULL AND cancelled_at IS NULL AND expires_at > $3`,
    [merchantId, inviteId, now],
  );
  return (rowCount ?? 0) > 0;
}

/** The invite a token hash names, with its merchant's name; locked when `forUpdate`. */
export async function findInviteByTokenHash(
  db: Queryable,
  tokenHash: string,
  opts: { forUpdate?: boolean } = {},
): Promise<InviteWithMerchant | null> {
  const { rows } = await db.query<Db & { merchant_name: string }>(
    `SELECT ${COLUMNS}, m.name AS merchant_name
       FROM invites i JOIN merchants m ON m.id = i.merchant_id
      WHERE i.token_hash = $1
      ${opts.forUpdate ? 'FOR UPDATE OF i' : ''}`,
    [tokenHash],
  );
  const row = rows[0];
  return row ? { ...toInvite(row), merchantName: row.merchant_name } : null;
}

export async function markInviteAccepted(tx: PoolClient, inviteId: string, userId: string, now: Date): Promise<void> {
  await tx.query(`UPDATE invites SET accepted_at = $3, accepted_by = $2 WHERE id = $1`, [inviteId, userId, now]);
}
