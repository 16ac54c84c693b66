import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { decodeErrorStatus, decodeExportResponse, type DecodedSpan } from './otlp';
import { packageDir } from './paths';
import { startTraceReceiver, TraceStore, type Trace, type TraceReceiver } from './trace-receiver';

let receiver: TraceReceiver;
beforeAll(async () => {
  receiver = await startTraceReceiver({ port: 0 });
});
afterAll(() => receiver.stop());
beforeEach(() => receiver.clear());

type Encoding = 'protobuf' | 'json' | 'json+gzip';
interface SpanSpec {
  name: string;
  kind?: 'INTERNAL' | 'SERVER' | 'CLIENT' | 'PRODUCER' | 'CONSUMER';
  startMs: number;
  endMs: number;
  attributes?: Record<string, unknown>;
  status?: { code: 'OK' | 'ERROR'; message?: string };
  /** A traceparent of another process's span, or the index of an earlier span of this one. */
  parent?: string | number;
}
interface Exported {
  /** ExportResultCode of each export: 0 is SUCCESS, i.e. the exporter accepted the receiver's answer. */
  results: number[];
  spans: { traceId: string; spanId: string; traceparent: string }[];
}

const run = promisify(execFile);

/**
 * One service: a process of its own exporting `spans` through the real OpenTelemetry SDK and OTLP
 * exporter (fixtures/export-spans.js).
 */
async function exportFrom(service: string, encoding: Encoding, spans: SpanSpec[]): Promise<Exported> {
  const input = { url: `${receiver.url}/v1/traces`, encoding, service, spans };
  const { stdout } = await run(process.execPath, [path.join(packageDir, 'fixtures', 'export-spans.js'), JSON.stringify(input)], { timeout: 20_000 });
  return JSON.parse(stdout) as Exported;
}

