import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { glsSandboxControl, posteDeliverySandboxControl } from '@smista/sandboxes';
import { jaegerTrace } from './jaeger';
import { waitFor } from './machine-load';
import { repoRoot, tmpDir } from './paths';
import { isPortFree } from './ports';
import { APP_COMPONENTS, type AppComponent, type StackContext } from './components';
import { componentEnv, grpcAddrVar } from './services';
import {
  devAppPorts,
  devSecretsKeys,
  infraClaims,
  infraPorts,
  newSecretsKeys,
  sandboxLatencyMs,
  startApp,
  testPortOffset,
  type InfraEndpoints,
} from './stack';

const dumpDir = path.join(tmpDir, `stack-test-${crypto.randomBytes(3).toString('hex')}`);
afterAll(() => fs.rmSync(dumpDir, { recursive: true, force: true }));

// Same shape as APP_COMPONENTS, played by fixtures.
const fakes: AppComponent[] = [
  { name: 'alpha', dir: 'deploy/local/fixtures', entry: 'fake-grpc.js', kind: 'grpc', devPort: 0, devMetricsPort: 0, stage: 1, database: 'smista_alpha', peers: ['beta'] },
  { name: 'beta', dir: 'deploy/local/fixtures', entry: 'fake-grpc.js', kind: 'grpc', devPort: 0, devMetricsPort: 0, stage: 1, database: 'smista_beta' },
  { name: 'gw', dir: 'deploy/local/fixtures', entry: 'fake-http.js', kind: 'http', devPort: 0, devMetricsPort: 0, stage: 2, peers: ['alpha', 'beta'], env: () => ({ COOKIE_SECURE: 'false' }) },
];

/** The shared test infrastructure jest's globalSetup started. */
const infra = (): InfraEndpoints => ({
  pgAdminUrl: process.env.TEST_PG_ADMIN_URL!,
  natsUrl: process.env.TEST_NATS_URL!,
  smtpUrl: process.env.TEST_SMTP_URL!,
  otlpUrl: process.env.TEST_OTLP_URL!,
  pagesUrl: process.env.TEST_PAGES_URL!,
  sandboxes: { gls: process.env.TEST_GLS_URL!, poste: process.env.TEST_POSTE_URL!, ebay: process.env.TEST_EBAY_URL! },
});

type Dump = { env: Record<string, string>; startedAt: number; healthyAt?: number };
const readDump = (name: string): Dump => JSON.parse(fs.readFileSync(path.join(dumpDir, `${name}.json`), 'utf8')) as Dump;

