import type { PoolClient, Queryable } from '@smista/service-kit';
import { progressFromMetadata, progressToMetadata, type Job, type JobProgress, type JobStatus, type TriggeredBy } from '../domain';

const SELECT = `j.id, j.merchant_id, j.integration_id, j.type, j.execution_mode, j.triggered_by, j.status, j.started_at,
  j.completed_at, j.orders_found, j.orders_synced, j.orders_new, j.error_message, j.metadata, j.created_at, m.identifier AS provider`;
const FROM = 'jobs j JOIN integrations i ON i.id = j.integration_id JOIN marketplaces m ON m.id = i.marketplace_id';
const OPEN = `j.status IN ('pending', 'running')`;

function toJob(r: Record<string, unknown>): Job {
  return {
    id: Number(r.id),
    merchantId: r.merchant_id as string,
    integrationId: Number(r.integration_id),
    provider: r.provider as string,
    type: 'orders_sync',
    executionMode: 'background',
    triggeredBy: r.triggered_by as TriggeredBy,
    status: r.status as JobStatus,
    startedAt: (r.started_at as Date | null) ?? null,
    completedAt: (r.completed_at as Date | null) ?? null,
    ordersFound: Number(r.orders_found),
    ordersSynced: Number(r.orders_synced),
    ordersNew: Number(r.orders_new),
    errorMessage: (r.error_message as string | null) ?? null,
    progress: progressFromMetadata(r.metadata),
    createdAt: r.created_at as Date,
  };
}

const validId = (id: number) => Number.isSafeInteger(id) && id > 0;

/**
 * Starts a sync of the integration, or answers the one already pending or running (`joined`). The
 * partial unique index `jobs_one_open` makes this safe between concurrent requests and replicas:
 * the loser of a race finds the winner's job.
 */
export async function createOrJoinJob(db: Queryable, data: { merchantId: string; integrationId: number; triggeredBy: TriggeredBy }): Promise<{ job: Job; joined: boolean }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO jobs (merchant_id, integration_id, triggered_by) VALUES ($1, $2, $3)
       ON CONFLICT (integration_id) WHERE status IN ('pending', 'running') DO NOTHING RETURNING id`,
      [data.merchantId, data.integrationId, data.triggeredBy],
    );
    if (rows[0]) return { job: (await findJob(db, data.merchantId, Number(rows[0].id)))!, joined: false };
    const open = await openJob(db, data.integrationId);
    // The open job may have finished between the two statements: try again.
    if (open) return { job: open, joined: true };
  }
  throw new Error(`could not start or join a sync of integration ${data.integrationId}`);
}

/** The pending or running job of an integration, if any. */
export async function openJob(db: Queryable, integrationId: number): Promise<Job | null> {
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE j.integration_id = $1 AND ${OPEN}`, [integrationId]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** One job of this merchant; null when unknown or another merchant's. */
export async function findJob(db: Queryable, merchantId: string, id: number): Promise<Job | null> {
  if (!validId(id)) return null;
  const { rows } = await db.query(`SELECT ${SELECT} FROM ${FROM} WHERE j.id = $1 AND j.merchant_id = $2`, [id, merchantId]);
  return rows[0] ? toJob(rows[0]) : null;
}

/** The merchant's latest jobs, newest first; `integrationId` 0 = every integration. */
export async function listJobs(db: Queryable, merchantId: string, integrationId: number, limit: number): Promise<Job[]> {
  const { rows } = await db.query(
    `SELECT ${SELECT} FROM ${FROM} WHERE j.merchant_id = $1 AND ($2::bigint = 0 OR j.integration_id = $2) ORDER BY j.id DESC LIMIT $3`,
    [merchantId, integrationId, limit],
  );
  return rows.map(toJob);
}

/**
 * For each integration: its pending/running job and its latest finished one. Two index lookups per
 * integration (`jobs_integration`), however many jobs the schedule has piled up.
 */
