import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EBAY_SANDBOX_APP, ebaySandboxControl, startEbaySandbox, startGlsSandbox, startPosteDeliverySandbox } from '@smista/sandboxes';
import { startJaeger, type JaegerHandle } from './jaeger';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher';
import { startNats, type NatsHandle } from './nats';
import { runningRedisPid, startRedis, type RedisHandle } from './redis';
import { assertPortsFree, getFreePort, type PortClaim } from './ports';
import { createDatabase, startPostgres, type PostgresHandle } from './postgres';
import { dropAtSuiteEnd } from './test-databases';
import { pidAlive } from './proc';
import { profilePaths, repoRoot, tmpDir } from './paths';
import { startOptionalPrometheus, type PrometheusHandle } from './prometheus';
import { legalSampleUrls, startSamplePages, type SamplePages } from './sample-pages';
import { assertBuilt, startService, type RestartEvent, type RestartPolicy, type ServiceHandle } from './service';
import { APP_COMPONENTS, componentEnv, type AppComponent, type EbayApp, type StackContext } from './services';

export type Profile = 'dev' | 'test';

/** Ports of the infrastructure on 127.0.0.1. */
export interface InfraPorts {
  postgres: number;
  nats: number;
  natsMonitor: number;
  smtp: number;
  mailHttp: number;
  /** Jaeger's UI and query API (`/api/traces`, `/api/services`). */
  traces: number;
  /** Jaeger's query gRPC API. */
  tracesGrpc: number;
  /** Jaeger's OTLP/HTTP receiver (`/v1/traces`): every component's OTEL_EXPORTER_OTLP_ENDPOINT. */
  otlpHttp: number;
  /** Jaeger's OTLP/gRPC receiver. */
  otlpGrpc: number;
  /** Sample legal pages. */
  samplePages: number;
  /** GLS Italy sandbox (label service and tracking). */
  gls: number;
  /** Poste Delivery Business sandbox. */
  poste: number;
  /** eBay sandbox (OAuth consent page, token, identity, Sell Fulfillment). */
  ebay: number;
  /** Redis: the gateways' shared rate-limit counters. */
  redis: number;
}

export const DEV_PORTS: InfraPorts = {
  postgres: 54320,
  nats: 42220,
  natsMonitor: 42221,
  smtp: 1025,
  mailHttp: 8025,
  traces: 16686,
  tracesGrpc: 16685,
  otlpHttp: 4318,
  otlpGrpc: 4317,
  samplePages: 8045,
  gls: 8091,
  poste: 8092,
  ebay: 8093,
  // Not 6379: Debian's redis-server package may run the system's own Redis there.
  redis: 63790,
};
/**
 * Test ports, moved by SMISTA_TEST_PORT_OFFSET. No two lie closer than 20 apart, so runs whose
 * offsets differ by less than 20 (parallel runs on one machine: 11, 12, 13...) never collide.
 */
export const TEST_PORTS: InfraPorts = {
  postgres: 54330,
  nats: 42230,
  natsMonitor: 42261,
  smtp: 1035,
  mailHttp: 8035,
  traces: 16696,
  tracesGrpc: 16726,
  otlpHttp: 14338,
  otlpGrpc: 14367,
  samplePages: 8055,
  gls: 8101,
  poste: 8131,
  ebay: 8161,
  redis: 46390,
};

/** Prometheus in `make dev` (optional: a taken port is reported, not fatal). */
export const DEV_PROMETHEUS_PORT = 9090;

