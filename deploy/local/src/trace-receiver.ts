import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import {
  decodeTraceExport,
  encodeErrorStatus,
  encodeExportResponse,
  OtlpDecodeError,
  type AttributeValue,
  type DecodedSpan,
  type OtlpEncoding,
  type SpanKindName,
  type StatusCodeName,
} from './otlp';
import { renderTraceList, renderTracePage, renderTraceNotFound } from './trace-pages';

/** One span as `GET /api/traces` shows it: the decoded span with readable times. */
export type TraceSpan = Omit<DecodedSpan, 'startNs' | 'endNs'> & {
  /** ISO-8601 with milliseconds, e.g. `2025-01-31T10:20:30.123Z`. */
  start: string;
  /** Milliseconds, with fractions (1.25 is 1250 µs). */
  duration: number;
};

/** A trace: every span received with its traceId, in parent order (a parent before its children, siblings by start). */
export interface Trace {
  traceId: string;
  spans: TraceSpan[];
}

/** Filters of `GET /api/traces`. */
export interface TraceQuery {
  /** Traces with at least one span of this service. */
  service?: string;
  /** Traces with at least one span whose name contains this (case-insensitive). */
  name?: string;
  /** At most this many, newest first. */
  limit?: number;
}

export interface TraceReceiverOptions {
  /** HTTP port on 127.0.0.1 (dev 16686); 0 picks a free one. */
  port: number;
  /** Oldest traces are dropped beyond this count; default 1000. */
  maxTraces?: number;
  /** Oldest traces are dropped while the spans kept exceed this; default 50,000. */
  maxSpans?: number;
  /** Largest body accepted, compressed or not; default 16 MiB. */
  maxBodyBytes?: number;
}

/** A running trace receiver. */
export interface TraceReceiver {
  readonly port: number;
  /** `http://127.0.0.1:PORT`: the pages, the API, and the OTLP base (`OTEL_EXPORTER_OTLP_ENDPOINT`). */
  readonly url: string;
  /** Traces, newest first (by their first span's start). */
  traces(query?: TraceQuery): Trace[];
  trace(traceId: string): Trace | undefined;
  clear(): void;
  stop(): Promise<void>;
}

/** A span as kept: the API shape plus exact nanoseconds for ordering and the waterfall. */
export interface StoredSpan {
  span: TraceSpan;
  startNs: bigint;
  endNs: bigint;
}

/** A trace as kept; `spans` by spanId, so a span exported twice (a retry) is kept once. */
interface StoredTrace {
  traceId: string;
  spans: Map<string, StoredSpan>;
  startNs: bigint;
  endNs: bigint;
}

/** A span of an ordered trace with its depth in the tree (0 for roots), for the waterfall. */
export interface OrderedSpan extends StoredSpan {
  depth: number;
}

/** A trace ready to show: ordered spans and its bounds. */
export interface OrderedTrace {
  traceId: string;
  spans: OrderedSpan[];
  startNs: bigint;
  endNs: bigint;
}

const NS_PER_MS = 1_000_000n;

function toStored(d: DecodedSpan): StoredSpan {
  return {
    startNs: d.startNs,
    endNs: d.endNs,
    span: {
      service: d.service,
      name: d.name,
      traceId: d.traceId,
      spanId: d.spanId,
      parentSpanId: d.parentSpanId,
      kind: d.kind,
      start: new Date(Number(d.startNs / NS_PER_MS)).toISOString(),
      // Whole microseconds: enough for a waterfall, and exact in a double.
      duration: Number((d.endNs - d.startNs) / 1000n) / 1000,
      status: d.status,
      attributes: d.attributes,
    },
  };
}

/**
 * Parent order: each root (no parent, or a parent not received) by start time, then its children
 * depth-first, siblings by start time. Spans caught in a parent cycle (malformed input) come last.
 */
function orderTrace(trace: StoredTrace): OrderedTrace {
  const all = [...trace.spans.values()].sort((a, b) => (a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : 0));
  const children = new Map<string, StoredSpan[]>();
  const roots: StoredSpan[] = [];
  for (const s of all) {
    const parent = s.span.parentSpanId;
    if (parent && parent !== s.span.spanId && trace.spans.has(parent)) {
      const siblings = children.get(parent) ?? [];
      siblings.push(s);
      children.set(parent, siblings);
    } else {
      roots.push(s);
    }
  }
  const ordered: OrderedSpan[] = [];
  const seen = new Set<string>();
  const visit = (s: StoredSpan, depth: number) => {
    if (seen.has(s.span.spanId)) return;
    seen.add(s.span.spanId);
    ordered.push({ ...s, depth });
    for (const child of children.get(s.span.spanId) ?? []) visit(child, depth + 1);
  };
  for (const root of roots) visit(root, 0);
  for (const s of all) if (!seen.has(s.span.spanId)) visit(s, 0);
  return { traceId: trace.traceId, spans: ordered, startNs: trace.startNs, endNs: trace.endNs };
}

