import type { PoolClient, Queryable } from '@smista/service-kit';
import type { NotificationDraft, OpenLabelFailure, Resolution } from '../domain';

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
 * replica, the next check). A cause already gone by `at` (a resolution remembered after `at`) is
 * raised resolved. True when this call raised it.
 */
export async function raiseNotification(db: Queryable, merchantId: string, draft: NotificationDraft, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO notifications (merchant_id, kind, dedup_key, subject, title, body, link, created_at, updated_at, resolved_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8,
       (SELECT r.resolved_at FROM resolutions r WHERE r.merchant_id = $1 AND r.kind = $2 AND r.subject = $4 AND r.subject <> '' AND r.resolved_at > $8))
     ON CONFLICT ON CONSTRAINT notifications_dedup DO NOTHING`,
    [merchantId, draft.kind, draft.dedupKey, draft.subject, draft.title, draft.text, draft.link, at],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Raises a notification, or opens again one of the same key that was resolved (the GLS day closed,
 * then more GLS labels left open): new text, link and time, unread again for everyone. True when
 * this call raised or reopened it.
 */
export async function raiseOrReopenNotification(tx: PoolClient, merchantId: string, draft: NotificationDraft, at: Date): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO notifications (merchant_id, kind, dedup_key, subject, title, body, link, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT ON CONSTRAINT notifications_dedup
       DO UPDATE SET body = EXCLUDED.body, title = EXCLUDED.title, link = EXCLUDED.link, updated_at = EXCLUDED.updated_at, resolved_at = NULL
       WHERE notifications.resolved_at IS NOT NULL
     RETURNING id`,
    [merchantId, draft.kind, draft.dedupKey, draft.subject, draft.title, draft.text, draft.link, at],
  );
  if (!rows[0]) return false;
  await tx.query(`DELETE FROM notification_reads WHERE notification_id = $1`, [rows[0].id]);
  return true;
}

/**
 * A cause that went away: resolves the merchant's open notifications of its kinds about its
 * subject (raised up to `at`, when given) and remembers it, so that one told later of an older
 * cause comes resolved. Answers how many were resolved.
 */
export async function resolveNotifications(tx: PoolClient, merchantId: string, resolution: Resolution, now: Date): Promise<number> {
  const { kinds, subject, at } = resolution;
  if (!subject || kinds.length === 0) return 0;
  if (at) {
    await tx.query(
      `INSERT INTO resolutions (merchant_id, kind, subject, resolved_at) SELECT $1, k, $3, $4 FROM unnest($2::text[]) AS x(k)
       ON CONFLICT (merchant_id, kind, subject) DO UPDATE SET resolved_at = greatest(resolutions.resolved_at, EXCLUDED.resolved_at)`,
      [merchantId, kinds, subject, at],
    );
  }
  const { rowCount } = await tx.query(
    `UPDATE notifications SET resolved_at = $5
      WHERE merchant_id = $1 AND kind = ANY($2::text[]) AND subject = $3 AND resolved_at IS NULL AND ($4::timestamptz IS NULL OR created_at <= $4)`,
    [merchantId, kinds, subject, at, now],
  );
  return rowCount ?? 0;
}

/**
 * Adds one failed label to a group (with its reason and order), unless the shipment was labelled
 * or cancelled after this failure (told first by the faster consumer): answers the group's failures
 * still open, oldest first, or null when nothing changed (already in it, or settled).
 */
export async function addLabelFailure(
  tx: PoolClient,
  merchantId: string,
  group: string,
  failure: { shipmentId: number; reason: string; externalOrderId: string; failedAt: Date },
): Promise<OpenLabelFailure[] | null> {
  const inserted = await tx.query(
    `INSERT INTO label_failures (merchant_id, group_key, shipment_id, reason, external_order_id, failed_at)
     SELECT $1, $2, $3, $4, $5, $6
      WHERE NOT EXISTS (SELECT 1 FROM settled_shipments s WHERE s.merchant_id = $1 AND s.shipment_id = $3 AND s.settled_at >= $6)
     ON CONFLICT DO NOTHING`,
    [merchantId, group, failure.shipmentId, failure.reason, failure.externalOrderId, failure.failedAt],
  );
  if ((inserted.rowCount ?? 0) === 0) return null;
  return openLabelFailures(tx, merchantId, group);
}

