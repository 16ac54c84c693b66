import type { PoolClient, Queryable } from '@smista/service-kit';
import type { TrackingCodeStatus } from '@smista/contracts';
import type { PartyAddress } from '../adapters/adapter';

export interface TrackingCodeRow {
  id: number;
  integrationId: number;
  trackingCode: string;
  status: TrackingCodeStatus;
  assignedToOrderId: string | null;
  reference: string | null;
  recipient: PartyAddress | null;
  usedAt: Date | null;
  createdAt: Date;
}

const SELECT = 'id, integration_id, tracking_code, status, assigned_to_order_id, reference, recipient, used_at, created_at';

function toCode(r: Record<string, unknown>): TrackingCodeRow {
  return {
    id: Number(r.id),
    integrationId: Number(r.integration_id),
    trackingCode: r.tracking_code as string,
    status: r.status as TrackingCodeStatus,
    assignedToOrderId: (r.assigned_to_order_id as string | null) ?? null,
    reference: (r.reference as string | null) ?? null,
    recipient: (r.recipient as PartyAddress | null) ?? null,
    usedAt: (r.used_at as Date | null) ?? null,
    createdAt: r.created_at as Date,
  };
}

export async function codeStats(db: Queryable, integrationId: number): Promise<{ available: number; used: number; reserved: number; total: number }> {
  const { rows } = await db.query<{ status: TrackingCodeStatus; n: string }>(
    `SELECT status, count(*) AS n FROM tracking_codes WHERE integration_id = $1 GROUP BY status`,
    [integrationId],
  );
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<Record<TrackingCodeStatus, number>>;
  const available = by.available ?? 0;
  const used = by.used ?? 0;
  const reserved = by.reserved ?? 0;
  return { available, used, reserved, total: available + used + reserved };
}