/** Recent traces in memory, bounded; spans join their trace whenever (and from whichever process) they arrive. */
export class TraceStore {
  /** Map order is the order of the last update: the first entry is the one to drop. */
  private readonly byId = new Map<string, StoredTrace>();
  private spanCount = 0;

  constructor(
    private readonly maxTraces = 1000,
    private readonly maxSpans = 50_000,
  ) {}

  add(spans: DecodedSpan[]): void {
    for (const decoded of spans) {
      const stored = toStored(decoded);
      let trace = this.byId.get(decoded.traceId);
      if (trace) {
        this.byId.delete(decoded.traceId);
      } else {
        trace = { traceId: decoded.traceId, spans: new Map(), startNs: stored.startNs, endNs: stored.endNs };
      }
      this.byId.set(decoded.traceId, trace);
      if (!trace.spans.has(decoded.spanId)) this.spanCount++;
      trace.spans.set(decoded.spanId, stored);
      if (stored.startNs < trace.startNs) trace.startNs = stored.startNs;
      if (stored.endNs > trace.endNs) trace.endNs = stored.endNs;
    }
    this.evict();
  }

  private evict(): void {
    while (this.byId.size > this.maxTraces || (this.spanCount > this.maxSpans && this.byId.size > 1)) {
      const oldest = this.byId.values().next().value!;
      this.byId.delete(oldest.traceId);
      this.spanCount -= oldest.spans.size;
    }
    // One trace alone above the cap: keep its newest spans.
    const only = this.byId.values().next().value;
    if (only && this.spanCount > this.maxSpans) {
      for (const spanId of only.spans.keys()) {
        if (this.spanCount <= this.maxSpans) break;
        only.spans.delete(spanId);
        this.spanCount--;
      }
    }
  }

  /** Ordered traces matching the query, newest first. */
  list(query: TraceQuery = {}): OrderedTrace[] {
    const name = query.name?.toLowerCase();
    const matches = [...this.byId.values()].filter((t) => {
      const spans = [...t.spans.values()];
      if (query.service && !spans.some((s) => s.span.service === query.service)) return false;
      if (name && !spans.some((s) => s.span.name.toLowerCase().includes(name))) return false;
      return true;
    });
    matches.sort((a, b) => (a.startNs > b.startNs ? -1 : a.startNs < b.startNs ? 1 : 0));
    return matches.slice(0, query.limit ?? matches.length).map(orderTrace);
  }

  get(traceId: string): OrderedTrace | undefined {
    const trace = this.byId.get(traceId.toLowerCase());
    return trace ? orderTrace(trace) : undefined;
  }

  /** Every service seen in the traces kept, sorted (for the page's filter). */
  services(): string[] {
    const names = new Set<string>();
    for (const t of this.byId.values()) for (const s of t.spans.values()) names.add(s.span.service);
    return [...names].sort();
  }

  clear(): void {
    this.byId.clear();
    this.spanCount = 0;
  }
}

/** The API shape of an ordered trace. */
export function publicTrace(trace: OrderedTrace): Trace {
  return { traceId: trace.traceId, spans: trace.spans.map((s) => s.span) };
}

