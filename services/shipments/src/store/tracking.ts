import type { PoolClient, Queryable } from '@smista/service-kit';
import type { Shipment, TrackingEvent } from '../domain';
import { SHIPMENT_COLUMNS, toShipment } from './shipments';

/** One stored tracking event of a shipment (the drawer's steps, the buyer's page). */
export interface StoredTrackingEvent {
  at: Date;
  status: string;
  code: string;
  description: string;
  location: string;
}

/**
 * Keeps the events of a Track answer that are new (the same time, code and words are one event, so
 * a carrier answering the whole history again adds nothing). Answers how many were new.
 */
export async function saveTrackingEvents(tx: PoolClient, s: Pick<Shipment, 'id' | 'merchantId'>, events: readonly TrackingEvent[]): Promise<number> {
  const valid = events.filter((e) => !Number.isNaN(Date.parse(e.at)));
  if (valid.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO tracking_events (shipment_id, merchant_id, at, status, code, description, location)
     SELECT $1, $2, e.at, e.status, e.code, e.description, e.location
       FROM unnest($3::timestamptz[], $4::text[], $5::text[], $6::text[], $7::text[]) AS e(at, status, code, description, location)
     ON CONFLICT (shipment_id, at, code, description) DO NOTHING`,
    [
      s.id,
      s.merchantId,
      valid.map((e) => e.at),
      valid.map((e) => e.status),
      valid.map((e) => (e.code ?? '').slice(0, 40)),
      valid.map((e) => e.description.slice(0, 500)),
      valid.map((e) => (e.location ?? '').slice(0, 200)),
    ],
  );
  return rowCount ?? 0;
}

/** A shipment's events, oldest first. */
export async function trackingEventsOf(db: Queryable, merchantId: string, shipmentId: number): Promise<StoredTrackingEvent[]> {
  const { rows } = await db.query(
    `SELECT at, status, code, description, location FROM tracking_events WHERE shipment_id = $1 AND merchant_id = $2 ORDER BY at, id`,
    [shipmentId, merchantId],
  );
  return rows.map((r) => ({ at: r.at as Date, status: r.status as string, code: r.code as string, description: r.description as string, location: r.location as string }));
}

/**
 * Takes up to `wanted` calls of `provider`'s budget for the current minute (database time, so every
 * replica counts in the same window), never past `perMinute`. Answers how many were granted.
 */
export async function takeCallBudget(db: Queryable, provider: string, wanted: number, perMinute: number): Promise<number> {
  if (wanted <= 0) return 0;
  await db.query(`INSERT INTO tracking_call_budget (provider, window_start) VALUES ($1, date_trunc('minute', now())) ON CONFLICT DO NOTHING`, [provider]);
  const { rows } = await db.query(
    `WITH cur AS (
       SELECT calls FROM tracking_call_budget WHERE provider = $1 AND window_start = date_trunc('minute', now()) FOR UPDATE
     )
     UPDATE tracking_call_budget b SET calls = LEAST(b.calls + $2, greatest($3, b.calls))
       FROM cur
      WHERE b.provider = $1 AND b.window_start = date_trunc('minute', now())
     RETURNING b.calls - cur.calls AS granted`,
    [provider, wanted, perMinute],
  );
  return Number(rows[0]?.granted ?? 0);
}

/** Gives back calls taken but not made (fewer shipments were due than granted). */
export async function returnCallBudget(db: Queryable, provider: string, unused: number): Promise<void> {
  if (unused <= 0) return;
  await db.query(
    `UPDATE tracking_call_budget SET calls = greatest(0, calls - $2) WHERE provider = $1 AND window_start = date_trunc('minute', now())`,
    [provider, unused],
  );
}

/** Forgets the budget windows older than an hour. */
export async function pruneCallBudget(db: Queryable): Promise<void> {
  await db.query(`DELETE FROM tracking_call_budget WHERE window_start < now() - interval '1 hour'`);
}

/** The calls made per minute, for the bench and the tests: `{ provider, windowStart, calls }`, oldest first. */
export async function callBudgetWindows(db: Queryable): Promise<{ provider: string; windowStart: Date; calls: number }[]> {
  const { rows } = await db.query(`SELECT provider, window_start, calls FROM tracking_call_budget ORDER BY window_start, provider`);
  return rows.map((r) => ({ provider: r.provider as string, windowStart: r.window_start as Date, calls: Number(r.calls) }));
}

/**
 * Claims up to `limit` shipments of `provider` whose tracking is due, oldest due first, for
 * `claimMs`: no other replica claims them until then (SKIP LOCKED keeps two claims apart; the
 * claim time keeps the rest apart while the calls run). A shipment no longer shipped is not read.
 */
export async function claimDueTracking(db: Queryable, provider: string, limit: number, claimMs: number): Promise<(Shipment & { trackingFailures: number })[]> {
  if (limit <= 0) return [];
  const { rows } = await db.query(
    `WITH c AS (
       UPDATE tracking_schedule t SET claimed_until = now() + make_interval(secs => $3::double precision / 1000)
        WHERE t.shipment_id IN (
          SELECT d.shipment_id FROM tracking_schedule d JOIN shipments x ON x.id = d.shipment_id AND x.status = 'shipped'
           WHERE d.provider = $1 AND d.next_at IS NOT NULL AND d.next_at <= now() AND (d.claimed_until IS NULL OR d.claimed_until < now())
           ORDER BY d.next_at
           LIMIT $2
           FOR UPDATE OF d SKIP LOCKED)
        RETURNING t.shipment_id, t.failures
     )
     SELECT ${SHIPMENT_COLUMNS}, c.failures AS tracking_failures FROM c JOIN shipments s ON s.id = c.shipment_id`,
    [provider, limit, claimMs],
  );
  return rows.map((r) => ({ ...toShipment(r), trackingFailures: Number(r.tracking_failures) }));
}

/** Lets claimed shipments go unread (the replica stops): another replica may read them at once. */
export async function releaseTracking(db: Queryable, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(`UPDATE tracking_schedule SET claimed_until = NULL WHERE shipment_id = ANY($1::bigint[])`, [ids]);
}

/**
 * The next read of a shipment (null: never again) after a read at `checkedAt`; `failed` counts a
 * failed call (reset by a good one). Releases the claim. A shipment without a schedule (a letter, a
 * shipment labelled before tracking was kept) gets one.
 */
export async function scheduleTracking(
  db: Queryable,
  s: Pick<Shipment, 'id' | 'carrierProvider'>,
  next: Date | null,
  outcome: 'ok' | 'failed',
  checkedAt: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO tracking_schedule AS t (shipment_id, provider, next_at, checked_at, failures)
     VALUES ($1, $2, $3, $4, CASE WHEN $5 THEN 1 ELSE 0 END)
     ON CONFLICT (shipment_id) DO UPDATE SET next_at = EXCLUDED.next_at, claimed_until = NULL, checked_at = EXCLUDED.checked_at,
            failures = CASE WHEN $5 THEN t.failures + 1 ELSE 0 END`,
    [s.id, s.carrierProvider ?? '', next, checkedAt, outcome === 'failed'],
  );
}
