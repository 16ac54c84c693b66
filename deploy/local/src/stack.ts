import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EBAY_SANDBOX_APP, ebaySandboxControl } from '@smista/sandboxes';
import {
  APP_COMPONENTS,
  INFRA_COMPONENTS,
  infraRows,
  rowPorts,
  type AppComponent,
  type EbayApp,
  type InfraComponent,
  type InfraHandles,
  type InfraPorts,
  type Profile,
  type SandboxHandle,
  type StackContext,
  type Stoppable,
} from './components';
import type { CaughtMail } from './mail-catcher';
import { assertPortsFree, getFreePort, type PortClaim } from './ports';
import { createDatabase } from './postgres';
import { dropAtSuiteEnd } from './test-databases';
import { profilePaths, repoRoot, tmpDir } from './paths';
import { legalSampleUrls } from './sample-pages';
import { assertBuilt, startService, type RestartEvent, type RestartPolicy, type ServiceHandle } from './service';
import { componentEnv } from './services';
import { KEYCLOAK_CLIENT_ID, realmIssuerOf, registerShellClient } from './keycloak';

export type { InfraPorts, Profile, SandboxHandle } from './components';

/** Every infrastructure port of the first stage for `make dev`, from the table (components.ts). */
export const DEV_PORTS: InfraPorts = infraPorts('dev');
/**
 * Test ports before SMISTA_TEST_PORT_OFFSET, from the table. No two lie closer than 20 apart, so runs
 * whose offsets differ by less than 20 (parallel runs on one machine: 11, 12, 13...) never collide.
 */
export const TEST_PORTS: InfraPorts = infraPorts('test');

/** Prometheus in `make dev` (optional: a taken port is reported, not fatal); its row's port. */
export const DEV_PROMETHEUS_PORT: number = rowPorts(INFRA_COMPONENTS.find((c) => c.name === 'prometheus')!, 'dev').prometheus!;

/** The first-stage infrastructure ports of a profile by key; test ports shifted by `offset` (SMISTA_TEST_PORT_OFFSET). */
export function infraPorts(profile: Profile, offset = 0): InfraPorts {
  return Object.assign({}, ...infraRows(profile).map((row) => rowPorts(row, profile, offset))) as InfraPorts;
}

/** SMISTA_TEST_PORT_OFFSET as a number (0 when unset). */
export function testPortOffset(): number {
  const raw = process.env.SMISTA_TEST_PORT_OFFSET;
  const n = raw ? Number(raw) : 0;
  if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new Error(`SMISTA_TEST_PORT_OFFSET non valido: ${raw}`);
  return n;
}

/**
 * SANDBOX_LATENCY_MS as a number (0 when unset): the delay the carrier sandboxes add to every answer
 * in `make dev`, to see the screens wait as they would on the real APIs. Tests never read it.
 */
export function sandboxLatencyMs(raw = process.env.SANDBOX_LATENCY_MS): number {
  const n = raw ? Number(raw) : 0;
  if (!Number.isInteger(n) || n < 0 || n > 60_000) throw new Error(`SANDBOX_LATENCY_MS non valido: ${raw} (millisecondi, da 0 a 60000)`);
  return n;
}

/** Receives infrastructure output, one line at a time, with the component it came from. */
export type StackLogger = (component: string, line: string) => void;

export interface InfraOptions {
  profile: Profile;
  /** Port offset, test profile only. */
  offset?: number;
  log?: StackLogger;
  /** Called for each caught e-mail. */
  onMail?: (mail: CaughtMail) => void;
  /** Skip the port check (the caller has already checked these and more). */
  portsChecked?: boolean;
  /** Delay the carrier sandboxes add to every answer, in ms (default 0); see {@link sandboxLatencyMs}. */
  sandboxLatencyMs?: number;
}

/**
 * The first-stage rows of the table, running: `postgres`, `nats`, `redis`, `mail`, `traces`, `pages`
 * and the sandboxes `gls`, `poste`, `ebay` (each the handle its row's start function answers).
 */
