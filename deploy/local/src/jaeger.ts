/**
 * Jaeger (v2, the OpenTelemetry-collector-based binary that deploy/install.sh builds from the Go
 * module proxy into .tools/bin) as the local stack's trace store: OTLP in, Jaeger's query API out,
 * spans kept in memory. Also a small reader of that API for the tests: Jaeger's JSON (microseconds,
 * typed tags, references, processes) made into readable spans.
 */
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';
import { isPortFree, waitForTcp } from './ports';
import { findExecutable, liveDaemonPid, startDaemon, stopPid } from './proc';

/** The ports Jaeger listens on, all on 127.0.0.1. */
export interface JaegerPorts {
  /** Query service: the UI and its JSON API (`/api/traces`, `/api/services`, `/api/dependencies`). Dev 16686. */
  ui: number;
  /** Query service's gRPC API (api_v2 and api_v3). Dev 16685. */
  queryGrpc: number;
  /** OTLP/HTTP receiver (`/v1/traces`, protobuf or JSON): every component's OTEL_EXPORTER_OTLP_ENDPOINT. Dev 4318. */
  otlpHttp: number;
  /** OTLP/gRPC receiver. Dev 4317. */
  otlpGrpc: number;
}

export interface JaegerOptions {
  /** Default {@link findJaeger}. */
  bin?: string;
  /** Folder for `jaeger.yaml` and `jaeger.pid` (the run's data dir, e.g. `.data/dev/jaeger`). */
  dir: string;
  ports: JaegerPorts;
  /** Oldest traces are dropped beyond this many; default 100,000 (Jaeger's own default). */
  maxTraces?: number;
  /** Receives each line Jaeger prints. */
  onLog?: (line: string) => void;
  /** Milliseconds to wait for the API and the OTLP ports; default 60 s (the first start on a busy machine). */
  timeoutMs?: number;
}

