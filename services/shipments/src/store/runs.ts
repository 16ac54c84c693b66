import type { PoolClient, Queryable } from '@smista/service-kit';
import type { ItemOutcome } from '../domain';

/**
 * Processing runs and their items. A run belongs to the replica holding its lease; the owner renews
 * it while it works, and any replica takes over a run whose lease ran out (`claimExpiredRun`).
 */

export interface ProcessRun {
  id: string;
  merchantId: string;
  createdBy: string;
  status: 'running' | 'finished';
  total: number;
  done: number;
  succeeded: number;
  failed: number;
  skipped: number;
  startedAt: Date;
  finishedAt: Date | null;
}

export interface RunItem {
  shipmentId: number;
  outcome: ItemOutcome | null;
  errorCode: string | null;
  message: string | null;
  orderExternalId: string;
}

const RUN_COLUMNS = 'id, merchant_id, created_by, status, total, done, succeeded, failed, skipped, started_at, finished_at';

function toRun(r: Record<string, unknown>): ProcessRun {
  return {
    id: r.id as string,
    merchantId: r.merchant_id as string,
    createdBy: r.created_by as string,
    status: r.status as ProcessRun['status'],
    total: r.total as number,
    done: r.done as number,
    succeeded: r.succeeded as number,
    failed: r.failed as number,
    skipped: r.skipped as number,
    startedAt: r.started_at as Date,
    finishedAt: r.finished_at as Date | null,
  };
}

/** A new running run owned by `owner`, with its items in the order asked. */
export async function createRun(
  tx: PoolClient,
  run: { id: string; merchantId: string; createdBy: string; owner: string; ownerProcess: string; leaseSeconds: number; shipmentIds: readonly number[] },
): Promise<void> {
  await tx.query(
    `INSERT INTO process_runs (id, merchant_id, created_by, status, total, lease_owner, owner_process, lease_until)
     VALUES ($1, $2, $3, 'running', $4, $5, $6, now() + make_interval(secs => $7))`,
    [run.id, run.merchantId, run.createdBy, run.shipmentIds.length, run.owner, run.ownerProcess, run.leaseSeconds],
  );
  await tx.query(
    `INSERT INTO process_run_items (run_id, shipment_id, position)
     SELECT $1, x.id, x.n FROM unnest($2::bigint[]) WITH ORDINALITY AS x(id, n)`,
    [run.id, run.shipmentIds],
  );
}

/** The processes holding the leases of running runs (to ask which of them are gone). */
export async function ownerProcessesOfRunning(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ p: string }>(
    `SELECT DISTINCT owner_process::text AS p FROM process_runs WHERE status = 'running' AND lease_until >= now() AND owner_process IS NOT NULL`,
  );
  return rows.map((r) => r.p);
}

/**
 * Takes over one running run whose owner died or stopped: its lease ran out, or its process is
 * among `goneProcesses` (its presence is free: taken over at once). Null when none.
 */
export async function claimExpiredRun(db: Queryable, owner: string, ownerProcess: string, leaseSeconds: number, goneProcesses: readonly string[] = []): Promise<ProcessRun | null> {
  const { rows } = await db.query(
    `UPDATE process_runs SET lease_owner = $1, owner_process = $2, lease_until = now() + make_interval(secs => $3)
      WHERE id = (SELECT id FROM process_runs WHERE status = 'running' AND (lease_until < now() OR owner_process = ANY($4::uuid[]))
                   ORDER BY started_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${RUN_COLUMNS}`,
    [owner, ownerProcess, leaseSeconds, goneProcesses],
  );
  return rows[0] ? toRun(rows[0]) : null;
}

/** Renews the lease; false when another replica owns the run now (or it finished). */
export async function renewRunLease(db: Queryable, runId: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE process_runs SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
    [runId, owner, leaseSeconds],
  );
  return rowCount === 1;
}