export type Infra = InfraHandles & {
  profile: Profile;
  ports: InfraPorts;
  /** The running sandboxes by row name. */
  sandboxes: Record<string, SandboxHandle>;
  /** Stops every row, in the reverse of the table's order (sandboxes … NATS, PostgreSQL). */
  stop(): Promise<void>;
};

/** The ports of the rows a profile runs at a stage, with their names, for the port check. */
export function infraClaims(profile: Profile, ports: InfraPorts, offset = 0, stage: 0 | 1 = 0): PortClaim[] {
  const byKey = ports as Record<string, number>;
  return infraRows(profile, stage).flatMap((row) =>
    Object.entries(row.ports as Record<string, { label: string }>).flatMap(([key, spec]) => {
      const port = byKey[key] ?? rowPorts(row, profile, offset)[key];
      // Our own PostgreSQL or Redis of this profile, left running, is reused: not a conflict.
      if (port === undefined || row.reuses?.(profile, port, offset)) return [];
      return [{ port, label: spec.label }];
    }),
  );
}

/** The context a row's start function gets. */
function startContext(row: InfraComponent, options: InfraOptions & { app?: readonly AppComponent[] }, offset: number) {
  const log = options.log ?? (() => undefined);
  return {
    profile: options.profile,
    offset,
    ports: rowPorts(row, options.profile, offset),
    infraPorts: infraPorts(options.profile, offset),
    dirs: profilePaths(options.profile, offset),
    log: (line: string) => log(row.name, line),
    onMail: options.onMail,
    latencyMs: options.sandboxLatencyMs ?? 0,
    app: options.app ?? APP_COMPONENTS,
  };
}

/**
 * Starts the rows of a stage in parallel and resolves once each answers; when any fails, stops the
 * others (reverse table order) and rejects with every reason.
 */
async function startRows(rows: InfraComponent[], options: InfraOptions & { app?: readonly AppComponent[] }, offset: number): Promise<Record<string, Stoppable>> {
  const results = await Promise.allSettled(rows.map((row) => row.start(startContext(row, options, offset))));
  if (results.some((r) => r.status === 'rejected')) {
    for (const r of [...results].reverse()) if (r.status === 'fulfilled') await r.value.stop();
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message ?? String(r.reason)] : []));
    throw new Error(reasons.join('\n'));
  }
  const handles: Record<string, Stoppable> = {};
  rows.forEach((row, i) => {
    const handle = (results[i] as PromiseFulfilledResult<Stoppable>).value;
    handles[row.name] = handle;
    for (const line of row.ready(handle)) options.log?.(row.name, line);
  });
  return handles;
}

/** Stops the handles of `rows` one by one, last row of the table first. */
async function stopRows(rows: InfraComponent[], handles: Record<string, Stoppable>): Promise<void> {
  for (const row of [...rows].reverse()) await handles[row.name]?.stop();
}

/**
 * Starts the first stage of the table for a profile in parallel (`.data/<profile>/`): PostgreSQL,
 * NATS, Redis, the mail catcher, Jaeger, the sample pages and the sandboxes. The test
 * profile runs PostgreSQL without fsync and NATS and Redis empty; dev reuses a Redis it left running.
 */
export async function startInfra(options: InfraOptions): Promise<Infra> {
  const { profile } = options;
  const offset = profile === 'test' ? (options.offset ?? 0) : 0;
  const ports = infraPorts(profile, offset);
  if (!options.portsChecked) await assertPortsFree(infraClaims(profile, ports, offset));
  const rows = infraRows(profile);
  const handles = await startRows(rows, options, offset);
  const sandboxes = Object.fromEntries(rows.filter((r) => r.kind === 'sandbox').map((r) => [r.name, handles[r.name] as SandboxHandle]));
  return {
    ...(handles as unknown as InfraHandles),
    profile,
    ports,
    sandboxes,
    stop: () => stopRows(rows, handles),
  };
}

