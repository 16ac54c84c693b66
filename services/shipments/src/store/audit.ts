import type { Queryable } from '@smista/service-kit';
import type { AuditEntry, AuditOperation, AuditOutcome } from '../domain';

/**
 * The audit trail: one row per carrier or marketplace call made for a shipment, and per confirmation
 * a person gave for it (a shipment of an order not paid, with who). Never credentials: only the
 * operation, the carrier or marketplace code, times, the outcome and the provider's reason.
 */

export interface CallRecord {
  shipmentId: number;
  merchantId: string;
  operation: AuditOperation;
  target: string;
  startedAt: Date;
  durationMs: number | null;
  outcome: AuditOutcome;
  message: string | null;
  /** A person's action (UnpaidConfirmed): who, as the caller token names them. */
  userId?: string | null;
}

/** The next attempt number of an operation on a shipment. */
const NEXT_ATTEMPT = `(SELECT count(*) + 1 FROM shipment_calls c WHERE c.shipment_id = $1 AND c.operation = $3)`;

/** Records a call (finished, or `started` before it is made); answers the row's id. */
export async function recordCall(db: Queryable, call: CallRecord): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO shipment_calls (shipment_id, merchant_id, operation, target, attempt, started_at, duration_ms, outcome, message, user_id)
     VALUES ($1, $2, $3, $4, ${NEXT_ATTEMPT}, $5, $6, $7, $8, $9) RETURNING id`,
    [call.shipmentId, call.merchantId, call.operation, call.target, call.startedAt, call.durationMs, call.outcome, call.message, call.userId ?? null],
  );
  return Number(rows[0].id);
}

/** Completes a call recorded as `started`. */
export async function finishCall(db: Queryable, id: number, result: { durationMs: number; outcome: AuditOutcome; message: string | null }): Promise<void> {
  await db.query(`UPDATE shipment_calls SET duration_ms = $2, outcome = $3, message = $4 WHERE id = $1`, [id, result.durationMs, result.outcome, result.message]);
}

/** A shipment's calls, oldest first. */
export async function callsOf(db: Queryable, merchantId: string, shipmentId: number): Promise<AuditEntry[]> {
  const { rows } = await db.query(
    `SELECT id, operation, target, attempt, started_at, duration_ms, outcome, message FROM shipment_calls
      WHERE shipment_id = $1 AND merchant_id = $2 ORDER BY started_at, id`,
    [shipmentId, merchantId],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    operation: r.operation,
    target: r.target,
    attempt: r.attempt,
    startedAt: r.started_at,
    durationMs: r.duration_ms,
    outcome: r.outcome,
    message: r.message,
  }));
}
