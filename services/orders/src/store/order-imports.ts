import type { PoolClient, Queryable } from '@smista/service-kit';
import type { OrderImportJobJson } from '@smista/contracts';

/** An import job as stored. */
export interface OrderImportJob {
  id: number;
  merchantId: string;
  status: OrderImportJobJson['status'];
  fileName: string;
  totalOrders: number;
  nextPosition: number;
  createdOrders: number;
  skippedOrders: number;
  error: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const COLUMNS = 'id, merchant_id, status, file_name, total_orders, next_position, created_orders, skipped_orders, error, created_at, finished_at';

function toJob(r: Record<string, unknown>): OrderImportJob {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    status: r.status as OrderImportJob['status'],
    fileName: r.file_name as string,
    totalOrders: r.total_orders as number,
    nextPosition: r.next_position as number,
    createdOrders: r.created_orders as number,
    skippedOrders: r.skipped_orders as number,
    error: r.error as string | null,
    createdAt: r.created_at as Date,
    finishedAt: r.finished_at as Date | null,
  };
}

/** The numbers among `externalIds` the merchant already has as orders without a marketplace. */
export async function existingManualNumbers(db: Queryable, merchantId: string, externalIds: readonly string[]): Promise<Set<string>> {
  if (externalIds.length === 0) return new Set();
  const { rows } = await db.query('SELECT external_id FROM orders WHERE merchant_id = $1 AND integration_id = 0 AND external_id = ANY($2::text[])', [merchantId, externalIds]);
  return new Set(rows.map((r) => r.external_id as string));
}

/** A new job with its orders (payloads as JSON), in the caller's transaction. */
export async function insertOrderImport(
  tx: PoolClient,
  job: { merchantId: string; createdBy: string; fileName: string },
  orders: readonly { externalId: string; payload: unknown }[],
): Promise<OrderImportJob> {
  const { rows } = await tx.query(
    `INSERT INTO order_imports (merchant_id, created_by, file_name, total_orders) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
    [job.merchantId, job.createdBy, job.fileName, orders.length],
  );
  const created = toJob(rows[0]);
  // One statement for the whole file, its orders as one JSON array.
  await tx.query(
    `INSERT INTO order_import_rows (import_id, position, external_id, payload)
     SELECT $1, e.p - 1, e.v ->> 'externalId', e.v -> 'payload' FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS e(v, p)`,
    [created.id, JSON.stringify(orders)],
  );
  return created;
}

/** The merchant's job, or null (unknown or another merchant's). */
export async function findOrderImport(db: Queryable, merchantId: string, id: number): Promise<OrderImportJob | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM order_imports WHERE id = $1 AND merchant_id = $2`, [id, merchantId]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** The oldest unfinished job no other transaction holds, locked until this one ends; null when none. */
export async function lockNextOpenImport(tx: PoolClient): Promise<OrderImportJob | null> {
  const { rows } = await tx.query(`SELECT ${COLUMNS} FROM order_imports WHERE status IN ('pending', 'running') ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`);
  return rows[0] ? toJob(rows[0]) : null;
}

/** The job's next orders from its cursor, at most `limit`. */
export async function importRowsFrom(tx: PoolClient, importId: number, position: number, limit: number): Promise<{ position: number; externalId: string; payload: unknown }[]> {
  const { rows } = await tx.query('SELECT position, external_id, payload FROM order_import_rows WHERE import_id = $1 AND position >= $2 ORDER BY position LIMIT $3', [importId, position, limit]);
  return rows.map((r) => ({ position: r.position as number, externalId: r.external_id as string, payload: r.payload }));
}

/** A batch done: the cursor, the counts and (at the end) the status move; a finished job's rows go. */
export async function advanceOrderImport(tx: PoolClient, importId: number, done: { next: number; created: number; skipped: number; finished: boolean }): Promise<void> {
  await tx.query(
    `UPDATE order_imports SET next_position = $2, created_orders = created_orders + $3, skipped_orders = skipped_orders + $4,
            status = CASE WHEN $5 THEN 'completed' ELSE 'running' END, finished_at = CASE WHEN $5 THEN now() END, updated_at = now()
      WHERE id = $1`,
    [importId, done.next, done.created, done.skipped, done.finished],
  );
  if (done.finished) await tx.query('DELETE FROM order_import_rows WHERE import_id = $1', [importId]);
}

/** Notes of many created orders at once (the CSV's `note`). */
export async function setOrdersNotes(tx: PoolClient, merchantId: string, notes: readonly { orderId: number; notes: string }[]): Promise<void> {
  if (notes.length === 0) return;
  await tx.query('UPDATE orders o SET notes = n.notes FROM unnest($2::bigint[], $3::text[]) AS n(id, notes) WHERE o.id = n.id AND o.merchant_id = $1', [
    merchantId,
    notes.map((n) => n.orderId),
    notes.map((n) => n.notes),
  ]);
}
