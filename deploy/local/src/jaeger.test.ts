import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findJaeger, jaegerConfig, jaegerDependencies, jaegerServices, jaegerTrace, searchTraces, startJaeger, type JaegerHandle, type JaegerPorts } from './jaeger';
import { waitFor } from './machine-load';
import { packageDir, tmpDir } from './paths';
import { getFreePort, isPortFree } from './ports';
import { pidAlive } from './proc';

const dir = path.join(tmpDir, `jaeger-test-${crypto.randomBytes(3).toString('hex')}`);
let jaeger: JaegerHandle;
let ports: JaegerPorts;

// A Jaeger of this suite's own, on free ports: the run's shared one holds every other suite's spans.
beforeAll(async () => {
  ports = { ui: await getFreePort(), queryGrpc: await getFreePort(), otlpHttp: await getFreePort(), otlpGrpc: await getFreePort() };
  jaeger = await startJaeger({ dir, ports });
}, 90_000);
afterAll(async () => {
  await jaeger?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

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
  /** ExportResultCode of each export: 0 is SUCCESS, i.e. the exporter accepted Jaeger's answer. */
  results: number[];
  spans: { traceId: string; spanId: string; traceparent: string }[];
}

const run = promisify(execFile);

/**
 * One service: a process of its own exporting `spans` to Jaeger's OTLP/HTTP receiver through the
 * real OpenTelemetry SDK and OTLP exporter (fixtures/export-spans.js), as every component does.
 */
async function exportFrom(service: string, encoding: Encoding, spans: SpanSpec[]): Promise<Exported> {
  const input = { url: `${jaeger.otlpUrl}/v1/traces`, encoding, service, spans };
  const { stdout } = await run(process.execPath, [path.join(packageDir, 'fixtures', 'export-spans.js'), JSON.stringify(input)], { timeout: 20_000 });
  return JSON.parse(stdout) as Exported;
}

/** The trace once Jaeger holds `count` of its spans (the batch processor stores them a moment later). */
const traceWith = (traceId: string, count: number) =>
  waitFor(`${count} span della traccia ${traceId} in Jaeger`, async () => {
    const trace = await jaegerTrace(jaeger.url, traceId);
    return trace && trace.spans.length >= count && trace;
  });

test('the configuration: OTLP on HTTP and gRPC, memory storage, the query service, all on 127.0.0.1 and nothing else listening', () => {
  const config = jaegerConfig({ ui: 16686, queryGrpc: 16685, otlpHttp: 4318, otlpGrpc: 4317 }, 500);
  expect(config).toContain('receivers: [otlp]');
  expect(config).toContain('max_traces: 500');
  expect(config).toContain('enable_tracing: false');
  expect(config.match(/endpoint: "[^"]+"/g)).toEqual(['endpoint: "127.0.0.1:16686"', 'endpoint: "127.0.0.1:16685"', 'endpoint: "127.0.0.1:4318"', 'endpoint: "127.0.0.1:4317"']);
  // The collector's own metrics server (:8888 by default) stays off.
  expect(config).toMatch(/metrics:\n\s+level: none/);
  // What startJaeger wrote is that file.
  expect(fs.readFileSync(path.join(dir, 'jaeger.yaml'), 'utf8')).toBe(jaegerConfig(ports));
});

test('a missing binary is one clear line', async () => {
  await expect(startJaeger({ bin: path.join(dir, 'nessun-jaeger'), dir, ports })).rejects.toThrow('jaeger non è installato: esegui deploy/install.sh');
  expect(findJaeger()).toMatch(/jaeger$/);
});

describe.each<Encoding>(['protobuf', 'json', 'json+gzip'])('the real OTLP exporter (%s)', (encoding) => {
  test('a parent and a child from two services, exported by two processes at different times, make one trace in Jaeger', async () => {
    const t0 = Date.now() - 1000;
    const gateway = await exportFrom(`gateway-${encoding}`, encoding, [
      {
        name: 'POST /api/login',
        kind: 'SERVER',
        startMs: t0,
        endMs: t0 + 120,
        attributes: { 'http.request.method': 'POST', 'http.response.status_code': 401, 'smista.retry': false, 'smista.ratio': 0.5 },
        status: { code: 'OK' },
      },
    ]);
    const [parent] = gateway.spans;
    const identity = await exportFrom(`identity-${encoding}`, encoding, [
      {
        name: 'identity.v1.IdentityService/Login',
        kind: 'CLIENT',
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
    expect(child.traceId).toBe(parent.traceId);

    const trace = await traceWith(parent.traceId, 2);
    expect(trace.traceId).toBe(parent.traceId);
    expect(trace.spans.map((s) => [s.service, s.name])).toEqual([
      [`gateway-${encoding}`, 'POST /api/login'],
      [`identity-${encoding}`, 'identity.v1.IdentityService/Login'],
    ]);
    const [root, login] = trace.spans;
    expect(root).toMatchObject({
      traceId: parent.traceId,
      spanId: parent.spanId,
      parentSpanId: null,
      kind: 'server',
      start: new Date(t0).toISOString(),
      status: { code: 'OK' },
      // Typed as exported: numbers, booleans and strings.
      attributes: { 'http.request.method': 'POST', 'http.response.status_code': 401, 'smista.retry': false, 'smista.ratio': 0.5 },
    });
    expect(root.duration).toBeCloseTo(120, 1);
    expect(login).toMatchObject({
      spanId: child.spanId,
      parentSpanId: parent.spanId,
      kind: 'client',
      start: new Date(t0 + 10).toISOString(),
      status: { code: 'ERROR', message: 'credenziali errate' },
      attributes: { 'rpc.system': 'grpc' },
    });
    expect(login.duration).toBeCloseTo(35, 1);

    // Jaeger's search by service and operation finds it; its service graph has the call.
    const found = await searchTraces(jaeger.url, { service: `identity-${encoding}`, operation: 'identity.v1.IdentityService/Login' });
    expect(found.map((t) => t.traceId)).toEqual([parent.traceId]);
    expect(await jaegerServices(jaeger.url)).toEqual(expect.arrayContaining([`gateway-${encoding}`, `identity-${encoding}`]));
    expect(await jaegerDependencies(jaeger.url)).toContainEqual({ parent: `gateway-${encoding}`, child: `identity-${encoding}`, callCount: 1 });
  });
});

test('searches newest first, by tag and limit; an unknown trace is undefined', async () => {
  const now = Date.now();
  const exported = await exportFrom('orders-search', 'protobuf', [
    { name: 'GET /api/orders', kind: 'SERVER', startMs: now - 3000, endMs: now - 2990, attributes: { 'http.route': '/api/orders' } },
    { name: 'GET /api/orders', kind: 'SERVER', startMs: now - 1000, endMs: now - 990, attributes: { 'http.route': '/api/orders/:id' } },
  ]);
  const [older, newer] = exported.spans.map((s) => s.traceId);
  await traceWith(newer, 1);
  const ids = async (search: Parameters<typeof searchTraces>[1]) => (await searchTraces(jaeger.url, search)).map((t) => t.traceId);
  expect(await ids({ service: 'orders-search' })).toEqual([newer, older]);
  expect(await ids({ service: 'orders-search', tags: { 'http.route': '/api/orders' } })).toEqual([older]);
  expect(await ids({ service: 'orders-search', limit: 1 })).toHaveLength(1);
  expect(await jaegerTrace(jaeger.url, '0123456789abcdef0123456789abcdef')).toBeUndefined();
});

test('a trace id with leading zeros reads back whole', async () => {
  const traceId = `00${crypto.randomBytes(15).toString('hex')}`;
  const parent = `00-${traceId}-${crypto.randomBytes(8).toString('hex')}-01`;
  const exported = await exportFrom('zeros', 'json', [{ name: 'child', startMs: Date.now() - 10, endMs: Date.now(), parent }]);
  expect(exported.spans[0].traceId).toBe(traceId);
  expect((await traceWith(traceId, 1)).spans[0]).toMatchObject({ traceId, service: 'zeros' });
});

test('stop frees every port; a Jaeger a crashed run left on the same folder is stopped by the next start', async () => {
  const secondDir = path.join(dir, 'second');
  const second = await startJaeger({
    dir: secondDir,
    ports: { ui: await getFreePort(), queryGrpc: await getFreePort(), otlpHttp: await getFreePort(), otlpGrpc: await getFreePort() },
  });
  // Its ports are taken while it runs: a start on them from another folder is refused before anything runs.
  await expect(startJaeger({ dir: path.join(dir, 'third'), ports: second.ports })).rejects.toThrow(`jaeger: porta ${second.ports.ui} già in uso (ui)`);
  // Its runner "crashed" (never called stop): the next start on its folder stops it and takes its ports.
  const leftPid = Number(fs.readFileSync(path.join(secondDir, 'jaeger.pid'), 'utf8'));
  const again = await startJaeger({ dir: secondDir, ports: second.ports });
  expect(pidAlive(leftPid)).toBe(false);
  await again.stop();
  expect(fs.existsSync(path.join(secondDir, 'jaeger.pid'))).toBe(false);
  for (const port of Object.values(second.ports)) expect(await isPortFree(port)).toBe(true);
}, 90_000);