/** An HTTP answer decided before the body is decoded. */
class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Reads the body up to `max` bytes (413 beyond). */
function readBody(req: http.IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new HttpError(413, `corpo troppo grande (oltre ${max} byte)`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

async function decompress(body: Buffer, contentEncoding: string | undefined, max: number): Promise<Buffer> {
  const encoding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity' || encoding === '') return body;
  if (encoding !== 'gzip' && encoding !== 'deflate') throw new HttpError(415, `Content-Encoding non supportato: ${encoding} (usa gzip o nessuno)`);
  try {
    return encoding === 'gzip' ? await gunzip(body, { maxOutputLength: max * 4 }) : await inflate(body, { maxOutputLength: max * 4 });
  } catch (err) {
    throw new HttpError(400, `corpo ${encoding} non valido: ${(err as Error).message}`);
  }
}

function otlpEncoding(contentType: string | undefined): OtlpEncoding | undefined {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  return undefined;
}

/** `?limit=` as a positive integer, or a 400. */
function parseLimit(raw: string | null): number | undefined {
  if (raw === null || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, `limit non valido: ${raw} (intero positivo atteso)`);
  return n;
}

/** Pages: inline styles only, no scripts, no external assets. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

function listen(server: http.Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts a trace receiver on 127.0.0.1, the local stand-in for Jaeger or Tempo (dev 16686, tests
 * 16696 + offset). It keeps recent traces in memory and serves:
 * - `POST /v1/traces`: OTLP/HTTP exports, `application/x-protobuf` or `application/json`, optionally
 *   gzip; 200 with an ExportTraceServiceResponse in the request's encoding, 400 with a google.rpc.Status;
 * - `GET /api/traces` (`?service=`, `?name=`, `?limit=`): traces as JSON, newest first;
 *   `GET /api/traces/:traceId`; `DELETE /api/traces` forgets them all;
 * - `GET /` the recent traces, `GET /trace/:traceId` a waterfall (Italian pages).
 *
 * @example
 * const receiver = await startTraceReceiver({ port: 16686 });
 * // components get OTEL_EXPORTER_OTLP_ENDPOINT=receiver.url
 * const [latest] = receiver.traces({ service: 'gateway', limit: 1 });
 */
export async function startTraceReceiver(options: TraceReceiverOptions): Promise<TraceReceiver> {
  const store = new TraceStore(options.maxTraces, options.maxSpans);
  const maxBody = options.maxBodyBytes ?? 16 * 1024 * 1024;

  const send = (res: http.ServerResponse, status: number, type: string, body: string | Buffer, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...extra });
    res.end(body);
  };
  const json = (res: http.ServerResponse, status: number, body: unknown) => send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
  const html = (res: http.ServerResponse, status: number, body: string) =>
    send(res, status, 'text/html; charset=utf-8', body, { 'content-security-policy': PAGE_CSP, 'x-content-type-options': 'nosniff' });

  async function receive(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const encoding = otlpEncoding(req.headers['content-type']);
    if (!encoding) {
      req.resume();
      return send(res, 415, 'application/json', encodeErrorStatus('json', 'Content-Type non supportato: usa application/x-protobuf o application/json'));
    }
    const type = encoding === 'json' ? 'application/json' : 'application/x-protobuf';
    try {
      const body = await decompress(await readBody(req, maxBody), req.headers['content-encoding'], maxBody);
      const decoded = decodeTraceExport(body, encoding);
      store.add(decoded.spans);
      send(res, 200, type, encodeExportResponse(encoding, decoded.rejected, decoded.rejectedReason));
    } catch (err) {
      if (err instanceof HttpError) return send(res, err.status, type, encodeErrorStatus(encoding, err.message), err.status === 413 ? { connection: 'close' } : {});
      if (err instanceof OtlpDecodeError) return send(res, 400, type, encodeErrorStatus(encoding, err.message));
      throw err;
    }
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const method = req.method ?? 'GET';

    if (url.pathname === '/v1/traces') {
      if (method === 'POST') return receive(req, res);
      return send(res, 405, 'text/plain; charset=utf-8', 'Usa POST', { allow: 'POST' });
    }
    if (url.pathname === '/api/traces' && method === 'GET') {
      try {
        const query: TraceQuery = {
          service: url.searchParams.get('service') || undefined,
          name: url.searchParams.get('name') || undefined,
          limit: parseLimit(url.searchParams.get('limit')),
        };
        return json(res, 200, store.list(query).map(publicTrace));
      } catch (err) {
        if (err instanceof HttpError) return json(res, err.status, { error: err.message });
        throw err;
      }
    }
    if (url.pathname === '/api/traces' && method === 'DELETE') {
      store.clear();
      return json(res, 200, { deleted: true });
    }
    let match = /^\/api\/traces\/([^/]+)$/.exec(url.pathname);
    if (match && method === 'GET') {
      const trace = store.get(match[1]);
      return trace ? json(res, 200, publicTrace(trace)) : json(res, 404, { error: 'traccia non trovata' });
    }
    if (url.pathname === '/' && method === 'GET') {
      const query = { service: url.searchParams.get('service') || undefined, name: url.searchParams.get('name') || undefined };
      return html(res, 200, renderTraceList(store.list({ ...query, limit: 200 }), store.services(), query));
    }
    match = /^\/trace\/([^/]+)$/.exec(url.pathname);
    if (match && method === 'GET') {
      const trace = store.get(match[1]);
      return trace ? html(res, 200, renderTracePage(trace)) : html(res, 404, renderTraceNotFound(match[1]));
    }
    if (url.pathname === '/clear' && method === 'POST') {
      store.clear();
      res.writeHead(303, { location: '/' });
      return void res.end();
    }
    return send(res, 404, 'text/plain; charset=utf-8', 'Non trovato');
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: Error) => {
      if (!res.headersSent) send(res, 500, 'text/plain; charset=utf-8', `errore interno: ${err.message}`);
      else res.destroy();
    });
  });
  // A client hanging up mid-request must not take the receiver down.
  server.on('clientError', (_err, socket) => socket.destroy());
  const port = await listen(server, options.port);

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    traces: (query) => store.list(query).map(publicTrace),
    trace: (traceId) => {
      const trace = store.get(traceId);
      return trace ? publicTrace(trace) : undefined;
    },
    clear: () => store.clear(),
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