export async function jobsOfIntegrations(db: Queryable, merchantId: string, integrationIds: number[]): Promise<Map<number, { current: Job | null; last: Job | null }>> {
  const out = new Map<number, { current: Job | null; last: Job | null }>(integrationIds.map((id) => [id, { current: null, last: null }]));
  if (integrationIds.length === 0) return out;
  const { rows } = await db.query(
    `SELECT latest.* FROM unnest($2::bigint[]) AS x(id)
     CROSS JOIN LATERAL (
       (SELECT ${SELECT} FROM ${FROM} WHERE j.integration_id = x.id AND j.merchant_id = $1 AND ${OPEN} LIMIT 1)
       UNION ALL
       (SELECT ${SELECT} FROM ${FROM} WHERE j.integration_id = x.id AND j.merchant_id = $1 AND j.status IN ('completed', 'failed') ORDER BY j.id DESC LIMIT 1)
     ) latest`,
    [merchantId, integrationIds],
  );
  for (const row of rows) {
    const job = toJob(row);
    const entry = out.get(job.integrationId);
    if (!entry) continue;
    if (job.status === 'pending' || job.status === 'running') entry.current = job;
    else entry.last = job;
  }
  return out;
}

/**
 * Forgets finished jobs older than `days`, except each integration's latest completed one (the next
 * window starts at its end). The schedule adds one job per integration every few minutes.
 */
export async function pruneJobs(db: Queryable, days: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM jobs j WHERE j.status IN ('completed', 'failed') AND j.completed_at < now() - make_interval(days => $1)
        AND j.id <> (SELECT max(k.id) FROM jobs k WHERE k.integration_id = j.integration_id AND k.status = 'completed')`,
    [days],
  );
  return rowCount ?? 0;
}

// --- The worker's side -------------------------------------------------------------------------

/** The processes holding the leases of running jobs (to ask which of them are gone). */
export async function ownerProcessesOfRunningJobs(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ p: string }>(
    `SELECT DISTINCT owner_process::text AS p FROM jobs WHERE status = 'running' AND lease_until >= now() AND owner_process IS NOT NULL`,
  );
  return rows.map((r) => r.p);
}

/**
 * Locks the next job any replica may work on: pending, or running with its lease over (its replica
 * died, or it waits out a back-off that has ended), or running in a process that is gone
 * (`goneProcesses`: taken over at once). SKIP LOCKED: replicas never wait for each other.
 */
export async function lockClaimableJob(tx: PoolClient, goneProcesses: readonly string[] = []): Promise<Job | null> {
  const { rows } = await tx.query(
    `SELECT ${SELECT} FROM ${FROM}
      WHERE j.id = (SELECT id FROM jobs WHERE status IN ('pending', 'running')
                       AND (lease_until IS NULL OR lease_until < now() OR owner_process = ANY($1::uuid[]))
                     ORDER BY lease_until NULLS FIRST, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    [goneProcesses],
  );
  return rows[0] ? toJob(rows[0]) : null;
}

