import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** Result of a finished command. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to completion without throwing; the caller decides what a non-zero code means. */
export function run(
  cmd: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<RunResult> {
  return new Promise((resolve) => {
    const child = execFile(
      cmd,
      args,
      { cwd: opts.cwd, env: opts.env, timeout: opts.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        // err.code is the exit status, or a string such as 'ENOENT' when the command could not start.
        const status = (err as { code?: unknown } | null)?.code;
        const code = !err ? 0 : typeof status === 'number' ? status : 127;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) || (err ? err.message : '') });
      },
    );
    child.stdin?.end();
  });
}

/** True when running as root: server processes then run as an unprivileged user through runuser. */
export function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Finds an executable on PATH or in the given extra folders (Debian puts nats-server in /usr/sbin). */
export function findExecutable(name: string, extraDirs: string[] = []): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), ...extraDirs, '/usr/local/sbin', '/usr/sbin', '/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/** Keeps the last `size` lines of a process' output, for error messages. */
export class LineBuffer {
  private readonly lines: string[] = [];
  constructor(private readonly size = 30) {}
  push(line: string): void {
    this.lines.push(line);
    if (this.lines.length > this.size) this.lines.shift();
  }
  get last(): string[] {
    return [...this.lines];
  }
}

/** Calls `onLine` for each complete line written to `stream`. */
export function onLines(stream: NodeJS.ReadableStream | null | undefined, onLine: (line: string) => void): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    let idx: number;
    while ((idx = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, idx).replace(/\r$/, '');
      pending = pending.slice(idx + 1);
      onLine(line);
    }
  });
  stream.on('end', () => {
    if (pending) onLine(pending);
    pending = '';
  });
}

/** Resolves when the child has exited (immediately if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * SIGTERM, wait up to `graceMs`, then SIGKILL. Signals the process group when the child was
 * spawned detached (its own group), so helpers it started go too.
 */
export async function terminate(child: ChildProcess, graceMs = 10_000, detached = false): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const send = (signal: NodeJS.Signals) => {
    try {
      process.kill(detached ? -child.pid! : child.pid!, signal);
    } catch {
      // already gone
    }
  };
  send('SIGTERM');
  const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), graceMs).unref());
  if ((await Promise.race([exited(child).then(() => 'exited' as const), timer])) === 'timeout') {
    send('SIGKILL');
    await exited(child);
  }
}

/** The last `lines` lines of a log file ('' when it cannot be read), for start-up errors. */
export function tailFile(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * The pid a daemon's pid file names, when that process is alive and its command line contains
 * every one of `marks` (`nats-server`; `redis-server` and its `:PORT`): a pid file left by a
 * crashed run may name a process that is gone, or a recycled pid of something else.
 */
export function liveDaemonPid(pidFile: string, marks: string[]): number | undefined {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  } catch {
    return undefined;
  }
  if (!pid || !pidAlive(pid)) return undefined;
  try {
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return marks.every((m) => cmdline.includes(m)) ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** SIGTERM to a process we did not spawn, SIGKILL after 10 s. */
export async function stopPid(pid: number): Promise<void> {
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    return; // already gone
  }
  for (let i = 0; i < 100 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
}

/** True when a process with this pid exists. */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DaemonOptions {
  /** Named in the errors: `nats-server`, `prometheus`. */
  name: string;
  bin: string;
  args: string[];
  /** Answers 2xx once the daemon is ready (`/healthz`, `/-/ready`). */
  readyUrl: string;
  timeoutMs: number;
  pollMs: number;
  /** Receives each line the daemon prints. */
  onLog?: (line: string) => void;
  /** The error's tail: all recent output lines (default) or only the last non-blank one. */
  quote?: 'lines' | 'last';
  /** Its environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Its working directory (default: this process's). */
  cwd?: string;
}

/**
 * Starts a server binary in its own process group (Ctrl-C in a terminal reaches only the runner,
 * which stops it after the services have drained) and waits until `readyUrl` answers. Rejects,
 * naming the daemon and quoting its output, when it exits first or does not answer in time (it is
 * killed then).
 */
export async function startDaemon(opts: DaemonOptions): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(opts.bin, opts.args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, ...(opts.env ? { env: opts.env } : {}), ...(opts.cwd ? { cwd: opts.cwd } : {}) });
  const recent = new LineBuffer(20);
  const onLine = (line: string) => {
    recent.push(line);
    opts.onLog?.(line);
  };
  onLines(child.stdout, onLine);
  onLines(child.stderr, onLine);
  let spawnError: Error | undefined;
  child.once('error', (err) => (spawnError = err));
  const tail = () => {
    if (opts.quote === 'last') {
      const last = recent.last.filter((l) => l.trim()).pop();
      return last ? `: ${last}` : '';
    }
    return `:\n${recent.last.join('\n')}`;
  };

  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${opts.name} è terminato all'avvio (${spawnError?.message ?? `codice ${child.exitCode ?? child.signalCode}`})${tail()}`);
    }
    try {
      const res = await fetch(opts.readyUrl, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await terminate(child, 2000, true);
      throw new Error(`${opts.name} non risponde su ${opts.readyUrl}${tail()}`);
    }
    await new Promise((r) => setTimeout(r, opts.pollMs));
  }
  return { child, stop: () => terminate(child, 10_000, true) };
}
