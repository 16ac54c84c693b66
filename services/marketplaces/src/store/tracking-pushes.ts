import type { PoolClient, Queryable } from '@smista/service-kit';
import type { AttemptDecision, TrackingPayload, TrackingPush, TrackingPushStatus } from '../domain';

const COLUMNS = `id, shipment_id, merchant_id, integration_id, order_id, payload, status, attempts, last_error_code,
  last_error, next_attempt_at, fulfillment_id, run_id, pushed_at, lease_owner, lease_until, created_at, updated_at`;

function toPush(r: Record<string, unknown>): TrackingPush {
  return {
    id: Number(r.id),
    shipmentId: Number(r.shipment_id),
    merchantId: r.merchant_id as string,
    integrationId: Number(r.integration_id),
    orderId: Number(r.order_id),
    payload: r.payload as TrackingPayload,
    status: r.status as TrackingPushStatus,
    attempts: Number(r.attempts),
    lastErrorCode: (r.last_error_code as string | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    nextAttemptAt: (r.next_attempt_at as Date | null) ?? null,
    fulfillmentId: (r.fulfillment_id as string | null) ?? null,
    runId: (r.run_id as string | null) ?? '',
    pushedAt: (r.pushed_at as Date | null) ?? null,
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: (r.lease_until as Date | null) ?? null,
    createdAt: r.created_at as Date,
    updatedAt: r.updated_at as Date,
  };
}

const leaseEnd = (now: Date, leaseSeconds: number) => new Date(now.getTime() + leaseSeconds * 1000);

/**
 * Records the push of a labelled shipment (the consumer), once: a second event for the same shipment
 * (a redelivery, a relabel) inserts nothing and answers null. `pending` is due at once; `skipped`
 * carries the reason and is never due.
 */
export async function insertTrackingPush(
  tx: PoolClient,
  row: { shipmentId: number; merchantId: string; integrationId: number; orderId: number; payload: TrackingPayload; status: 'pending' | 'skipped'; reason?: string; runId: string; now: Date },
): Promise<TrackingPush | null> {
  const { rows } = await tx.query(
    `INSERT INTO tracking_pushes (shipment_id, merchant_id, integration_id, order_id, payload, status, last_error, next_attempt_at, run_id, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $10, $9, $9)
     ON CONFLICT (merchant_id, shipment_id) DO NOTHING RETURNING ${COLUMNS}`,
    [row.shipmentId, row.merchantId, row.integrationId, row.orderId, JSON.stringify(row.payload), row.status, row.reason ?? null, row.status === 'pending' ? row.now : null, row.now, row.runId],
  );
  return rows[0] ? toPush(rows[0]) : null;
}

/**
 * PushTracking on demand: the shipment's row, created when missing and claimed for `owner` unless
 * it was pushed already or someone's lease is running (`claimable` of the domain decides on the
 * locked row). A claimed row takes the request's payload (a manual retry after fixing the data
 * sends the new one) and stays due, so that a crash during the call leaves it to the pusher once
 * the lease is over. Answers the row as found (already pushed, busy) or as claimed; rows are the
 * merchant's own (keyed by merchant and shipment).
 */
export async function claimForDemand(
  tx: PoolClient,
  row: { shipmentId: number; merchantId: string; integrationId: number; orderId: number; payload: TrackingPayload; owner: string; leaseSeconds: number; now: Date },
  decide: (push: TrackingPush) => 'already-pushed' | 'busy' | 'claimable',
): Promise<{ kind: 'already-pushed' | 'busy' | 'claimed'; push: TrackingPush }> {
  const payload = JSON.stringify(row.payload);
  const inserted = await tx.query(
    `INSERT INTO tracking_pushes (shipment_id, merchant_id, integration_id, order_id, payload, status, next_attempt_at, lease_owner, lease_until, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7, $8, $6, $6)
     ON CONFLICT (merchant_id, shipment_id) DO NOTHING RETURNING ${COLUMNS}`,
    [row.shipmentId, row.merchantId, row.integrationId, row.orderId, payload, row.now, row.owner, leaseEnd(row.now, row.leaseSeconds)],
  );
  if (inserted.rows[0]) return { kind: 'claimed', push: toPush(inserted.rows[0]) };
  const { rows } = await tx.query(`SELECT ${COLUMNS} FROM tracking_pushes WHERE merchant_id = $1 AND shipment_id = $2 FOR UPDATE`, [row.merchantId, row.shipmentId]);
  if (!rows[0]) throw new Error(`tracking push of shipment ${row.shipmentId} vanished`);
  const found = toPush(rows[0]);
  const verdict = decide(found);
  if (verdict !== 'claimable') return { kind: verdict, push: found };
  const claimed = await tx.query(
    `UPDATE tracking_pushes SET integration_id = $2, order_id = CASE WHEN $3::bigint > 0 THEN $3 ELSE order_id END, payload = $4,
       status = CASE WHEN status IN ('failed', 'skipped') THEN 'pending' ELSE status END,
       -- asked for by a person now: no longer one of a processing run's pushes
       run_id = '',
       next_attempt_at = $5, lease_owner = $6, lease_until = $7, updated_at = $5
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [found.id, row.integrationId, row.orderId, payload, row.now, row.owner, leaseEnd(row.now, row.leaseSeconds)],
  );
  return { kind: 'claimed', push: toPush(claimed.rows[0]) };
}

/**
 * The pusher's round: up to `limit` due pending or retrying rows whose lease is free, leased to
 * `owner` in one statement (`FOR UPDATE SKIP LOCKED`: two replicas never take the same row).
 */
export async function claimDuePushes(db: Queryable, owner: string, leaseSeconds: number, now: Date, limit: number): Promise<TrackingPush[]> {
  const { rows } = await db.query(
    `UPDATE tracking_pushes t SET lease_owner = $1, lease_until = $2, updated_at = $3
      WHERE t.id IN (
        SELECT id FROM tracking_pushes
         WHERE status IN ('pending', 'retrying') AND next_attempt_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
         ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
     RETURNING ${COLUMNS}`,
    [owner, leaseEnd(now, leaseSeconds), now, limit],
  );
  return rows.map(toPush);
}

/**
 * Records an attempt's outcome and lets go of the lease, only if `owner` still holds it (a lease
 * taken over after running out is not overwritten); null when it does not.
 */
export async function recordAttempt(tx: PoolClient, id: number, owner: string, decision: AttemptDecision, now: Date): Promise<TrackingPush | null> {
  const pushed = decision.status === 'pushed';
  const { rows } = await tx.query(
    `UPDATE tracking_pushes SET status = $3, attempts = attempts + 1, last_error_code = $4, last_error = $5,
       next_attempt_at = $6, fulfillment_id = COALESCE($7, fulfillment_id), pushed_at = CASE WHEN $8::boolean THEN $9::timestamptz ELSE pushed_at END,
       lease_owner = NULL, lease_until = NULL, updated_at = $9
     WHERE id = $1 AND lease_owner = $2 RETURNING ${COLUMNS}`,
    [
      id,
      owner,
      decision.status,
      decision.errorCode || null,
      decision.status === 'pushed' ? null : decision.message,
      decision.status === 'retrying' ? decision.nextAttemptAt : null,
      pushed && decision.fulfillmentId ? decision.fulfillmentId : null,
      pushed,
      now,
    ],
  );
  return rows[0] ? toPush(rows[0]) : null;
}

/** Lets go of a lease without an attempt (the service stops before making the call). */
export async function releasePush(db: Queryable, id: number, owner: string): Promise<void> {
  await db.query(`UPDATE tracking_pushes SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`, [id, owner]);
}
