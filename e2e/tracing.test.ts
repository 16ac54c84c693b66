/**
 * One trace from the click to the consumer, in headless chromium against the real stack and the
 * run's Jaeger (read through its own query API): a user creates a merchant on /merchant-selection; the shell's fetch span
 * (service `shell`, exported through the gateway) is the root; the gateway's HTTP server span, its
 * gRPC client span, merchants' gRPC server span and its PostgreSQL spans follow; merchants' outbox
 * relay publishes `merchants.member.added` (a PRODUCER span in the same trace) and identity's
 * consumer handles it (a CONSUMER span, child of the publish). Log lines carry the trace id.
 *
 * Each step stands on its own: the later steps read the trace the first one records (a `given`);
 * when that step did not pass or run, the trace is made by a merchant creation sent through the
 * shell's own instrumented `fetch` in the logged-in page (the same root span, without the form).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { jaegerDependencies, jaegerTrace, searchTraces, type Trace, type TraceSpan } from '../deploy/local/src/jaeger';
import type { TestApp } from './support/app';
import type { BrowserSession } from './support/browser';
import { api, rawApi, signIn } from './support/api';
import { createScenario, given, newRunId, person, STOP_TIMEOUT_MS, TEST_TIMEOUT_MS } from './support/scenario';
import { eventually, expectToast, login } from './support/ui';

const scenario = createScenario(__filename);
const { step } = scenario;

const run = newRunId();
const user = person('Tina', 'Traccia', run);
const merchantName = `Bottega Tracciata ${run}`;

let app: TestApp;
let browser: BrowserSession;
let page: Page;

beforeAll(async () => {
  ({ app, browser, page } = await scenario.start());
  const registered = await rawApi(app.baseUrl, 'POST', '/api/register', user);
  expect(registered.status).toBe(201);
}, TEST_TIMEOUT_MS);

afterAll(() => scenario.stop(), STOP_TIMEOUT_MS);

const isMerchantCreation = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/merchants';

/**
 * Browser tracing loads after the first screen (load, then idle): waits for its chunk and for the
 * fetch instrumentation to wrap window.fetch (shimmer marks the wrapper `__wrapped`).
 */
async function browserTracingReady(): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/telemetry\.[0-9a-f]+\.js$/.test(e.name)));
  await page.waitForFunction(() => (window.fetch as unknown as { __wrapped?: boolean }).__wrapped === true);
}

/**
 * The trace of the merchant creation `sent` started, once it holds every span the later steps
 * look at. Spans arrive from four processes in batches, each exporting on its own schedule (the
 * gateway's server span ends with the response and may come after the consumer's).
 */
async function completeTrace(sent: Request): Promise<Trace> {
  const traceId = sent.headers().traceparent.split('-')[1];
  return eventually(async () => {
    const found = await jaegerTrace(app.tracesUrl, traceId);
    const ours = (s: TraceSpan) => s.service === 'identity' && s.attributes['messaging.consumer.group.name'] === `identity-member-added${app.consumerSuffix}`;
    const has = (service: string, name: string) => found?.spans.some((s) => s.service === service && s.name === name);
    if (
      found?.spans.some(ours) &&
      found.spans.some((s) => s.service === 'shell') &&
      has('gateway', 'POST /api/merchants') &&
      has('gateway', 'smista.merchants.v1.MerchantsService/CreateMerchant') &&
      has('merchants', 'smista.merchants.v1.MerchantsService/CreateMerchant') &&
      has('merchants', 'publish merchants.member.added')
    ) {
      return found;
    }
    throw new Error(`no complete trace ${traceId} in ${app.tracesUrl}: ${JSON.stringify(found?.spans.map((s) => `${s.service}:${s.name}`))}`);
  }, 30_000);
}

/**
 * The trace of a merchant created from the browser: the first step's, or one whose creation is
 * sent through the shell's instrumented fetch of the logged-in merchant selection (`POST
 * /api/merchants`, as the form sends it).
 */
const clickTrace = given('a trace of a merchant created in the browser', async () => {
  await signIn(browser.context, app.baseUrl, user);
  await page.goto('/merchant-selection');
  await page.getByRole('button', { name: 'Crea nuovo merchant' }).waitFor();
  await browserTracingReady();
  const request = page.waitForRequest(isMerchantCreation);
  const status = await page.evaluate(async (name) => {
    const res = await fetch('/api/merchants', { method: 'POST', headers: { Accept: 'application/json', 'Content-Type': 'application/json' }, body: JSON.stringify({ name }) });
    await res.text();
    return res.status;
  }, `${merchantName} (API)`);
  if (status !== 201) throw new Error(`POST /api/merchants: ${status}`);
  return completeTrace(await request);
});

