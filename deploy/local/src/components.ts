/**
 * Every component of Smista in one typed table: the infrastructure (PostgreSQL, NATS, Redis, mail,
 * traces, pages, Prometheus), the provider sandboxes, the gRPC services and the gateway. Everything
 * that lists components is derived from it: the local stack's start and stop order and its port
 * check (stack.ts), jest's shared infrastructure and its TEST_* variables (jest-global-setup.ts),
 * Prometheus's scrape jobs, every component's `<PEER>_GRPC_ADDR`, the bench scripts, and the checks
 * of the Helm charts, the gateway's service table and the README's port table (components.test.ts,
 * charts/charts.test.ts). Adding a service or a sandbox is one row here (see services/README.md).
 *
 * Order matters: the table is the start order (stage by stage, each stage in parallel) and its
 * reverse is the stop order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ALIEXPRESS_SANDBOX_APP, AMAZON_SANDBOX_APP, ETSY_SANDBOX_APP, SHOPIFY_SANDBOX_APP, startAliexpressSandbox, startAmazonSandbox, startEbaySandbox, startEtsySandbox, startGlsSandbox, startPosteDeliverySandbox, startShopifySandbox, type ShopifySandboxOptions } from '@smista/sandboxes';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher';
import { startNats, SUITE_ACCOUNTS, type NatsHandle } from './nats';
import { profilePaths, repoRoot } from './paths';
import { startPostgres, type PostgresHandle } from './postgres';
import { startJaeger, type JaegerHandle } from './jaeger';
import { KEYCLOAK_ADMIN, KEYCLOAK_REALM, KEYCLOAK_SAMPLE_USERS, startKeycloak, type KeycloakHandle } from './keycloak';
import { pidAlive } from './proc';
import { startOptionalPrometheus } from './prometheus';
import { runningRedisPid, startRedis, type RedisHandle } from './redis';
import { startSamplePages, type SamplePages } from './sample-pages';

export type Profile = 'dev' | 'test';

/** One port a piece of infrastructure listens on, on 127.0.0.1. */
export interface PortSpec {
  /** `make dev`'s port. */
  dev: number;
  /**
   * The shared test infrastructure's port, moved by SMISTA_TEST_PORT_OFFSET; absent when the tests
   * never run it. No two test ports lie closer than 20 apart (runs with offsets 11, 12… side by side).
   */
  test?: number;
  /** Human name for the port check's message: `Porta 8035 già in uso (mail catcher HTTP)`. */
  label: string;
}

/** What a row's start function gets. */
export interface InfraStartContext {
  profile: Profile;
  /** SMISTA_TEST_PORT_OFFSET (test profile), else 0. */
  offset: number;
  /** This row's ports for the profile, by key. */
  ports: Record<string, number>;
  /** Every first-stage row's ports for the profile, by key (Keycloak's PostgreSQL). */
  infraPorts: Record<string, number>;
  /** Where the profile keeps its state (`.data/<profile>[-<offset>]`). */
  dirs: ReturnType<typeof profilePaths>;
  /** One line under the row's name (warnings of a daemon). */
  log(line: string): void;
  /** Each e-mail the mail catcher catches. */
  onMail?(mail: CaughtMail): void;
  /** SANDBOX_LATENCY_MS: the delay the sandboxes add to every answer. */
  latencyMs: number;
  /** The application's components (Prometheus scrapes them). */
  app: readonly AppComponent[];
}

/** Whatever a start function answers: something that stops. */
export interface Stoppable {
  stop(): Promise<void>;
}

/** A provider sandbox of `@smista/sandboxes`, running. */
export interface SandboxHandle extends Stoppable {
  /** Base URL, e.g. `http://127.0.0.1:8091`. */
  url: string;
  port: number;
}

/** A row of infrastructure or a sandbox: a process or server the local stack runs, never in Kubernetes. */
export interface InfraComponent<N extends string = string, P extends string = string, H extends Stoppable = Stoppable, S extends 0 | 1 = 0 | 1> {
  /** Short name: log prefix, key of its handle in `Infra`. */
  name: N;
  kind: 'infra' | 'sandbox';
  /** What it is, for the README's table of components. */
  what: string;
  /** Its ports by key (the keys of `InfraPorts`). */
  ports: Record<P, PortSpec>;
  /** How the README's table shows where it listens, given its ports of one profile. */
  where(ports: Record<P, number>): string;
  /**
   * 0: started with the infrastructure, all in parallel, before the application; 1: beside the
   * application's first stage (Prometheus: it tolerates targets that are not up yet).
   */
  stage: S;
  /** Profiles that run it: a row without a test port runs in `make dev` only. */
  profiles: readonly Profile[];
  /** Starts it and resolves once it answers (its readiness). */
  start(ctx: InfraStartContext): Promise<H>;
  /** The lines it says once ready, under its name. */
  ready(handle: H): string[];
  /** True when our own instance of this profile already holds `port` and start reuses it: not a conflict. */
  reuses?(profile: Profile, port: number, offset: number): boolean;
  /** The variables jest's globalSetup hands every suite (deploy/local/src/jest-global-setup.ts). */
  testEnv?(handle: H): Record<string, string>;
  /** A sandbox: its README (accounts, behaviour), relative to the repository root. */
  readme?: string;
  /** A sandbox: the variables of the components that call it, pointing at its base URL. */
  consumers?: Record<string, (url: string) => Record<string, string>>;
  /** In Kubernetes the cluster provides it: no chart of ours. */
  chart: null;
}