/** A running Jaeger. */
export interface JaegerHandle {
  /** `http://127.0.0.1:UI`: Jaeger's UI and `/api/…`. */
  readonly url: string;
  /** `http://127.0.0.1:OTLP_HTTP`: the OTLP/HTTP base (`OTEL_EXPORTER_OTLP_ENDPOINT`; spans go to `/v1/traces`). */
  readonly otlpUrl: string;
  /** `127.0.0.1:OTLP_GRPC`: the OTLP/gRPC receiver. */
  readonly otlpGrpcAddress: string;
  readonly ports: JaegerPorts;
  /** SIGTERM (the collector drains its pipelines), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

/** Path of the jaeger binary: JAEGER_BIN, else PATH (scripts/node-env.sh puts .tools/bin on it), else .tools/bin. */
export function findJaeger(): string | undefined {
  return process.env.JAEGER_BIN || findExecutable('jaeger', [path.join(repoRoot, '.tools', 'bin')]);
}

/**
 * Jaeger's configuration (the collector's YAML): OTLP receivers on HTTP and gRPC, a batch
 * processor, in-memory storage, the query service with its UI, every listener on 127.0.0.1, and
 * nothing else listening (no Jaeger/Zipkin receivers, sampling, health or zpages servers; the
 * collector's own metrics off). The query service does not trace itself, so only Smista's spans
 * are stored.
 */
export function jaegerConfig(ports: JaegerPorts, maxTraces = 100_000): string {
  const at = (port: number) => JSON.stringify(`127.0.0.1:${port}`);
  return [
    '# Generato da deploy/local (src/jaeger.ts) a ogni avvio: le modifiche fatte a mano vanno perse.',
    'service:',
    '  extensions: [jaeger_storage, jaeger_query]',
    '  pipelines:',
    '    traces:',
    '      receivers: [otlp]',
    '      processors: [batch]',
    '      exporters: [jaeger_storage_exporter]',
    '  telemetry:',
    '    metrics:',
    '      level: none',
    '    logs:',
    '      level: warn',
    'extensions:',
    '  jaeger_storage:',
    '    backends:',
    '      memory_store:',
    '        memory:',
    `          max_traces: ${maxTraces}`,
    '  jaeger_query:',
    '    enable_tracing: false',
    '    storage:',
    '      traces: memory_store',
    '    http:',
    `      endpoint: ${at(ports.ui)}`,
    '    grpc:',
    `      endpoint: ${at(ports.queryGrpc)}`,
    'receivers:',
    '  otlp:',
    '    protocols:',
    '      http:',
    `        endpoint: ${at(ports.otlpHttp)}`,
    '      grpc:',
    `        endpoint: ${at(ports.otlpGrpc)}`,
    'processors:',
    '  batch:',
    // Spans are visible within a fifth of a second of their export (the default waits 200 ms too).
    '    timeout: 200ms',
    'exporters:',
    '  jaeger_storage_exporter:',
    '    trace_storage: memory_store',
    '',
  ].join('\n');
}

/**
 * Writes `<dir>/jaeger.yaml` and starts `jaeger --config <file>` (first stopping a Jaeger a crashed
 * run left on the same folder, named by `<dir>/jaeger.pid`); resolves once the query API
 * answers `/api/services` and both OTLP ports accept connections (the collector starts its
 * receivers last). Rejects with an Italian reason when the binary is missing, a port is taken or
 * Jaeger exits or does not answer in time.
 *
 * @example
 * const jaeger = await startJaeger({ dir: '.data/dev/jaeger', ports: { ui: 16686, queryGrpc: 16685, otlpHttp: 4318, otlpGrpc: 4317 } });
 */
export async function startJaeger(options: JaegerOptions): Promise<JaegerHandle> {
  const bin = options.bin ?? findJaeger();
  if (!bin || !fs.existsSync(bin)) throw new Error('jaeger non è installato: esegui deploy/install.sh (make dev e make test lo fanno), che lo costruisce in .tools/bin');
  const { ports } = options;
  const configFile = path.resolve(options.dir, 'jaeger.yaml');
  const pidFile = path.resolve(options.dir, 'jaeger.pid');
  // Started in its own process group, it outlives a runner killed with SIGKILL, holding its ports.
  const leftover = liveDaemonPid(pidFile, ['jaeger', configFile]);
  if (leftover) await stopPid(leftover);
  for (const [what, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) throw new Error(`jaeger: porta ${port} già in uso (${what})`);
  }
  fs.mkdirSync(options.dir, { recursive: true });
  fs.writeFileSync(configFile, jaegerConfig(ports, options.maxTraces));
  const url = `http://127.0.0.1:${ports.ui}`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const startedAt = Date.now();
  const daemon = await startDaemon({
    name: 'jaeger',
    bin,
    args: ['--config', configFile],
    readyUrl: `${url}/api/services`,
    timeoutMs,
    pollMs: 100,
    onLog: options.onLog,
    quote: 'lines',
  });
  fs.writeFileSync(pidFile, `${daemon.child.pid}\n`);
  const left = () => Math.max(1_000, timeoutMs - (Date.now() - startedAt));
  if (!(await waitForTcp(ports.otlpHttp, left())) || !(await waitForTcp(ports.otlpGrpc, left()))) {
    await daemon.stop();
    fs.rmSync(pidFile, { force: true });
    throw new Error(`jaeger: i ricevitori OTLP non rispondono su 127.0.0.1:${ports.otlpHttp} e :${ports.otlpGrpc}`);
  }
  return {
    url,
    otlpUrl: `http://127.0.0.1:${ports.otlpHttp}`,
    otlpGrpcAddress: `127.0.0.1:${ports.otlpGrpc}`,
    ports,
    async stop() {
      await daemon.stop();
      fs.rmSync(pidFile, { force: true });
    },
  };
}

/** A span as Jaeger's query API returns it (`/api/traces`, `/api/traces/<id>`). */
interface ApiSpan {
  traceID: string;
  spanID: string;
  operationName: string;
  references?: { refType: 'CHILD_OF' | 'FOLLOWS_FROM'; traceID: string; spanID: string }[];
  /** Microseconds since the epoch. */
  startTime: number;
  /** Microseconds. */
  duration: number;
  tags?: { key: string; type?: string; value: unknown }[];
  processID: string;
}
interface ApiTrace {
  traceID: string;
  spans: ApiSpan[];
  processes: Record<string, { serviceName: string }>;
}
interface ApiResponse<T> {
  data: T | null;
  errors?: { code: number; msg: string }[] | null;
}

/** One span of a trace read from Jaeger, readable: what the OTLP export said, in Jaeger's words. */
export interface TraceSpan {
  /** The process's `service.name` (Jaeger's process serviceName). */
  service: string;
  /** The span's name (Jaeger's operationName). */
  name: string;
  traceId: string;
  spanId: string;
  /** The CHILD_OF reference's span, or null for a root. */
  parentSpanId: string | null;
  /** OTLP's kind as Jaeger keeps it (`span.kind`): `server`, `client`, `producer`, `consumer`, `internal`. */
  kind: string;
  /** ISO-8601 with milliseconds. */
  start: string;
  /** Milliseconds, with fractions (Jaeger keeps microseconds). */
  duration: number;
  /** `otel.status_code` (`OK`, `ERROR`; `UNSET` when absent) and `otel.status_description`. */
  status: { code: string; message?: string };
  /** The span's attributes (Jaeger's tags, less the ones above), with their types: numbers stay numbers. */
  attributes: Record<string, unknown>;
}

/** A trace read from Jaeger: its spans, roots first and then by start time. */
export interface Trace {
  traceId: string;
  spans: TraceSpan[];
}

/** Tags Jaeger makes out of OTLP fields that {@link TraceSpan} shows on their own. */
const FIELD_TAGS = new Set(['span.kind', 'otel.status_code', 'otel.status_description', 'error']);

/**
 * Jaeger writes a trace id without its leading zeros (`model.TraceID`'s `%x`); OpenTelemetry's
 * (a `traceparent`'s) has 32 hex digits.
 */
const fullTraceId = (id: string) => id.padStart(32, '0');

function readable(trace: ApiTrace): Trace {
  const spans = trace.spans.map((s): TraceSpan => {
    const tags = new Map((s.tags ?? []).map((t) => [t.key, t.value]));
    const parent = (s.references ?? []).find((r) => r.refType === 'CHILD_OF');
    const message = tags.get('otel.status_description');
    return {
      service: trace.processes[s.processID]?.serviceName ?? '',
      name: s.operationName,
      traceId: fullTraceId(s.traceID),
      spanId: s.spanID,
      parentSpanId: parent ? parent.spanID : null,
      kind: String(tags.get('span.kind') ?? 'internal'),
      start: new Date(Math.floor(s.startTime / 1000)).toISOString(),
      duration: s.duration / 1000,
      status: { code: String(tags.get('otel.status_code') ?? 'UNSET'), ...(message !== undefined ? { message: String(message) } : {}) },
      attributes: Object.fromEntries([...tags].filter(([key]) => !FIELD_TAGS.has(key))),
    };
  });
  spans.sort((a, b) => Number(a.parentSpanId !== null) - Number(b.parentSpanId !== null) || a.start.localeCompare(b.start));
  return { traceId: fullTraceId(trace.traceID), spans };
}

async function getApi<T>(url: string): Promise<{ status: number; body: ApiResponse<T> }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as ApiResponse<T> };
  } catch {
    throw new Error(`jaeger ${url}: risposta ${res.status} non JSON: ${text.slice(0, 200)}`);
  }
}