test('startApp wires services and gateway, starts the gateway after the services are healthy, stops in order', async () => {
  const app = await startApp({
    infra: infra(),
    ports: 'free',
    databases: 'fresh',
    output: { mode: 'files', logDir: path.join(dumpDir, 'logs') },
    components: fakes,
    env: { FAKE_DUMP_DIR: dumpDir },
    componentEnv: { alpha: { FAKE_NAME: 'alpha', FAKE_READY_DELAY_MS: '500' }, beta: { FAKE_NAME: 'beta' }, gw: { FAKE_NAME: 'gw' } },
    callerTokenSecret: 'segreto',
    detached: false,
  });
  try {
    expect(app.baseUrl).toBe(`http://127.0.0.1:${app.ports.gw}`);
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);

    const alpha = readDump('alpha');
    const beta = readDump('beta');
    const gw = readDump('gw');
    expect(gw.startedAt).toBeGreaterThanOrEqual(alpha.healthyAt!);
    expect(gw.startedAt).toBeGreaterThanOrEqual(beta.healthyAt!);

    // Every port distinct: components and their metrics ports.
    const allPorts = [...Object.values(app.ports), ...Object.values(app.metricsPorts)];
    expect(new Set(allPorts).size).toBe(6);
    expect(alpha.env).toMatchObject({
      GRPC_PORT: String(app.ports.alpha),
      METRICS_PORT: String(app.metricsPorts.alpha),
      OTEL_EXPORTER_OTLP_ENDPOINT: process.env.TEST_OTLP_URL,
      DATABASE_URL: app.databases.alpha,
      NATS_URL: process.env.TEST_NATS_URL,
      SMTP_URL: process.env.TEST_SMTP_URL,
      CALLER_TOKEN_SECRET: 'segreto',
      MAIL_FROM: 'Smista <no-reply@smista.local>',
      PUBLIC_URL: app.baseUrl,
      BETA_GRPC_ADDR: `127.0.0.1:${app.ports.beta}`,
    });
    expect(alpha.env.ALPHA_GRPC_ADDR).toBeUndefined();
    expect(beta.env.METRICS_PORT).toBe(String(app.metricsPorts.beta));
    expect(gw.env).toMatchObject({
      PORT: String(app.ports.gw),
      METRICS_PORT: String(app.metricsPorts.gw),
      OTEL_EXPORTER_OTLP_ENDPOINT: process.env.TEST_OTLP_URL,
      HOST: '127.0.0.1',
      ALPHA_GRPC_ADDR: `127.0.0.1:${app.ports.alpha}`,
      BETA_GRPC_ADDR: `127.0.0.1:${app.ports.beta}`,
      PUBLIC_URL: app.baseUrl,
      COOKIE_SECURE: 'false',
    });
    expect(gw.env.DATABASE_URL).toBeUndefined();

    // Fresh databases exist and are distinct.
    expect(app.databases.alpha).not.toBe(app.databases.beta);
    const client = new pg.Client({ connectionString: app.databases.alpha });
    await client.connect();
    const { rows } = await client.query<{ db: string }>('SELECT current_database() AS db');
    await client.end();
    expect(rows[0].db).toMatch(/^alpha_[a-z0-9]+$/);

    // Raw output in one file per component.
    expect(fs.readFileSync(path.join(dumpDir, 'logs', 'alpha.log'), 'utf8')).toContain('"msg":"serving"');
  } finally {
    await app.stop();
  }
  for (const name of ['alpha', 'beta', 'gw']) expect(await isPortFree(app.ports[name])).toBe(true);
});

test('a failing service stops the ones already started and the gateway never starts', async () => {
  const broken: AppComponent[] = [
    fakes[0],
    { ...fakes[1], entry: 'crash.js' },
    fakes[2],
  ];
  const error = await startApp({
    infra: infra(),
    ports: 'free',
    databases: 'fresh',
    output: { mode: 'files', logDir: path.join(dumpDir, 'logs-broken') },
    components: broken,
    env: { FAKE_DUMP_DIR: path.join(dumpDir, 'broken') },
    componentEnv: { alpha: { FAKE_NAME: 'alpha' }, gw: { FAKE_NAME: 'gw' } },
    detached: false,
  }).catch((e: unknown) => e as Error);
  expect((error as Error).message.split('\n')[0]).toBe("beta: è terminato durante l'avvio (codice 3)");
  expect(fs.existsSync(path.join(dumpDir, 'broken', 'gw.json'))).toBe(false);
});