async function api<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const res = await fetch(`${receiver.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as T };
}

describe.each<Encoding>(['protobuf', 'json', 'json+gzip'])('the real OTLP exporter (%s)', (encoding) => {
  test('a parent and a child from two services, exported by two processes at different times, make one trace', async () => {
    const t0 = Date.now() - 1000;
    const gateway = await exportFrom('gateway', encoding, [
      {
        name: 'POST /api/login',
        kind: 'SERVER',
        startMs: t0,
        endMs: t0 + 120,
        attributes: { 'http.request.method': 'POST', 'http.response.status_code': 401, 'smista.retry': false, 'smista.ratio': 0.5, 'smista.tags': ['a', 'b'] },
        status: { code: 'OK' },
      },
    ]);
    const [parent] = gateway.spans;
    expect(receiver.traces()).toHaveLength(1);
    const identity = await exportFrom('identity', encoding, [
      {
        name: 'identity.v1.IdentityService/Login',
        kind: 'SERVER',
        startMs: t0 + 10,
        endMs: t0 + 45,
        attributes: { 'rpc.system': 'grpc' },
        status: { code: 'ERROR', message: 'credenziali errate' },
        parent: parent.traceparent,
      },
    ]);
    const [child] = identity.spans;
    expect(gateway.results).toEqual([0]);
    expect(identity.results).toEqual([0]);

    const { status, body } = await api<Trace[]>('/api/traces');
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    const [trace] = body;
    expect(child.traceId).toBe(parent.traceId);
    expect(trace.traceId).toBe(parent.traceId);
    expect(trace.spans.map((s) => [s.service, s.name])).toEqual([
      ['gateway', 'POST /api/login'],
      ['identity', 'identity.v1.IdentityService/Login'],
    ]);
    const [root, login] = trace.spans;
    expect(root).toMatchObject({
      traceId: parent.traceId,
      spanId: parent.spanId,
      parentSpanId: null,
      kind: 'SERVER',
      start: new Date(t0).toISOString(),
      status: { code: 'OK' },
      attributes: { 'http.request.method': 'POST', 'http.response.status_code': 401, 'smista.retry': false, 'smista.ratio': 0.5, 'smista.tags': ['a', 'b'] },
    });
    expect(root.duration).toBeCloseTo(120, 1);
    expect(login).toMatchObject({
      traceId: parent.traceId,
      spanId: child.spanId,
      parentSpanId: parent.spanId,
      kind: 'SERVER',
      start: new Date(t0 + 10).toISOString(),
      status: { code: 'ERROR', message: 'credenziali errate' },
      attributes: { 'rpc.system': 'grpc' },
    });
    expect(login.duration).toBeCloseTo(35, 1);

    expect((await api<Trace>(`/api/traces/${parent.traceId}`)).body).toEqual(trace);
  });
});

test('lists newest first and filters by service, span name and limit', async () => {
  const now = Date.now();
  const [gateway, merchants] = await Promise.all([
    exportFrom('gateway', 'protobuf', [
      { name: 'GET /api/user', startMs: now - 3000, endMs: now - 2990 },
      { name: 'POST /api/merchants', startMs: now - 1000, endMs: now - 990 },
    ]),
    exportFrom('merchants', 'json', [{ name: 'merchants.v1.MerchantsService/CreateMerchant', startMs: now - 2000, endMs: now - 1990 }]),
  ]);

  const ids = (traces: Trace[]) => traces.map((t) => t.traceId);
  const [a, c] = gateway.spans.map((s) => s.traceId);
  const b = merchants.spans[0].traceId;
  expect(ids((await api<Trace[]>('/api/traces')).body)).toEqual([c, b, a]);
  expect(ids((await api<Trace[]>('/api/traces?service=gateway')).body)).toEqual([c, a]);
  expect(ids((await api<Trace[]>('/api/traces?name=createmerchant')).body)).toEqual([b]);
  expect(ids((await api<Trace[]>('/api/traces?service=gateway&limit=1')).body)).toEqual([c]);
  expect(await api('/api/traces?limit=zero')).toEqual({ status: 400, body: { error: 'limit non valido: zero (intero positivo atteso)' } });
  expect(await api('/api/traces/0123456789abcdef0123456789abcdef')).toEqual({ status: 404, body: { error: 'traccia non trovata' } });

  expect(await api('/api/traces', { method: 'DELETE' })).toEqual({ status: 200, body: { deleted: true } });
  expect((await api<Trace[]>('/api/traces')).body).toEqual([]);
});

/** An OTLP/JSON body written by hand: 64-bit integers as strings and as numbers, enums as integers. */
function jsonExport(traceId: string, spans: { spanId: string; parent?: string; name: string; startMs: number; endMs: number }[]) {
  return {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'shell' } }] },
        scopeSpans: [
          {
            scope: { name: 'browser' },
            spans: spans.map((s, i) => ({
              traceId,
              spanId: s.spanId,
              parentSpanId: s.parent ?? '',
              name: s.name,
              kind: 3,
              // One span with strings, the next with numbers: both are OTLP/JSON.
              startTimeUnixNano: i % 2 ? s.startMs * 1e6 : String(BigInt(s.startMs) * 1_000_000n),
              endTimeUnixNano: i % 2 ? s.endMs * 1e6 : String(BigInt(s.endMs) * 1_000_000n),
              attributes: [
                { key: 'url.full', value: { stringValue: 'http://127.0.0.1:8080/api/user' } },
                { key: 'big', value: { intValue: '9007199254740993' } },
                { key: 'small', value: { intValue: 7 } },
                { key: 'obj', value: { kvlistValue: { values: [{ key: 'k', value: { boolValue: true } }] } } },
              ],
              status: { code: 0 },
            })),
          },
        ],
      },
    ],
  };
}

test('accepts a hand-written gzip OTLP/JSON export and answers with an empty response', async () => {
  const traceId = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  const start = Date.parse('2025-03-01T10:00:00.000Z');
  const body = zlib.gzipSync(
    JSON.stringify(
      jsonExport(traceId, [
        { spanId: '1111111111111111', name: 'click', startMs: start, endMs: start + 250 },
        // Sent as JSON numbers: multiples of 4 ms are exact doubles in nanoseconds at today's epoch.
        { spanId: '2222222222222222', parent: '1111111111111111', name: 'GET /api/user', startMs: start + 8, endMs: start + 200 },
      ]),
    ),
  );
  const res = await fetch(`${receiver.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(await res.json()).toEqual({});

  const trace = receiver.trace(traceId)!;
  expect(trace.spans.map((s) => [s.name, s.parentSpanId, s.kind, s.start, s.duration, s.status])).toEqual([
    ['click', null, 'CLIENT', '2025-03-01T10:00:00.000Z', 250, { code: 'UNSET' }],
    ['GET /api/user', '1111111111111111', 'CLIENT', '2025-03-01T10:00:00.008Z', 192, { code: 'UNSET' }],
  ]);
  expect(trace.spans[0].attributes).toEqual({ 'url.full': 'http://127.0.0.1:8080/api/user', big: '9007199254740993', small: 7, obj: { k: true } });
});