/**
 * One trace by id from Jaeger's `GET /api/traces/<id>`, or undefined while Jaeger has none of its
 * spans (404).
 *
 * @example const trace = await jaegerTrace(app.tracesUrl, traceId);
 */
export async function jaegerTrace(jaegerUrl: string, traceId: string): Promise<Trace | undefined> {
  const { status, body } = await getApi<ApiTrace[]>(`${jaegerUrl}/api/traces/${traceId}`);
  if (status === 404) return undefined;
  if (status !== 200 || !body.data) throw new Error(`jaeger /api/traces/${traceId}: ${status} ${JSON.stringify(body.errors)}`);
  return body.data[0] ? readable(body.data[0]) : undefined;
}

/** A search of Jaeger's `GET /api/traces` (the UI's search form). */
export interface TraceSearch {
  service: string;
  /** A span name of that service (Jaeger's operation). */
  operation?: string;
  /** Span attributes that must match, e.g. `{ 'http.route': '/api/merchants' }`. */
  tags?: Record<string, string>;
  /** Default 100, Jaeger's. */
  limit?: number;
}

/**
 * The traces Jaeger finds with at least one span of `service` (and of `operation`, with `tags`),
 * newest first, as the UI's search lists them.
 *
 * @example const traces = await searchTraces(app.tracesUrl, { service: 'shell' });
 */
export async function searchTraces(jaegerUrl: string, search: TraceSearch): Promise<Trace[]> {
  const query = new URLSearchParams({ service: search.service, limit: String(search.limit ?? 100) });
  if (search.operation) query.set('operation', search.operation);
  if (search.tags) query.set('tags', JSON.stringify(search.tags));
  const { status, body } = await getApi<ApiTrace[]>(`${jaegerUrl}/api/traces?${query}`);
  if (status !== 200 || !body.data) throw new Error(`jaeger /api/traces?${query}: ${status} ${JSON.stringify(body.errors)}`);
  return body.data.map(readable).sort((a, b) => (b.spans[0]?.start ?? '').localeCompare(a.spans[0]?.start ?? ''));
}

/** The services Jaeger has spans of (`GET /api/services`), sorted. */
export async function jaegerServices(jaegerUrl: string): Promise<string[]> {
  const { status, body } = await getApi<string[]>(`${jaegerUrl}/api/services`);
  if (status !== 200) throw new Error(`jaeger /api/services: ${status} ${JSON.stringify(body.errors)}`);
  return [...(body.data ?? [])].sort();
}

/** An edge of Jaeger's service graph: `parent` called `child` `callCount` times. */
export interface DependencyLink {
  parent: string;
  child: string;
  callCount: number;
}

/**
 * Jaeger's service graph over the last `lookbackMs` (`GET /api/dependencies`, the UI's System
 * Architecture): one edge per pair of services where a span of one is the parent of a span of the
 * other.
 */
export async function jaegerDependencies(jaegerUrl: string, lookbackMs = 60 * 60_000): Promise<DependencyLink[]> {
  const query = new URLSearchParams({ endTs: String(Date.now()), lookback: String(lookbackMs) });
  const { status, body } = await getApi<DependencyLink[]>(`${jaegerUrl}/api/dependencies?${query}`);
  if (status !== 200) throw new Error(`jaeger /api/dependencies: ${status} ${JSON.stringify(body.errors)}`);
  return body.data ?? [];
}