/** A group's failed labels whose shipments are still to be labelled, oldest first. */
export async function openLabelFailures(db: Queryable, merchantId: string, group: string): Promise<OpenLabelFailure[]> {
  const { rows } = await db.query(
    `SELECT shipment_id, reason, external_order_id FROM label_failures WHERE merchant_id = $1 AND group_key = $2 AND NOT settled ORDER BY failed_at, shipment_id`,
    [merchantId, group],
  );
  return rows.map((r) => ({ shipmentId: Number(r.shipment_id), reason: r.reason as string, externalOrderId: r.external_order_id as string }));
}

/**
 * A shipment labelled or cancelled at `at`: its failures up to then are settled. Answers the
 * groups that changed (their notifications say less now, or are resolved).
 */
export async function settleShipment(tx: PoolClient, merchantId: string, shipmentId: number, at: Date): Promise<string[]> {
  await tx.query(
    `INSERT INTO settled_shipments (merchant_id, shipment_id, settled_at) VALUES ($1, $2, $3)
     ON CONFLICT (merchant_id, shipment_id) DO UPDATE SET settled_at = greatest(settled_shipments.settled_at, EXCLUDED.settled_at)`,
    [merchantId, shipmentId, at],
  );
  const { rows } = await tx.query<{ group_key: string }>(
    `UPDATE label_failures SET settled = true WHERE merchant_id = $1 AND shipment_id = $2 AND NOT settled AND failed_at <= $3 RETURNING group_key`,
    [merchantId, shipmentId, at],
  );
  return [...new Set(rows.map((r) => r.group_key))];
}

/**
 * Raises or updates a grouped notification (a run's failed labels) as it grows: new text, link and
 * time, open, and unread again for everyone, since what it says is new.
 */
export async function upsertGroupedNotification(tx: PoolClient, merchantId: string, draft: NotificationDraft, at: Date): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO notifications (merchant_id, kind, dedup_key, subject, title, body, link, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)
     ON CONFLICT ON CONSTRAINT notifications_dedup
       DO UPDATE SET body = EXCLUDED.body, title = EXCLUDED.title, link = EXCLUDED.link, resolved_at = NULL,
                     updated_at = greatest(notifications.updated_at, EXCLUDED.updated_at)
     RETURNING id`,
    [merchantId, draft.kind, draft.dedupKey, draft.subject, draft.title, draft.text, draft.link, at],
  );
  await tx.query(`DELETE FROM notification_reads WHERE notification_id = $1`, [rows[0].id]);
}

/**
 * A grouped notification after some of its problems were settled: the text and link of what is
 * left (read marks kept: it says nothing new), or resolved when nothing is left.
 */
export async function shrinkGroupedNotification(tx: PoolClient, merchantId: string, dedupKey: string, draft: NotificationDraft | null, now: Date): Promise<void> {
  if (draft) {
    await tx.query(`UPDATE notifications SET body = $3, link = $4 WHERE merchant_id = $1 AND dedup_key = $2`, [merchantId, dedupKey, draft.text, draft.link]);
  } else {
    await tx.query(`UPDATE notifications SET resolved_at = $3 WHERE merchant_id = $1 AND dedup_key = $2 AND resolved_at IS NULL`, [merchantId, dedupKey, now]);
  }
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

/** The merchant's newest open notifications (resolved ones are gone), each with the user's read mark. */
export async function listNotifications(db: Queryable, merchantId: string, userId: string, limit: number): Promise<NotificationRow[]> {
  const { rows } = await db.query(
    `SELECT n.id, n.kind, n.title, n.body, n.link, n.updated_at, (r.user_id IS NOT NULL) AS read
       FROM notifications n LEFT JOIN notification_reads r ON r.notification_id = n.id AND r.user_id = $2
      WHERE n.merchant_id = $1 AND n.resolved_at IS NULL
      ORDER BY n.updated_at DESC, n.id DESC LIMIT $3`,
    [merchantId, userId, limit],
  );
  return rows.map(toRow);
}

/** How many of the merchant's open notifications the user has not read. */
export async function unreadCount(db: Queryable, merchantId: string, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n
      WHERE n.merchant_id = $1 AND n.resolved_at IS NULL AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $2)`,
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
    `INSERT INTO notification_reads (notification_id, user_id) SELECT id, $2 FROM notifications WHERE merchant_id = $1 AND resolved_at IS NULL ON CONFLICT DO NOTHING`,
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
  await db.query(`DELETE FROM resolutions WHERE resolved_at < $1`, [before]);
  await db.query(`DELETE FROM settled_shipments WHERE settled_at < $1`, [before]);
  return rowCount ?? 0;
}