test('a malformed body is a 400 in the request encoding, and the receiver keeps working', async () => {
  const post = (type: string, body: Buffer | string, encoding?: string) =>
    fetch(`${receiver.url}/v1/traces`, { method: 'POST', headers: { 'content-type': type, ...(encoding ? { 'content-encoding': encoding } : {}) }, body });

  const badJson = await post('application/json', '{"resourceSpans": [');
  expect(badJson.status).toBe(400);
  expect(((await badJson.json()) as { code: number; message: string }).message).toMatch(/^JSON non valido/);

  const badProto = await post('application/x-protobuf', Buffer.from('questo non è protobuf'));
  expect(badProto.status).toBe(400);
  expect(badProto.headers.get('content-type')).toBe('application/x-protobuf');
  const status = decodeErrorStatus(new Uint8Array(await badProto.arrayBuffer()));
  expect(status.code).toBe(3);
  expect(status.message).toMatch(/^protobuf non valido/);

  const badGzip = await post('application/json', 'non compresso', 'gzip');
  expect(badGzip.status).toBe(400);
  expect(((await badGzip.json()) as { message: string }).message).toMatch(/^corpo gzip non valido/);

  const wrongShape = await post('application/json', JSON.stringify({ resourceSpans: 'no' }));
  expect(wrongShape.status).toBe(400);
  expect(await wrongShape.json()).toEqual({ code: 3, message: 'resourceSpans: deve essere un array' });

  const wrongType = await post('text/plain', 'ciao');
  expect(wrongType.status).toBe(415);

  // A span with a bad id is refused alone (OTLP partial success); the others are kept.
  const partial = jsonExport('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', [
    { spanId: '3333333333333333', name: 'buono', startMs: 1, endMs: 2 },
    { spanId: 'xyz', name: 'cattivo', startMs: 1, endMs: 2 },
  ]);
  const partialRes = await post('application/json', JSON.stringify(partial));
  expect(partialRes.status).toBe(200);
  expect(await partialRes.json()).toEqual({ partialSuccess: { rejectedSpans: '1', errorMessage: 'spanId non valido: 16 cifre esadecimali attese' } });
  expect(receiver.trace('bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')!.spans.map((s) => s.name)).toEqual(['buono']);

  // Still serving real exporters.
  const after = await exportFrom('gateway', 'protobuf', [{ name: 'dopo gli errori', startMs: Date.now(), endMs: Date.now() + 1 }]);
  expect(after.results).toEqual([0]);
  expect(receiver.traces({ name: 'dopo gli errori' })).toHaveLength(1);
});

