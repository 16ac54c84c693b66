import fs from 'node:fs';
import path from 'node:path';
import { findExecutable, liveDaemonPid, startDaemon, stopPid } from './proc';

/** Where and how to run nats-server with JetStream. */
export interface NatsOptions {
  /** JetStream store folder (`-sd`), e.g. `.data/dev/nats`. */
  storeDir: string;
  /** Client port on 127.0.0.1. */
  port: number;
  /** HTTP monitoring port (`-m`), used for the health check; default port + 1. */
  monitorPort?: number;
  /** Start from an empty store (test profile). */
  fresh?: boolean;
  /** Receives each line nats-server prints. */
  onLog?: (line: string) => void;
  /** Milliseconds to wait for /healthz; default 15 s. */
  timeoutMs?: number;
  /**
   * NATS accounts, each with its own JetStream, for suites that run at the same time (test
   * profile): see {@link suiteNatsUrl}. Clients without credentials share one more account.
   */
  suiteAccounts?: number;
}

/** A running nats-server. */
export interface NatsHandle {
  readonly port: number;
  /** `nats://127.0.0.1:PORT` */
  readonly url: string;
  /** `http://127.0.0.1:MONITOR_PORT` */
  readonly monitorUrl: string;
  /** SIGTERM (lame-duck free shutdown), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/**
 * The URL of a test suite's own NATS account: suites that jest runs side by side (one per worker)
 * never see each other's events. Each suite starts its own orders, shipments and marketplaces on
 * the shared server; on one account, a suite's orders service would also store another suite's
 * imports under its own ids and publish them, and the other suite's shipments would take those ids
 * for its own orders. Suites that run one after the other share the worker's account, and read only
 * their own events (`consumersSince`).
 *
 * @example suiteNatsUrl('nats://127.0.0.1:42230', 2) // 'nats://suite2:suite2@127.0.0.1:42230'
 */
export function suiteNatsUrl(sharedUrl: string, worker: number, accounts = SUITE_ACCOUNTS): string {
  const name = `suite${((Math.max(1, worker) - 1) % accounts) + 1}`;
  const url = new URL(sharedUrl);
  url.username = name;
  url.password = name;
  return url.toString().replace(/\/$/, '');
}

/** Suite accounts the test profile's server has (more than jest's workers, whatever `-w` says). */
export const SUITE_ACCOUNTS = 16;

/** The server's configuration with the suites' accounts (each its own JetStream) and a shared one for clients without credentials. */
export function accountsConfig(suiteAccounts: number): string {
  const account = (name: string) => `  ${name.toUpperCase()}: { jetstream: enabled, users: [ { user: ${name}, password: ${name} } ] }`;
  const names = ['shared', ...Array.from({ length: suiteAccounts }, (_, i) => `suite${i + 1}`)];
  return ['accounts {', ...names.map(account), '}', 'no_auth_user: shared', ''].join('\n');
}

/** Path of the nats-server binary: NATS_SERVER_BIN, else PATH (deploy/install.sh builds it into .tools/bin, first on PATH). */
export function findNatsServer(): string {
  const bin = process.env.NATS_SERVER_BIN ?? findExecutable('nats-server');
  if (!bin) throw new Error('nats-server non è installato: esegui deploy/install.sh');
  return bin;
}

/**
 * A nats-server left running by a crashed run still holds its ports and store; if the pid file
 * points to a live nats-server, stop it so this run can start clean.
 */
async function stopLeftover(pidFile: string): Promise<void> {
  const pid = liveDaemonPid(pidFile, ['nats-server']);
  if (pid) await stopPid(pid);
}

/**
 * Starts `nats-server -js -a 127.0.0.1 -p PORT -m MONITOR -sd DIR` and waits until its monitor
 * answers `/healthz` (which includes JetStream) with 200.
 *
 * @example
 * const nats = await startNats({ storeDir: '.data/dev/nats', port: 42220, monitorPort: 42221 });
 */
export async function startNats(options: NatsOptions): Promise<NatsHandle> {
  const bin = findNatsServer();
  const storeDir = path.resolve(options.storeDir);
  const pidFile = path.join(path.dirname(storeDir), 'nats.pid');
  await stopLeftover(pidFile);
  if (options.fresh) fs.rmSync(storeDir, { recursive: true, force: true });
  fs.mkdirSync(storeDir, { recursive: true });

  const monitorPort = options.monitorPort ?? options.port + 1;
  const args = ['-js', '-a', '127.0.0.1', '-p', String(options.port), '-m', String(monitorPort), '-sd', storeDir, '-P', pidFile];
  if (options.suiteAccounts) {
    const configFile = path.join(path.dirname(storeDir), 'nats-accounts.conf');
    fs.writeFileSync(configFile, accountsConfig(options.suiteAccounts));
    args.push('-c', configFile);
  }
  const monitorUrl = `http://127.0.0.1:${monitorPort}`;
  const daemon = await startDaemon({
    name: 'nats-server',
    bin,
    args,
    readyUrl: `${monitorUrl}/healthz`,
    timeoutMs: options.timeoutMs ?? 15_000,
    pollMs: 100,
    onLog: options.onLog,
  });

  return {
    port: options.port,
    url: `nats://127.0.0.1:${options.port}`,
    monitorUrl,
    stop: daemon.stop,
  };
}