describe('a trace begins at the click', () => {
  step('logs in and creates a merchant from the merchant selection', async () => {
    // Logged out, on the login page.
    expect((await api(browser.context, app.baseUrl, 'POST', '/api/logout', {})).status).toBe(200);
    await page.goto('/auth');
    await login(page, user.email, user.password);
    await page.waitForURL('**/merchant-selection');
    await browserTracingReady();
    await page.getByRole('button', { name: 'Crea nuovo merchant' }).click();
    await page.getByLabel('Nome del merchant').fill(merchantName);
    const request = page.waitForRequest(isMerchantCreation);
    await page.getByRole('button', { name: 'Crea', exact: true }).click();
    const sent = await request;
    expect(sent.headers().traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    await expectToast(page, 'Merchant creato con successo');

    // Every span the next steps look at.
    clickTrace.set(await completeTrace(sent));
  });

  step('holds browser, gateway, merchants, the NATS publish and identity’s consumer in parent order', async () => {
    const trace = await clickTrace.get();
    const byId = new Map(trace.spans.map((s) => [s.spanId, s]));
    const parentOf = (s: TraceSpan) => (s.parentSpanId ? byId.get(s.parentSpanId) : undefined);
    const one = (service: string, name: string | RegExp): TraceSpan => {
      const found = trace.spans.filter((s) => s.service === service && (typeof name === 'string' ? s.name === name : name.test(s.name)));
      expect({ service, name: String(name), found: found.length }).toEqual({ service, name: String(name), found: 1 });
      return found[0];
    };
    const browserSpan = one('shell', /POST/);
    const gatewayServer = one('gateway', 'POST /api/merchants');
    const gatewayClient = trace.spans.find((s) => s.service === 'gateway' && s.name === 'smista.merchants.v1.MerchantsService/CreateMerchant')!;
    const merchantsServer = one('merchants', 'smista.merchants.v1.MerchantsService/CreateMerchant');
    const publish = one('merchants', 'publish merchants.member.added');
    // Other suites' stacks share the run's NATS: their identity consumers see the event too and
    // join the same trace. This app's consumer is the one with its durable.
    const consumers = trace.spans.filter((s) => s.service === 'identity' && s.name === 'process merchants.member.added');
    const consume = consumers.find((s) => s.attributes['messaging.consumer.group.name'] === `identity-member-added${app.consumerSuffix}`)!;
    expect(consume).toBeDefined();
    for (const other of consumers) expect(parentOf(other)?.spanId).toBe(publish.spanId);

    expect(browserSpan.parentSpanId).toBeNull();
    expect(parentOf(gatewayServer)?.spanId).toBe(browserSpan.spanId);
    expect(parentOf(gatewayClient)?.spanId).toBe(gatewayServer.spanId);
    expect(parentOf(merchantsServer)?.spanId).toBe(gatewayClient.spanId);
    expect(parentOf(publish)?.spanId).toBe(merchantsServer.spanId);
    expect(parentOf(consume)?.spanId).toBe(publish.spanId);
    // Each span keeps its OTLP kind in Jaeger (`span.kind`).
    expect([browserSpan, gatewayServer, gatewayClient, merchantsServer, publish, consume].map((s) => s.kind)).toEqual(['client', 'server', 'client', 'server', 'producer', 'consumer']);

    // PostgreSQL queries of the handler are spans of it (the merchant and membership inserts).
    const queries = trace.spans.filter((s) => s.service === 'merchants' && parentOf(s)?.spanId === merchantsServer.spanId && s.spanId !== publish.spanId);
    expect(queries.length).toBeGreaterThan(0);
    expect(gatewayServer.attributes['http.route']).toBe('/api/merchants');
    expect(gatewayServer.attributes['http.response.status_code']).toBe(201);
    for (const s of [gatewayServer, merchantsServer, publish, consume]) expect({ name: s.name, status: s.status.code }).toEqual({ name: s.name, status: expect.not.stringMatching('ERROR') });
  });

  step("writes the trace's id on the log lines of the request in every service", async () => {
    const trace = await clickTrace.get();
    const lines = async (component: string) =>
      (await fs.readFile(path.join(app.logDir, `${component}.log`), 'utf8'))
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
    // One merchant creation per trace (the first step's, or the one its stand-in sent).
    const requestLines = (await lines('gateway')).filter((l) => l.path === '/api/merchants' && l.method === 'POST');
    expect(requestLines).toContainEqual(expect.objectContaining({ trace_id: trace.traceId, span_id: expect.stringMatching(/^[0-9a-f]{16}$/) }));
    const created = (await lines('merchants')).find((l) => l.msg === 'merchant created' && l.trace_id === trace.traceId);
    expect(created).toMatchObject({ trace_id: trace.traceId, userId: expect.any(String), merchantId: expect.any(String) });
    const refreshed = (await lines('identity')).find((l) => l.msg === 'session roles refreshed' && l.merchantId === created!.merchantId);
    expect(refreshed).toMatchObject({ trace_id: trace.traceId });
  });

  step('Jaeger’s search finds the trace by the consumer, and its service graph runs shell → gateway → merchants → identity', async () => {
    const trace = await clickTrace.get();
    // The UI's search: service, operation and a tag (this app's durable, so other suites' traces stay out).
    const found = await searchTraces(app.tracesUrl, {
      service: 'identity',
      operation: 'process merchants.member.added',
      tags: { 'messaging.consumer.group.name': `identity-member-added${app.consumerSuffix}` },
    });
    expect(found.map((t) => t.traceId)).toContain(trace.traceId);
    // The System Architecture graph: an edge wherever a span of one service is the parent of another's.
    const edges = (await jaegerDependencies(app.tracesUrl)).map((d) => `${d.parent} → ${d.child}`);
    expect(edges).toEqual(expect.arrayContaining(['shell → gateway', 'gateway → merchants', 'merchants → identity']));
  });
});