test('the real topology: every component gets the addresses of the peers its row names (the gateway all of them), and the sandboxes point their callers at themselves', () => {
  const ports = Object.fromEntries(APP_COMPONENTS.map((c) => [c.name, c.devPort]));
  const metricsPorts = Object.fromEntries(APP_COMPONENTS.map((c) => [c.name, c.devMetricsPort]));
  const ctx: StackContext = {
    ports,
    metricsPorts,
    databaseUrls: {
      identity: 'postgres://x/smista_identity',
      merchants: 'postgres://x/smista_merchants',
      carriers: 'postgres://x/smista_carriers',
      marketplaces: 'postgres://x/smista_marketplaces',
      orders: 'postgres://x/smista_orders',
      shipments: 'postgres://x/smista_shipments',
      activity: 'postgres://x/smista_activity',
    },
    natsUrl: 'nats://127.0.0.1:42220',
    smtpUrl: 'smtp://127.0.0.1:1025',
    otlpEndpoint: 'http://127.0.0.1:4318',
    legalUrls: { termsUrl: 'http://127.0.0.1:8045/termini.html', privacyUrl: 'http://127.0.0.1:8045/privacy.html' },
    publicUrl: 'http://127.0.0.1:8080',
    callerTokenSecret: 's',
    secretsKeys: 'dev1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    sandboxUrls: { gls: 'http://127.0.0.1:8091', poste: 'http://127.0.0.1:8092', ebay: 'http://127.0.0.1:8093', shopify: 'http://127.0.0.1:8094', amazon: 'http://127.0.0.1:8095' },
    redisUrl: 'redis://127.0.0.1:63790',
    ebayApp: { clientId: 'SmistaSa-Smista-SBX-1', clientSecret: 'SBX-secret', ruName: 'Smista_Srl-SmistaSa-Smista-1' },
    logLevel: 'info',
    frontendsDir: path.join(repoRoot, 'frontends'),
    remotesBucket: 'smista_remotes',
  };
  const byName = (n: string) => APP_COMPONENTS.find((c) => c.name === n)!;
  expect(componentEnv(byName('identity'), ctx, APP_COMPONENTS)).toEqual({
    GRPC_PORT: '50051',
    DATABASE_URL: 'postgres://x/smista_identity',
    NATS_URL: 'nats://127.0.0.1:42220',
    CALLER_TOKEN_SECRET: 's',
    SMTP_URL: 'smtp://127.0.0.1:1025',
    MAIL_FROM: 'Smista <no-reply@smista.local>',
    METRICS_PORT: '9401',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'info',
    MERCHANTS_GRPC_ADDR: '127.0.0.1:50052',
  });
  expect(componentEnv(byName('merchants'), ctx, APP_COMPONENTS)).toMatchObject({
    GRPC_PORT: '50052',
    METRICS_PORT: '9402',
    DATABASE_URL: 'postgres://x/smista_merchants',
    IDENTITY_GRPC_ADDR: '127.0.0.1:50051',
  });
  // Everything services/carriers/src/config.ts reads except NATS_CONSUMER_SUFFIX and NATS_CONSUMERS_SINCE (startApp adds them
  // for test stacks), plus what every service gets.
  expect(componentEnv(byName('carriers'), ctx, APP_COMPONENTS)).toEqual({
    GRPC_PORT: '50053',
    DATABASE_URL: 'postgres://x/smista_carriers',
    NATS_URL: 'nats://127.0.0.1:42220',
    CALLER_TOKEN_SECRET: 's',
    SMTP_URL: 'smtp://127.0.0.1:1025',
    MAIL_FROM: 'Smista <no-reply@smista.local>',
    METRICS_PORT: '9403',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'info',
    MERCHANTS_GRPC_ADDR: '127.0.0.1:50052',
    SECRETS_KEYS: 'dev1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    GLS_BASE_URL: 'http://127.0.0.1:8091',
    GLS_TRACKING_URL: 'http://127.0.0.1:8091',
    POSTE_DELIVERY_BASE_URL: 'http://127.0.0.1:8092',
  });
  // marketplaces gets the eBay app registered with the sandbox and the sandbox for eBay's three hosts, and the Shopify sandbox.
  expect(componentEnv(byName('marketplaces'), ctx, APP_COMPONENTS)).toMatchObject({
    GRPC_PORT: '50054',
    METRICS_PORT: '9404',
    DATABASE_URL: 'postgres://x/smista_marketplaces',
    SECRETS_KEYS: 'dev1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    EBAY_CLIENT_ID: 'SmistaSa-Smista-SBX-1',
    EBAY_CLIENT_SECRET: 'SBX-secret',
    EBAY_RU_NAME: 'Smista_Srl-SmistaSa-Smista-1',
    EBAY_AUTH_URL: 'http://127.0.0.1:8093',
    EBAY_API_URL: 'http://127.0.0.1:8093',
    EBAY_IDENTITY_URL: 'http://127.0.0.1:8093',
    // Shopify: every shop of the sandbox under /store/{shop}, its app, back to this application.
    SHOPIFY_SHOP_URL: 'http://127.0.0.1:8094/store/{shop}',
    SHOPIFY_CLIENT_ID: 'smista-shopify-sandbox-client',
    SHOPIFY_REDIRECT_URL: 'http://127.0.0.1:8080/marketplace/callback',
    // Amazon: Seller Central, LWA and the SP-API at the sandbox's one address, its app, back to this application.
    AMAZON_CONSENT_URL: 'http://127.0.0.1:8095',
    AMAZON_LWA_URL: 'http://127.0.0.1:8095',
    AMAZON_API_URL: 'http://127.0.0.1:8095',
    AMAZON_APPLICATION_ID: 'amzn1.sp.solution.smista-sandbox',
    AMAZON_REDIRECT_URL: 'http://127.0.0.1:8080/marketplace/callback',
  });
  expect(componentEnv(byName('orders'), ctx, APP_COMPONENTS)).toMatchObject({
    GRPC_PORT: '50055',
    DATABASE_URL: 'postgres://x/smista_orders',
    CARRIERS_GRPC_ADDR: '127.0.0.1:50053',
    MARKETPLACES_GRPC_ADDR: '127.0.0.1:50054',
  });
  expect(componentEnv(byName('orders'), ctx, APP_COMPONENTS)).not.toHaveProperty('SHIPMENTS_GRPC_ADDR');
  expect(componentEnv(byName('shipments'), ctx, APP_COMPONENTS)).toMatchObject({
    GRPC_PORT: '50056',
    METRICS_PORT: '9406',
    DATABASE_URL: 'postgres://x/smista_shipments',
    ORDERS_GRPC_ADDR: '127.0.0.1:50055',
    CARRIERS_GRPC_ADDR: '127.0.0.1:50053',
    MERCHANTS_GRPC_ADDR: '127.0.0.1:50052',
  });
  // activity calls no peer, so it gets no address; its own variables keep their defaults.
  expect(componentEnv(byName('activity'), ctx, APP_COMPONENTS)).toMatchObject({
    GRPC_PORT: '50057',
    METRICS_PORT: '9407',
    DATABASE_URL: 'postgres://x/smista_activity',
  });
  expect(Object.keys(componentEnv(byName('activity'), ctx, APP_COMPONENTS)).filter((key) => key.endsWith('_GRPC_ADDR'))).toEqual([]);
  expect(componentEnv(byName('gateway'), ctx, APP_COMPONENTS)).toHaveProperty('ACTIVITY_GRPC_ADDR', '127.0.0.1:50057');
  // Only the services that encrypt credentials hold the keys.
  expect(componentEnv(byName('merchants'), ctx, APP_COMPONENTS)).not.toHaveProperty('SECRETS_KEYS');
  expect(componentEnv(byName('orders'), ctx, APP_COMPONENTS)).not.toHaveProperty('SECRETS_KEYS');
  expect(componentEnv(byName('gateway'), ctx, APP_COMPONENTS)).toEqual({
    PORT: '8080',
    HOST: '127.0.0.1',
    METRICS_PORT: '9400',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'info',
    // Every gRPC row of the table (components.test.ts checks the gateway's row names them all).
    ...Object.fromEntries(APP_COMPONENTS.filter((c) => c.kind === 'grpc').map((c) => [grpcAddrVar(c.name), `127.0.0.1:${c.devPort}`])),
    FRONTENDS_DIR: path.join(repoRoot, 'frontends'),
    LOCAL_REMOTES: 'true',
    REMOTES_BUCKET: 'smista_remotes',
    COOKIE_SECURE: 'false',
    RATE_LIMIT_ENABLED: 'true',
    LEGAL_TERMS_URL: 'http://127.0.0.1:8045/termini.html',
    LEGAL_PRIVACY_URL: 'http://127.0.0.1:8045/privacy.html',
    NATS_URL: 'nats://127.0.0.1:42220',
    REDIS_URL: 'redis://127.0.0.1:63790',
  });
  // Only the gateway keeps rate-limit counters.
  expect(componentEnv(byName('identity'), ctx, APP_COMPONENTS)).not.toHaveProperty('REDIS_URL');
  expect(grpcAddrVar('marketplaces')).toBe('MARKETPLACES_GRPC_ADDR');
});