/** One deployable of the application (a gRPC service or the HTTP gateway): a chart, an image, a process. */
export interface AppComponent {
  /** Short name: log prefix, `<NAME>_GRPC_ADDR` for peers, the chart's folder, the Prometheus job. */
  name: string;
  /** Package folder relative to the repository root; runs `node <entry>` there. */
  dir: string;
  /** Script relative to `dir`; default `dist/main.js`. */
  entry?: string;
  /** gRPC services get GRPC_PORT and are probed with gRPC health; http components get PORT/HOST and GET /healthz. */
  kind: 'grpc' | 'http';
  /** Fixed gRPC (or HTTP) port for `make dev` and in the charts (tests pick free ports). */
  devPort: number;
  /**
   * Fixed METRICS_PORT for `make dev`: the component's admin server (`/metrics`, `/livez`,
   * `/readyz`), which Prometheus scrapes. Tests pick free ports; the charts use 9464.
   */
  devMetricsPort: number;
  /**
   * Start order: all components of a stage start in parallel; the next stage starts when all of them
   * are healthy. Stop order is the reverse.
   */
  stage: number;
  /** Its own PostgreSQL database (dev name; tests use `<name>_<unique suffix>`). */
  database?: string;
  /** The gRPC services it calls: it gets `<PEER>_GRPC_ADDR` of each (and the chart's env the same). */
  peers?: readonly string[];
  /** The JetStream streams it owns (its `events/publishers.ts`). */
  streams?: readonly string[];
  /** Its Helm chart under `charts/`, a dependency of the umbrella `charts/smista`. */
  chart?: string;
  /** Extra variables on top of componentEnv's common ones. */
  env?: (ctx: StackContext) => Record<string, string>;
}

/** Everything a component's environment is built from, resolved when the stack starts. */
export interface StackContext {
  /** Port of every component, by name. */
  ports: Record<string, number>;
  /** METRICS_PORT of every component, by name. */
  metricsPorts: Record<string, number>;
  /** DATABASE_URL of every component that has a database, by name. */
  databaseUrls: Record<string, string>;
  natsUrl: string;
  smtpUrl: string;
  /** Base URL of Jaeger's OTLP/HTTP receiver (OTEL_EXPORTER_OTLP_ENDPOINT); spans go to `<base>/v1/traces`. */
  otlpEndpoint: string;
  /** The sample 'Termini e Condizioni' and 'Privacy Policy' pages the gateway links to. */
  legalUrls: { termsUrl: string; privacyUrl: string };
  /** URL of the gateway as users reach it (links in e-mails). */
  publicUrl: string;
  /** Secret identity signs caller tokens with and services verify them with. */
  callerTokenSecret: string;
  /**
   * SECRETS_KEYS (`id:base64-of-32-bytes`) of the services that encrypt credentials at rest: kept in
   * `.data/dev/secrets-keys` for `make dev`, so stored carrier passwords survive a restart; new for
   * each test application.
   */
  secretsKeys: string;
  /** Base URL of every sandbox, by row name (`gls`, `poste`, `ebay`); their rows' `consumers` point the callers at them. */
  sandboxUrls: Record<string, string>;
  /** The gateway's REDIS_URL: rate-limit counters shared by every gateway process. */
  redisUrl?: string;
  /** The gateway's RATE_LIMIT_REDIS_PREFIX (default `smista:rl:`): stacks sharing one Redis each set their own. */
  rateLimitKeyPrefix?: string;
  /** The eBay app registered with the sandbox for this application (its RuName leads back to its gateway). */
  ebayApp: EbayApp;
  /** The Keycloak realm and this application's client there; absent: SSO off. */
  sso?: { issuer: string; clientId: string };
  logLevel: string;
  /** Absolute path of `frontends/`. */
  frontendsDir: string;
  /**
   * The remotes registry's NATS KV bucket (REMOTES_BUCKET): `smista_remotes` for `make dev`, one of
   * its own for each test application sharing the test NATS, so their remotes never mix.
   */
  remotesBucket: string;
}

/** An eBay developer app: what marketplaces sends eBay as client and redirect_uri. */
export interface EbayApp {
  clientId: string;
  clientSecret: string;
  ruName: string;
}

/** Any row of the table. */
export type Component = InfraComponent | AppComponent;

/** Keeps a row's literal name, port keys, handle and stage in the table's type. */
function infra<const N extends string, const P extends string, H extends Stoppable, const S extends 0 | 1>(row: InfraComponent<N, P, H, S>): InfraComponent<N, P, H, S> {
  return row;
}

