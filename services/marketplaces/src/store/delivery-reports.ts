import type { PoolClient, Queryable } from '@smista/service-kit';
import type { AttemptDecision, ClaimedDelivery, DeliveryReport, DeliveryReportStatus } from '../domain';

const COLUMNS = `id, shipment_id, merchant_id, order_id, happened_at, status, attempts, last_error_code, last_error,
  next_attempt_at, event_id, reported_at, lease_owner, lease_until`;

function toReport(r: Record<string, unknown>): DeliveryReport {
  return {
    id: Number(r.id),
    shipmentId: Number(r.shipment_id),
    merchantId: r.merchant_id as string,
    orderId: Number(r.order_id),
    happenedAt: r.happened_at as Date,
    status: r.status as DeliveryReportStatus,
    attempts: Number(r.attempts),
    lastErrorCode: (r.last_error_code as string | null) ?? null,
    lastError: (r.last_error as string | null) ?? null,
    nextAttemptAt: (r.next_attempt_at as Date | null) ?? null,
    eventId: (r.event_id as string | null) ?? null,
    reportedAt: (r.reported_at as Date | null) ?? null,
    leaseOwner: (r.lease_owner as string | null) ?? null,
    leaseUntil: (r.lease_until as Date | null) ?? null,
  };
}

/**
 * Records a delivered shipment's delivery, once: a second event for the shipment (a redelivery, a
 * second delivered update) inserts nothing and answers null. Pending and due at once; the pusher
 * sends it when the shipment's tracking push has its fulfilment.
 */
export async function insertDeliveryReport(tx: PoolClient, row: { shipmentId: number; merchantId: string; orderId: number; happenedAt: Date; now: Date }): Promise<DeliveryReport | null> {
  const { rows } = await tx.query(
    `INSERT INTO delivery_reports (shipment_id, merchant_id, order_id, happened_at, status, next_attempt_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, 'pending', $5, $5, $5)
     ON CONFLICT (merchant_id, shipment_id) DO NOTHING RETURNING ${COLUMNS}`,
    [row.shipmentId, row.merchantId, row.orderId, row.happenedAt, row.now],
  );
  return rows[0] ? toReport(rows[0]) : null;
}

/** The shipment's tracking push as the delivery needs it: its integration's marketplace, or null when none is recorded. */
export async function findPushMarketplace(db: Queryable, merchantId: string, shipmentId: number): Promise<{ integrationId: number; marketplace: string } | null> {
  const { rows } = await db.query(
    `SELECT t.integration_id, m.identifier FROM tracking_pushes t JOIN integrations i ON i.id = t.integration_id JOIN marketplaces m ON m.id = i.marketplace_id
      WHERE t.merchant_id = $1 AND t.shipment_id = $2`,
    [merchantId, shipmentId],
  );
  return rows[0] ? { integrationId: Number(rows[0].integration_id), marketplace: rows[0].identifier as string } : null;
}

/**
 * Forgets a delivery still waiting for a tracking push that will never come (the labelled shipment
 * has no marketplace integration, or one without a delivery call): nothing is sent, no error.
 */
export async function forgetWaitingDelivery(tx: PoolClient, merchantId: string, shipmentId: number): Promise<boolean> {
  const { rowCount } = await tx.query(`DELETE FROM delivery_reports WHERE merchant_id = $1 AND shipment_id = $2 AND status = 'pending' AND attempts = 0`, [merchantId, shipmentId]);
  return (rowCount ?? 0) > 0;
}

/**
 * The pusher's round: up to `limit` due pending or retrying deliveries whose lease is free and whose
 * shipment's tracking push is pushed with its fulfilment, leased to `owner` in one statement
 * (`FOR UPDATE SKIP LOCKED`: two replicas never take the same row). A delivery whose fulfilment is
 * not there yet is left alone: it waits.
 */
export async function claimDueDeliveries(db: Queryable, owner: string, leaseSeconds: number, now: Date, limit: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query(
    `WITH due AS (
       SELECT d.id, t.integration_id, t.fulfillment_id, t.order_id AS push_order_id, t.run_id
         FROM delivery_reports d
         JOIN tracking_pushes t ON t.merchant_id = d.merchant_id AND t.shipment_id = d.shipment_id
        WHERE d.status IN ('pending', 'retrying') AND d.next_attempt_at <= $3 AND (d.lease_until IS NULL OR d.lease_until <= $3)
          AND t.status = 'pushed' AND t.fulfillment_id IS NOT NULL AND t.fulfillment_id <> ''
        ORDER BY d.next_attempt_at LIMIT $4 FOR UPDATE OF d SKIP LOCKED)
     UPDATE delivery_reports r SET lease_owner = $1, lease_until = $2, updated_at = $3
       FROM due WHERE r.id = due.id
     RETURNING ${COLUMNS.split(',').map((c) => `r.${c.trim()}`).join(', ')}, due.integration_id, due.fulfillment_id, due.push_order_id, due.run_id`,
    [owner, new Date(now.getTime() + leaseSeconds * 1000), now, limit],
  );
  return rows.map((r) => ({
    report: toReport(r),
    push: { integrationId: Number(r.integration_id), fulfillmentId: r.fulfillment_id as string, orderId: Number(r.push_order_id), runId: (r.run_id as string | null) ?? '' },
  }));
}

/**
 * Records an attempt's outcome (`pushed` is stored as `reported`, with the event's id) and lets go
 * of the lease, only if `owner` still holds it; null when it does not.
 */
export async function recordDeliveryAttempt(tx: PoolClient, id: number, owner: string, decision: AttemptDecision, now: Date): Promise<DeliveryReport | null> {
  const reported = decision.status === 'pushed';
  const { rows } = await tx.query(
    `UPDATE delivery_reports SET status = $3, attempts = attempts + 1, last_error_code = $4, last_error = $5, next_attempt_at = $6,
       event_id = COALESCE($7, event_id), reported_at = CASE WHEN $8::boolean THEN $9::timestamptz ELSE reported_at END,
       lease_owner = NULL, lease_until = NULL, updated_at = $9
     WHERE id = $1 AND lease_owner = $2 RETURNING ${COLUMNS}`,
    [
      id,
      owner,
      reported ? 'reported' : decision.status,
      reported ? null : decision.errorCode || null,
      reported ? null : decision.message,
      decision.status === 'retrying' ? decision.nextAttemptAt : null,
      reported && decision.fulfillmentId ? decision.fulfillmentId : null,
      reported,
      now,
    ],
  );
  return rows[0] ? toReport(rows[0]) : null;
}

/** A claimed delivery of a marketplace without a delivery call: skipped, nothing sent, no error; only by the lease holder. */
export async function skipDelivery(db: Queryable, id: number, owner: string, now: Date): Promise<void> {
  await db.query(`UPDATE delivery_reports SET status = 'skipped', next_attempt_at = NULL, lease_owner = NULL, lease_until = NULL, updated_at = $3 WHERE id = $1 AND lease_owner = $2`, [id, owner, now]);
}

/** Lets go of a lease without an attempt (the service stops before making the call). */
export async function releaseDelivery(db: Queryable, id: number, owner: string): Promise<void> {
  await db.query(`UPDATE delivery_reports SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`, [id, owner]);
}

/** The shipment's delivery row (tests and logs). */
export async function findDeliveryReport(db: Queryable, merchantId: string, shipmentId: number): Promise<DeliveryReport | null> {
  const { rows } = await db.query(`SELECT ${COLUMNS} FROM delivery_reports WHERE merchant_id = $1 AND shipment_id = $2`, [merchantId, shipmentId]);
  return rows[0] ? toReport(rows[0]) : null;
}
