import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { findExecutable, pidAlive, terminate } from './proc';
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

/** A reply of the Redis protocol (RESP2). */
export type RedisReply = string | number | null | RedisReply[];

/** Parses one RESP2 reply at `at`; undefined while it is incomplete. */
function parseReply(buf: Buffer, at: number): { value: RedisReply | Error; end: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const type = String.fromCharCode(buf[at]!);
  const line = buf.toString('utf8', at + 1, eol);
  if (type === '+') return { value: line, end: eol + 2 };
  if (type === '-') return { value: new Error(line), end: eol + 2 };
  if (type === ':') return { value: Number(line), end: eol + 2 };
  if (type === '$') {
    const len = Number(line);
    if (len < 0) return { value: null, end: eol + 2 };
    if (buf.length < eol + 2 + len + 2) return undefined;
    return { value: buf.toString('utf8', eol + 2, eol + 2 + len), end: eol + 2 + len + 2 };
  }
  if (type === '*') {
    const count = Number(line);
    if (count < 0) return { value: null, end: eol + 2 };
    const items: RedisReply[] = [];
    let end = eol + 2;
    for (let i = 0; i < count; i++) {
      const item = parseReply(buf, end);
      if (!item) return undefined;
      items.push(item.value instanceof Error ? item.value.message : item.value);
      end = item.end;
    }
    return { value: items, end };
  }
  return { value: new Error(`risposta Redis non valida: ${line}`), end: eol + 2 };
}

/**
 * Sends one command over a new connection and returns the reply; rejects on an error reply, a
 * refused connection or after `timeoutMs`. For health checks and tests: the gateway has its client.
 *
 * @example
 * await redisCommand('redis://127.0.0.1:46390', ['PING']); // 'PONG'
 */
export function redisCommand(url: string, args: string[], timeoutMs = 2_000): Promise<RedisReply> {
  const { hostname, port } = new URL(url);
  const request = `*${args.length}\r\n${args.map((a) => `$${Buffer.byteLength(a)}\r\n${a}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) || 6379 });
    let buf = Buffer.alloc(0);
    const done = (err: Error | undefined, value?: RedisReply) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(err);
      else resolve(value ?? null);
    };
    const timer = setTimeout(() => done(new Error(`Redis non risponde su ${hostname}:${port} entro ${timeoutMs} ms`)), timeoutMs);
    socket.once('error', (err) => done(err));
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      const reply = parseReply(buf, 0);
      if (!reply) return;
      if (reply.value instanceof Error) done(reply.value);
      else done(undefined, reply.value);
    });
  });
}

/** The pid in `<dir>/redis.pid` when that process is a live redis-server on `port`. */
export function runningRedisPid(dir: string, port: number): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(dir, 'redis.pid'), 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!pid || !pidAlive(pid)) return undefined;
  try {
    // redis-server sets its title to `redis-server 127.0.0.1:PORT`.
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes('redis-server') && cmdline.includes(`:${port}`) ? pid : undefined;
  } catch {
    return undefined;
  }
}

async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 100 && pidAlive(pid); i++) await sleep(100);
  if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
}

function tail(file: string, lines = 10): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
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
      throw new Error(`redis-server non è partito sulla porta ${port} (${spawnError?.message ?? `codice ${child.exitCode ?? child.signalCode}`}):\n${tail(logFile)}`);
    }
    try {
      if ((await redisCommand(url, ['PING'], 1_000)) === 'PONG') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await terminate(child, 2_000, true);
      throw new Error(`redis-server non risponde su 127.0.0.1:${port}:\n${tail(logFile)}`);
    }
    await sleep(50);
  }
  return { port, url, reused: false, stop: () => terminate(child, 10_000, true) };
}
