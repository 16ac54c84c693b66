import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { grpcProbe, httpProbe, type Probe } from './health';
import { formatLogLine, prefixLines } from './log-format';
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
  /** How long to wait for health; default 30 s (SMISTA_START_TIMEOUT_MS overrides). */
  timeoutMs?: number;
  /** Default: pretty lines on stdout. */
  output?: OutputMode;
  /**
   * Own process group (default true), so Ctrl-C in a terminal reaches only the runner, which then
   * stops components in order.
   */
  detached?: boolean;
  /** Called if the process exits on its own after it became healthy. */
  onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

/** A running component. */
export interface ServiceHandle {
  readonly name: string;
  readonly pid: number;
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

  const output: OutputMode = options.output ?? { mode: 'pretty' };
  const recent = new LineBuffer(30);
  let sink: (line: string) => void;
  let closeSink = () => undefined as void;
  if (output.mode === 'file') {
    fs.mkdirSync(path.dirname(output.path), { recursive: true });
    const stream = fs.createWriteStream(output.path, { flags: 'a' });
    sink = (line) => stream.write(`${line}\n`);
    closeSink = () => stream.end();
  } else {
    const { width = name.length, colour = false } = output;
    const write = output.write ?? ((text: string) => process.stdout.write(text));
    sink = (line) => write(`${prefixLines(name, formatLogLine(line, colour), width, colour)}\n`);
  }

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

  let stopping = false;
  let healthy = false;
  child.once('exit', (code, signal) => {
    closeSink();
    if (healthy && !stopping) options.onUnexpectedExit?.(code, signal);
  });

  const fail = async (reason: string): Promise<never> => {
    stopping = true;
    await terminate(child, 2000, detached);
    // Let the last buffered output arrive before quoting it.
    await sleep(50);
    throw new ServiceStartError(name, reason, recent.last.slice(-15));
  };

  const grpc = options.health.kind === 'grpc' ? grpcProbe(options.health.address) : undefined;
  const probe = (): Promise<Probe> =>
    grpc ? grpc.probe(1000) : httpProbe((options.health as { url: string }).url, 1000);
  const deadline = Date.now() + timeoutMs;
  let last: Probe = { ok: false, reason: 'nessuna risposta' };
  try {
    for (;;) {
      if (spawnError) return await fail(`non è partito (${spawnError.message})`);
      if (child.exitCode !== null || child.signalCode !== null) {
        await sleep(50);
        return await fail(`è terminato durante l'avvio (${child.exitCode !== null ? `codice ${child.exitCode}` : child.signalCode})`);
      }
      last = await probe();
      if (last.ok) break;
      if (Date.now() > deadline) return await fail(`non è pronto dopo ${Math.round(timeoutMs / 1000)} s (${last.reason})`);
      await sleep(150);
    }
  } finally {
    grpc?.close();
  }
  healthy = true;

  return {
    name,
    pid: child.pid!,
    recentLogs: () => recent.last,
    async stop(graceMs = 10_000) {
      stopping = true;
      await terminate(child, graceMs, detached);
      await exited(child);
    },
  };
}