/** Where the application connects to the infrastructure. */
export interface InfraEndpoints {
  /** Superuser URL to the `postgres` database; databases are created through it. */
  pgAdminUrl: string;
  natsUrl: string;
  smtpUrl: string;
  /** Base URL of Jaeger's OTLP/HTTP receiver: every component's OTEL_EXPORTER_OTLP_ENDPOINT. */
  otlpUrl: string;
  /** Base URL of the sample pages: the gateway's LEGAL_TERMS_URL and LEGAL_PRIVACY_URL point there. */
  pagesUrl: string;
  /** Base URL of every sandbox by row name (`gls`, `poste`, `ebay`): their rows point their consumers at them. */
  sandboxes: Record<string, string>;
  /** The gateway's REDIS_URL (shared rate limits); without it each gateway process counts alone. */
  redisUrl?: string;
  /** Keycloak's base URL: identity and the gateway sign in with its realm `smista`; without it SSO is off. */
  keycloakUrl?: string;
}

/**
 * The eBay app (client id, secret, RuName) an application's marketplaces service uses, registered
 * with the sandbox so that consenting sends the browser back to this application's
 * `/marketplace/callback`. `make dev` keeps the sandbox's default app; each test application
 * registers its own, since their gateways listen on different ports.
 */
async function registerEbayApp(ebayUrl: string, publicUrl: string, dev: boolean): Promise<EbayApp> {
  const id = crypto.randomBytes(5).toString('hex');
  const app: EbayApp = dev
    ? { clientId: EBAY_SANDBOX_APP.clientId, clientSecret: EBAY_SANDBOX_APP.clientSecret, ruName: EBAY_SANDBOX_APP.ruName }
    : { clientId: `SmistaTe-Smista-SBX-${id}`, clientSecret: `SBX-${crypto.randomBytes(12).toString('hex')}`, ruName: `Smista_Test-SmistaTe-${id}` };
  await ebaySandboxControl(ebayUrl).registerApp({ ...app, acceptUrl: `${publicUrl.replace(/\/$/, '')}/marketplace/callback` });
  return app;
}

/**
 * The realm's client this application signs in with: `make dev` uses the imported `smista-shell`
 * (its origins are make dev's); each test application registers its own with its gateway's
 * origin, so redirect URIs stay exact and Keycloak's back-channel logout reaches its gateway.
 */
async function registerSsoClient(keycloakUrl: string, publicUrl: string, gatewayUrl: string, dev: boolean): Promise<{ issuer: string; clientId: string }> {
  const issuer = realmIssuerOf(keycloakUrl);
  if (dev) return { issuer, clientId: KEYCLOAK_CLIENT_ID };
  const clientId = await registerShellClient(keycloakUrl, `smista-shell-${crypto.randomBytes(5).toString('hex')}`, { shell: new URL(publicUrl).origin, gateway: new URL(gatewayUrl).origin });
  return { issuer, clientId };
}

