import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findExecutable, isRoot, run, tailFile, type RunResult } from './proc';
import { sleep } from './ports';

/** Where and how to run a private PostgreSQL cluster. */
export interface PostgresOptions {
  /** Cluster folder (PGDATA), e.g. `.data/dev/pg`. Created and initialised on first use. */
  dataDir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /** false for the test profile: no fsync, no synchronous commit, no full-page writes. Default true. */
  fsync?: boolean;
  /** max_connections; default 200 (every service and test suite keeps a small pool). */
  maxConnections?: number;
}

/** A running cluster. Every URL connects as superuser `postgres` over TCP (trust on loopback). */
export interface PostgresHandle {
  readonly port: number;
  /** Folder actually used for PGDATA (differs from the requested one only in the fallback case). */
  readonly dataDir: string;
  /** True when a cluster started earlier from the same folder was found running and reused. */
  readonly reused: boolean;
  /** `postgres://postgres@127.0.0.1:PORT/<db>`; db defaults to `postgres`. */
  url(db?: string): string;
  /** Creates the database if missing (safe to call concurrently); returns its URL. */
  ensureDatabase(name: string): Promise<string>;
  /** Drops every non-template database except `keep`; returns the dropped names. */
  dropDatabases(keep?: string[]): Promise<string[]>;
  /** `pg_ctl stop -m fast`. */
  stop(): Promise<void>;
}

/** Folder with initdb, pg_ctl and postgres: PG_BINDIR, else the newest /usr/lib/postgresql/N/bin, else PATH. */
export function findPgBinDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(base, versions[0], 'bin');
  }
  const initdb = findExecutable('initdb');
  if (initdb) return path.dirname(initdb);
  throw new Error('PostgreSQL non è installato (initdb non trovato): esegui deploy/install.sh');
}