/** A page of a pool's codes, newest use first for used codes and insertion order otherwise. */
export async function listCodes(
  db: Queryable,
  integrationId: number,
  filter: { status?: TrackingCodeStatus; page: number; pageSize: number },
): Promise<{ codes: TrackingCodeRow[]; total: number }> {
  const where = filter.status ? 'integration_id = $1 AND status = $2' : 'integration_id = $1';
  const params: unknown[] = filter.status ? [integrationId, filter.status] : [integrationId];
  const { rows: countRows } = await db.query<{ n: string }>(`SELECT count(*) AS n FROM tracking_codes WHERE ${where}`, params);
  const { rows } = await db.query(
    `SELECT ${SELECT} FROM tracking_codes WHERE ${where} ORDER BY id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, filter.pageSize, (filter.page - 1) * filter.pageSize],
  );
  return { codes: rows.map(toCode), total: Number(countRows[0].n) };
}

/** Which of these codes the pool already holds (any status). */
export async function existingCodes(db: Queryable, integrationId: number, codes: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ tracking_code: string }>(
    `SELECT tracking_code FROM tracking_codes WHERE integration_id = $1 AND tracking_code = ANY($2::text[]) ORDER BY id`,
    [integrationId, codes],
  );
  return rows.map((r) => r.tracking_code);
}

/** Adds codes as available, in the given order; callers checked duplicates under the pool's lock. */
export async function insertCodes(tx: PoolClient, integrationId: number, codes: readonly string[], now: Date): Promise<number> {
  let added = 0;
  // Batches keep each statement's parameter array reasonable for 100,000 codes.
  for (let i = 0; i < codes.length; i += 20_000) {
    const batch = codes.slice(i, i + 20_000);
    const { rowCount } = await tx.query(
      `INSERT INTO tracking_codes (integration_id, tracking_code, created_at)
       SELECT $1, code, $3 FROM unnest($2::text[]) WITH ORDINALITY AS t(code, n) ORDER BY n`,
      [integrationId, batch, now],
    );
    added += rowCount ?? 0;
  }
  return added;
}

/**
 * Moves the pool's available counter by `delta` and answers the new count with the low-stock flag.
 * The row lock it takes serialises the changes of one pool.
 */
export async function adjustAvailable(tx: PoolClient, integrationId: number, delta: number): Promise<{ available: number; lowStockNotified: boolean }> {
  const { rows } = await tx.query(
    `UPDATE carrier_integrations SET codes_available = codes_available + $2 WHERE id = $1 RETURNING codes_available, low_stock_notified`,
    [integrationId, delta],
  );
  return { available: Number(rows[0].codes_available), lowStockNotified: rows[0].low_stock_notified as boolean };
}

export async function setLowStockNotified(tx: PoolClient, integrationId: number, notified: boolean): Promise<void> {
  await tx.query(`UPDATE carrier_integrations SET low_stock_notified = $2 WHERE id = $1`, [integrationId, notified]);
}

/** The code already taken for this shipment reference (a retried CreateLabel), if any. */
export async function codeForReference(db: Queryable, integrationId: number, reference: string): Promise<TrackingCodeRow | null> {
  const { rows } = await db.query(`SELECT ${SELECT} FROM tracking_codes WHERE integration_id = $1 AND reference = $2`, [integrationId, reference]);
  return rows[0] ? toCode(rows[0]) : null;
}

/**
 * Marks the pool's next available code used. `SKIP LOCKED` lets concurrent takes pass each other
 * instead of queueing on the same row, and each row is updated once: never the same code twice.
 * Null when the pool has no available code.
 */
export async function takeNextCode(
  tx: PoolClient,
  integrationId: number,
  use: { orderId: string | null; reference: string | null; recipient: PartyAddress | null; now: Date },
): Promise<TrackingCodeRow | null> {
  const { rows } = await tx.query(
    `WITH next AS (
       SELECT id FROM tracking_codes
        WHERE integration_id = $1 AND status = 'available'
        ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
     )
     UPDATE tracking_codes t
        SET status = 'used', used_at = $2, assigned_to_order_id = $3, reference = $4, recipient = $5
       FROM next WHERE t.id = next.id
     RETURNING ${SELECT.split(', ').map((c) => `t.${c}`).join(', ')}`,
    [integrationId, use.now, use.orderId, use.reference, use.recipient ? JSON.stringify(use.recipient) : null],
  );
  return rows[0] ? toCode(rows[0]) : null;
}

/** Puts a used code back in the pool (no label was handed out); false when it is not a used code of the pool. */
export async function releaseCode(tx: PoolClient, integrationId: number, trackingCode: string): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE tracking_codes SET status = 'available', used_at = NULL, assigned_to_order_id = NULL, reference = NULL, recipient = NULL
      WHERE integration_id = $1 AND tracking_code = $2 AND status = 'used'`,
    [integrationId, trackingCode],
  );
  return (rowCount ?? 0) > 0;
}

/** Deletes one code of the pool if available: 'deleted', 'not-found' or 'not-available'. */
export async function deleteAvailableCode(tx: PoolClient, integrationId: number, codeId: number): Promise<'deleted' | 'not-found' | 'not-available'> {
  if (!Number.isSafeInteger(codeId) || codeId <= 0) return 'not-found';
  const { rows } = await tx.query(`SELECT status FROM tracking_codes WHERE id = $1 AND integration_id = $2 FOR UPDATE`, [codeId, integrationId]);
  if (!rows[0]) return 'not-found';
  if (rows[0].status !== 'available') return 'not-available';
  await tx.query(`DELETE FROM tracking_codes WHERE id = $1`, [codeId]);
  return 'deleted';
}

/** The codes used in [from, to), in the order they were used: the day's distinta. */
export async function codesUsedBetween(db: Queryable, integrationId: number, from: Date, to: Date): Promise<TrackingCodeRow[]> {
  const { rows } = await db.query(
    `SELECT ${SELECT} FROM tracking_codes WHERE integration_id = $1 AND status = 'used' AND used_at >= $2 AND used_at < $3 ORDER BY used_at, id`,
    [integrationId, from, to],
  );
  return rows.map(toCode);
}