/** A sandbox of `@smista/sandboxes`: one port, `TEST_<NAME>_URL` for the suites, its README. */
function sandbox<const N extends string>(row: {
  name: N;
  /** 'GLS', 'Poste Delivery': in messages and lines. */
  title: string;
  what: string;
  port: { dev: number; test: number };
  /** `ctx` for what differs by profile (`make dev`'s Shopify app delivers webhooks to the gateway). */
  start(options: { port: number; host: string; latencyMs: number }, ctx: InfraStartContext): Promise<{ url: string; port: number; close(): Promise<void> }>;
  readme: string;
  consumers: Record<string, (url: string) => Record<string, string>>;
}): InfraComponent<N, N, SandboxHandle, 0> {
  return {
    name: row.name,
    kind: 'sandbox',
    what: row.what,
    ports: { [row.name]: { ...row.port, label: `sandbox ${row.title}` } } as Record<N, PortSpec>,
    where: (ports) => `http://127.0.0.1:${ports[row.name]}`,
    stage: 0,
    profiles: ['dev', 'test'],
    async start(ctx) {
      const started = await row.start({ port: ctx.ports[row.name]!, host: '127.0.0.1', latencyMs: ctx.latencyMs }, ctx);
      return { url: started.url, port: started.port, stop: () => started.close() };
    },
    ready: (h) => [`sandbox ${row.title} su ${h.url}`],
    testEnv: (h) => ({ [sandboxTestVariable(row.name)]: h.url }),
    readme: row.readme,
    consumers: row.consumers,
    chart: null,
  };
}

/**
 * The Shopify sandbox's start in `make dev`: Smista's app delivers its webhook topics to the
 * gateway's public route (`/api/webhooks/shopify` on its dev port), so an order added or changed on
 * a connected shop reaches the orders list by itself, as with Shopify. Test stacks start the shared
 * sandbox without it: each gateway has its own port, and a suite asks for the deliveries it tests.
 */
export function shopifySandboxOptions(ctx: Pick<InfraStartContext, 'profile' | 'app'>): ShopifySandboxOptions {
  const gateway = ctx.app.find((c) => c.kind === 'http');
  if (ctx.profile !== 'dev' || !gateway) return {};
  return { apps: [{ ...SHOPIFY_SANDBOX_APP, webhookUri: `http://127.0.0.1:${gateway.devPort}/api/webhooks/shopify` }] };
}

/** The TEST_* variable that carries a sandbox's URL to the suites: `gls` → `TEST_GLS_URL`. */
export function sandboxTestVariable(name: string): string {
  return `TEST_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_URL`;
}

/** Folder of a profile's Redis: pid file and log. */
const redisDir = (profile: Profile, offset: number): string => path.join(profilePaths(profile, offset).root, 'redis');

