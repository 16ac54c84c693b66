import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { startMailCatcher, type CaughtMail, type MailCatcher } from './mail-catcher';
import { startNats, type NatsHandle } from './nats';
import { assertPortsFree, getFreePort, type PortClaim } from './ports';
import { createDatabase, startPostgres, type PostgresHandle } from './postgres';
import { pidAlive } from './proc';
import { profilePaths, repoRoot, tmpDir } from './paths';
import { assertBuilt, startService, type ServiceHandle } from './service';
import { APP_COMPONENTS, componentEnv, type AppComponent, type StackContext } from './services';

export type Profile = 'dev' | 'test';

/** Ports of the infrastructure on 127.0.0.1. */
export interface InfraPorts {
  postgres: number;
  nats: number;
  natsMonitor: number;
  smtp: number;
  mailHttp: number;
}

export const DEV_PORTS: InfraPorts = { postgres: 54320, nats: 42220, natsMonitor: 42221, smtp: 1025, mailHttp: 8025 };
export const TEST_PORTS: InfraPorts = { postgres: 54330, nats: 42230, natsMonitor: 42231, smtp: 1035, mailHttp: 8035 };

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
  };
}

/** SMISTA_TEST_PORT_OFFSET as a number (0 when unset). */
export function testPortOffset(): number {
  const raw = process.env.SMISTA_TEST_PORT_OFFSET;
  const n = raw ? Number(raw) : 0;
  if (!Number.isInteger(n) || n < 0 || n > 10_000) throw new Error(`SMISTA_TEST_PORT_OFFSET non valido: ${raw}`);
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
}

