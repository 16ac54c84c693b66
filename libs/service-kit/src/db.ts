import path from 'node:path';
import pg from 'pg';
import type { Logger } from './logger';

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
/** Anything that can run a query: the pool or a transaction's client. */
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function createPool(databaseUrl: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max, idleTimeoutMillis: 30_000 });
}

/** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
export async function withTransaction<T>(pool: pg.Pool, fn: (tx: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

/** The kit's own tables (outbox, inbox, dead letters), migrated before the service's. */
export const KIT_MIGRATIONS_DIR = path.resolve(__dirname, '../migrations');

/**
 * Applies pending migrations: the kit's (own bookkeeping table) and then the service's.
 * node-pg-migrate takes an advisory lock, so replicas starting together do not race.
 */
export async function runMigrations(databaseUrl: string, migrationsDir: string, logger?: Logger): Promise<void> {
  const { runner } = await import('node-pg-migrate');
  const log = (msg: string) => logger?.debug({ migration: msg.trim() }, 'migration');
  for (const [dir, migrationsTable] of [
    [KIT_MIGRATIONS_DIR, 'kit_migrations'],
    [migrationsDir, 'pgmigrations'],
  ] as const) {
    await runner({
      databaseUrl,
      dir,
      migrationsTable,
      direction: 'up',
      count: Infinity,
      checkOrder: true,
      log,
      logger: {
        debug: log,
        info: log,
        warn: (m: string) => logger?.warn(m),
        // Our files are numbered (001_...), not timestamped; node-pg-migrate reports that as an error.
        error: (m: string) => (/^Can't determine timestamp/.test(m) ? log(m) : logger?.error(m)),
      },
    });
  }
}