test('ports: Jaeger, sample pages and sandboxes move with the offset; the dev check covers every metrics port', () => {
  // Jaeger's own ports in dev: UI and API 16686, query gRPC 16685, OTLP 4318 (HTTP) and 4317 (gRPC).
  expect(infraPorts('dev')).toMatchObject({ traces: 16686, tracesGrpc: 16685, otlpHttp: 4318, otlpGrpc: 4317, samplePages: 8045, gls: 8091, poste: 8092, ebay: 8093, redis: 63790 });
  expect(infraPorts('test', 300)).toMatchObject({ traces: 16996, tracesGrpc: 17026, otlpHttp: 14638, otlpGrpc: 14667, samplePages: 8355, mailHttp: 8335, gls: 8401, poste: 8431, ebay: 8461, redis: 46690 });
  // An offset no suite runs at: a Redis of this profile left running there would be reused, not claimed.
  expect(infraClaims('test', infraPorts('test', 370), 370).map((c) => c.label)).toEqual(
    expect.arrayContaining(['Jaeger UI e API', 'Jaeger API gRPC', 'Jaeger OTLP/HTTP', 'Jaeger OTLP/gRPC', 'pagine di esempio', 'sandbox GLS', 'sandbox Poste Delivery', 'sandbox eBay', 'Redis']),
  );
  // No two infrastructure ports of one profile collide, nor dev with test.
  const all = [...Object.values(infraPorts('dev')), ...Object.values(infraPorts('test'))];
  expect(new Set(all).size).toBe(all.length);
  // Parallel runs with nearby offsets (11, 12, ...) never share a port: test ports lie ≥ 20 apart.
  const testPorts = Object.values(infraPorts('test')).sort((a, b) => a - b);
  for (let i = 1; i < testPorts.length; i++) expect(testPorts[i] - testPorts[i - 1]).toBeGreaterThanOrEqual(20);
  // Each application row's port and metrics port; the gateway's moved by PORT.
  expect(devAppPorts(APP_COMPONENTS, 18080)).toEqual(
    APP_COMPONENTS.flatMap((c) => [
      { port: c.kind === 'http' ? 18080 : c.devPort, label: c.name },
      { port: c.devMetricsPort, label: `${c.name} METRICS_PORT` },
    ]),
  );
  expect(devAppPorts(APP_COMPONENTS, 18080).slice(0, 2)).toEqual([
    { port: 50051, label: 'identity' },
    { port: 9401, label: 'identity METRICS_PORT' },
  ]);
});

