import crypto from 'node:crypto';
import path from 'node:path';
import { tmpDir } from '../../deploy/local/src/paths';
import { ServiceStartError, type RestartPolicy, type ServiceHandle } from '../../deploy/local/src/service';
import { startApp as startAppProcesses, startReplica } from '../../deploy/local/src/stack';
import { glsSandboxControl, posteDeliverySandboxControl, startGlsSandbox, startPosteDeliverySandbox, type GlsSandbox, type PosteDeliverySandbox } from '@smista/sandboxes';
import { sharedInfra } from './env';

export interface StartAppOptions {
  /** Variables for every component (after the computed ones). */
  env?: Record<string, string>;
  /** Variables for one component, e.g. `{ gateway: { RATE_LIMIT_ENABLED: 'false' } }`. */
  componentEnv?: Record<string, Record<string, string>>;
  /** LOG_LEVEL for every component; default `info`. */
  logLevel?: string;
  /**
   * A GLS sandbox of this app alone (started in this process) instead of the run's shared one.
   * Suites that label shipments need it: each app's shipments database numbers its GLS
   * `ContatoreProgressivo` and `Bda` from 1, and on one shared GLS account another suite's parcel
   * with the same counter would be answered back (GLS de-duplicates on it), or its close or
   * cancel would reach ours. `{ latencyMs }` slows each of its answers (a run that lasts long enough
   * to be cut); `{ deliverAfterSeconds }` sets how long a parcel takes from the close to its
   * delivery (default 300), so a suite that moves the clock by hours sees parcels still on their way.
   */
  ownGlsSandbox?: boolean | { latencyMs?: number; deliverAfterSeconds?: number };
  /**
   * A Poste Delivery Business sandbox of this app alone (started in this process) instead of the
   * run's shared one: a suite that moves the carriers' clock ({@link advanceCarrierClocks}) needs
   * its own GLS and Poste sandboxes, or it would move every suite's parcels along.
   */
  ownPosteSandbox?: boolean;
  /**
   * A component that dies is started again with backoff, as in `make dev` (default true; each
   * restart is a `[runner]` line in its log file).
   */
  restart?: boolean | RestartPolicy;
}

export interface TestApp {
  /** Gateway URL, e.g. `http://127.0.0.1:41234`. */
  baseUrl: string;
  /** Mail catcher HTTP base (shared by the run). */
  mailUrl: string;
  /** Jaeger (shared by the run), where every component's spans go: `jaegerTrace(tracesUrl, id)`, its UI at `${tracesUrl}/trace/<id>`. */
  tracesUrl: string;
  /** GLS Italy sandbox the carriers service talks to (shared by the run unless `ownGlsSandbox`). */
  glsUrl: string;
  /** The app's own GLS sandbox (`ownGlsSandbox`), for its tallies; undefined with the shared one. */
  gls?: GlsSandbox;
  /** Poste Delivery Business sandbox the carriers service talks to (shared by the run unless `ownPosteSandbox`). */
  posteUrl: string;
  /** The app's own Poste Delivery sandbox (`ownPosteSandbox`); undefined with the shared one. */
  poste?: PosteDeliverySandbox;
  /** eBay sandbox the marketplaces service talks to (shared by the run; each app registers its own eBay app). */
  ebayUrl: string;
  /** Port of each component. */
  ports: Record<string, number>;
  /** METRICS_PORT of each component: `GET http://127.0.0.1:${metricsPorts.gateway}/metrics`. */
  metricsPorts: Record<string, number>;
  /** NATS_CONSUMER_SUFFIX of this app's services (durables of other suites' apps see the same events). */
  consumerSuffix: string;
  /** DATABASE_URL of each service (fresh databases). */
  databases: Record<string, string>;
  /** One raw log file per component: `.tmp/e2e-logs/<run>/<name>.log`. */
  logDir: string;
  /** The running components by name: `process.kill(app.services.orders.pid, 'SIGKILL')`. */
  services: Record<string, ServiceHandle>;
  /**
   * One more process of a component behind the same address (its variables, ports of its own),
   * stopped before the app: answers its base URL (for the gateway, where a second replica listens).
   */
  startReplica(component: string, name: string): Promise<string>;
  /** Replicas, then the gateway, then the services. */
  stop(): Promise<void>;
}

/**
 * Starts the built application (identity, merchants, carriers, …, then the gateway — the table in
 * deploy/local/src/components.ts) against the shared test infrastructure, carrier sandboxes included,
 * on free ports with fresh databases and a new SECRETS_KEYS. Run `make build` (or
 * `npx nx run-many -t build`) first.
 *
 * @example
 * let app: TestApp;
 * beforeAll(async () => { app = await startApp(); }, 60_000);
 * afterAll(() => app.stop());
 */