/** Test ports shifted by `offset` (SMISTA_TEST_PORT_OFFSET), so two test runs can share a machine. */
export function infraPorts(profile: Profile, offset = 0): InfraPorts {
  if (profile === 'dev') return { ...DEV_PORTS };
  const shift = (p: number) => p + offset;
  return {
    postgres: shift(TEST_PORTS.postgres),
    nats: shift(TEST_PORTS.nats),
    natsMonitor: shift(TEST_PORTS.natsMonitor),
    smtp: shift(TEST_PORTS.smtp),
    mailHttp: shift(TEST_PORTS.mailHttp),
    traces: shift(TEST_PORTS.traces),
    tracesGrpc: shift(TEST_PORTS.tracesGrpc),
    otlpHttp: shift(TEST_PORTS.otlpHttp),
    otlpGrpc: shift(TEST_PORTS.otlpGrpc),
    samplePages: shift(TEST_PORTS.samplePages),
    gls: shift(TEST_PORTS.gls),
    poste: shift(TEST_PORTS.poste),
    ebay: shift(TEST_PORTS.ebay),
    redis: shift(TEST_PORTS.redis),
  };
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

/** A carrier sandbox of `@smista/sandboxes`, running. */
export interface SandboxHandle {
  /** Base URL, e.g. `http://127.0.0.1:8091`. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

/**
 * PostgreSQL, NATS, Redis, the mail catcher, Jaeger, the sample pages and the carrier sandboxes of
 * one profile.
 */
export interface Infra {
  profile: Profile;
  ports: InfraPorts;
  pg: PostgresHandle;
  nats: NatsHandle;
  mail: MailCatcher;
  /** Jaeger: every component's traces (OTLP in, UI and API out). */
  traces: JaegerHandle;
  pages: SamplePages;
  /** GLS Italy: the carriers service's GLS_BASE_URL and GLS_TRACKING_URL. */
  gls: SandboxHandle;
  /** Poste Delivery Business: the carriers service's POSTE_DELIVERY_BASE_URL. */
  poste: SandboxHandle;
  /** eBay: the marketplaces service's EBAY_AUTH_URL, EBAY_API_URL and EBAY_IDENTITY_URL. */
  ebay: SandboxHandle;
  /** The gateways' REDIS_URL: rate-limit counters every gateway process shares. */
  redis: RedisHandle;
  /** Stops the sandboxes, sample pages, Jaeger, mail catcher, Redis, NATS, PostgreSQL, in that order. */
  stop(): Promise<void>;
}

/** True when our own cluster of this profile is already up on the port (it will be reused, not a conflict). */
function ownPostgresRunning(profile: Profile, port: number, offset: number): boolean {
  try {
    const lines = fs.readFileSync(path.join(profilePaths(profile, offset).pg, 'postmaster.pid'), 'utf8').split('\n');
    return Number(lines[3]) === port && pidAlive(Number(lines[0]));
  } catch {
    return false;
  }
}

/** Folder of a profile's Redis: pid file and log. */
const redisDir = (profile: Profile, offset: number): string => path.join(profilePaths(profile, offset).root, 'redis');

/** The infrastructure ports with their names, for the port check. */
export function infraClaims(profile: Profile, ports: InfraPorts, offset = 0): PortClaim[] {
  return [
    ...(ownPostgresRunning(profile, ports.postgres, offset) ? [] : [{ port: ports.postgres, label: 'PostgreSQL' }]),
    { port: ports.nats, label: 'NATS' },
    { port: ports.natsMonitor, label: 'NATS monitor' },
    { port: ports.smtp, label: 'mail catcher SMTP' },
    { port: ports.mailHttp, label: 'mail catcher HTTP' },
    { port: ports.traces, label: 'Jaeger UI e API' },
    { port: ports.tracesGrpc, label: 'Jaeger API gRPC' },
    { port: ports.otlpHttp, label: 'Jaeger OTLP/HTTP' },
    { port: ports.otlpGrpc, label: 'Jaeger OTLP/gRPC' },
    { port: ports.samplePages, label: 'pagine di esempio' },
    { port: ports.gls, label: 'sandbox GLS' },
    { port: ports.poste, label: 'sandbox Poste Delivery' },
    { port: ports.ebay, label: 'sandbox eBay' },
    // The dev profile reuses its own Redis left running (see startRedis); the test profile restarts it.
    ...(runningRedisPid(redisDir(profile, offset), ports.redis) ? [] : [{ port: ports.redis, label: 'Redis' }]),
  ];
}

/** Starts one carrier sandbox on 127.0.0.1; its handle stops it like the rest of the infrastructure. */
async function startSandbox(
  start: (options: { port: number; host: string; latencyMs: number }) => Promise<{ url: string; port: number; close(): Promise<void> }>,
  port: number,
  latencyMs: number,
): Promise<SandboxHandle> {
  const sandbox = await start({ port, host: '127.0.0.1', latencyMs });
  return { url: sandbox.url, port: sandbox.port, stop: () => sandbox.close() };
}

/**
 * Starts PostgreSQL, NATS, Redis, the mail catcher, Jaeger, the sample pages and the
 * carrier sandboxes of a profile in parallel (`.data/<profile>/`). The test profile runs PostgreSQL
 * without fsync and NATS and Redis empty; dev reuses a Redis it left running.
 */
export async function startInfra(options: InfraOptions): Promise<Infra> {
  const { profile } = options;
  const offset = profile === 'test' ? (options.offset ?? 0) : 0;
  const ports = infraPorts(profile, offset);
  if (!options.portsChecked) await assertPortsFree(infraClaims(profile, ports, offset));
  const dirs = profilePaths(profile, offset);
  const log = options.log ?? (() => undefined);
  const latencyMs = options.sandboxLatencyMs ?? 0;

  const [pgR, natsR, mailR, tracesR, pagesR, glsR, posteR, ebayR, redisR] = await Promise.allSettled([
    startPostgres({ dataDir: dirs.pg, port: ports.postgres, fsync: profile !== 'test' }),
    startNats({ storeDir: dirs.nats, port: ports.nats, monitorPort: ports.natsMonitor, fresh: profile === 'test', onLog: (l) => /\[(WRN|ERR|FTL)\]/.test(l) && log('nats', l) }),
    startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.mailHttp, onMessage: options.onMail }),
    startJaeger({
      dir: dirs.jaeger,
      ports: { ui: ports.traces, queryGrpc: ports.tracesGrpc, otlpHttp: ports.otlpHttp, otlpGrpc: ports.otlpGrpc },
      // Its warnings and errors, less the one about the UI files the Go module lacks (README, Traces).
      onLog: (l) => /\t(warn|error)\t/.test(l) && !l.includes('ui assets not embedded') && log('traces', l),
    }),
    startSamplePages({ port: ports.samplePages }),
    startSandbox(startGlsSandbox, ports.gls, latencyMs),
    startSandbox(startPosteDeliverySandbox, ports.poste, latencyMs),
    startSandbox(startEbaySandbox, ports.ebay, latencyMs),
    startRedis({ dir: redisDir(profile, offset), port: ports.redis, reuse: profile === 'dev' }),
  ]);
  // Stop order, last started first.
  const results = [ebayR, posteR, glsR, pagesR, tracesR, mailR, redisR, natsR, pgR];
  if (results.some((r) => r.status === 'rejected')) {
    // Stop what did start, then report every failure.
    for (const r of results) if (r.status === 'fulfilled') await r.value.stop();
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message ?? String(r.reason)] : []));
    throw new Error(reasons.join('\n'));
  }
  const pg = (pgR as PromiseFulfilledResult<PostgresHandle>).value;
  const nats = (natsR as PromiseFulfilledResult<NatsHandle>).value;
  const mail = (mailR as PromiseFulfilledResult<MailCatcher>).value;
  const traces = (tracesR as PromiseFulfilledResult<JaegerHandle>).value;
  const pages = (pagesR as PromiseFulfilledResult<SamplePages>).value;
  const gls = (glsR as PromiseFulfilledResult<SandboxHandle>).value;
  const poste = (posteR as PromiseFulfilledResult<SandboxHandle>).value;
  const ebay = (ebayR as PromiseFulfilledResult<SandboxHandle>).value;
  const redis = (redisR as PromiseFulfilledResult<RedisHandle>).value;
  if (pg.reused) log('postgres', `cluster già avviato riutilizzato (porta ${ports.postgres})`);
  log('postgres', `pronto su ${pg.url()} (dati in ${path.relative(repoRoot, pg.dataDir)}, log in postgres.log)`);
  log('nats', `pronto su ${nats.url} (monitor ${nats.monitorUrl})`);
  log('redis', `${redis.reused ? 'già avviato, riutilizzato: ' : 'pronto su '}${redis.url} (limiti di richieste condivisi dai gateway)`);
  log('mail', `SMTP ${mail.smtpUrl} · messaggi su ${mail.httpUrl}`);
  log('traces', `Jaeger su ${traces.url} (API /api/traces, /api/services, /api/dependencies) · OTLP/HTTP su ${traces.otlpUrl}, OTLP/gRPC su ${traces.otlpGrpcAddress}`);
  log('pages', `pagine legali di esempio su ${pages.url}`);
  const latency = latencyMs ? ` (latenza simulata ${latencyMs} ms)` : '';
  log('sandbox', `GLS su ${gls.url}, Poste Delivery su ${poste.url}, eBay su ${ebay.url}${latency}`);

  return {
    profile,
    ports,
    pg,
    nats,
    mail,
    traces,
    pages,
    gls,
    poste,
    ebay,
    redis,
    async stop() {
      await ebay.stop();
      await poste.stop();
      await gls.stop();
      await pages.stop();
      await traces.stop();
      await mail.stop();
      await redis.stop();
      await nats.stop();
      await pg.stop();
    },
  };
}