/** Lets go of a run at shutdown, so another replica takes it over at once. */
export async function releaseRunLease(db: Queryable, runId: string, owner: string): Promise<void> {
  await db.query(`UPDATE process_runs SET lease_until = now() - interval '1 second' WHERE id = $1 AND lease_owner = $2 AND status = 'running'`, [runId, owner]);
}

/** The run's items without an outcome, in the order asked. */
export async function openItems(db: Queryable, runId: string): Promise<number[]> {
  const { rows } = await db.query<{ shipment_id: string }>(
    `SELECT shipment_id FROM process_run_items WHERE run_id = $1 AND outcome IS NULL ORDER BY position`,
    [runId],
  );
  return rows.map((r) => Number(r.shipment_id));
}

/**
 * Gives an item its outcome and counts it in the run's progress, once: an item that already has
 * one changes nothing. Answers whether it was this call that resolved it.
 */
export async function resolveItem(tx: PoolClient, runId: string, shipmentId: number, result: { outcome: ItemOutcome; errorCode?: string; message?: string }): Promise<boolean> {
  const { rowCount } = await tx.query(
    `UPDATE process_run_items SET outcome = $3, error_code = $4, message = $5 WHERE run_id = $1 AND shipment_id = $2 AND outcome IS NULL`,
    [runId, shipmentId, result.outcome, result.errorCode ?? null, result.message ?? null],
  );
  if (rowCount !== 1) return false;
  await tx.query(
    `UPDATE process_runs SET done = done + 1, succeeded = succeeded + ($2 = 'ok')::int, failed = failed + ($2 = 'failed')::int,
            skipped = skipped + ($2 = 'skipped')::int
      WHERE id = $1`,
    [runId, result.outcome],
  );
  return true;
}

/** Finishes the run when no item is open; answers whether it is finished. */
export async function finishRun(db: Queryable, runId: string): Promise<boolean> {
  const { rows } = await db.query<{ status: string }>(
    `UPDATE process_runs SET status = 'finished', finished_at = coalesce(finished_at, now()), lease_owner = NULL, lease_until = NULL
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM process_run_items WHERE run_id = $1 AND outcome IS NULL)
      RETURNING status`,
    [runId],
  );
  return rows.length === 1;
}

export async function findRun(db: Queryable, runId: string): Promise<ProcessRun | null> {
  const { rows } = await db.query(`SELECT ${RUN_COLUMNS} FROM process_runs WHERE id = $1`, [runId]);
  return rows[0] ? toRun(rows[0]) : null;
}

/** The run's items with the order's external id, in the order asked. */
export async function itemsOf(db: Queryable, runId: string): Promise<RunItem[]> {
  const { rows } = await db.query(
    `SELECT i.shipment_id, i.outcome, i.error_code, i.message, coalesce(s.order_external_id, '') AS order_external_id
       FROM process_run_items i LEFT JOIN shipments s ON s.id = i.shipment_id
      WHERE i.run_id = $1 ORDER BY i.position`,
    [runId],
  );
  return rows.map((r) => ({
    shipmentId: Number(r.shipment_id),
    outcome: r.outcome,
    errorCode: r.error_code,
    message: r.message,
    orderExternalId: r.order_external_id,
  }));
}

/** The merchant's running runs and the latest finished one, newest first. */
export async function runsOf(db: Queryable, merchantId: string): Promise<ProcessRun[]> {
  const { rows } = await db.query(
    `(SELECT ${RUN_COLUMNS} FROM process_runs WHERE merchant_id = $1 AND status = 'running')
     UNION ALL
     (SELECT ${RUN_COLUMNS} FROM process_runs WHERE merchant_id = $1 AND status = 'finished' ORDER BY finished_at DESC LIMIT 1)
     ORDER BY started_at DESC`,
    [merchantId],
  );
  return rows.map(toRun);
}

/** Finished runs older than the retention are deleted (their items cascade). */
export async function deleteOldRuns(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM process_runs WHERE status = 'finished' AND finished_at < now() - make_interval(days => $1)`, [days]);
  return rowCount ?? 0;
}
