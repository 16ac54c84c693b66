import type { PoolClient, Queryable } from '@smista/service-kit';
import type { IntegrationState } from '../domain';

type StoredIntegration = IntegrationState & { merchantId: string };

const toIntegration = (r: Record<string, unknown>): StoredIntegration => ({
  merchantId: r.merchant_id as string,
  integrationId: Number(r.integration_id),
  provider: r.provider as string,
  status: r.status as string,
  deleted: r.deleted as boolean,
  refreshTokenExpiresAt: (r.refresh_token_expires_at as Date | null) ?? null,
  changedAt: r.changed_at as Date,
});

/**
 * Keeps the latest state of a marketplace integration. Answers the state before (null: first seen)
 * and whether this change was applied: an older change arriving late is not.
 */
export async function applyIntegrationChange(
  tx: PoolClient,
  merchantId: string,
  next: IntegrationState & { active: boolean },
): Promise<{ previous: IntegrationState | null; applied: boolean }> {
  const { rows } = await tx.query(`SELECT * FROM marketplace_integrations WHERE merchant_id = $1 AND integration_id = $2 FOR UPDATE`, [merchantId, next.integrationId]);
  const previous = rows[0] ? toIntegration(rows[0]) : null;
  if (previous && previous.changedAt.getTime() > next.changedAt.getTime()) return { previous, applied: false };
  await tx.query(
    `INSERT INTO marketplace_integrations (merchant_id, integration_id, provider, status, active, deleted, refresh_token_expires_at, changed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (merchant_id, integration_id) DO UPDATE SET provider = EXCLUDED.provider, status = EXCLUDED.status, active = EXCLUDED.active,
       deleted = EXCLUDED.deleted, refresh_token_expires_at = EXCLUDED.refresh_token_expires_at, changed_at = EXCLUDED.changed_at`,
    [merchantId, next.integrationId, next.provider, next.status, next.active, next.deleted, next.refreshTokenExpiresAt, next.changedAt],
  );
  return { previous, applied: true };
}

/** Integrations (of every merchant) whose refresh token expires before `before`: the hourly check reads them. */
export async function integrationsExpiringBefore(db: Queryable, before: Date): Promise<StoredIntegration[]> {
  const { rows } = await db.query(
    `SELECT * FROM marketplace_integrations WHERE NOT deleted AND status <> 'error' AND refresh_token_expires_at IS NOT NULL AND refresh_token_expires_at <= $1`,
    [before],
  );
  return rows.map(toIntegration);
}

/** A GLS shipment labelled on `day` with its account (a close that arrived first keeps it closed). */
export async function recordGlsLabelled(tx: PoolClient, merchantId: string, shipmentId: number, day: string, carrierIntegrationId: number | null): Promise<void> {
  await tx.query(
    `INSERT INTO gls_shipments (merchant_id, shipment_id, labelled_on, carrier_integration_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant_id, shipment_id) DO UPDATE SET carrier_integration_id = coalesce(gls_shipments.carrier_integration_id, EXCLUDED.carrier_integration_id)`,
    [merchantId, shipmentId, day, carrierIntegrationId],
  );
}

/**
 * GLS shipments whose workday was closed (their labels may not have been seen yet: kept closed).
 * Answers the days they were labelled on (their reminders may be answered now).
 */
export async function recordGlsClosed(tx: PoolClient, merchantId: string, shipmentIds: readonly number[], day: string): Promise<string[]> {
  if (shipmentIds.length === 0) return [];
  const { rows } = await tx.query<{ day: string }>(
    `INSERT INTO gls_shipments (merchant_id, shipment_id, labelled_on, closed)
     SELECT $1, id, $3, true FROM unnest($2::bigint[]) AS x(id)
     ON CONFLICT (merchant_id, shipment_id) DO UPDATE SET closed = true, updated_at = now()
     RETURNING to_char(labelled_on, 'YYYY-MM-DD') AS day`,
    [merchantId, shipmentIds, day],
  );
  return [...new Set(rows.map((r) => r.day))];
}

/** A cancelled shipment needs no close. Answers the day it was labelled on (null: not a GLS one seen here). */
export async function recordShipmentCancelled(tx: PoolClient, merchantId: string, shipmentId: number): Promise<string | null> {
  const { rows } = await tx.query<{ day: string }>(
    `UPDATE gls_shipments SET closed = true, updated_at = now() WHERE merchant_id = $1 AND shipment_id = $2 RETURNING to_char(labelled_on, 'YYYY-MM-DD') AS day`,
    [merchantId, shipmentId],
  );
  return rows[0]?.day ?? null;
}

/** Per merchant, the GLS shipments labelled on `day` still open, and their accounts. */
export async function openGlsShipments(db: Queryable, day: string, merchantId?: string): Promise<{ merchantId: string; open: number; carrierIntegrationIds: number[] }[]> {
  const { rows } = await db.query<{ merchant_id: string; open: number; accounts: (string | null)[] }>(
    `SELECT merchant_id, count(*)::int AS open, array_agg(DISTINCT carrier_integration_id) AS accounts
       FROM gls_shipments WHERE labelled_on = $1 AND NOT closed AND ($2::uuid IS NULL OR merchant_id = $2) GROUP BY merchant_id`,
    [day, merchantId ?? null],
  );
  return rows.map((r) => ({ merchantId: r.merchant_id, open: r.open, carrierIntegrationIds: (r.accounts ?? []).filter((a): a is string => a !== null).map(Number) }));
}

/** Forgets GLS shipments labelled before `day`: the reminder only ever looks at today. */
export async function pruneGlsShipments(db: Queryable, beforeDay: string): Promise<number> {
  const { rowCount } = await db.query(`DELETE FROM gls_shipments WHERE labelled_on < $1`, [beforeDay]);
  return rowCount ?? 0;
}