/** True when our own cluster of this profile is already up on the port (it will be reused, not a conflict). */
function ownPostgresRunning(profile: Profile, port: number, offset: number): boolean {
  try {
    const lines = fs.readFileSync(path.join(profilePaths(profile, offset).pg, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[3]) === port && pidAlive(Number(lines[0]));
  } catch {
    return false;
  }
}

/** The one table. */
/** The sender of the buyer e-mails in the local stack and the tests (shipments' BUYER_MAIL_FROM). */
export const BUYER_MAIL_FROM = 'spedizioni@smista.local';

export const COMPONENTS = [
  infra({
    name: 'postgres',
    kind: 'infra',
    what: 'PostgreSQL (a private cluster in `.data/<profile>/pg`, databases `smista_<service>`)',
    ports: { postgres: { dev: 54320, test: 54330, label: 'PostgreSQL' } },
    where: (p) => `\`127.0.0.1:${p.postgres}\``,
    stage: 0,
    profiles: ['dev', 'test'],
    // The test profile runs without fsync: its data is thrown away.
    start: (ctx) => startPostgres({ dataDir: ctx.dirs.pg, port: ctx.ports.postgres!, fsync: ctx.profile !== 'test' }),
    ready: (h: PostgresHandle) => [
      ...(h.reused ? [`cluster già avviato riutilizzato (porta ${h.port})`] : []),
      `pronto su ${h.url()} (dati in ${path.relative(repoRoot, h.dataDir)}, log in postgres.log)`,
    ],
    reuses: ownPostgresRunning,
    testEnv: (h) => ({ TEST_PG_URL: h.url('postgres'), TEST_PG_ADMIN_URL: h.url('postgres') }),
    chart: null,
  }),
  infra({
    name: 'nats',
    kind: 'infra',
    what: 'NATS with JetStream (store in `.data/<profile>/nats`)',
    ports: { nats: { dev: 42220, test: 42230, label: 'NATS' }, natsMonitor: { dev: 42221, test: 42261, label: 'NATS monitor' } },
    where: (p) => `\`127.0.0.1:${p.nats}\`, monitor \`:${p.natsMonitor}\``,
    stage: 0,
    profiles: ['dev', 'test'],
    start: (ctx) =>
      startNats({
        storeDir: ctx.dirs.nats,
        port: ctx.ports.nats!,
        monitorPort: ctx.ports.natsMonitor!,
        fresh: ctx.profile === 'test',
        // Suites running side by side each get an account of their own (jest-environment.ts).
        suiteAccounts: ctx.profile === 'test' ? SUITE_ACCOUNTS : undefined,
        onLog: (l) => /\[(WRN|ERR|FTL)\]/.test(l) && ctx.log(l),
      }),
    ready: (h: NatsHandle) => [`pronto su ${h.url} (monitor ${h.monitorUrl})`],
    testEnv: (h) => ({ TEST_NATS_URL: h.url }),
    chart: null,
  }),
  infra({
    name: 'redis',
    kind: 'infra',
    what: "Redis (the gateway's `REDIS_URL`: rate-limit counters every gateway process shares; nothing persisted)",
    // Not 6379: Debian's redis-server package may run the system's own Redis there.
    ports: { redis: { dev: 63790, test: 46390, label: 'Redis' } },
    where: (p) => `\`127.0.0.1:${p.redis}\``,
    stage: 0,
    profiles: ['dev', 'test'],
    // The dev profile reuses its own Redis left running; the test profile restarts it empty.
    start: (ctx) => startRedis({ dir: redisDir(ctx.profile, ctx.offset), port: ctx.ports.redis!, reuse: ctx.profile === 'dev' }),
    ready: (h: RedisHandle) => [`${h.reused ? 'già avviato, riutilizzato: ' : 'pronto su '}${h.url} (limiti di richieste condivisi dai gateway)`],
    reuses: (profile, port, offset) => runningRedisPid(redisDir(profile, offset), port) !== undefined,
    testEnv: (h) => ({ TEST_REDIS_URL: h.url }),
    chart: null,
  }),
  infra({
    name: 'mail',
    kind: 'infra',
    what: 'mail catcher (every e-mail the services send)',
    ports: { smtp: { dev: 1025, test: 1035, label: 'mail catcher SMTP' }, mailHttp: { dev: 8025, test: 8035, label: 'mail catcher HTTP' } },
    where: (p) => `SMTP \`:${p.smtp}\`, messages at http://127.0.0.1:${p.mailHttp}`,
    stage: 0,
    profiles: ['dev', 'test'],
    start: (ctx) => startMailCatcher({ smtpPort: ctx.ports.smtp!, httpPort: ctx.ports.mailHttp!, onMessage: ctx.onMail }),
    ready: (h: MailCatcher) => [`SMTP ${h.smtpUrl} · messaggi su ${h.httpUrl}`],
    testEnv: (h) => ({ TEST_SMTP_URL: h.smtpUrl, TEST_MAIL_URL: h.httpUrl }),
    chart: null,
  }),
  infra({
    name: 'traces',
    kind: 'infra',
    what: "Jaeger (in memory: OTLP/HTTP and OTLP/gRPC in, every component's `OTEL_EXPORTER_OTLP_ENDPOINT`; query API and UI out)",
    ports: {
      traces: { dev: 16686, test: 16696, label: 'Jaeger UI e API' },
      tracesGrpc: { dev: 16685, test: 16726, label: 'Jaeger API gRPC' },
      otlpHttp: { dev: 4318, test: 14338, label: 'Jaeger OTLP/HTTP' },
      otlpGrpc: { dev: 4317, test: 14367, label: 'Jaeger OTLP/gRPC' },
    },
    where: (p) => `API at http://127.0.0.1:${p.traces}/api/traces, OTLP/HTTP \`:${p.otlpHttp}\`, OTLP/gRPC \`:${p.otlpGrpc}\``,
    stage: 0,
    profiles: ['dev', 'test'],
    start: (ctx) =>
      startJaeger({
        dir: ctx.dirs.jaeger,
        ports: { ui: ctx.ports.traces!, queryGrpc: ctx.ports.tracesGrpc!, otlpHttp: ctx.ports.otlpHttp!, otlpGrpc: ctx.ports.otlpGrpc! },
        // Its warnings and errors, less the one about the UI files the Go module lacks (README, Traces).
        onLog: (l) => /\t(warn|error)\t/.test(l) && !l.includes('ui assets not embedded') && ctx.log(l),
      }),
    ready: (h: JaegerHandle) => [`Jaeger su ${h.url} (API /api/traces, /api/services, /api/dependencies) · OTLP/HTTP su ${h.otlpUrl}, OTLP/gRPC su ${h.otlpGrpcAddress}`],
    testEnv: (h) => ({ TEST_TRACES_URL: h.url, TEST_OTLP_URL: h.otlpUrl }),
    chart: null,
  }),
  infra({
    name: 'keycloak',
    kind: 'infra',
    what: "Keycloak (the identity provider for 'Accedi con SSO': realm `smista` from `deploy/keycloak/smista-realm.json`, its data in the database `keycloak`)",
    ports: { keycloak: { dev: 8180, test: 18280, label: 'Keycloak' }, keycloakManagement: { dev: 9180, test: 18310, label: 'Keycloak health' } },
    where: (p) => `http://127.0.0.1:${p.keycloak}/admin (health \`:${p.keycloakManagement}\`)`,
    stage: 0,
    profiles: ['dev', 'test'],
    start: (ctx) => {
      // The shell is served by the gateway: the realm's client names `make dev`'s (each test application registers its own).
      const gateway = `http://127.0.0.1:${APP_COMPONENTS.find((c) => c.name === 'gateway')!.devPort}`;
      return startKeycloak({
        dir: ctx.dirs.keycloak,
        httpPort: ctx.ports.keycloak!,
        managementPort: ctx.ports.keycloakManagement!,
        postgresPort: ctx.infraPorts.postgres!,
        origins: { shell: gateway, gateway },
        freshRealm: ctx.profile === 'test',
        // Its warnings and errors, less the notice of features deprecated in its defaults.
        onLog: (l) => /\b(WARN|ERROR|FATAL)\b/.test(l) && !l.includes('Deprecated features') && ctx.log(l),
      });
    },
    ready: (h: KeycloakHandle) => [
      `pronto su ${h.url} in ${(h.startedInMs / 1000).toFixed(1)} s · realm ${KEYCLOAK_REALM} (issuer ${h.issuer})`,
      `amministrazione: ${h.adminConsoleUrl} (${KEYCLOAK_ADMIN.username} / ${KEYCLOAK_ADMIN.password})`,
      ...KEYCLOAK_SAMPLE_USERS.map((u) => `utente di prova ${u.username} / ${u.password} (${u.email}, e-mail ${u.emailVerified ? 'verificata' : 'non verificata'})`),
    ],
    testEnv: (h) => ({ TEST_KEYCLOAK_URL: h.url }),
    chart: null,
  }),
  infra({
    name: 'pages',
    kind: 'infra',
    what: "sample legal pages (`deploy/local/pages/`, the gateway's `LEGAL_TERMS_URL` and `LEGAL_PRIVACY_URL`)",
    ports: { samplePages: { dev: 8045, test: 8055, label: 'pagine di esempio' } },
    where: (p) => `http://127.0.0.1:${p.samplePages}/termini.html, \`/privacy.html\``,
    stage: 0,
    profiles: ['dev', 'test'],
    start: (ctx) => startSamplePages({ port: ctx.ports.samplePages! }),
    ready: (h: SamplePages) => [`pagine legali di esempio su ${h.url}`],
    testEnv: (h) => ({ TEST_PAGES_URL: h.url }),
    chart: null,
  }),
  sandbox({
    name: 'gls',
    title: 'GLS',
    what: 'GLS Italy sandbox (label service and tracking: the carriers service)',
    port: { dev: 8091, test: 8101 },
    start: startGlsSandbox,
    readme: 'deploy/sandboxes/src/gls/README.md',
    // GLS tracking is served by the same server.
    consumers: { carriers: (url) => ({ GLS_BASE_URL: url, GLS_TRACKING_URL: url }) },
  }),
  sandbox({
    name: 'poste',
    title: 'Poste Delivery',
    what: 'Poste Delivery Business sandbox (the carriers service)',
    port: { dev: 8092, test: 8131 },
    start: startPosteDeliverySandbox,
    readme: 'deploy/sandboxes/src/poste-delivery/README.md',
    consumers: { carriers: (url) => ({ POSTE_DELIVERY_BASE_URL: url }) },
  }),
  sandbox({
    name: 'ebay',
    title: 'eBay',
    what: 'eBay sandbox (consent page, tokens, identity, orders: the marketplaces service; sellers and passwords in its README)',
    port: { dev: 8093, test: 8161 },
    start: startEbaySandbox,
    readme: 'deploy/sandboxes/src/ebay/README.md',
    // The sandbox serves eBay's three hosts (auth, api, apiz) at one address.
    consumers: { marketplaces: (url) => ({ EBAY_AUTH_URL: url, EBAY_API_URL: url, EBAY_IDENTITY_URL: url }) },
  }),
  sandbox({
    name: 'shopify',
    title: 'Shopify',
    what: 'Shopify sandbox (install page, tokens, GraphQL Admin API: the marketplaces service; shops and passwords in its README)',
    port: { dev: 8094, test: 8191 },
    start: (options, ctx) => startShopifySandbox({ ...options, ...shopifySandboxOptions(ctx) }),
    readme: 'deploy/sandboxes/src/shopify/README.md',
    // One address serves every shop: `/store/{shop}` stands for the shop's own host; Smista's sandbox app.
    consumers: { marketplaces: (url) => ({ SHOPIFY_SHOP_URL: `${url}/store/{shop}`, SHOPIFY_CLIENT_ID: SHOPIFY_SANDBOX_APP.clientId, SHOPIFY_CLIENT_SECRET: SHOPIFY_SANDBOX_APP.clientSecret }) },
  }),
  sandbox({
    name: 'amazon',
    title: 'Amazon',
    what: 'Amazon sandbox (Seller Central consent page, LWA tokens, SP-API orders and shipment confirmation: the marketplaces service; sellers and passwords in its README)',
    port: { dev: 8095, test: 8221 },
    start: startAmazonSandbox,
    readme: 'deploy/sandboxes/src/amazon/README.md',
    // The sandbox serves Amazon's three hosts (Seller Central, LWA, SP-API) at one address; Smista's sandbox app.
    consumers: {
      marketplaces: (url) => ({
        AMAZON_CONSENT_URL: url,
        AMAZON_LWA_URL: url,
        AMAZON_API_URL: url,
        AMAZON_APPLICATION_ID: AMAZON_SANDBOX_APP.applicationId,
        AMAZON_CLIENT_ID: AMAZON_SANDBOX_APP.clientId,
        AMAZON_CLIENT_SECRET: AMAZON_SANDBOX_APP.clientSecret,
      }),
    },
  }),
  sandbox({
    name: 'etsy',
    title: 'Etsy',
    what: 'Etsy sandbox (consent page with PKCE, tokens, Open API v3 receipts and shipments: the marketplaces service; sellers and passwords in its README)',
    port: { dev: 8096, test: 8251 },
    start: startEtsySandbox,
    readme: 'deploy/sandboxes/src/etsy/README.md',
    // The sandbox serves Etsy's three hosts (www, api, openapi) at one address; Smista's sandbox app.
    consumers: {
      marketplaces: (url) => ({ ETSY_CONNECT_URL: url, ETSY_TOKEN_URL: url, ETSY_API_URL: url, ETSY_KEYSTRING: ETSY_SANDBOX_APP.keystring, ETSY_SHARED_SECRET: ETSY_SANDBOX_APP.sharedSecret }),
    },
  }),
  sandbox({
    name: 'aliexpress',
    title: 'AliExpress',
    what: 'AliExpress sandbox (IOP gateway: authorize page, signed /rest token calls, /sync seller orders and order.fulfill: the marketplaces service; sellers and passwords in its README)',
    port: { dev: 8097, test: 8281 },
    start: startAliexpressSandbox,
    readme: 'deploy/sandboxes/src/aliexpress/README.md',
    // The sandbox serves the authorize page and the gateway (api-sg.aliexpress.com) at one address; Smista's sandbox app.
    consumers: {
      marketplaces: (url) => ({ ALIEXPRESS_AUTH_URL: url, ALIEXPRESS_API_URL: url, ALIEXPRESS_APP_KEY: ALIEXPRESS_SANDBOX_APP.appKey, ALIEXPRESS_APP_SECRET: ALIEXPRESS_SANDBOX_APP.appSecret }),
    },
  }),
  infra({
    name: 'prometheus',
    kind: 'infra',
    what: 'Prometheus (if installed; configuration generated from this table in `.data/dev/prometheus/`), scraping every component every 15 s',
    ports: { prometheus: { dev: 9090, label: 'Prometheus' } },
    where: (p) => `http://127.0.0.1:${p.prometheus}`,
    stage: 1,
    // Optional: a missing binary or a taken port is one line, the stack goes on (url null).
    profiles: ['dev'],
    async start(ctx) {
      const handle = await startOptionalPrometheus({
        jobs: ctx.app.map((c) => ({ name: c.name, port: c.devMetricsPort })),
        dir: ctx.dirs.prometheus,
        port: ctx.ports.prometheus!,
        log: ctx.log,
      });
      return { url: handle?.url ?? null, stop: async () => handle?.stop() };
    },
    ready: () => [],
    chart: null,
  }),
  {
    name: 'identity',
    dir: 'services/identity',
    kind: 'grpc',
    devPort: 50051,
    devMetricsPort: 9401,
    stage: 1,
    database: 'smista_identity',
    // Sessions and caller tokens carry the member's role: it asks merchants.
    peers: ['merchants'],
    streams: ['IDENTITY'],
    chart: 'identity',
  },
  {
    name: 'merchants',
    dir: 'services/merchants',
    kind: 'grpc',
    devPort: 50052,
    devMetricsPort: 9402,
    stage: 1,
    database: 'smista_merchants',
    peers: ['identity'],
    streams: ['MERCHANTS'],
    chart: 'merchants',
  },
  {
    // It asks merchants for the sender's address per request, never at start-up: it starts beside it.
    name: 'carriers',
    dir: 'services/carriers',
    kind: 'grpc',
    devPort: 50053,
    devMetricsPort: 9403,
    stage: 1,
    database: 'smista_carriers',
    peers: ['merchants'],
    streams: ['CARRIERS'],
    chart: 'carriers',
    // The sandbox rows point GLS_* and POSTE_DELIVERY_BASE_URL at themselves.
    env: (ctx) => ({ SECRETS_KEYS: ctx.secretsKeys }),
  },
  {
    // Imports orders from the marketplaces; needs no peer to start.
    name: 'marketplaces',
    dir: 'services/marketplaces',
    kind: 'grpc',
    devPort: 50054,
    devMetricsPort: 9404,
    stage: 1,
    database: 'smista_marketplaces',
    peers: [],
    streams: ['MARKETPLACES'],
    chart: 'marketplaces',
    env: (ctx) => ({
      SECRETS_KEYS: ctx.secretsKeys,
      EBAY_CLIENT_ID: ctx.ebayApp.clientId,
      EBAY_CLIENT_SECRET: ctx.ebayApp.clientSecret,
      EBAY_RU_NAME: ctx.ebayApp.ruName,
      // The Shopify sandbox's app takes any redirection URL: this application's callback page.
      SHOPIFY_REDIRECT_URL: `${ctx.publicUrl.replace(/\/$/, '')}/marketplace/callback`,
      // So does the Amazon sandbox's app.
      AMAZON_REDIRECT_URL: `${ctx.publicUrl.replace(/\/$/, '')}/marketplace/callback`,
      // And the Etsy sandbox's (Etsy itself takes only https addresses registered for the app).
      ETSY_REDIRECT_URL: `${ctx.publicUrl.replace(/\/$/, '')}/marketplace/callback`,
      // And the AliExpress sandbox's (any http(s) address; AliExpress itself takes the one registered for the app).
      ALIEXPRESS_REDIRECT_URL: `${ctx.publicUrl.replace(/\/$/, '')}/marketplace/callback`,
    }),
  },
  {
    // Consumes marketplaces' events (it waits for their stream), checks integrations with carriers
    // and asks marketplaces to push tracking, per request.
    name: 'orders',
    dir: 'services/orders',
    kind: 'grpc',
    devPort: 50055,
    devMetricsPort: 9405,
    stage: 1,
    database: 'smista_orders',
    peers: ['carriers', 'marketplaces'],
    streams: ['ORDERS'],
    chart: 'orders',
  },
  {
    // Consumes marketplaces' events; asks orders and carriers per request, never at start-up.
    name: 'shipments',
    dir: 'services/shipments',
    kind: 'grpc',
    devPort: 50056,
    devMetricsPort: 9406,
    stage: 1,
    database: 'smista_shipments',
    peers: ['orders', 'carriers', 'merchants'],
    streams: ['SHIPMENTS'],
    chart: 'shipments',
    // The sandboxes deliver within minutes: the tracking schedule runs a day in about 15 minutes
    // (a fresh parcel read every 72 s), so parcels are seen moving. The e2e suites switch the
    // refresher off unless they test it (e2e/support/app.ts). Buyer e-mails (issue 26) go to the
    // mail catcher; a 'spedito' one waits 6 s after the label instead of 10 minutes.
    env: () => ({ TRACKING_REFRESH_SCALE: '0.01', BUYER_MAIL_FROM, BUYER_MAIL_SHIPPED_DELAY_SECONDS: '6' }),
  },
  {
    // Notifications and recent activity from every service's events; calls no peer.
    name: 'activity',
    dir: 'services/activity',
    kind: 'grpc',
    devPort: 50057,
    devMetricsPort: 9407,
    stage: 1,
    database: 'smista_activity',
    peers: [],
    streams: ['ACTIVITY'],
    chart: 'activity',
  },
  {
    name: 'gateway',
    dir: 'gateway',
    kind: 'http',
    devPort: 8080,
    devMetricsPort: 9400,
    stage: 2,
    peers: ['identity', 'merchants', 'carriers', 'marketplaces', 'orders', 'shipments', 'activity'],
    chart: 'gateway',
    env: (ctx) => ({
      FRONTENDS_DIR: ctx.frontendsDir,
      // The built remotes on disk, served and announced by the gateway: one deployment of them;
      // a remote server started beside it (remote-server) announces itself in the same bucket.
      LOCAL_REMOTES: 'true',
      REMOTES_BUCKET: ctx.remotesBucket,
      COOKIE_SECURE: 'false',
      RATE_LIMIT_ENABLED: 'true',
      LEGAL_TERMS_URL: ctx.legalUrls.termsUrl,
      LEGAL_PRIVACY_URL: ctx.legalUrls.privacyUrl,
      // identity's session invalidations: the gateway caches session lookups only while it hears them.
      NATS_URL: ctx.natsUrl,
      ...(ctx.redisUrl ? { REDIS_URL: ctx.redisUrl } : {}),
      ...(ctx.redisUrl && ctx.rateLimitKeyPrefix ? { RATE_LIMIT_REDIS_PREFIX: ctx.rateLimitKeyPrefix } : {}),
    }),
  },
] as const satisfies readonly Component[];

type Row = (typeof COMPONENTS)[number];

/**
 * A micro-frontend remote deployed on its own: the remote server (libs/remote-server) with one
 * remote's files, its image (the Dockerfile with COMPONENT=frontends/<name>) and its chart. The local
 * stack runs no process for it: the gateway serves and announces the built remotes (LOCAL_REMOTES).
 */
export interface RemoteComponent {
  name: string;
  kind: 'remote';
  /** The remote's package folder (`frontends/<name>`): its `dist` is what the server serves. */
  dir: string;
  /** Its Helm chart under `charts/`, a dependency of the umbrella `charts/smista`. */
  chart: string;
  /** The remote server's port (PORT) in its chart. */
  devPort: number;
  peers?: undefined;
}

/** Every remote of `frontends/` but the shell, one row each. */
export const REMOTE_COMPONENTS: readonly RemoteComponent[] = ['integrations', 'orders', 'rules', 'settings', 'shipments'].map((name) => ({
  name: `${name}-ui`,
  kind: 'remote',
  dir: `frontends/${name}`,
  chart: `${name}-ui`,
  devPort: 8090,
}));

/** True for the rows of the infrastructure and the sandboxes. */
export function isInfra(row: Component): row is InfraComponent {
  return (row as InfraComponent).kind === 'infra' || (row as InfraComponent).kind === 'sandbox';
}

/** The rows the application is made of, in start order: the gRPC services, then the gateway. */
export const APP_COMPONENTS: readonly AppComponent[] = (COMPONENTS as readonly Component[]).filter((c): c is AppComponent => !isInfra(c));

/** The infrastructure and sandbox rows, in the table's order. */
export const INFRA_COMPONENTS: readonly InfraComponent[] = (COMPONENTS as readonly Component[]).filter(isInfra);

/** The sandbox rows. */
export const SANDBOXES: readonly InfraComponent[] = INFRA_COMPONENTS.filter((c) => c.kind === 'sandbox');

/** The infrastructure rows started before the application (stage 0). */
type FirstStageRow = Extract<Row, { stage: 0 }>;
/** The handle each first-stage row's start function answers, by row name: `infra.postgres`, `infra.gls`. */
export type InfraHandles = { [R in FirstStageRow as R['name']]: Awaited<ReturnType<R['start']>> };
/** The ports of the first-stage rows, by port key: `postgres`, `natsMonitor`, `gls`… */
export type InfraPorts = Record<FirstStageRow extends infer R ? (R extends InfraComponent<string, infer P> ? P : never) : never, number>;

/** The infrastructure rows a profile runs at a stage, in table order. */
export function infraRows(profile: Profile, stage: 0 | 1 = 0): InfraComponent[] {
  return INFRA_COMPONENTS.filter((c) => c.stage === stage && c.profiles.includes(profile));
}

/** A row's ports for a profile; test ports moved by `offset`. */
export function rowPorts(row: InfraComponent, profile: Profile, offset = 0): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, spec] of Object.entries(row.ports as Record<string, PortSpec>)) {
    if (profile === 'dev') out[key] = spec.dev;
    else if (spec.test !== undefined) out[key] = spec.test + offset;
  }
  return out;
}

