import type { PoolClient, Queryable } from '@smista/service-kit';
import type { NotificationDraft } from '../domain';

/** A notification as the caller sees it: `read` is the calling user's. */
export interface NotificationRow {
  id: number;
  kind: string;
  title: string;
  body: string;
  link: string;
  /** When it was raised or last grew. */
  updatedAt: Date;
  read: boolean;
}

/**
 * Raises a notification unless its key was raised before for this merchant (a redelivery, another
 * replica, the next check). True when this call raised it.
 */
export async function raiseNotification(db: Queryable, merchantId: string, draft: NotificationDraft, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (merchant_id, kind, dedup_key, title, body, link, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT ON CONSTRAINT notifications_dedup DO NOTHING`,
    [merchantId, draft.kind, draft.dedupKey, draft.title, draft.text, draft.link, at],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Adds one shipment to a group of failed labels; answers how many distinct shipments the group
 * has now, or null when this shipment was already in it (nothing changes).
 */
export async function addLabelFailure(tx: PoolClient, merchantId: string, group: string, shipmentId: number): Promise<number | null> {
  const inserted = await tx.query(
    `INSERT INTO label_failures (merchant_id, group_key, shipment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
    [merchantId, group, shipmentId],
  );
  if ((inserted.rowCount ?? 0) === 0) return null;
  const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM label_failures WHERE merchant_id = $1 AND group_key = $2`, [merchantId, group]);
  return rows[0].n;
}

/**
 * Raises or updates a grouped notification (a run's failed labels): new text and time, and unread
 * again for everyone, since what it says changed.
 */
export async function upsertGroupedNotification(tx: PoolClient, merchantId: string, draft: NotificationDraft, at: Date): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO notifications (merchant_id, kind, dedup_key, title, body, link, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
     ON CONFLICT ON CONSTRAINT notifications_dedup
       DO UPDATE SET body = EXCLUDED.body, title = EXCLUDED.title, updated_at = greatest(notifications.updated_at, EXCLUDED.updated_at)
     RETURNING id`,
    [merchantId, draft.kind, draft.dedupKey, draft.title, draft.text, draft.link, at],
  );
  await tx.query(`DELETE FROM notification_reads WHERE notification_id = $1`, [rows[0].id]);
}

const toRow = (r: Record<string, unknown>): NotificationRow => ({
  id: Number(r.id),
  kind: r.kind as string,
  title: r.title as string,
  body: r.body as string,
  link: r.link as string,
  updatedAt: r.updated_at as Date,
  read: r.read as boolean,
});

/** The merchant's newest notifications, each with the user's read mark. */
export async function listNotifications(db: Queryable, merchantId: string, userId: string, limit: number): Promise<NotificationRow[]> {
  const { rows } = await db.query(
    `SELECT n.id, n.kind, n.title, n.body, n.link, n.updated_at, (r.user_id IS NOT NULL) AS read
       FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2
      WHERE n.merchant_id = $1
      ORDER BY n.updated_at DESC, n.id DESC LIMIT $3`,
    [merchantId, userId, limit],
  );
  return rows.map(toRow);
}

/** How many of the merchant's notifications the user has not read. */
export async function unreadCount(db: Queryable, merchantId: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n
      WHERE n.merchant_id = $1 AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $2)`,
    [merchantId, userId],
  );
  return rows[0].n;
}

/**
 * Marks one of the merchant's notifications read for the user: 1 when newly marked, 0 when it
 * already was, null when the merchant has no such notification (unknown or another merchant's).
 */
export async function markRead(db: Queryable, merchantId: string, userId: string, id: number): Promise<number | null> {
  const { rows } = await db.query<{ marked: number }>(
    `WITH target AS (SELECT id FROM notifications WHERE id = $1 AND merchant_id = $2),
          marked AS (INSERT INTO notification_reads (notification_id, user_id) SELECT id, $3 FROM target ON CONFLICT DO NOTHING RETURNING 1)
     SELECT (SELECT count(*) FROM marked)::int AS marked WHERE EXISTS (SELECT 1 FROM target)`,
    [id, merchantId, userId],
  );
  return rows[0] ? rows[0].marked : null;
}

/** Marks every notification of the merchant read for the user; answers how many were newly marked. */
export async function markAllRead(db: Queryable, merchantId: string, userId: string): Promise<number> {
  const { rowCount } = await db.query(
    `INSERT INTO notification_reads (notification_id, user_id) SELECT id, $2 FROM notifications WHERE merchant_id = $1 ON CONFLICT DO NOTHING`,
    [merchantId, userId],
  );
  return rowCount ?? 0;
}

/** Forgets notifications (and their read marks) untouched since `before`. */
export async function pruneNotifications(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM notifications WHERE updated_at < $1`, [before]);
  await db.query(
    `DELETE FROM label_failures f WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.merchant_id = f.merchant_id AND n.dedup_key = f.group_key)`,
  );
  return rowCount ?? 0;
}
