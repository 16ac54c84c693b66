import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { profilePaths } from './paths';
import { getFreePort, isPortFree } from './ports';
import { createDatabase, startPostgres, type PostgresHandle } from './postgres';

// A private cluster of its own (not the shared one from globalSetup), so initdb runs for real.
const dataDir = path.join(profilePaths('test').root, `unit-pg-${crypto.randomBytes(3).toString('hex')}`);
let cluster: PostgresHandle | undefined;

afterAll(async () => {
  await cluster?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

test('initialises a cluster, creates a database on demand and answers queries', async () => {
  const port = await getFreePort();
  cluster = await startPostgres({ dataDir, port, fsync: false });
  expect(cluster.reused).toBe(false);
  expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  expect(cluster.url('x')).toBe(`postgres://postgres@127.0.0.1:${port}/x`);

  // Concurrent calls for the same name must not fail.
  const [url, again] = await Promise.all([cluster.ensureDatabase('smista_probe'), cluster.ensureDatabase('smista_probe')]);
  expect(url).toBe(again);
  await query(url, 'CREATE TABLE t (id int primary key, name text)');
  await query(url, "INSERT INTO t VALUES (1, 'Mario'), (2, 'Lucia')");
  expect(await query(url, 'SELECT current_database() AS db, count(*)::int AS n FROM t')).toEqual([{ db: 'smista_probe', n: 2 }]);

  const settings = await query<{ name: string; setting: string }>(
    url,
    "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'listen_addresses', 'port') ORDER BY name",
  );
  expect(settings).toEqual([
    { name: 'fsync', setting: 'off' },
    { name: 'listen_addresses', setting: '127.0.0.1' },
    { name: 'port', setting: String(port) },
  ]);
});

test('reuses a running cluster, drops databases, and stops', async () => {
  const port = cluster!.port;
  const second = await startPostgres({ dataDir, port, fsync: false });
  expect(second.reused).toBe(true);
  await createDatabase(second.url(), 'smista_other');
  expect((await second.dropDatabases(['postgres'])).sort()).toEqual(['smista_other', 'smista_probe']);
  expect(await query(second.url(), "SELECT datname FROM pg_database WHERE datname LIKE 'smista_%'")).toEqual([]);

  await second.stop();
  cluster = undefined;
  expect(await isPortFree(port)).toBe(true);
});
