import { z } from 'zod';
import { messages } from '@smista/contracts';
import { parseSecretKeys, type SecretKey } from './secrets';

const m = messages.config;

/**
 * Parses the environment once at start. A bad or missing variable stops the process with a
 * message naming it, so a misconfigured deployment fails at once instead of at the first request.
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  process.stderr.write(`${m.invalid}\n${lines.join('\n')}\n`);
  process.exit(1);
}

/** Like loadConfig but throws instead of exiting; for tests and tools. */
export function parseConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.output<S> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new Error(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return result.data;
}

/** Pieces that every service's config schema is built from. */
export const env = {
  port: (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback),
  url: () => z.string().url(),
  /** A required text, trimmed. */
  text: () => z.string().trim().min(1, m.required),
  address: () => z.string().regex(/^[\w.-]+:\d+$/, m.address),
  secret: (minLength = 32) => z.string().min(minLength, m.secretMin(minLength)),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  bool: (fallback: boolean) =>
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  /** An optional URL; an empty value counts as unset (Helm renders unset optionals as ''). */
  optionalUrl: () =>
    z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.url(m.url).optional()),
  /**
   * Appended to durable consumer names. Empty in production (replicas share one durable and split
   * the work); set per stack when several independent stacks share one NATS server (e2e runs).
   */
  consumerSuffix: () => z.string().regex(/^[A-Za-z0-9_-]*$/, m.consumerSuffix).max(32).default(''),
  /**
   * An optional ISO time; an empty value counts as unset. NATS_CONSUMERS_SINCE: a durable created
   * now starts at this time instead of the stream's first message. Unset in production (a new
   * consumer reads the whole history); set by stacks sharing one NATS with older ones.
   */
  optionalTime: () =>
    z
      .string()
      .trim()
      .optional()
      .transform((v) => (v ? v : undefined))
      .pipe(z.iso.datetime({ offset: true, message: m.time }).optional())
      .transform((v) => (v ? new Date(v) : undefined)),
  /**
   * The keyring of secrets at rest (`SECRETS_KEYS`): `id:base64,id:base64`, each key 32 bytes, the
   * newest first. Gives `SecretKey[]` for `createKeyring`; a missing, empty, repeated or wrong-sized
   * key stops the process with a message naming it (never the key).
   *
   * @example SECRETS_KEYS: env.secretKeys(), // SECRETS_KEYS="k2:$(openssl rand -base64 32),k1:..."
   */
  secretKeys: () =>
    z
      .string()
      .optional()
      .transform((raw, ctx): SecretKey[] => {
        const parsed = parseSecretKeys(raw ?? '');
        if ('keys' in parsed) return parsed.keys;
        for (const message of parsed.problems) ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }),
};

/**
 * The variables every gRPC service reads, the same way: spread into the service's own schema,
 * then add what is its own.
 *
 * @example
 * export const configSchema = z.object({ ...serviceEnv(50053), SECRETS_KEYS: env.secretKeys() });
 */
export function serviceEnv(defaultGrpcPort: number) {
  return {
    GRPC_PORT: env.port(defaultGrpcPort),
    /** Admin HTTP server: /metrics, /livez, /readyz. */
    METRICS_PORT: env.port(9464),
    DATABASE_URL: env.url(),
    NATS_URL: env.url(),
    /** Shared HS256 secret: identity signs caller tokens with it, every service verifies them. */
    CALLER_TOKEN_SECRET: env.secret(32),
    LOG_LEVEL: env.logLevel(),
    NATS_CONSUMER_SUFFIX: env.consumerSuffix(),
    NATS_CONSUMERS_SINCE: env.optionalTime(),
    /** Base URL of an OTLP/HTTP trace collector (Jaeger, as in the local stack, or Tempo); unset: no export. */
    OTEL_EXPORTER_OTLP_ENDPOINT: env.optionalUrl(),
  };
}

/** Single sign-on as identity and the gateway see it (issue 24); absent when SSO is off. */
export interface SsoSettings {
  /** The OpenID Connect issuer, a Keycloak realm URL (`https://login.example.it/realms/smista`): the ID token's `iss`. */
  issuer: string;
  /** The public client keycloak-js signs in with (`smista-shell`): the ID token's `azp`. */
  clientId: string;
  /** What the ID token's `aud` must contain: the client id unless SSO_AUDIENCE says otherwise. */
  audience: string;
}

const clientIdSchema = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.string().regex(/^[\w.:-]{1,255}$/, m.clientId).optional());

/**
 * SSO_ISSUER_URL, SSO_CLIENT_ID, SSO_AUDIENCE: spread into a service's schema, then
 * {@link ssoSettingsOf} after parsing. Both empty: SSO off (a supported configuration).
 */
export const ssoEnv = () => ({
  // A Keycloak realm: keycloak-js is given the server and the realm, the two halves of the issuer.
  SSO_ISSUER_URL: env.optionalUrl().refine((u) => u === undefined || /^https?:\/\/[^?#]+\/realms\/[^/?#]+$/.test(u), m.ssoIssuer),
  SSO_CLIENT_ID: clientIdSchema,
  SSO_AUDIENCE: clientIdSchema,
});

/** Refinement for a schema with {@link ssoEnv}: the issuer and the client come together or not at all. */
export function checkSsoPair(c: { SSO_ISSUER_URL?: string; SSO_CLIENT_ID?: string }, ctx: z.RefinementCtx): void {
  if ((c.SSO_ISSUER_URL === undefined) !== (c.SSO_CLIENT_ID === undefined)) {
    ctx.addIssue({ code: 'custom', path: [c.SSO_ISSUER_URL === undefined ? 'SSO_ISSUER_URL' : 'SSO_CLIENT_ID'], message: m.ssoPair });
  }
}

/** keycloak-js's `url` and `realm` for an issuer `<url>/realms/<realm>` (the form ssoEnv accepts). */
export function keycloakRealmOf(issuer: string): { url: string; realm: string } {
  const at = issuer.lastIndexOf('/realms/');
  return { url: issuer.slice(0, at), realm: decodeURIComponent(issuer.slice(at + '/realms/'.length)) };
}

export function ssoSettingsOf(c: { SSO_ISSUER_URL?: string; SSO_CLIENT_ID?: string; SSO_AUDIENCE?: string }): SsoSettings | undefined {
  if (!c.SSO_ISSUER_URL || !c.SSO_CLIENT_ID) return undefined;
  return { issuer: c.SSO_ISSUER_URL, clientId: c.SSO_CLIENT_ID, audience: c.SSO_AUDIENCE ?? c.SSO_CLIENT_ID };
}
