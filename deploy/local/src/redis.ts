import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { findExecutable, liveDaemonPid, stopPid, tailFile, terminate } from './proc';
import { sleep } from './ports';

/** Where and how to run a private redis-server (the gateways' shared rate-limit counters). */
export interface RedisOptions {
  /** Its folder (`.data/<profile>/redis`): pid file and log. Nothing is persisted. */
  dir: string;
  /** TCP port on 127.0.0.1. */
  port: number;
  /**
   * Reuse the redis-server this folder's pid file names when it still runs on `port` (dev: a runner
   * that crashed left it up). Otherwise such a leftover is stopped and a new one starts, empty.
   */
  reuse?: boolean;
  /** Milliseconds to wait for PING; default 10 s. */
  timeoutMs?: number;
}

/** A running redis-server. */
export interface RedisHandle {
  readonly port: number;
  /** `redis://127.0.0.1:PORT` */
  readonly url: string;
  /** True when a server started earlier from the same folder was found running and reused. */
  readonly reused: boolean;
  /** SIGTERM (no snapshot to write), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Path of the redis-server binary (Debian's `redis-server` package puts it in /usr/bin). */
export function findRedisServer(): string {
  const bin = process.env.REDIS_SERVER_BIN ?? findExecutable('redis-server');
  if (!bin) throw new Error('redis-server non è installato: esegui deploy/install.sh');
  return bin;
}

/** A reply of a Redis command. */
export type RedisReply = string | number | null | RedisReply[];

/**
 * Sends one command over a new connection (ioredis, no retries, no offline queue) and returns the
 * reply; rejects on an error reply, a refused connection or after `timeoutMs`. For health checks
 * and tests: the gateway has its own client.
 *
 * @example
 * await redisCommand('redis://127.0.0.1:46390', ['PING']); // 'PONG'
 */
export async function redisCommand(url: string, args: string[], timeoutMs = 2_000): Promise<RedisReply> {
  const { hostname, port } = new URL(url);
  const client = new Redis(url, { lazyConnect: true, enableOfflineQueue: false, enableReadyCheck: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // ioredis rejects a failed connect with 'Connection is closed.': the socket's error says why.
  let socketError: Error | undefined;
  client.on('error', (err: Error) => (socketError ??= err));
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Redis non risponde su ${hostname}:${port} entro ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const connected = client.connect().catch((err: Error) => Promise.reject(socketError ?? err));
    return await Promise.race([connected.then(() => client.call(args[0]!, ...args.slice(1)) as Promise<RedisReply>), timeout]);
  } finally {
    clearTimeout(timer);
    client.disconnect();
  }
}

/** The pid in `<dir>/redis.pid` when that process is a live redis-server on `port`. */
export function runningRedisPid(dir: string, port: number): number | undefined {
  // redis-server sets its title to `redis-server 127.0.0.1:PORT`.
  return liveDaemonPid(path.join(dir, 'redis.pid'), ['redis-server', `:${port}`]);
}

/**
 * Starts `redis-server` on 127.0.0.1:port without persistence (rate-limit counters live for a
 * window, a restart may forget them), with its pid file and log in `dir`, and waits for PING.
 *
 * @example
 * const redis = await startRedis({ dir: '.data/dev/redis', port: 63790, reuse: true });
 */
export async function startRedis(options: RedisOptions): Promise<RedisHandle> {
  const bin = findRedisServer();
  const dir = path.resolve(options.dir);
  const { port } = options;
  const url = `redis://127.0.0.1:${port}`;
  fs.mkdirSync(dir, { recursive: true });

  const leftover = runningRedisPid(dir, port);
  if (leftover && options.reuse && (await redisCommand(url, ['PING']).catch(() => undefined)) === 'PONG') {
    return { port, url, reused: true, stop: () => stopPid(leftover) };
  }
  // Not wanted, or not answering: it goes, and a new one starts.
  if (leftover) await stopPid(leftover);

  const logFile = path.join(dir, 'redis.log');
  fs.rmSync(logFile, { force: true });
  const args = [
    '--port', String(port),
    '--bind', '127.0.0.1',
    '--protected-mode', 'yes',
    '--save', '',
    '--appendonly', 'no',
    '--dir', dir,
    '--pidfile', path.join(dir, 'redis.pid'),
    '--logfile', logFile,
    '--daemonize', 'no',
  ];
  // Its own process group: Ctrl-C reaches only the runner, which stops it last but one.
  const child = spawn(bin, args, { stdio: 'ignore', detached: true });
  let spawnError: Error | undefined;
  child.once('error', (err) => (spawnError = err));

  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server non è partito sulla porta ${port} (${spawnError?.message ?? `codice ${child.exitCode ?? child.signalCode}`}):\n${tailFile(logFile, 10)}`);
    }
    try {
      if ((await redisCommand(url, ['PING'], 1_000)) === 'PONG') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await terminate(child, 2_000, true);
      throw new Error(`redis-server non risponde su 127.0.0.1:${port}:\n${tailFile(logFile, 10)}`);
    }
    await sleep(50);
  }
  return { port, url, reused: false, stop: () => terminate(child, 10_000, true) };
}
