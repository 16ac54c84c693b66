import { SANDBOXES, sandboxTestVariable, testVariables } from '../../deploy/local/src/components';

/** The shared test infrastructure that jest's globalSetup (deploy/local/src/jest-global-setup.ts) exports. */
export interface SharedInfra {
  /** Superuser URL of the `postgres` database (TEST_PG_ADMIN_URL). */
  pgAdminUrl: string;
  /** TEST_NATS_URL */
  natsUrl: string;
  /** TEST_SMTP_URL */
  smtpUrl: string;
  /** TEST_MAIL_URL: HTTP base of the mail catcher. */
  mailUrl: string;
  /** TEST_TRACES_URL: Jaeger's UI and API (`GET /api/traces/<id>`, `/api/traces?service=…`). */
  tracesUrl: string;
  /** TEST_OTLP_URL: Jaeger's OTLP/HTTP receiver, every component's OTEL_EXPORTER_OTLP_ENDPOINT. */
  otlpUrl: string;
  /** TEST_PAGES_URL: the sample legal pages (the gateway's LEGAL_TERMS_URL and LEGAL_PRIVACY_URL). */
  pagesUrl: string;
  /** Every sandbox of the components table by row name (TEST_<NAME>_URL): `sandboxes.gls`. */
  sandboxes: Record<string, string>;
  /** TEST_GLS_URL: the GLS Italy sandbox (the carriers service's GLS_BASE_URL and GLS_TRACKING_URL). */
  glsUrl: string;
  /** TEST_POSTE_URL: the Poste Delivery Business sandbox (the carriers service's POSTE_DELIVERY_BASE_URL). */
  posteUrl: string;
  /** TEST_EBAY_URL: the eBay sandbox (the marketplaces service's EBAY_*_URL). */
  ebayUrl: string;
  /** TEST_REDIS_URL: Redis (the gateway's REDIS_URL: rate limits shared by its processes). */
  redisUrl: string;
  /** TEST_KEYCLOAK_URL: Keycloak (realm `smista`); every test application registers its own client there. */
  keycloakUrl: string;
}

/**
 * Reads the TEST_* variables every row of the components table exports; throws one clear line naming
 * the missing ones when a suite runs outside `jest` (no globalSetup).
 */
export function sharedInfra(): SharedInfra {
  const env = process.env;
  const expected = Object.values(testVariables()).flat();
  const missing = expected.filter((name) => !env[name]);
  if (missing.length) {
    throw new Error(`Infrastruttura di test assente (${missing.join(', ')}): esegui i test con jest dalla radice (npx jest …) o con make test`);
  }
  const sandboxes = Object.fromEntries(SANDBOXES.map((row) => [row.name, env[sandboxTestVariable(row.name)]!]));
  return {
    pgAdminUrl: env.TEST_PG_ADMIN_URL!,
    natsUrl: env.TEST_NATS_URL!,
    smtpUrl: env.TEST_SMTP_URL!,
    mailUrl: env.TEST_MAIL_URL!,
    tracesUrl: env.TEST_TRACES_URL!,
    otlpUrl: env.TEST_OTLP_URL!,
    pagesUrl: env.TEST_PAGES_URL!,
    sandboxes,
    glsUrl: sandboxes.gls!,
    posteUrl: sandboxes.poste!,
    ebayUrl: sandboxes.ebay!,
    redisUrl: env.TEST_REDIS_URL!,
    keycloakUrl: env.TEST_KEYCLOAK_URL!,
  };
}

/**
 * NATS_CONSUMERS_SINCE for the stacks of this suite: when its module loaded (one registry per test
 * file). Every suite shares one NATS, so a durable reading from the stream's first message would
 * first work through the events of every suite that ran before (thousands of imports), long
 * enough to time a wait out; from here it sees only this suite's.
 */
const suiteStart = new Date(Date.now() - 1_000).toISOString();
export const consumersSince = (): string => suiteStart;