test('the shared test infrastructure runs the GLS, Poste Delivery and eBay sandboxes on their test ports', async () => {
  const ports = infraPorts('test', testPortOffset());
  expect(process.env.TEST_GLS_URL).toBe(`http://127.0.0.1:${ports.gls}`);
  expect(process.env.TEST_POSTE_URL).toBe(`http://127.0.0.1:${ports.poste}`);
  expect(process.env.TEST_EBAY_URL).toBe(`http://127.0.0.1:${ports.ebay}`);
  // eBay's token endpoint answers its own error shape to a request without client credentials.
  const token = await fetch(`${process.env.TEST_EBAY_URL}/identity/v1/oauth2/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' });
  expect(token.status).toBe(401);
  expect(await token.json()).toMatchObject({ error: 'invalid_client' });
  // Each answers in its own carrier's wire format: GLS's tracking feed, Poste's session endpoint.
  const tracking = await fetch(`${process.env.TEST_GLS_URL}/XML/get_xml_track.php?locpartenza=MI&NumSped=1&CodCli=1`);
  expect(tracking.status).toBe(200);
  expect(await tracking.text()).toContain('<TESTOERRORE>');
  const session = await fetch(`${process.env.TEST_POSTE_URL}/user/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(session.status).toBe(400);
  expect(await session.json()).toMatchObject({ error: 'invalid_request' });
  // Issue 26: the clock the suites control, on each carrier sandbox's control endpoints. Only read
  // here: every suite's parcels walk on the shared clocks (a suite that moves one starts its own).
  for (const clock of [glsSandboxControl(process.env.TEST_GLS_URL!), posteDeliverySandboxControl(process.env.TEST_POSTE_URL!)]) {
    // The system clock, or later if a suite moved it (it never goes back).
    expect((await clock.clock()).getTime()).toBeGreaterThan(Date.now() - 60_000);
  }
});

test('SECRETS_KEYS: the dev key is made once and kept (owner-only), SECRETS_KEYS wins; tests get a new key each time', () => {
  const file = path.join(dumpDir, 'dev', 'secrets-keys');
  const saved = process.env.SECRETS_KEYS;
  delete process.env.SECRETS_KEYS;
  try {
    const first = devSecretsKeys(file);
    expect(first).toMatch(/^dev1:[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.split(':')[1], 'base64')).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    // A restart reads the same key: what the dev databases encrypted stays readable.
    expect(devSecretsKeys(file)).toBe(first);
    fs.writeFileSync(file, '');
    expect(() => devSecretsKeys(file)).toThrow(/secrets-keys è vuoto/);
    process.env.SECRETS_KEYS = 'own:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=';
    expect(devSecretsKeys(file)).toBe('own:BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB=');
  } finally {
    if (saved === undefined) delete process.env.SECRETS_KEYS;
    else process.env.SECRETS_KEYS = saved;
  }
  const a = newSecretsKeys();
  expect(a).toMatch(/^k1:[A-Za-z0-9+/]{43}=$/);
  expect(newSecretsKeys()).not.toBe(a);
});

test('SANDBOX_LATENCY_MS: 0 when unset, whole milliseconds up to a minute, anything else named', () => {
  expect(sandboxLatencyMs(undefined)).toBe(0);
  expect(sandboxLatencyMs('')).toBe(0);
  expect(sandboxLatencyMs('800')).toBe(800);
  for (const bad of ['-1', '1.5', 'lento', '60001']) expect(() => sandboxLatencyMs(bad)).toThrow(`SANDBOX_LATENCY_MS non valido: ${bad}`);
});

test('the real application: /metrics on every METRICS_PORT, spans in Jaeger, the sample legal pages in the gateway', async () => {
  // `make test` builds every component before jest runs.
  for (const c of APP_COMPONENTS) expect(fs.existsSync(path.join(repoRoot, c.dir, c.entry ?? 'dist/main.js'))).toBe(true);
  const app = await startApp({
    infra: infra(),
    ports: 'free',
    databases: 'fresh',
    output: { mode: 'files', logDir: path.join(dumpDir, 'logs-real') },
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false' } },
    detached: false,
  });
  try {
    for (const c of APP_COMPONENTS) {
      const res = await fetch(`http://127.0.0.1:${app.metricsPorts[c.name]}/metrics`);
      expect([c.name, res.status]).toEqual([c.name, 200]);
      const metrics = await res.text();
      expect(metrics).toContain('# TYPE ');
      // Every component runs on the runner's own Node (under make test: .node-version's major).
      expect([c.name, /^nodejs_version_info\{version="(v[\d.]+)"/m.exec(metrics)?.[1]]).toEqual([c.name, process.version]);
    }

    const config = (await (await fetch(`${app.baseUrl}/api/public-config`)).json()) as { termsUrl: string; privacyUrl: string };
    expect(config).toMatchObject({ termsUrl: `${process.env.TEST_PAGES_URL}/termini.html`, privacyUrl: `${process.env.TEST_PAGES_URL}/privacy.html` });
    expect(await (await fetch(config.termsUrl)).text()).toContain('Pagina di esempio');

    // A request that carries our trace context: the gateway's span joins it and reaches Jaeger.
    const traceId = crypto.randomBytes(16).toString('hex');
    await (await fetch(`${app.baseUrl}/api/user`, { headers: { traceparent: `00-${traceId}-${crypto.randomBytes(8).toString('hex')}-01` } })).arrayBuffer();
    const trace = await waitFor(`la traccia ${traceId} in Jaeger`, async () => {
      const found = await jaegerTrace(process.env.TEST_TRACES_URL!, traceId);
      return found?.spans.some((s) => s.service === 'gateway') && found;
    });
    expect(trace.spans.find((s) => s.service === 'gateway')).toMatchObject({ traceId, kind: 'server', attributes: { 'http.request.method': 'GET' } });
  } finally {
    await app.stop();
  }
}, 90_000);