/** Where the application connects to the infrastructure. */
export interface InfraEndpoints {
  /** Superuser URL to the `postgres` database; databases are created through it. */
  pgAdminUrl: string;
  natsUrl: string;
  smtpUrl: string;
  /** Jaeger's OTLP/HTTP base: every component's OTEL_EXPORTER_OTLP_ENDPOINT. */
  otlpUrl: string;
  /** Base URL of the sample pages: the gateway's LEGAL_TERMS_URL and LEGAL_PRIVACY_URL point there. */
  pagesUrl: string;
  /** Base URL of the GLS Italy sandbox (carriers' GLS_BASE_URL and GLS_TRACKING_URL). */
  glsUrl: string;
  /** Base URL of the Poste Delivery Business sandbox (carriers' POSTE_DELIVERY_BASE_URL). */
  posteUrl: string;
  /** Base URL of the eBay sandbox (marketplaces' EBAY_AUTH_URL, EBAY_API_URL, EBAY_IDENTITY_URL). */
  ebayUrl: string;
  /** The gateway's REDIS_URL (shared rate limits); without it each gateway process counts alone. */
  redisUrl?: string;
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
    glsUrl: options.infra.glsUrl,
    posteUrl: options.infra.posteUrl,
    ebayUrl: options.infra.ebayUrl,
    redisUrl: options.infra.redisUrl,
    // Test stacks share one Redis: each keeps its own counters (its replicas share them).
    rateLimitKeyPrefix: options.databases === 'fresh' ? `smista:rl:${suffix}:` : undefined,
    ebayApp: await registerEbayApp(options.infra.ebayUrl, publicUrl, options.databases === 'dev'),
    logLevel: options.logLevel ?? process.env.LOG_LEVEL ?? 'info',
    frontendsDir: path.join(repoRoot, 'frontends'),
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
  /** Jaeger's UI and API (`/api/traces`); the components export to its OTLP/HTTP receiver. */
  tracesUrl: string;
  /** Sample legal pages. */
  pagesUrl: string;
  /** GLS Italy sandbox. */
  glsUrl: string;
  /** Poste Delivery Business sandbox. */
  posteUrl: string;
  /** eBay sandbox (consent page, token, identity, orders). */
  ebayUrl: string;
  /** Prometheus (dev profile), or null when it is not running. */
  prometheusUrl: string | null;
  /** URL of a database on the stack's PostgreSQL (superuser). */
  pgUrl(db?: string): string;
  infra: Infra;
  app: App;
  /** Gateway, services, Prometheus, sandboxes, sample pages, Jaeger, mail catcher, NATS, PostgreSQL — in that order. */
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
  // Prometheus starts beside the application; it tolerates targets that are not up yet.
  const prometheusStarting: Promise<PrometheusHandle | undefined> =
    profile === 'dev'
      ? startOptionalPrometheus({
          jobs: components.map((c) => ({ name: c.name, port: c.devMetricsPort })),
          dir: profilePaths('dev').prometheus,
          port: DEV_PROMETHEUS_PORT,
          log: (line) => options.log?.('metrics', line),
        })
      : Promise.resolve(undefined);
  let app: App;
  try {
    app = await startApp({
      infra: {
        pgAdminUrl: infra.pg.url(),
        natsUrl: infra.nats.url,
        smtpUrl: infra.mail.smtpUrl,
        otlpUrl: infra.traces.otlpUrl,
        pagesUrl: infra.pages.url,
        glsUrl: infra.gls.url,
        posteUrl: infra.poste.url,
        ebayUrl: infra.ebay.url,
        redisUrl: infra.redis.url,
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
    await (await prometheusStarting)?.stop();
    await infra.stop();
    throw err;
  }
  const prometheus = await prometheusStarting;
  return {
    baseUrl: app.baseUrl,
    mailUrl: infra.mail.httpUrl,
    smtpUrl: infra.mail.smtpUrl,
    natsUrl: infra.nats.url,
    tracesUrl: infra.traces.url,
    pagesUrl: infra.pages.url,
    glsUrl: infra.gls.url,
    posteUrl: infra.poste.url,
    ebayUrl: infra.ebay.url,
    prometheusUrl: prometheus?.url ?? null,
    pgUrl: (db = 'postgres') => infra.pg.url(db),
    infra,
    app,
    async stop() {
      await app.stop();
      await prometheus?.stop();
      await infra.stop();
    },
  };
}
