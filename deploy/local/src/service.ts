import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { grpcProbe, httpProbe, type Probe } from './health';
import { ScaledDeadline } from './machine-load';
import { formatLogLine, paint, prefixLines } from './log-format';
import { sleep } from './ports';
import { exited, LineBuffer, onLines, terminate } from './proc';
import { rel } from './paths';

/** How to tell that a component is ready. */
export type HealthCheck =
  /** Standard gRPC health (`grpc.health.v1.Health/Check`, service ''), e.g. `127.0.0.1:50051`. */
  | { kind: 'grpc'; address: string }
  /** `GET url` answers 200, e.g. `http://127.0.0.1:8080/healthz`. */
  | { kind: 'http'; url: string };

/** Where a component's output goes. */
export type OutputMode =
  /** Rendered pino lines prefixed with the name (dev terminal). */
  | { mode: 'pretty'; width?: number; colour?: boolean; write?: (text: string) => void }
  /** Raw lines appended to a file (tests). */
  | { mode: 'file'; path: string };

export interface ServiceOptions {
  /** Shown in front of every log line and in errors. */
  name: string;
  /** Absolute folder of the package (`services/identity`, `gateway`). */
  cwd: string;
  /** Script to run with node, relative to cwd; default `dist/main.js`. */
  entry?: string;
  /** Environment on top of the inherited one. */
  env: Record<string, string>;
  health: HealthCheck;
  /**
   * How long to wait for health on a quiet machine; default 30 s (SMISTA_START_TIMEOUT_MS overrides).
   * The wait stretches with the machine's load, up to ten times ({@link ScaledDeadline}).
   */
  timeoutMs?: number;
  /** Default: pretty lines on stdout. */
  output?: OutputMode;
  /**
   * Own process group (default true), so Ctrl-C in a terminal reaches only the runner, which then
   * stops components in order.
   */
  detached?: boolean;
  /**
   * Start it again, same command, env and ports, when it exits on its own after it became healthy
   * (`true`: the default {@link RestartPolicy}). Stopping the handle stops the restarts. Off by
   * default: suites that kill a process on purpose restart it themselves.
   */
  restart?: boolean | RestartPolicy;
  /** Each restart step, with the line the runner prints for it (also written to the output). */
  onRestart?: (event: RestartEvent) => void;
  /** Called if the process exits on its own after it became healthy and is not restarted. */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

/** How a component that dies is brought back: exponential backoff, reset by a stretch of uptime. */
export interface RestartPolicy {
  /** Delay before the first restart; doubled for each further exit in a row. Default 500 ms. */
  initialDelayMs?: number;
  /** Longest delay. Default 30 s. */
  maxDelayMs?: number;
  /** Up (healthy) at least this long, the next exit starts again from the first delay. Default 60 s. */
  resetAfterMs?: number;
}

export const DEFAULT_RESTART_POLICY: Required<RestartPolicy> = { initialDelayMs: 500, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** A step of a restart, with its Italian line (`identity è terminato (segnale SIGKILL): lo riavvio tra 0,5 s`). */
export type RestartEvent =
  /** The healthy process exited; a restart comes after `delayMs`. */
  | { kind: 'exited'; name: string; code: number | null; signal: NodeJS.Signals | null; delayMs: number; message: string }
  /** The new process is healthy. */
  | { kind: 'restarted'; name: string; pid: number; message: string }
  /** The new process did not become healthy; another try comes after `delayMs`. */
  | { kind: 'failed'; name: string; reason: string; delayMs: number; message: string };

/** Delay before restart number `failures + 1` of a run of quick exits: 0.5 s, 1 s, 2 s … up to the cap. */
export function restartDelayMs(failures: number, policy: Required<RestartPolicy> = DEFAULT_RESTART_POLICY): number {
  return Math.min(policy.initialDelayMs * 2 ** Math.min(failures, 30), policy.maxDelayMs);
}

/** `0,5 s`, `1 s`, `30 s`. */
export function formatDelay(ms: number): string {
  return `${String(Math.round(ms / 100) / 10).replace('.', ',')} s`;
}

/** A running component. */
export interface ServiceHandle {
  readonly name: string;
  /** Pid of the current process (a restart changes it). */
  readonly pid: number;
  /** How many times it was restarted after exiting on its own. */
  readonly restarts: number;
  /** Last output lines (raw), for diagnostics. */
  recentLogs(): string[];
  /** SIGTERM, then SIGKILL after `graceMs` (default 10 s). */
  stop(graceMs?: number): Promise<void>;
}

/** The component could not start: missing build, early exit or health timeout. */
export class ServiceStartError extends Error {
  constructor(
    readonly service: string,
    readonly reason: string,
    readonly lastLines: string[] = [],
  ) {
    super(`${service}: ${reason}` + (lastLines.length ? `\nUltime righe di log di ${service}:\n${lastLines.map((l) => `  ${l}`).join('\n')}` : ''));
    this.name = 'ServiceStartError';
  }
}

// Children must not outlive the runner if it exits without stopping them (crash, process.exit).
const live = new Set<ChildProcess>();
let exitHookInstalled = false;
function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const c of live) {
        try {
          c.kill('SIGKILL');
        } catch {
          // already gone
        }
      }
    });
  }
}