/** PostgreSQL, NATS and the mail catcher of one profile. */
export interface Infra {
  profile: Profile;
  ports: InfraPorts;
  pg: PostgresHandle;
  nats: NatsHandle;
  mail: MailCatcher;
  /** Stops mail catcher, NATS, PostgreSQL, in that order. */
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

/** The infrastructure ports with their names, for the port check. */
export function infraClaims(profile: Profile, ports: InfraPorts, offset = 0): PortClaim[] {
  return [
    ...(ownPostgresRunning(profile, ports.postgres, offset) ? [] : [{ port: ports.postgres, label: 'PostgreSQL' }]),
    { port: ports.nats, label: 'NATS' },
    { port: ports.natsMonitor, label: 'NATS monitor' },
    { port: ports.smtp, label: 'mail catcher SMTP' },
    { port: ports.mailHttp, label: 'mail catcher HTTP' },
  ];
}

/**
 * Starts PostgreSQL, NATS and the mail catcher of a profile in parallel (`.data/<profile>/`).
 * The test profile runs PostgreSQL without fsync and NATS on an empty store.
 */
export async function startInfra(options: InfraOptions): Promise<Infra> {
  const { profile } = options;
  const offset = profile === 'test' ? (options.offset ?? 0) : 0;
  const ports = infraPorts(profile, offset);
  if (!options.portsChecked) await assertPortsFree(infraClaims(profile, ports, offset));
  const dirs = profilePaths(profile, offset);
  const log = options.log ?? (() => undefined);

  const results = await Promise.allSettled([
    startPostgres({ dataDir: dirs.pg, port: ports.postgres, fsync: profile !== 'test' }),
    startNats({ storeDir: dirs.nats, port: ports.nats, monitorPort: ports.natsMonitor, fresh: profile === 'test', onLog: (l) => /\[(WRN|ERR|FTL)\]/.test(l) && log('nats', l) }),
    startMailCatcher({ smtpPort: ports.smtp, httpPort: ports.mailHttp, onMessage: options.onMail }),
  ]);
  const [pgR, natsR, mailR] = results;
  if (pgR.status === 'rejected' || natsR.status === 'rejected' || mailR.status === 'rejected') {
    // Stop what did start, then report every failure.
    if (mailR.status === 'fulfilled') await mailR.value.stop();
    if (natsR.status === 'fulfilled') await natsR.value.stop();
    if (pgR.status === 'fulfilled') await pgR.value.stop();
    const reasons = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message ?? String(r.reason)] : []));
    throw new Error(reasons.join('\n'));
  }
  const pg = pgR.value;
  const nats = natsR.value;
  const mail = mailR.value;
  if (pg.reused) log('postgres', `cluster già avviato riutilizzato (porta ${ports.postgres})`);
  log('postgres', `pronto su ${pg.url()} (dati in ${path.relative(repoRoot, pg.dataDir)}, log in postgres.log)`);
  log('nats', `pronto su ${nats.url} (monitor ${nats.monitorUrl})`);
  log('mail', `SMTP ${mail.smtpUrl} · messaggi su ${mail.httpUrl}`);

  return {
    profile,
    ports,
    pg,
    nats,
    mail,
    async stop() {
      await mail.stop();
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
  logLevel?: string;
  /** Own process groups for children (default true; the CLI needs it for ordered Ctrl-C). */
  detached?: boolean;
  onUnexpectedExit?: (name: string, code: number | null, signal: NodeJS.Signals | null) => void;
}

/** The running application. */
export interface App {
  /** Gateway URL, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  ports: Record<string, number>;
  /** DATABASE_URL by component. */
  databases: Record<string, string>;
  services: ServiceHandle[];
  /** Per-component log files (files output only). */
  logDir?: string;
  /** Stops stage by stage, last stage (gateway) first. */
  stop(): Promise<void>;
}

/** 32 random bytes as hex, unless CALLER_TOKEN_SECRET is set. */
export function callerTokenSecret(): string {
  return process.env.CALLER_TOKEN_SECRET || crypto.randomBytes(32).toString('hex');
}

function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}`;
}

/** Ports of the application components for a dev start (gateway: PORT env or 8080). */
export function devAppPorts(components: readonly AppComponent[] = APP_COMPONENTS, gatewayPort?: number): PortClaim[] {
  return components.map((c) => ({
    port: c.kind === 'http' && gatewayPort ? gatewayPort : c.devPort,
    label: c.name,
  }));
}

/**
 * Starts the application components against running infrastructure, stage by stage: all gRPC
 * services in parallel, then the gateway once they are healthy. Any failure stops what started and
 * rejects with the first error.
 */
export async function startApp(options: AppOptions): Promise<App> {
  const components = [...(options.components ?? APP_COMPONENTS)];
  for (const c of components) assertBuilt(c.name, path.join(repoRoot, c.dir), c.entry);

  const ports: Record<string, number> = {};
  for (const c of components) {
    ports[c.name] =
      options.ports === 'dev' ? (c.kind === 'http' && options.gatewayPort ? options.gatewayPort : c.devPort) : await getFreePort();
  }
  const gateway = components.find((c) => c.kind === 'http');
  const baseUrl = gateway ? `http://127.0.0.1:${ports[gateway.name]}` : '';

  const suffix = uniqueSuffix();
  const databases: Record<string, string> = {};
  for (const c of components) {
    if (!c.database) continue;
    const name = options.databases === 'dev' ? c.database : `${c.database.replace(/^smista_/, '')}_${suffix}`;
    databases[c.name] = await createDatabase(options.infra.pgAdminUrl, name);
  }

  const ctx: StackContext = {
    ports,
    databaseUrls: databases,
    natsUrl: options.infra.natsUrl,
    smtpUrl: options.infra.smtpUrl,
    publicUrl: options.env?.PUBLIC_URL ?? (options.ports === 'dev' ? process.env.PUBLIC_URL : undefined) ?? baseUrl,
    callerTokenSecret: options.callerTokenSecret ?? callerTokenSecret(),
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

  const stages = [...new Set(components.map((c) => c.stage))].sort((a, b) => a - b);
  for (const stage of stages) {
    const batch = components.filter((c) => c.stage === stage);
    const results = await Promise.allSettled(
      batch.map((c) => {
        const port = ports[c.name];
        return startService({
          name: c.name,
          cwd: path.join(repoRoot, c.dir),
          entry: c.entry,
          env: {
            ...componentEnv(c, ctx, components),
            // Stacks sharing one NATS server (parallel test suites) each need their own durable
            // consumers, or they would split each other's events.
            ...(options.databases === 'fresh' && c.kind === 'grpc' ? { NATS_CONSUMER_SUFFIX: `-${suffix}` } : {}),
            ...(options.env ?? {}),
            ...(options.componentEnv?.[c.name] ?? {}),
          },
          health: c.kind === 'grpc' ? { kind: 'grpc', address: `127.0.0.1:${port}` } : { kind: 'http', url: `http://127.0.0.1:${port}/healthz` },
          output: logDir ? { mode: 'file', path: path.join(logDir, `${c.name}.log`) } : { mode: 'pretty', width, colour: options.output.mode === 'pretty' && !!options.output.colour },
          detached: options.detached ?? true,
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

  return { baseUrl, ports, databases, services: started.map((s) => s.handle), logDir, stop: stopAll };
}

/** What `startStack` returns: the URLs a test or a developer needs. */
export interface Stack {
  baseUrl: string;
  /** HTTP base of the mail catcher. */
  mailUrl: string;
  smtpUrl: string;
  natsUrl: string;
  /** URL of a database on the stack's PostgreSQL (superuser). */
  pgUrl(db?: string): string;
  infra: Infra;
  app: App;
  /** Gateway, services, mail catcher, NATS, PostgreSQL — in that order. */
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
}

/**
 * Whole stack for a profile. `dev`: fixed ports (table above), databases `smista_<service>`, readable
 * logs on stdout. `test`: test ports (+offset) for the infrastructure, free ports and fresh databases
 * for the application, logs in `.tmp/stack-logs/<run>/`.
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

  const infra = await startInfra({ profile, offset, log: options.log, onMail: options.onMail, portsChecked: true });
  let app: App;
  try {
    app = await startApp({
      infra: { pgAdminUrl: infra.pg.url(), natsUrl: infra.nats.url, smtpUrl: infra.mail.smtpUrl },
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
      onUnexpectedExit: options.onUnexpectedExit,
    });
  } catch (err) {
    await infra.stop();
    throw err;
  }
  return {
    baseUrl: app.baseUrl,
    mailUrl: infra.mail.httpUrl,
    smtpUrl: infra.mail.smtpUrl,
    natsUrl: infra.nats.url,
    pgUrl: (db = 'postgres') => infra.pg.url(db),
    infra,
    app,
    async stop() {
      await app.stop();
      await infra.stop();
    },
  };
}