/** The end of the window of the integration's latest completed job (the next window starts there). */
export async function previousWindowEnd(db: Queryable, integrationId: number): Promise<Date | null> {
  const { rows } = await db.query<{ window_to: string | null }>(
    `SELECT metadata->>'windowTo' AS window_to FROM jobs WHERE integration_id = $1 AND status = 'completed' ORDER BY id DESC LIMIT 1`,
    [integrationId],
  );
  const value = rows[0]?.window_to;
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** The claimed job is ours until now + lease; its progress (the window on the first claim) stored. */
export async function markRunning(tx: PoolClient, id: number, owner: string, ownerProcess: string, leaseSeconds: number, progress: JobProgress): Promise<void> {
  await tx.query(
    `UPDATE jobs SET status = 'running', started_at = coalesce(started_at, now()), lease_owner = $2, owner_process = $5,
       lease_until = now() + make_interval(secs => $3), metadata = $4, updated_at = now()
     WHERE id = $1`,
    [id, owner, leaseSeconds, progressToMetadata(progress), ownerProcess],
  );
}

/** Extends our lease while we work; false when the job is no longer ours (taken over, deleted). */
export async function renewLease(db: Queryable, id: number, owner: string, leaseSeconds: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET lease_until = now() + make_interval(secs => $3) WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
    [id, owner, leaseSeconds],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Holds the integration against a concurrent delete while a page commits. Taken before the job's
 * own lock: every transaction that touches both (delete cascades to jobs) takes the integration
 * first, so they never deadlock. False when the integration is gone.
 */
export async function holdIntegration(tx: PoolClient, integrationId: number): Promise<boolean> {
  const { rowCount } = await tx.query(`SELECT 1 FROM integrations WHERE id = $1 FOR KEY SHARE`, [integrationId]);
  return (rowCount ?? 0) > 0;
}

/** Locks our job before committing a page; null when it is no longer ours (nothing of the page may be written). */
export async function lockOwnedJob(tx: PoolClient, id: number, owner: string): Promise<Job | null> {
  const { rows } = await tx.query(`SELECT ${SELECT} FROM ${FROM} WHERE j.id = $1 AND j.lease_owner = $2 AND j.status = 'running' FOR UPDATE OF j`, [id, owner]);
  return rows[0] ? toJob(rows[0]) : null;
}

/**
 * A page committed: `ordersFound` is the marketplace's total for the window, `ordersSynced` grows by
 * the orders enqueued in the same transaction and `ordersNew` by those of them imported for the
 * first time, the next offset is stored, the lease renewed. With `done` the job completes and lets
 * go of its lease.
 */
export async function commitPage(
  tx: PoolClient,
  id: number,
  data: { ordersFound: number; synced: number; fresh: number; progress: JobProgress; done: boolean; leaseSeconds: number },
): Promise<void> {
  await tx.query(
    `UPDATE jobs SET orders_found = $2, orders_synced = orders_synced + $3, orders_new = orders_new + $7, metadata = $4, updated_at = now(),
       status = CASE WHEN $5 THEN 'completed' ELSE status END,
       completed_at = CASE WHEN $5 THEN now() ELSE completed_at END,
       lease_owner = CASE WHEN $5 THEN NULL ELSE lease_owner END,
       lease_until = CASE WHEN $5 THEN NULL ELSE now() + make_interval(secs => $6) END
     WHERE id = $1`,
    [id, data.ordersFound, data.synced, progressToMetadata(data.progress), data.done, data.leaseSeconds, data.fresh],
  );
}

/**
 * Remembers the orders of a page as imported by this integration; answers how many of them it had
 * never imported before (the rest are updates of orders already there). In the page's transaction.
 */
export async function recordImportedOrders(tx: PoolClient, integrationId: number, jobId: number, externalIds: readonly string[]): Promise<number> {
  if (externalIds.length === 0) return 0;
  const { rowCount } = await tx.query(
    `INSERT INTO imported_orders (integration_id, external_id, job_id)
     SELECT $1, id, $2 FROM unnest($3::text[]) AS x(id)
     ON CONFLICT (integration_id, external_id) DO NOTHING`,
    [integrationId, jobId, [...new Set(externalIds)]],
  );
  return rowCount ?? 0;
}

/** Waits out a back-off without holding the job: any replica takes it again after `delayMs`. */
export async function releaseForRetry(db: Queryable, id: number, owner: string, delayMs: number, progress: JobProgress): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE jobs SET lease_owner = NULL, owner_process = NULL, lease_until = now() + make_interval(secs => $3), metadata = $4, updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND status = 'running'`,
    [id, owner, delayMs / 1000, progressToMetadata(progress)],
  );
  return (rowCount ?? 0) > 0;
}

/** Lets go of a job at shutdown: another replica takes it at once, from its last committed page. */
export async function releaseLease(db: Queryable, id: number, owner: string): Promise<void> {
  await db.query(`UPDATE jobs SET lease_owner = NULL, owner_process = NULL, lease_until = now() WHERE id = $1 AND lease_owner = $2 AND status = 'running'`, [id, owner]);
}

/** The job failed for good, with the Italian reason: its counts so far, or null when it was no longer ours. */
export async function failJob(db: Queryable, id: number, owner: string, message: string): Promise<{ ordersFound: number; ordersSynced: number; ordersNew: number } | null> {
  const { rows } = await db.query<{ orders_found: number; orders_synced: number; orders_new: number }>(
    `UPDATE jobs SET status = 'failed', error_message = $3, completed_at = now(), lease_owner = NULL, lease_until = NULL, updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND status = 'running'
      RETURNING orders_found, orders_synced, orders_new`,
    [id, owner, message],
  );
  return rows[0] ? { ordersFound: Number(rows[0].orders_found), ordersSynced: Number(rows[0].orders_synced), ordersNew: Number(rows[0].orders_new) } : null;
}

/** An integration whose scheduled sync is due, locked by this round's transaction. */
export interface DueSync {
  integrationId: number;
  merchantId: string;
  /** The slot that is due (it may lie in the past: the replicas were busy, or none was up). */
  dueAt: Date;
  /** The database's clock, the one every replica shares. */
  now: Date;
}

/**
 * The server-side schedule, step 1: up to `limit` switched-on, active integrations of a marketplace
 * with an adapter whose slot is due and that have no pending or running job, locked `FOR NO KEY
 * UPDATE SKIP LOCKED`: a replica running the same round at once skips them (and, once this round
 * committed, finds their next slot in the future). The slot is `next_sync_at`, or before an
 * integration's first scheduled job one interval after its latest job (or its connection).
 */
export async function lockDueSyncs(tx: PoolClient, identifiers: readonly string[], intervalSeconds: number, limit: number): Promise<DueSync[]> {
  const { rows } = await tx.query<{ id: string; merchant_id: string; due_at: Date; now: Date }>(
    `SELECT i.id, i.merchant_id, d.due_at, now() AS now
       FROM integrations i JOIN marketplaces m ON m.id = i.marketplace_id
       CROSS JOIN LATERAL (SELECT coalesce(i.next_sync_at,
                                  (SELECT max(j.created_at) FROM jobs j WHERE j.integration_id = i.id) + make_interval(secs => $2),
                                  coalesce(i.connected_at, i.created_at) + make_interval(secs => $2)) AS due_at) d
      WHERE i.active AND i.status = 'active' AND m.identifier = ANY($1::text[]) AND d.due_at <= now()
        AND NOT EXISTS (SELECT 1 FROM jobs j WHERE j.integration_id = i.id AND j.status IN ('pending', 'running'))
      ORDER BY d.due_at LIMIT $3
      FOR NO KEY UPDATE OF i SKIP LOCKED`,
    [identifiers, intervalSeconds, limit],
  );
  return rows.map((r) => ({ integrationId: Number(r.id), merchantId: r.merchant_id, dueAt: r.due_at, now: r.now }));
}

/**
 * Step 2: a pending job (triggered_by 'schedule') for each due integration; answers the
 * integrations that got one. One a member started meanwhile (the unique index `jobs_one_open`)
 * wins: that integration gets none now and its slot stays due until that job ends.
 */
export async function insertScheduledJobs(tx: PoolClient, due: readonly DueSync[]): Promise<number[]> {
  if (due.length === 0) return [];
  const { rows } = await tx.query<{ integration_id: string }>(
    `INSERT INTO jobs (merchant_id, integration_id, triggered_by)
     SELECT x.merchant_id, x.integration_id, 'schedule' FROM unnest($1::uuid[], $2::bigint[]) AS x(merchant_id, integration_id)
     ON CONFLICT (integration_id) WHERE status IN ('pending', 'running') DO NOTHING
     RETURNING integration_id`,
    [due.map((d) => d.merchantId), due.map((d) => d.integrationId)],
  );
  return rows.map((r) => Number(r.integration_id));
}

/** Step 3: the next slot of each integration that got its scheduled job. */
export async function setNextSyncs(tx: PoolClient, next: readonly { integrationId: number; at: Date }[]): Promise<void> {
  if (next.length === 0) return;
  await tx.query(
    `UPDATE integrations i SET next_sync_at = x.at FROM unnest($1::bigint[], $2::timestamptz[]) AS x(id, at) WHERE i.id = x.id`,
    [next.map((n) => n.integrationId), next.map((n) => n.at)],
  );
}
