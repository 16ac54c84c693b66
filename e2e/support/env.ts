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
  /** TEST_GLS_URL: the GLS Italy sandbox (the carriers service's GLS_BASE_URL and GLS_TRACKING_URL). */
  glsUrl: string;
  /** TEST_POSTE_URL: the Poste Delivery Business sandbox (the carriers service's POSTE_DELIVERY_BASE_URL). */
  posteUrl: string;
  /** TEST_EBAY_URL: the eBay sandbox (the marketplaces service's EBAY_*_URL). */
  ebayUrl: string;
  /** TEST_REDIS_URL: Redis (the gateway's REDIS_URL: rate limits shared by its processes). */
  redisUrl: string;
}

/** Reads the TEST_* variables; throws one clear line when a suite runs outside `jest` (no globalSetup). */
export function sharedInfra(): SharedInfra {
  const { TEST_PG_ADMIN_URL, TEST_PG_URL, TEST_NATS_URL, TEST_SMTP_URL, TEST_MAIL_URL, TEST_TRACES_URL, TEST_OTLP_URL, TEST_PAGES_URL, TEST_GLS_URL, TEST_POSTE_URL, TEST_EBAY_URL, TEST_REDIS_URL } =
    process.env;
  const pgAdminUrl = TEST_PG_ADMIN_URL ?? TEST_PG_URL;
  if (!pgAdminUrl || !TEST_NATS_URL || !TEST_SMTP_URL || !TEST_MAIL_URL || !TEST_TRACES_URL || !TEST_OTLP_URL || !TEST_PAGES_URL || !TEST_GLS_URL || !TEST_POSTE_URL || !TEST_EBAY_URL || !TEST_REDIS_URL) {
    throw new Error(
      'Infrastruttura di test assente (TEST_PG_ADMIN_URL, TEST_NATS_URL, TEST_SMTP_URL, TEST_MAIL_URL, TEST_TRACES_URL, TEST_OTLP_URL, TEST_PAGES_URL, TEST_GLS_URL, TEST_POSTE_URL, TEST_EBAY_URL, TEST_REDIS_URL): esegui i test con jest dalla radice (npx jest …) o con make test',
    );
  }
  return {
    pgAdminUrl,
    natsUrl: TEST_NATS_URL,
    smtpUrl: TEST_SMTP_URL,
    mailUrl: TEST_MAIL_URL,
    tracesUrl: TEST_TRACES_URL,
    otlpUrl: TEST_OTLP_URL,
    pagesUrl: TEST_PAGES_URL,
    glsUrl: TEST_GLS_URL,
    posteUrl: TEST_POSTE_URL,
    ebayUrl: TEST_EBAY_URL,
    redisUrl: TEST_REDIS_URL,
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