/** Fails with "run the build first" when the entry file is missing. */
export function assertBuilt(name: string, cwd: string, entry = 'dist/main.js'): void {
  const file = path.join(cwd, entry);
  if (!fs.existsSync(file)) {
    throw new ServiceStartError(name, `manca ${rel(file)}: esegui prima la build (make build)`);
  }
}

/**
 * Spawns `node <entry>` in `cwd`, routes its output, and resolves once the health check passes.
 * Rejects with {@link ServiceStartError} (one line naming the service and the reason, then its last
 * log lines) if the process exits or is not healthy in time; the process is killed in that case.
 *
 * @example
 * await startService({ name: 'identity', cwd: 'services/identity', env: { GRPC_PORT: '50051' },
 *   health: { kind: 'grpc', address: '127.0.0.1:50051' }, output: { mode: 'pretty' } });
 */
export async function startService(options: ServiceOptions): Promise<ServiceHandle> {
  const { name, cwd } = options;
  const entry = options.entry ?? 'dist/main.js';
  assertBuilt(name, cwd, entry);
  const detached = options.detached ?? true;
  const timeoutMs = options.timeoutMs ?? Number(process.env.SMISTA_START_TIMEOUT_MS ?? 30_000);

  const policy = options.restart ? { ...DEFAULT_RESTART_POLICY, ...(options.restart === true ? {} : options.restart) } : undefined;

  const output: OutputMode = options.output ?? { mode: 'pretty' };
  const recent = new LineBuffer(30);
  let sink: (line: string) => void;
  /** The runner's own lines about this component (restarts), beside its output. */
  let notice: (line: string) => void;
  let closeSink = () => undefined as void;
  if (output.mode === 'file') {
    fs.mkdirSync(path.dirname(output.path), { recursive: true });
    const stream = fs.createWriteStream(output.path, { flags: 'a' });
    let closed = false;
    sink = (line) => void (closed || stream.write(`${line}\n`));
    notice = (line) => sink(`[runner] ${line}`);
    closeSink = () => {
      closed = true;
      stream.end();
    };
  } else {
    const { width = name.length, colour = false } = output;
    const write = output.write ?? ((text: string) => process.stdout.write(text));
    sink = (line) => write(`${prefixLines(name, formatLogLine(line, colour), width, colour)}\n`);
    notice = (line) => write(`${prefixLines(name, paint(line, 33, colour), width, colour)}\n`);
  }

  /** Set by stop(): no restart after it, and a start under way gives up. */
  let stopping = false;

  /**
   * Spawns the process and waits for its health check. Rejects with {@link ServiceStartError}
   * (the process killed) when it exits first, is not healthy in time, or stop() is called.
   */
  const launch = async (): Promise<ChildProcess> => {
    const child = spawn(process.execPath, [entry], {
      cwd,
      env: { ...process.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached,
    });
    track(child);
    const onLine = (line: string) => {
      recent.push(line);
      sink(line);
    };
    onLines(child.stdout, onLine);
    onLines(child.stderr, onLine);
    let spawnError: Error | undefined;
    child.once('error', (err) => (spawnError = err));

    const fail = async (reason: string): Promise<never> => {
      await terminate(child, 2000, detached);
      // Let the last buffered output arrive before quoting it.
      await sleep(50);
      throw new ServiceStartError(name, reason, recent.last.slice(-15));
    };

    const grpc = options.health.kind === 'grpc' ? grpcProbe(options.health.address) : undefined;
    const probe = (): Promise<Probe> =>
      grpc ? grpc.probe(1000) : httpProbe((options.health as { url: string }).url, 1000);
    const deadline = new ScaledDeadline(timeoutMs);
    let last: Probe = { ok: false, reason: 'nessuna risposta' };
    try {
      for (;;) {
        if (spawnError) return await fail(`non è partito (${spawnError.message})`);
        if (child.exitCode !== null || child.signalCode !== null) {
          await sleep(50);
          return await fail(`è terminato durante l'avvio (${describeExit(child.exitCode, child.signalCode)})`);
        }
        if (stopping) return await fail('avvio interrotto: arresto richiesto');
        last = await probe();
        if (last.ok) break;
        if (deadline.expired()) return await fail(`non è pronto dopo ${deadline.describe()}: aspettavo ${awaited(options.health)}, ultima risposta: ${last.reason}`);
        await sleep(150);
      }
    } finally {
      grpc?.close();
    }
    return child;
  };

  let child: ChildProcess;
  try {
    child = await launch();
  } catch (err) {
    closeSink();
    throw err;
  }

  let restarts = 0;
  /** Exits in a row without a long enough stretch of health between them. */
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let relaunching: Promise<void> | undefined;

  const restartLater = (event: (delayMs: number) => RestartEvent) => {
    const delayMs = restartDelayMs(failures, policy ?? DEFAULT_RESTART_POLICY);
    failures++;
    const e = event(delayMs);
    notice(e.message);
    options.onRestart?.(e);
    timer = setTimeout(() => {
      timer = undefined;
      if (stopping) return;
      relaunching = launch().then(
        (next) => {
          relaunching = undefined;
          child = next;
          restarts++;
          const message = `${name} riavviato`;
          notice(message);
          options.onRestart?.({ kind: 'restarted', name, pid: next.pid!, message });
          supervise(next);
        },
        (err: unknown) => {
          relaunching = undefined;
          if (stopping) return;
          const reason = err instanceof ServiceStartError ? err.reason : String(err);
          restartLater((ms) => ({ kind: 'failed', name, reason, delayMs: ms, message: `${name} non è ripartito (${reason}): riprovo tra ${formatDelay(ms)}` }));
        },
      );
    }, delayMs);
  };

  /** Watches a healthy process: an exit that stop() did not ask for is restarted or reported. */
  const supervise = (current: ChildProcess) => {
    const healthyAt = Date.now();
    current.once('exit', (code, signal) => {
      if (stopping) return;
      if (!policy) {
        // Its last lines arrive with 'close'; nothing else will write to the file.
        current.once('close', closeSink);
        options.onUnexpectedExit?.(code, signal);
        return;
      }
      if (Date.now() - healthyAt >= policy.resetAfterMs) failures = 0;
      restartLater((ms) => ({
        kind: 'exited',
        name,
        code,
        signal,
        delayMs: ms,
        message: `${name} è terminato (${describeExit(code, signal)}): lo riavvio tra ${formatDelay(ms)}`,
      }));
    });
  };
  supervise(child);

  return {
    name,
    get pid() {
      return child.pid!;
    },
    get restarts() {
      return restarts;
    },
    recentLogs: () => recent.last,
    async stop(graceMs = 10_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      // A start under way sees `stopping` at its next health poll and kills its process.
      await relaunching?.catch(() => undefined);
      await terminate(child, graceMs, detached);
      await exited(child);
      await closed(child, 1000);
      closeSink();
    },
  };
}

/** What a health check waits for, in words: `gRPC health SERVING da 127.0.0.1:50051`. */
function awaited(health: HealthCheck): string {
  return health.kind === 'grpc' ? `gRPC health SERVING da ${health.address}` : `200 da GET ${health.url}`;
}

function describeExit(code: number | null, signal: NodeJS.Signals | null): string {
  return code !== null ? `codice ${code}` : `segnale ${signal}`;
}

/** Resolves when the child's output streams have ended (its last lines written), or after `maxMs`. */
function closed(child: ChildProcess, maxMs: number): Promise<void> {
  const ended = (s: NodeJS.ReadableStream | null) => !s || (s as unknown as { readableEnded?: boolean; destroyed?: boolean }).readableEnded || (s as unknown as { destroyed?: boolean }).destroyed;
  if (ended(child.stdout) && ended(child.stderr)) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(resolve, maxMs);
    t.unref();
    child.once('close', () => {
      clearTimeout(t);
      resolve();
    });
  });
}