/** Runs a PostgreSQL tool as user `postgres` when we are root (initdb refuses to run as root). */
function asPostgresUser(cmd: string, args: string[]): Promise<RunResult> {
  if (isRoot()) return run('runuser', ['-u', 'postgres', '--', cmd, ...args], { cwd: '/' });
  return run(cmd, args, { cwd: '/' });
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = await run('id', ['-u', 'postgres']);
  const gid = await run('id', ['-g', 'postgres']);
  if (uid.code !== 0 || gid.code !== 0) {
    throw new Error("Utente di sistema 'postgres' mancante: esegui deploy/install.sh (installa il pacchetto postgresql)");
  }
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Creates the cluster folder owned by `postgres`. When the repository lives somewhere `postgres`
 * cannot traverse (e.g. under /root), the cluster goes to /var/tmp/smista-<hash> instead and the
 * requested path becomes a symlink to it, so `make clean` still finds it.
 */
async function prepareDataDir(requested: string): Promise<string> {
  // Parents readable by everyone (postgres must traverse them); the cluster folder itself 0700.
  fs.mkdirSync(path.dirname(requested), { recursive: true });
  if (!fs.existsSync(requested)) fs.mkdirSync(requested, { mode: 0o700 });
  if (!isRoot()) return requested;
  const { uid, gid } = await postgresIds();
  const real = fs.realpathSync(requested);
  fs.chownSync(real, uid, gid);
  fs.chmodSync(real, 0o700);
  const access = await run('runuser', ['-u', 'postgres', '--', 'test', '-w', real], { cwd: '/' });
  if (access.code === 0) return real;

  const hash = crypto.createHash('sha1').update(path.resolve(requested)).digest('hex').slice(0, 10);
  const fallback = path.join('/var/tmp', `smista-${hash}`, 'pg');
  fs.mkdirSync(fallback, { recursive: true, mode: 0o700 });
  fs.chmodSync(path.dirname(fallback), 0o755);
  fs.chownSync(fallback, uid, gid);
  fs.chmodSync(fallback, 0o700);
  if (fs.readdirSync(real).length === 0) {
    fs.rmdirSync(real);
    fs.symlinkSync(fallback, requested);
  }
  return fallback;
}

/** Replaces the database name in a PostgreSQL URL. */
export function databaseUrl(baseUrl: string, db: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${encodeURIComponent(db)}`;
  return url.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates database `name` on the server behind `adminUrl` (a superuser URL) if it does not exist.
 * Returns the URL of the new database.
 */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  await withClient(adminUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    } catch (err) {
      // 42P04 duplicate_database, 23505 unique_violation: another caller created it meanwhile.
      const code = (err as { code?: string }).code;
      if (code !== '42P04' && code !== '23505') throw err;
    }
  });
  return databaseUrl(adminUrl, name);
}

/** Drops one database if it exists (FORCE closes its open sessions). */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
}

/** Drops every non-template database except `keep` (FORCE closes open sessions). */
export async function dropDatabases(adminUrl: string, keep: string[] = ['postgres']): Promise<string[]> {
  return withClient(adminUrl, async (client) => {
    const rows = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE NOT datistemplate AND NOT (datname = ANY($1))',
      [keep],
    );
    for (const { datname } of rows.rows) await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    return rows.rows.map((r) => r.datname);
  });
}

/** Resolves once the server answers a query (a port that accepts connections may still be "starting up"). */
export async function waitForConnection(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await withClient(url, (c) => c.query('SELECT 1'));
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(100);
    }
  }
}

/** Reads the port of a running cluster from postmaster.pid (4th line). */
function runningPort(dataDir: string): number | undefined {
  try {
    const port = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
    return Number.isFinite(port) ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts (or reuses) a private cluster in `dataDir`: initdb on first use (trust auth on loopback,
 * UTF8, C locale), then `pg_ctl start` listening on 127.0.0.1:port only, with its Unix socket in the
 * cluster folder. A cluster from an earlier run that is still up on the same port is reused.
 *
 * @example
 * const pg = await startPostgres({ dataDir: '.data/dev/pg', port: 54320 });
 * const url = await pg.ensureDatabase('smista_identity');
 */
export async function startPostgres(options: PostgresOptions): Promise<PostgresHandle> {
  const bin = findPgBinDir();
  const pgCtl = path.join(bin, 'pg_ctl');
  const { port } = options;
  const dataDir = await prepareDataDir(path.resolve(options.dataDir));
  const logFile = path.join(dataDir, 'postgres.log');

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A half-initialised folder (interrupted initdb) is useless: start over.
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    const init = await asPostgresUser(path.join(bin, 'initdb'), [
      '-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync',
    ]);
    if (init.code !== 0) throw new Error(`initdb fallito in ${dataDir}: ${(init.stderr || init.stdout).trim()}`);
  }

  let reused = false;
  const status = await asPostgresUser(pgCtl, ['status', '-D', dataDir]);
  if (status.code === 0) {
    if (runningPort(dataDir) === port) reused = true;
    else await asPostgresUser(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w']);
  }

  if (!reused) {
    const socketPath = path.join(dataDir, `.s.PGSQL.${port}`);
    // Unix socket paths are limited to 107 bytes; we connect over TCP anyway.
    const socketDir = Buffer.byteLength(socketPath) <= 100 ? dataDir : '';
    const settings = [
      `-p ${port}`,
      `-k '${socketDir}'`,
      `-c listen_addresses=127.0.0.1`,
      `-c max_connections=${options.maxConnections ?? 200}`,
      // The test cluster also keeps its WAL small (default 1 GB): CI disks can be small.
      ...(options.fsync === false ? ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off', '-c max_wal_size=256MB', '-c min_wal_size=64MB'] : []),
    ];
    const start = await asPostgresUser(pgCtl, ['start', '-D', dataDir, '-l', logFile, '-w', '-t', '60', '-o', settings.join(' ')]);
    if (start.code !== 0) {
      throw new Error(`PostgreSQL non è partito sulla porta ${port}: ${(start.stderr || start.stdout).trim()}\n${tailFile(logFile)}`);
    }
  }

  const url = (db = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(db)}`;
  await waitForConnection(url(), 10_000);

  return {
    port,
    dataDir,
    reused,
    url,
    ensureDatabase: (name) => createDatabase(url(), name),
    dropDatabases: (keep) => dropDatabases(url(), keep),
    async stop() {
      const stop = await asPostgresUser(pgCtl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '30']);
      if (stop.code !== 0 && !/not running|non è in esecuzione|No such file/i.test(stop.stderr)) {
        throw new Error(`pg_ctl stop fallito: ${stop.stderr.trim()}`);
      }
    },
  };
}