export interface AppOptions {
  infra: InfraEndpoints;
  /** 'dev': the table's fixed ports (gateway: `gatewayPort`); 'free': free ports picked now. */
  ports: 'dev' | 'free';
  gatewayPort?: number;
  /** 'dev': the table's database names; 'fresh': new uniquely named databases. */
  databases: 'dev' | 'fresh';
  /** 'pretty': prefixed readable lines on stdout; logDir: one raw log file per component. */
  output: { mode: 'pretty'; colour?: boolean } | { mode: 'files'; logDir: string };
  /** Variables for every component, applied after the computed ones. */
  env?: Record<string, string>;
  /** Variables for one component by name, applied last. */
  componentEnv?: Record<string, Record<string, string>>;
  /** Default: {@link APP_COMPONENTS}. */
  components?: readonly AppComponent[];
  callerTokenSecret?: string;
  /** SECRETS_KEYS; default {@link devSecretsKeys} with dev databases, {@link newSecretsKeys} with fresh ones. */
  secretsKeys?: string;
  logLevel?: string;
  /** Own process groups for children (default true; the CLI needs it for ordered Ctrl-C). */
  detached?: boolean;
  /** A component that dies is started again with backoff (see `startService`); off by default. */
  restart?: boolean | RestartPolicy;
  /** Each restart step of any component, with its Italian line. */
  onRestart?: (event: RestartEvent) => void;
  /** A component died and is not restarted. */
  onUnexpectedExit?: (name: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

/** The running application. */
export interface App {
  /** Gateway URL, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  ports: Record<string, number>;
  /** METRICS_PORT by component (admin server: `/metrics`, `/livez`, `/readyz`). */
  metricsPorts: Record<string, number>;
  /** DATABASE_URL by component. */
  databases: Record<string, string>;
  /**
   * NATS_CONSUMER_SUFFIX of the services ('' with dev databases): stacks sharing one NATS each have
   * their own durable consumers, `identity-member-added-<suffix>`, and all of them see every event.
   */
  consumerSuffix: string;
  services: ServiceHandle[];
  /** The variables each component was started with (another replica of it starts with the same). */
  envs: Record<string, Record<string, string>>;
  /** Per-component log files (files output only). */
  logDir?: string;
  /** Stops stage by stage, last stage (gateway) first. */
  stop(): Promise<void>;
}

/** 32 random bytes as hex, unless CALLER_TOKEN_SECRET is set. */
export function callerTokenSecret(): string {
  return process.env.CALLER_TOKEN_SECRET || crypto.randomBytes(32).toString('hex');
}

/** A new SECRETS_KEYS value: one key, `<id>:<32 random bytes as base64>`. */
export function newSecretsKeys(id = 'k1'): string {
  return `${id}:${crypto.randomBytes(32).toString('base64')}`;
}

/**
 * SECRETS_KEYS of the dev stack: the SECRETS_KEYS variable when set, else the key kept in
 * `.data/dev/secrets-keys`, made on first use. The dev databases keep what it encrypted (carrier
 * passwords), so a new key each start would leave them unreadable; `make clean` removes both.
 */
export function devSecretsKeys(file = profilePaths('dev').secretsKeys): string {
  if (process.env.SECRETS_KEYS) return process.env.SECRETS_KEYS;
  const read = (): string | undefined => {
    try {
      return fs.readFileSync(file, 'utf8').trim();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw err;
    }
  };
  const existing = read();
  if (existing !== undefined) {
    if (!existing) throw new Error(`${path.relative(repoRoot, file)} è vuoto: cancellalo per generare una nuova chiave (le credenziali già cifrate non saranno più leggibili)`);
    return existing;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const keys = newSecretsKeys('dev1');
  try {
    // Only the owner reads it; 'wx' keeps a key another start wrote a moment ago.
    fs.writeFileSync(file, `${keys}\n`, { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return read() ?? keys;
    throw err;
  }
}

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
}

/** Ports of the application components for a dev start (gateway: PORT env or 8080), metrics ports included. */
export function devAppPorts(components: readonly AppComponent[] = APP_COMPONENTS, gatewayPort?: number): PortClaim[] {
  return components.flatMap((c) => [
    { port: c.kind === 'http' && gatewayPort ? gatewayPort : c.devPort, label: c.name },
    { port: c.devMetricsPort, label: `${c.name} METRICS_PORT` },
  ]);
}

/**
 * Starts the application components against running infrastructure, stage by stage: all gRPC
 * services in parallel, then the gateway once they are healthy. Any failure stops what started and
 * rejects with the first error.
 */
export async function startApp(options: AppOptions): Promise<App> {
  const components = [...(options.components ?? APP_COMPONENTS)];
  for (const c of components) assertBuilt(c.name, path.join(repoRoot, c.dir), c.entry);

  // Free ports are picked one by one; the set keeps the OS from handing one out twice.
  const picked = new Set<number>();
  const freePort = async (): Promise<number> => {
    for (;;) {
      const port = await getFreePort();
      if (!picked.has(port)) {
        picked.add(port);
        return port;
      }
    }
  };
  const ports: Record<string, number> = {};
  const metricsPorts: Record<string, number> = {};
  for (const c of components) {
    ports[c.name] = options.ports === 'dev' ? (c.kind === 'http' && options.gatewayPort ? options.gatewayPort : c.devPort) : await freePort();
    metricsPorts[c.name] = options.ports === 'dev' ? c.devMetricsPort : await freePort();
  }
  const gateway = components.find((c) => c.kind === 'http');
  const baseUrl = gateway ? `http://127.0.0.1:${ports[gateway.name]}` : '';

  const suffix = uniqueSuffix();
  // Stacks sharing one NATS server (parallel test suites) each need their own durable consumers,
  // or they would split each other's events.
  const consumerSuffix = options.databases === 'fresh' ? `-${suffix}` : '';
  // Their durables start now, not at the first message of streams older stacks filled.
  const consumersSince = new Date(Date.now() - 1_000).toISOString();
  const databases: Record<string, string> = {};
  for (const c of components) {
    if (!c.database) continue;
    const name = options.databases === 'dev' ? c.database : `${c.database.replace(/^smista_/, '')}_${suffix}`;
    // Fresh databases belong to a test suite (or a bench run): under jest they go when the suite ends.
    if (options.databases === 'fresh') dropAtSuiteEnd(options.infra.pgAdminUrl, name);
    databases[c.name] = await createDatabase(options.infra.pgAdminUrl, name);
  }

  const publicUrl = options.env?.PUBLIC_URL ?? (options.ports === 'dev' ? process.env.PUBLIC_URL : undefined) ?? baseUrl;
  const ctx: StackContext = {
    ports,
    metricsPorts,
    databaseUrls: databases,
    natsUrl: options.infra.natsUrl,
    smtpUrl: options.infra.smtpUrl,
    otlpEndpoint: options.infra.otlpUrl,
    legalUrls: legalSampleUrls(options.infra.pagesUrl),
    publicUrl,
    callerTokenSecret: options.callerTokenSecret ?? callerTokenSecret(),
    secretsKeys: options.secretsKeys ?? (options.databases === 'dev' ? devSecretsKeys() : newSecretsKeys()),
    sandboxUrls: options.infra.sandboxes,
    redisUrl: options.infra.redisUrl,
    // Test stacks share one Redis: each keeps its own counters (its replicas share them).
    rateLimitKeyPrefix: options.databases === 'fresh' ? `smista:rl:${suffix}:` : undefined,
    ebayApp: await registerEbayApp(options.infra.sandboxes.ebay!, publicUrl, options.databases === 'dev'),
    sso: options.infra.keycloakUrl ? await registerSsoClient(options.infra.keycloakUrl, publicUrl, baseUrl, options.databases === 'dev') : undefined,
    logLevel: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    frontendsDir: path.join(repoRoot, 'frontends'),
    remotesBucket: options.databases === 'fresh' ? `smista_remotes_${suffix}` : 'smista_remotes',
  };

  const logDir = options.output.mode === 'files' ? options.output.logDir : undefined;
  const width = Math.max(...components.map((c) => c.name.length), 8);
  const started: { stage: number; handle: ServiceHandle }[] = [];
  const stopAll = async () => {
    const stages = [...new Set(started.map((s) => s.stage))].sort((a, b) => b - a);
    for (const stage of stages) {
      await Promise.all(started.filter((s) => s.stage === stage).map((s) => s.handle.stop()));
    }
  };

  const envs: Record<string, Record<string, string>> = {};
  const stages = [...new Set(components.map((c) => c.stage))].sort((a, b) => a - b);
  for (const stage of stages) {
    const batch = components.filter((c) => c.stage === stage);
    const results = await Promise.allSettled(
      batch.map((c) => {
        const port = ports[c.name];
        envs[c.name] = {
          ...componentEnv(c, ctx, components),
          ...(consumerSuffix && c.kind === 'grpc' ? { NATS_CONSUMER_SUFFIX: consumerSuffix, NATS_CONSUMERS_SINCE: consumersSince } : {}),
          ...(options.env ?? {}),
          ...(options.componentEnv?.[c.name] ?? {}),
        };
        return startService({
          name: c.name,
          cwd: path.join(repoRoot, c.dir),
          entry: c.entry,
          env: envs[c.name]!,
          health: c.kind === 'grpc' ? { kind: 'grpc', address: `127.0.0.1:${port}` } : { kind: 'http', url: `http://127.0.0.1:${port}/healthz` },
          output: logDir ? { mode: 'file', path: path.join(logDir, `${c.name}.log`) } : { mode: 'pretty', width, colour: options.output.mode === 'pretty' && !!options.output.colour },
          detached: options.detached ?? true,
          restart: options.restart,
          onRestart: options.onRestart,
          onUnexpectedExit: (code, signal) => options.onUnexpectedExit?.(c.name, code, signal),
        });
      }),
    );
    results.forEach((r) => {
      if (r.status === 'fulfilled') started.push({ stage, handle: r.value });
    });
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) {
      await stopAll();
      throw failed.reason;
    }
  }

  return { baseUrl, ports, metricsPorts, databases, consumerSuffix, services: started.map((s) => s.handle), envs, logDir, stop: stopAll };
}

/** What `startStack` returns: the URLs a test or a developer needs. */
/**
 * One more process of a component the app runs (a replica behind the same address): the variables
 * the app started it with, on ports of its own, plus `env`. Its log goes to `logFile`. The caller
 * stops it (before the app). Answers its handle and, for the gateway, its base URL.
 *
 * @example
 * const b = await startReplica(app, 'gateway', { name: 'gateway-b', logFile, env: { NATS_URL: '' } });
 */
export async function startReplica(
  app: App,
  component: string,
  options: { name: string; logFile: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<{ handle: ServiceHandle; port: number; url: string }> {
  const c = APP_COMPONENTS.find((x) => x.name === component);
  const base = app.envs[component];
  if (!c || !base) throw new Error(`${component} non fa parte di questa applicazione`);
  const [port, metricsPort] = [await getFreePort(), await getFreePort()];
  const handle = await startService({
    name: options.name,
    cwd: path.join(repoRoot, c.dir),
    entry: c.entry,
    env: { ...base, ...(c.kind === 'grpc' ? { GRPC_PORT: String(port) } : { PORT: String(port) }), METRICS_PORT: String(metricsPort), ...options.env },
    health: c.kind === 'grpc' ? { kind: 'grpc', address: `127.0.0.1:${port}` } : { kind: 'http', url: `http://127.0.0.1:${port}/healthz` },
    output: { mode: 'file', path: options.logFile },
    detached: false,
    timeoutMs: options.timeoutMs,
  });
  return { handle, port, url: `http://127.0.0.1:${port}` };
}

export interface Stack {
  baseUrl: string;
  /** HTTP base of the mail catcher. */
  mailUrl: string;
  smtpUrl: string;
  natsUrl: string;
  /** Jaeger's UI and query API (`/api/traces`, `/api/services`, `/api/dependencies`). */
  tracesUrl: string;
  /** Sample legal pages. */
  pagesUrl: string;
  /** Base URL of every sandbox by row name (`gls`, `poste`, `ebay`: consent page, token, identity, orders). */
  sandboxUrls: Record<string, string>;
  /** Prometheus (dev profile), or null when it is not running. */
  prometheusUrl: string | null;
  /** URL of a database on the stack's PostgreSQL (superuser). */
  pgUrl(db?: string): string;
  infra: Infra;
  app: App;
  /** Gateway, services, Prometheus, sandboxes, sample pages, Jaeger, mail catcher, Redis, NATS, PostgreSQL: the table's reverse order. */
  stop(): Promise<void>;
}

export interface StackOptions {
  /** Test profile port offset (default SMISTA_TEST_PORT_OFFSET). */
  offset?: number;
  /** Gateway port for dev (default PORT or 8080). */
  gatewayPort?: number;
  log?: StackLogger;
  onMail?: (mail: CaughtMail) => void;
  colour?: boolean;
  env?: Record<string, string>;
  componentEnv?: Record<string, Record<string, string>>;
  onUnexpectedExit?: AppOptions['onUnexpectedExit'];
  /** Restart components that die, with backoff (`make dev` does). */
  restart?: AppOptions['restart'];
  /** Delay the carrier sandboxes add to every answer, in ms (default 0). */
  sandboxLatencyMs?: number;
}

/**
 * Whole stack for a profile. `dev`: fixed ports (table above), databases `smista_<service>`, readable
 * logs on stdout, and Prometheus on :9090 scraping every component when it is installed (optional:
 * one line says so when it is not). `test`: test ports (+offset) for the infrastructure, free ports
 * and fresh databases for the application, logs in `.tmp/stack-logs/<run>/`.
 */
export async function startStack(profile: Profile, options: StackOptions = {}): Promise<Stack> {
  const offset = profile === 'test' ? (options.offset ?? testPortOffset()) : 0;
  const components = APP_COMPONENTS;
  const ports = infraPorts(profile, offset);
  const claims = infraClaims(profile, ports, offset);
  if (profile === 'dev') claims.push(...devAppPorts(components, options.gatewayPort));
  // Both checks before anything starts.
  await assertPortsFree(claims);
  for (const c of components) assertBuilt(c.name, path.join(repoRoot, c.dir), c.entry);

  const infra = await startInfra({
    profile,
    offset,
    log: options.log,
    onMail: options.onMail,
    portsChecked: true,
    sandboxLatencyMs: options.sandboxLatencyMs,
  });
  // The later infrastructure rows (Prometheus in dev) start beside the application: it tolerates
  // targets that are not up yet, and failing to start is one line, never fatal.
  const besideApp = infraRows(profile, 1);
  const besideStarting = startRows(besideApp, { profile, offset, log: options.log, app: components }, offset);
  let app: App;
  try {
    app = await startApp({
      infra: {
        pgAdminUrl: infra.postgres.url(),
        natsUrl: infra.nats.url,
        smtpUrl: infra.mail.smtpUrl,
        otlpUrl: infra.traces.otlpUrl,
        pagesUrl: infra.pages.url,
        sandboxes: Object.fromEntries(Object.entries(infra.sandboxes).map(([name, handle]) => [name, handle.url])),
        redisUrl: infra.redis.url,
        keycloakUrl: infra.keycloak.url,
      },
      ports: profile === 'dev' ? 'dev' : 'free',
      gatewayPort: options.gatewayPort,
      databases: profile === 'dev' ? 'dev' : 'fresh',
      output:
        profile === 'dev'
          ? { mode: 'pretty', colour: options.colour }
          : { mode: 'files', logDir: path.join(tmpDir, 'stack-logs', uniqueSuffix()) },
      env: options.env,
      componentEnv: options.componentEnv,
      detached: profile === 'dev',
      restart: options.restart,
      onUnexpectedExit: options.onUnexpectedExit,
    });
  } catch (err) {
    await besideStarting.then((handles) => stopRows(besideApp, handles), () => undefined);
    await infra.stop();
    throw err;
  }
  let beside: Record<string, Stoppable>;
  try {
    beside = await besideStarting;
  } catch (err) {
    await app.stop();
    await infra.stop();
    throw err;
  }
  const prometheus = beside.prometheus as unknown as { url: string | null } | undefined;
  return {
    baseUrl: app.baseUrl,
    mailUrl: infra.mail.httpUrl,
    smtpUrl: infra.mail.smtpUrl,
    natsUrl: infra.nats.url,
    tracesUrl: infra.traces.url,
    pagesUrl: infra.pages.url,
    sandboxUrls: Object.fromEntries(Object.entries(infra.sandboxes).map(([name, handle]) => [name, handle.url])),
    prometheusUrl: prometheus?.url ?? null,
    pgUrl: (db = 'postgres') => infra.postgres.url(db),
    infra,
    app,
    async stop() {
      await app.stop();
      await stopRows(besideApp, beside);
      await infra.stop();
    },
  };
}
