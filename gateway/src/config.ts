import path from 'node:path';
import { z } from 'zod';
import { messages } from '@smista/contracts';
import { bucketName } from '@smista/remote-server';
import { checkSsoPair, env, loadConfig, parseConfig, ssoEnv, ssoSettingsOf } from '@smista/service-kit';
import { grpcServices, serviceNames, type ServiceName } from './services';

const originOf = (url: string): string => new URL(url).origin;

const originList = z
  .string()
  .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean))
  .pipe(z.array(z.url(messages.config.originList)))
  .transform((list) => list.map(originOf));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** `redis://[user[:password]@]host[:port][/db]` or `rediss://` (TLS); empty counts as unset, like the kit's optional URLs. */
const optionalRedisUrl = env
  .optionalUrl()
  .refine((url) => url === undefined || /^rediss?:$/.test(new URL(url).protocol), messages.config.redisUrl);

/** `IDENTITY_GRPC_ADDR`, `MERCHANTS_GRPC_ADDR`, ...: one variable per row of the service table. */
const addressVariables = Object.fromEntries(serviceNames.map((name) => [grpcServices[name].addressVar, env.address()])) as Record<
  string,
  ReturnType<typeof env.address>
>;

const schema = z
  .object({
    PORT: env.port(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    ...addressVariables,
    /** Admin HTTP server (/metrics, /livez, /readyz), never the public port. */
    METRICS_PORT: env.port(9464),
    /** OTLP/HTTP collector base URL: the gateway's spans and the browser's go there. */
    OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl(),
    /** The 'Termini e Condizioni' and 'Privacy Policy' pages the registration form links to. */
    LEGAL_TERMS_URL: env.optionalUrl(),
    LEGAL_PRIVACY_URL: env.optionalUrl(),
    /** Headers and body of a request must arrive within this (408 otherwise), so a silent client cannot hold a connection. */
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(20_000),
    FRONTENDS_DIR: z.string().refine((p) => path.isAbsolute(p), messages.config.absolutePath),
    PUBLIC_URL: env.url(),
    COOKIE_SECURE: env.bool(false),
    TRUSTED_ORIGINS: originList.optional(),
    /** Express `trust proxy`: hops of reverse proxies in front of the gateway (0 = none). */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
    /**
     * Origins other than the gateway's own that remotes may be served from (a CDN, an object
     * store): the CSP names them, and the registry lists a remote whose manifest is elsewhere on
     * no account. Remotes behind the same host (`/remotes/<name>/`) need none.
     */
    REMOTE_ORIGINS: originList.optional(),
    /**
     * Serve the remotes built under FRONTENDS_DIR at `/remotes/<name>/` and announce them in the
     * registry like any remote server (make dev, the tests): one deployment of them among others.
     */
    LOCAL_REMOTES: env.bool(false),
    /** The registry bucket (NATS KV) the remote servers announce themselves in. */
    REMOTES_BUCKET: bucketName,
    RATE_LIMIT_ENABLED: env.bool(true),
    /** Redis holding the rate-limit counters every gateway replica shares; unset: each process counts alone. */
    REDIS_URL: optionalRedisUrl,
    /** Start of every rate-limit key in Redis; installations (or test stacks) sharing one Redis each set their own. */
    RATE_LIMIT_REDIS_PREFIX: z.string().regex(/^\S{1,64}$/, messages.config.keyPrefix).default('smista:rl:'),
    RATE_LIMIT_WINDOW_MS: positiveInt(15 * 60_000),
    RATE_LIMIT_LOGIN_PER_EMAIL: positiveInt(10),
    RATE_LIMIT_LOGIN_PER_IP: positiveInt(30),
    RATE_LIMIT_REGISTER_PER_IP: positiveInt(10),
    RATE_LIMIT_RESET_PER_EMAIL: positiveInt(5),
    RATE_LIMIT_RESET_PER_IP: positiveInt(20),
    RATE_LIMIT_CHECK_EMAIL_PER_IP: positiveInt(100),
    /** Invites one user may send per RATE_LIMIT_INVITES_WINDOW_MS (default an hour). */
    RATE_LIMIT_INVITES_PER_USER: positiveInt(50),
    RATE_LIMIT_INVITES_WINDOW_MS: positiveInt(60 * 60_000),
    /** Refused invite-link lookups and accepts (unknown token) per IP per RATE_LIMIT_WINDOW_MS. */
    RATE_LIMIT_INVITE_LOOKUPS_PER_IP: positiveInt(30),
    /** Browser span batches per IP per RATE_LIMIT_WINDOW_MS (one every few seconds while a page is open). */
    RATE_LIMIT_TELEMETRY_PER_IP: positiveInt(600),
    /** Buyers' public tracking pages (`/t/{token}` and its logo) per IP per minute (issue 26). */
    RATE_LIMIT_TRACKING_PAGE_PER_MINUTE: positiveInt(60),
    /** Test e-mails to buyers (Impostazioni › E-mail ai clienti) one user may send per hour (issue 26). */
    RATE_LIMIT_BUYER_MAIL_TESTS_PER_HOUR: positiveInt(20),
    /** Deadline of every gRPC call made for a request. */
    GRPC_DEADLINE_MS: positiveInt(5_000),
    /**
     * NATS, for identity's session invalidations (`identity.sessions.invalidated`): with it the
     * gateway keeps session lookups for SESSION_CACHE_TTL_MS; unset, every request asks identity.
     */
    NATS_URL: env.optionalUrl(),
    /** Longest life of a cached session lookup (0 turns the cache off; at most 60 s, and the caller token's life bounds it too). */
    SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(10_000),
    SESSION_CACHE_MAX_ENTRIES: positiveInt(50_000),
    LOG_LEVEL: env.logLevel(),
    /**
     * Single sign-on: the realm (issuer URL) and the shell's client, told to the shell by
     * /api/public-config and named by the CSP; identity verifies the tokens. Both unset: SSO off.
     */
    ...ssoEnv(),
  })
  .superRefine(checkSsoPair)
  .transform((c) => ({
    port: c.PORT,
    host: c.HOST,
    grpcAddresses: Object.fromEntries(serviceNames.map((name) => [name, (c as Record<string, unknown>)[grpcServices[name].addressVar]])) as Record<
      ServiceName,
      string
    >,
    metricsPort: c.METRICS_PORT,
    otlpEndpoint: c.OTEL_EXPORTER_OTLP_ENDPOINT,
    legal: { termsUrl: c.LEGAL_TERMS_URL ?? null, privacyUrl: c.LEGAL_PRIVACY_URL ?? null },
    requestTimeoutMs: c.REQUEST_TIMEOUT_MS,
    frontendsDir: c.FRONTENDS_DIR,
    publicUrl: c.PUBLIC_URL,
    cookieSecure: c.COOKIE_SECURE,
    trustedOrigins: c.TRUSTED_ORIGINS ?? [originOf(c.PUBLIC_URL)],
    trustProxyHops: c.TRUST_PROXY_HOPS,
    remotes: { origins: c.REMOTE_ORIGINS ?? [], local: c.LOCAL_REMOTES, bucket: c.REMOTES_BUCKET, natsUrl: c.NATS_URL },
    rateLimit: {
      enabled: c.RATE_LIMIT_ENABLED,
      redisUrl: c.REDIS_URL,
      keyPrefix: c.RATE_LIMIT_REDIS_PREFIX,
      windowMs: c.RATE_LIMIT_WINDOW_MS,
      loginPerEmail: c.RATE_LIMIT_LOGIN_PER_EMAIL,
      loginPerIp: c.RATE_LIMIT_LOGIN_PER_IP,
      registerPerIp: c.RATE_LIMIT_REGISTER_PER_IP,
      resetPerEmail: c.RATE_LIMIT_RESET_PER_EMAIL,
      resetPerIp: c.RATE_LIMIT_RESET_PER_IP,
      checkEmailPerIp: c.RATE_LIMIT_CHECK_EMAIL_PER_IP,
      invitesPerUser: c.RATE_LIMIT_INVITES_PER_USER,
      invitesWindowMs: c.RATE_LIMIT_INVITES_WINDOW_MS,
      inviteLookupsPerIp: c.RATE_LIMIT_INVITE_LOOKUPS_PER_IP,
      telemetryPerIp: c.RATE_LIMIT_TELEMETRY_PER_IP,
      trackingPagePerMinute: c.RATE_LIMIT_TRACKING_PAGE_PER_MINUTE,
      buyerMailTestsPerHour: c.RATE_LIMIT_BUYER_MAIL_TESTS_PER_HOUR,
    },
    grpcDeadlineMs: c.GRPC_DEADLINE_MS,
    sessionCache: { natsUrl: c.NATS_URL, ttlMs: c.SESSION_CACHE_TTL_MS, maxEntries: c.SESSION_CACHE_MAX_ENTRIES },
    logLevel: c.LOG_LEVEL,
    sso: ssoSettingsOf(c),
  }));

export type GatewayConfig = z.output<typeof schema>;
export type RateLimitConfig = GatewayConfig['rateLimit'];
export type RemotesConfig = GatewayConfig['remotes'];

/** Reads the environment once at start; a bad variable stops the process naming it. */
export const loadGatewayConfig = (source: NodeJS.ProcessEnv = process.env): GatewayConfig => loadConfig(schema, source);

/** Like {@link loadGatewayConfig} but throws; for tests. */
export const parseGatewayConfig = (source: NodeJS.ProcessEnv): GatewayConfig => parseConfig(schema, source);
