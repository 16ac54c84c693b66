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

/** Path of the nats-server binary (Debian installs it in /usr/sbin). */
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
