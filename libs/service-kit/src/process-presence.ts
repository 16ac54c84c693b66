import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Logger } from './logger';

/**
 * Advisory locks of the two-key form with this first key are process presences; the two-key and the
 * one-key (bigint) spaces never overlap, so no other advisory lock of a service can collide with them.
 */
const PRESENCE_LOCK_CLASS = 0x534d5354; // 'SMST'

/** How long to wait before taking the presence again after its connection dropped (doubling, at most 10 s). */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * This process's presence as PostgreSQL sees it. One connection of its own holds a session advisory
 * lock on the process's id for as long as the process lives; when the process dies (kill -9, a
 * crash, a lost machine) PostgreSQL ends its session and the lock goes with it at once. So a replica
 * tells a dead lease owner from a live one without waiting for the lease to run out: long work (a
 * sync job, a label run) records the id of the process holding its lease, and the sweepers take
 * over at once the work of processes that are gone.
 *
 * Needs a direct session to PostgreSQL (not a transaction-mode pooler, which would drop session
 * locks between statements).
 */
export interface ProcessPresence {
  /** This process's id, to record as the owner process of a lease. */
  readonly id: string;
  /**
   * The ids among `owners` whose process is gone (its presence lock is free), this process never
   * among them. Asked in one short transaction of `db`; its locks end with it.
   */
  goneAmong(db: pg.Pool, owners: readonly string[]): Promise<string[]>;
  /** Lets go of the presence (shutdown: the leases were released first). */
  close(): Promise<void>;
}

/** The lock of a presence: the fixed class and a hash of the id, computed by PostgreSQL. */
const LOCK_ARGS = `${PRESENCE_LOCK_CLASS}, hashtext($1::text)`;

/**
 * Takes this process's presence on `databaseUrl`; keeps it across a dropped connection (taken again
 * with backoff, a warning each time: meanwhile other replicas may take this process's work over,
 * and this process notices at its next lease renewal, as after any takeover).
 *
 * @example
 * const presence = await holdProcessPresence(config.DATABASE_URL, logger);
 * await claimExpiredRun(pool, owner, presence.id, await presence.goneAmong(pool, ownersOfRunning));
 */
export async function holdProcessPresence(databaseUrl: string, logger: Logger): Promise<ProcessPresence> {
  const id = randomUUID();
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | undefined;

  const take = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: `presence ${id}` });
    next.on('error', () => undefined);
    await next.connect();
    await next.query(`SELECT pg_advisory_lock(${LOCK_ARGS})`, [id]);
    next.once('end', () => {
      if (closed) return;
      logger.warn({ processId: id }, 'process presence lost (its database connection ended): taking it again');
      client = undefined;
      schedule();
    });
    client = next;
    delay = RECONNECT_MIN_MS;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      retry = undefined;
      if (closed) return;
      take().catch((err: unknown) => {
        logger.warn({ processId: id, err: err instanceof Error ? err.message : String(err) }, 'process presence not taken yet');
        delay = Math.min(delay * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, delay);
    retry.unref();
  };

  await take();
  return {
    id,
    async goneAmong(db, owners) {
      const others = [...new Set(owners)].filter((o) => o && o !== id);
      if (others.length === 0) return [];
      const tx = await db.connect();
      try {
        await tx.query('BEGIN');
        // A transaction-level lock taken here means no session holds the presence: its process is gone.
        const { rows } = await tx.query<{ owner: string }>(
          `SELECT owner::text FROM unnest($1::uuid[]) AS owner WHERE pg_try_advisory_xact_lock(${PRESENCE_LOCK_CLASS}, hashtext(owner::text))`,
          [others],
        );
        await tx.query('COMMIT');
        return rows.map((r) => r.owner);
      } catch (err) {
        await tx.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        tx.release();
      }
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