export async function startApp(options: StartAppOptions = {}): Promise<TestApp> {
  const infra = sharedInfra();
  const logDir = path.join(tmpDir, 'e2e-logs', `${Date.now().toString(36)}-${crypto.randomBytes(3).toString('hex')}`);
  const own = options.ownGlsSandbox;
  const gls = own
    ? await startGlsSandbox({ port: 0, latencyMs: typeof own === 'object' ? (own.latencyMs ?? 0) : 0, ...(typeof own === 'object' && own.deliverAfterSeconds ? { deliverAfterSeconds: own.deliverAfterSeconds } : {}) })
    : null;
  let poste: PosteDeliverySandbox | null = null;
  try {
    if (options.ownPosteSandbox) poste = await startPosteDeliverySandbox({ port: 0 });
  } catch (err) {
    await gls?.close();
    throw err;
  }
  const closeSandboxes = async () => {
    await Promise.all([gls?.close(), poste?.close()]);
  };
  const carriersEnv = {
    ...options.componentEnv?.carriers,
    ...(gls ? { GLS_BASE_URL: gls.url, GLS_TRACKING_URL: gls.url } : {}),
    ...(poste ? { POSTE_DELIVERY_BASE_URL: poste.url } : {}),
  };
  // The tracking refresher reads the carriers by itself (issue 26): off unless a suite turns it on
  // (`componentEnv: { shipments: { TRACKING_REFRESH_ENABLED: 'true' } }`), so no other suite sees
  // parcels move, or activity appear, without its own action.
  const componentEnv = {
    ...options.componentEnv,
    // Buyer e-mails (off per merchant until switched on) go at once and are looked for often.
    shipments: { TRACKING_REFRESH_ENABLED: 'false', BUYER_MAIL_SHIPPED_DELAY_SECONDS: '0', BUYER_MAIL_IDLE_MS: '200', ...options.componentEnv?.shipments },
    ...(gls || poste ? { carriers: carriersEnv } : {}),
  };
  try {
    const app = await startAppProcesses({
      infra,
      ports: 'free',
      databases: 'fresh',
      output: { mode: 'files', logDir },
      env: options.env,
      componentEnv,
      logLevel: options.logLevel,
      detached: false,
      restart: options.restart ?? true,
    });
    const replicas: ServiceHandle[] = [];
    return {
      baseUrl: app.baseUrl,
      mailUrl: infra.mailUrl,
      tracesUrl: infra.tracesUrl,
      glsUrl: gls?.url ?? infra.glsUrl,
      gls: gls ?? undefined,
      posteUrl: poste?.url ?? infra.posteUrl,
      poste: poste ?? undefined,
      ebayUrl: infra.ebayUrl,
      ports: app.ports,
      metricsPorts: app.metricsPorts,
      databases: app.databases,
      consumerSuffix: app.consumerSuffix,
      logDir,
      services: Object.fromEntries(app.services.map((s) => [s.name, s])),
      startReplica: async (component, name) => {
        const replica = await startReplica(app, component, { name, logFile: path.join(logDir, `${name}.log`) });
        replicas.push(replica.handle);
        return replica.url;
      },
      stop: async () => {
        await Promise.all(replicas.map((r) => r.stop()));
        await app.stop();
        await closeSandboxes();
      },
    };
  } catch (err) {
    await closeSandboxes();
    if (err instanceof ServiceStartError) err.message += `\n(log completi in ${logDir})`;
    throw err;
  }
}

/**
 * Moves the clock of the app's own GLS and Poste Delivery sandboxes `seconds` forward (their
 * `POST /__sandbox/clock`), so parcels walk their tracking paths (held, second attempt, returned,
 * stalled: the sandboxes' READMEs) without waiting. Refuses the run's shared sandboxes: start the app
 * with `ownGlsSandbox` and `ownPosteSandbox`.
 *
 * @example await advanceCarrierClocks(app, 3 * 86_400); // three days later for both carriers
 */
export async function advanceCarrierClocks(app: Pick<TestApp, 'gls' | 'poste'>, seconds: number): Promise<{ gls: Date; poste: Date }> {
  if (!app.gls || !app.poste) throw new Error('advanceCarrierClocks: avvia l\'app con ownGlsSandbox e ownPosteSandbox (le sandbox condivise servono ogni suite)');
  const [gls, poste] = await Promise.all([glsSandboxControl(app.gls.url).advanceClock(seconds), posteDeliverySandboxControl(app.poste.url).advanceClock(seconds)]);
  return { gls, poste };
}
