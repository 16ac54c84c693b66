/**
 * The application topology: every process the local stack runs after the infrastructure, in one
 * table. Adding a service is one row; the environment rules below give it what every service gets.
 */

/** One deployable of the application (a gRPC service or the HTTP gateway). */
export interface AppComponent {
  /** Short name: log prefix, `<NAME>_GRPC_ADDR` for peers. */
  name: string;
  /** Package folder relative to the repository root; runs `node <entry>` there. */
  dir: string;
  /** Script relative to `dir`; default `dist/main.js`. */
  entry?: string;
  /** gRPC services get GRPC_PORT and are probed with gRPC health; http components get PORT/HOST and GET /healthz. */
  kind: 'grpc' | 'http';
  /** Fixed port for `make dev` (tests pick free ports). */
  devPort: number;
  /**
   * Fixed METRICS_PORT for `make dev`: the component's admin server (`/metrics`, `/livez`,
   * `/readyz`), which Prometheus scrapes. Tests pick free ports.
   */
  devMetricsPort: number;
  /**
   * Start order: all components of a stage start in parallel; the next stage starts when all of them
   * are healthy. Stop order is the reverse.
   */
  stage: number;
  /** Its own PostgreSQL database (dev name; tests use `<name>_<unique suffix>`). */
  database?: string;
  /** Extra variables on top of {@link componentEnv}'s common ones. */
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
  /** Base URL of the GLS Italy sandbox: label service (`/ilswebservice.asmx/<Op>`) and tracking (`/XML/get_xml_track.php`). */
  glsUrl: string;
  /** Base URL of the Poste Delivery Business sandbox (it serves the API at its root). */
  posteUrl: string;
  /** Base URL of the eBay sandbox: consent page, token, identity and Sell Fulfillment at eBay's paths. */
  ebayUrl: string;
  /** The gateway's REDIS_URL: rate-limit counters shared by every gateway process. */
  redisUrl?: string;
  /** The gateway's RATE_LIMIT_REDIS_PREFIX (default `smista:rl:`): stacks sharing one Redis each set their own. */
  rateLimitKeyPrefix?: string;
  /** The eBay app registered with the sandbox for this application (its RuName leads back to its gateway). */
  ebayApp: EbayApp;
  logLevel: string;
  /** Absolute path of `frontends/`. */
  frontendsDir: string;
}

/** An eBay developer app: what marketplaces sends eBay as client and redirect_uri. */
export interface EbayApp {
  clientId: string;
  clientSecret: string;
  ruName: string;
}

export const MAIL_FROM = 'Smista <no-reply@smista.local>';

export const APP_COMPONENTS: readonly AppComponent[] = [
  { name: 'identity', dir: 'services/identity', kind: 'grpc', devPort: 50051, devMetricsPort: 9401, stage: 1, database: 'smista_identity' },
  { name: 'merchants', dir: 'services/merchants', kind: 'grpc', devPort: 50052, devMetricsPort: 9402, stage: 1, database: 'smista_merchants' },
  {
    // It asks merchants for the sender's address per request, never at start-up: it starts beside it.
    name: 'carriers',
    dir: 'services/carriers',
    kind: 'grpc',
    devPort: 50053,
    devMetricsPort: 9403,
    stage: 1,
    database: 'smista_carriers',
    env: (ctx) => ({
      SECRETS_KEYS: ctx.secretsKeys,
      // The sandboxes stand in for the carriers' real APIs; GLS tracking is served by the same server.
      GLS_BASE_URL: ctx.glsUrl,
      GLS_TRACKING_URL: ctx.glsUrl,
      POSTE_DELIVERY_BASE_URL: ctx.posteUrl,
    }),
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
    env: (ctx) => ({
      SECRETS_KEYS: ctx.secretsKeys,
      EBAY_CLIENT_ID: ctx.ebayApp.clientId,
      EBAY_CLIENT_SECRET: ctx.ebayApp.clientSecret,
      EBAY_RU_NAME: ctx.ebayApp.ruName,
      // The sandbox serves eBay's three hosts (auth, api, apiz) at one address.
      EBAY_AUTH_URL: ctx.ebayUrl,
      EBAY_API_URL: ctx.ebayUrl,
      EBAY_IDENTITY_URL: ctx.ebayUrl,
    }),
  },
  {
    // Consumes marketplaces' events (it waits for their stream) and asks carriers per request.
    name: 'orders',
    dir: 'services/orders',
    kind: 'grpc',
    devPort: 50055,
    devMetricsPort: 9405,
    stage: 1,
    database: 'smista_orders',
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
  },
  {
    name: 'gateway',
    dir: 'gateway',
    kind: 'http',
    devPort: 8080,
    devMetricsPort: 9400,
    stage: 2,
    env: (ctx) => ({
      FRONTENDS_DIR: ctx.frontendsDir,
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
];

/** `identity` → `IDENTITY_GRPC_ADDR` */
export function grpcAddrVar(name: string): string {
  return `${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_GRPC_ADDR`;
}

/**
 * The environment of one component:
 * - gRPC services: GRPC_PORT, DATABASE_URL (if it has a database), NATS_URL, CALLER_TOKEN_SECRET,
 *   SMTP_URL, MAIL_FROM and `<PEER>_GRPC_ADDR` of every other gRPC service;
 * - http components (gateway): PORT, HOST=127.0.0.1 and `<SVC>_GRPC_ADDR` of every gRPC service;
 * - every component: METRICS_PORT, OTEL_EXPORTER_OTLP_ENDPOINT, PUBLIC_URL, LOG_LEVEL;
 * then the row's own `env`.
 */
export function componentEnv(component: AppComponent, ctx: StackContext, all: readonly AppComponent[]): Record<string, string> {
  const peers: Record<string, string> = {};
  for (const other of all) {
    if (other.kind === 'grpc' && other.name !== component.name) peers[grpcAddrVar(other.name)] = `127.0.0.1:${ctx.ports[other.name]}`;
  }
  const port = String(ctx.ports[component.name]);
  const common: Record<string, string> =
    component.kind === 'grpc'
      ? {
          GRPC_PORT: port,
          ...(ctx.databaseUrls[component.name] ? { DATABASE_URL: ctx.databaseUrls[component.name] } : {}),
          NATS_URL: ctx.natsUrl,
          CALLER_TOKEN_SECRET: ctx.callerTokenSecret,
          SMTP_URL: ctx.smtpUrl,
          MAIL_FROM,
        }
      : { PORT: port, HOST: '127.0.0.1' };
  return {
    ...common,
    METRICS_PORT: String(ctx.metricsPorts[component.name]),
    OTEL_EXPORTER_OTLP_ENDPOINT: ctx.otlpEndpoint,
    PUBLIC_URL: ctx.publicUrl,
    LOG_LEVEL: ctx.logLevel,
    ...peers,
    ...(component.env?.(ctx) ?? {}),
  };
}
