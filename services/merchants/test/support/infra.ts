import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPool } from '@smista/service-kit';

/**
 * Real PostgreSQL and NATS for the integration suites. When the shared jest globalSetup has run
 * (TEST_PG_ADMIN_URL, TEST_NATS_URL) its servers are used; otherwise this suite starts a private
 * PostgreSQL cluster and a nats-server with JetStream in a temporary folder and stops them after.
 */
export interface TestInfra {
  pgAdminUrl: string;
  natsUrl: string;
  /** A fresh, empty database; answers its URL. */
  createDatabase(prefix: string): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on 127.0.0.1:${port}`);
}

function pgBinDir(): string {
  const base = '/usr/lib/postgresql';
  const version = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))[0];
  if (!version) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return path.join(base, version, 'bin');
}

/** initdb and pg_ctl refuse to run as root: run them as `postgres` when we are root. */
function asPostgres(cmd: string, args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  execFileSync(isRoot ? 'runuser' : cmd, isRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, { stdio: 'pipe', cwd: '/' });
}

async function startPrivateServers(): Promise<{ pgAdminUrl: string; natsUrl: string; stop(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smista-merchants-test-'));
  const pgData = path.join(dir, 'pg');
  fs.mkdirSync(pgData, { mode: 0o700 });
  if (process.getuid?.() === 0) {
    execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  }
  const bin = pgBinDir();
  const pgPort = await freePort();
  asPostgres(path.join(bin, 'initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  asPostgres(path.join(bin, 'pg_ctl'), [
    '-D',
    pgData,
    '-l',
    path.join(dir, 'pg.log'),
    '-w',
    '-o',
    `-p ${pgPort} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
    'start',
  ]);

  const natsPort = await freePort();
  const nats: ChildProcess = spawn('nats-server', ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', path.join(dir, 'nats')], {
    stdio: 'ignore',
  });
  await waitForPort(natsPort);

  return {
    pgAdminUrl: `postgres://postgres@127.0.0.1:${pgPort}/postgres`,
    natsUrl: `nats://127.0.0.1:${natsPort}`,
    async stop() {
      const exited = new Promise((resolve) => nats.once('exit', resolve));
      nats.kill('SIGTERM');
      await exited;
      asPostgres(path.join(bin, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startTestInfra(): Promise<TestInfra> {
  const shared = process.env.TEST_PG_ADMIN_URL && process.env.TEST_NATS_URL;
  const servers = shared
    ? { pgAdminUrl: process.env.TEST_PG_ADMIN_URL!, natsUrl: process.env.TEST_NATS_URL!, stop: async () => undefined }
    : await startPrivateServers();
  return {
    ...servers,
    async createDatabase(prefix) {
      const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`.toLowerCase();
      const admin = createPool(servers.pgAdminUrl, 1);
      try {
        await admin.query(`CREATE DATABASE "${name}"`);
      } finally {
        await admin.end();
      }
      const url = new URL(servers.pgAdminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    stop: servers.stop,
  };
}