/** The row of a component by name; throws for an unknown one. */
export function componentNamed(name: string): Component {
  const row = (COMPONENTS as readonly Component[]).find((c) => c.name === name);
  if (!row) throw new Error(`${name} non è nella tabella dei componenti (deploy/local/src/components.ts)`);
  return row;
}

/**
 * The TEST_* variables jest's globalSetup exports, by the row that sets them. Suites read them through
 * e2e/support/env.ts.
 */
export function testVariables(): Record<string, string[]> {
  const probe = new Proxy({}, { get: () => () => 'x' });
  const out: Record<string, string[]> = {};
  for (const row of infraRows('test')) {
    // A stand-in handle answers every URL getter: only the variable names matter here.
    if (row.testEnv) out[row.name] = Object.keys(row.testEnv(probe as never));
  }
  return out;
}

/**
 * The table of components and where they listen, as the root README shows it between
 * `<!-- components:begin -->` and `<!-- components:end -->`: one line per row of infrastructure and
 * sandbox, one for the gRPC services, one for the gateway and one for the metrics ports.
 */
export function readmeComponentLines(): { row: string; line: string }[] {
  const cell = (row: InfraComponent, profile: Profile): string => {
    const ports = rowPorts(row, profile, 0);
    return Object.keys(ports).length ? row.where(ports as never) : 'not run';
  };
  const grpc = APP_COMPONENTS.filter((c) => c.kind === 'grpc');
  const http = APP_COMPONENTS.filter((c) => c.kind === 'http');
  return [
    { row: 'header', line: '| component | `make dev` | `make test` (shared by every suite; + `SMISTA_TEST_PORT_OFFSET`) |' },
    { row: 'header', line: '|---|---|---|' },
    ...INFRA_COMPONENTS.map((row) => ({
      row: row.name,
      line: `| ${row.what}${row.readme ? `, README \`${row.readme}\`` : ''} | ${cell(row, 'dev')} | ${cell(row, 'test')} |`,
    })),
    {
      row: grpc.map((c) => c.name).join(', '),
      line: `| ${grpc.map((c) => c.name).join(', ')} (gRPC) | ${grpc.map((c) => `\`:${c.devPort}\``).join(', ')} | free ports, fresh databases, per suite |`,
    },
    ...http.map((c) => ({
      row: c.name,
      line: `| ${c.name} (API and micro-frontends) | http://127.0.0.1:${c.devPort} (or \`$PORT\`) | a free port per suite |`,
    })),
    {
      row: 'METRICS_PORT',
      line: `| metrics port of each component (\`METRICS_PORT\`: \`/metrics\`, \`/livez\`, \`/readyz\`; never the public port) | ${[...http, ...grpc].map((c) => `${c.name} \`:${c.devMetricsPort}\``).join(', ')} | free ports |`,
    },
  ];
}