test('an empty protobuf export answers an empty ExportTraceServiceResponse', async () => {
  const res = await fetch(`${receiver.url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/x-protobuf' }, body: new Uint8Array() });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect(bytes.length).toBe(0);
  expect(decodeExportResponse(bytes)).toEqual({});
});

test('the pages list the traces and draw one as an escaped waterfall', async () => {
  const t0 = Date.now();
  const gateway = await exportFrom('gateway', 'protobuf', [
    { name: 'GET /api/<script>', kind: 'SERVER', startMs: t0, endMs: t0 + 100 },
    { name: 'identity.v1.IdentityService/GetUser', kind: 'CLIENT', startMs: t0 + 10, endMs: t0 + 45, parent: 0 },
  ]);
  await exportFrom('identity', 'protobuf', [
    { name: 'identity.v1.IdentityService/GetUser', kind: 'SERVER', startMs: t0 + 12, endMs: t0 + 40, attributes: { 'user.id': '42' }, parent: gateway.spans[1].traceparent },
  ]);
  const { traceId } = gateway.spans[0];

  const list = await fetch(`${receiver.url}/`);
  expect(list.headers.get('content-security-policy')).toContain("default-src 'none'");
  const listHtml = await list.text();
  expect(listHtml).toContain('Tracce recenti');
  expect(listHtml).toContain(`href="/trace/${traceId}"`);
  expect(listHtml).toContain('GET /api/&lt;script&gt;');
  expect(listHtml).not.toContain('<script>');
  expect(listHtml).toMatch(/<td class="num">3<\/td>/);

  const pageHtml = await (await fetch(`${receiver.url}/trace/${traceId}`)).text();
  expect(pageHtml).not.toContain('<script');
  // One row per span, parent order, indented by depth.
  const rows = [...pageHtml.matchAll(/<span class="label" style="padding-left:([\d.]+)rem">.*?<span>([^<]*)<\/span><\/span>/g)].map((m) => [Number(m[1]), m[2]]);
  expect(rows).toEqual([
    [0, 'GET /api/&lt;script&gt;'],
    [1.1, 'identity.v1.IdentityService/GetUser'],
    [2.2, 'identity.v1.IdentityService/GetUser'],
  ]);
  // Bars placed by start and sized by duration, as percentages of the trace's 100 ms.
  const bars = [...pageHtml.matchAll(/style="left:([\d.]+)%;width:([\d.]+)%/g)].map((m) => [Number(m[1]), Number(m[2])]);
  expect(bars).toEqual([
    [0, 100],
    [10, 35],
    [12, 28],
  ]);
  expect(pageHtml).toContain('<td>user.id</td><td>42</td>');

  const missing = await fetch(`${receiver.url}/trace/ffffffffffffffffffffffffffffffff`);
  expect(missing.status).toBe(404);
  expect(await missing.text()).toContain('Traccia non trovata');
});

describe('TraceStore bounds', () => {
  const span = (traceId: string, spanId: string, startNs: bigint): DecodedSpan => ({
    service: 's',
    name: spanId,
    traceId,
    spanId,
    parentSpanId: null,
    kind: 'INTERNAL',
    startNs,
    endNs: startNs + 1000n,
    status: { code: 'UNSET' },
    attributes: {},
  });
  const tid = (n: number) => n.toString(16).padStart(32, '0');
  const sid = (n: number) => n.toString(16).padStart(16, '0');

  test('drops the least recently updated traces beyond maxTraces', () => {
    const store = new TraceStore(2, 100);
    store.add([span(tid(1), sid(1), 1n)]);
    store.add([span(tid(2), sid(2), 2n)]);
    // Trace 1 gets a late span: it is now the most recently updated.
    store.add([span(tid(1), sid(3), 3n)]);
    store.add([span(tid(3), sid(4), 4n)]);
    expect(store.list().map((t) => t.traceId)).toEqual([tid(3), tid(1)]);
  });

  test('a child that arrives before its parent is a root until the parent comes, then sits under it', () => {
    const store = new TraceStore();
    store.add([{ ...span(tid(1), sid(2), 20n), parentSpanId: sid(1) }]);
    expect(store.get(tid(1))!.spans.map((s) => [s.span.spanId, s.depth])).toEqual([[sid(2), 0]]);
    store.add([span(tid(1), sid(1), 10n)]);
    expect(store.get(tid(1))!.spans.map((s) => [s.span.spanId, s.depth])).toEqual([
      [sid(1), 0],
      [sid(2), 1],
    ]);
  });

  test('drops old traces while the spans kept exceed maxSpans, and counts a re-sent span once', () => {
    const store = new TraceStore(100, 3);
    store.add([span(tid(1), sid(1), 1n), span(tid(1), sid(2), 2n)]);
    store.add([span(tid(1), sid(2), 2n)]);
    expect(store.get(tid(1))!.spans).toHaveLength(2);
    store.add([span(tid(2), sid(3), 3n), span(tid(2), sid(4), 4n)]);
    expect(store.list().map((t) => t.traceId)).toEqual([tid(2)]);
    store.add([span(tid(2), sid(5), 5n), span(tid(2), sid(6), 6n)]);
    expect(store.get(tid(2))!.spans.map((s) => s.span.spanId)).toEqual([sid(4), sid(5), sid(6)]);
  });
});
