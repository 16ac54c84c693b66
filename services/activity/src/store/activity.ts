import type { PoolClient, Queryable } from '@smista/service-kit';
import type { ActivityDraft } from '../domain';

export interface ActivityRow {
  id: number;
  kind: string;
  body: string;
  count: number;
  occurredAt: Date;
}

/**
 * Writes a line of the activity or merges into its group: `add` sums the counts (a member already
 * counted adds nothing), `set` replaces them; the text is written again for the group's counts
 * after the merge, and the time is the latest event's. One row lock per group, so concurrent
 * merges of one group add up.
 */
export async function recordActivity(tx: PoolClient, merchantId: string, draft: ActivityDraft): Promise<void> {
  if (draft.member !== undefined) {
    const fresh = await tx.query(`INSERT INTO activity_members (merchant_id, group_key, member) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      merchantId,
      draft.groupKey,
      draft.member,
    ]);
    // This shipment is already counted in the line (the same fact told again).
    if ((fresh.rowCount ?? 0) === 0) return;
  }
  const merged = draft.merge === 'add' ? 'activity.count + EXCLUDED.count' : 'EXCLUDED.count';
  const mergedTotal = draft.merge === 'add' ? 'activity.total + EXCLUDED.total' : 'EXCLUDED.total';
  const { rows } = await tx.query<{ id: string; count: number; total: number }>(
    `INSERT INTO activity (merchant_id, kind, group_key, body, count, total, occurred_at)
     VALUES ($1, $2, $3, '', $4, $5, $6)
     ON CONFLICT ON CONSTRAINT activity_group
       DO UPDATE SET count = ${merged}, total = ${mergedTotal}, occurred_at = greatest(activity.occurred_at, EXCLUDED.occurred_at)
     RETURNING id, count, total`,
    [merchantId, draft.kind, draft.groupKey, draft.count, draft.total, draft.occurredAt],
  );
  const row = rows[0];
  await tx.query(`UPDATE activity SET body = $2 WHERE id = $1`, [row.id, draft.text(row.count, row.total)]);
}

/** The merchant's latest activity, newest first. */
export async function listActivity(db: Queryable, merchantId: string, limit: number): Promise<ActivityRow[]> {
  const { rows } = await db.query(
    `SELECT id, kind, body, count, occurred_at FROM activity WHERE merchant_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT $2`,
    [merchantId, limit],
  );
  return rows.map((r) => ({ id: Number(r.id), kind: r.kind, body: r.body, count: Number(r.count), occurredAt: r.occurred_at }));
}

/** Forgets activity older than `before`. */
export async function pruneActivity(db: Queryable, before: Date): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM activity WHERE occurred_at < $1`, [before]);
  await db.query(
    `DELETE FROM activity_members m WHERE NOT EXISTS (SELECT 1 FROM activity a WHERE a.merchant_id = m.merchant_id AND a.group_key = m.group_key)`,
  );
  return rowCount ?? 0;
}
