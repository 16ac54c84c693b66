/**
 * Jest globalSetup: starts the shared test infrastructure once per jest run (PostgreSQL, NATS with
 * JetStream, Redis, mail catcher, Jaeger, sample pages and the carrier sandboxes on the test ports,
 * `.data/test/`) and hands it to every suite through:
 *   TEST_PG_URL, TEST_PG_ADMIN_URL  superuser URL of the `postgres` database (suites create their own)
 *   TEST_NATS_URL                   nats://127.0.0.1:42230
 *   TEST_SMTP_URL                   smtp://127.0.0.1:1035
 *   TEST_MAIL_URL                   http://127.0.0.1:8035 (mail catcher API)
 *   TEST_TRACES_URL                 http://127.0.0.1:16696 (Jaeger's UI and API: /api/traces, /api/services)
 *   TEST_OTLP_URL                   http://127.0.0.1:14338 (Jaeger's OTLP/HTTP: every component's OTEL_EXPORTER_OTLP_ENDPOINT)
 *   TEST_PAGES_URL                  http://127.0.0.1:8055 (sample legal pages)
 *   TEST_GLS_URL                    http://127.0.0.1:8101 (GLS Italy sandbox: label service and tracking)
 *   TEST_POSTE_URL                  http://127.0.0.1:8131 (Poste Delivery Business sandbox)
 *   TEST_EBAY_URL                   http://127.0.0.1:8161 (eBay sandbox)
 *   TEST_REDIS_URL                  redis://127.0.0.1:46390 (the gateways' shared rate limits)
 * Ports move by SMISTA_TEST_PORT_OFFSET. SMISTA_SKIP_INFRA=1 skips it (pure unit-test runs).
 */
import { PortInUseError } from './ports';
import { startInfra, testPortOffset, type Infra } from './stack';

export const INFRA_GLOBAL = '__SMISTA_TEST_INFRA__';

export default async function globalSetup(): Promise<void> {
  if (process.env.SMISTA_SKIP_INFRA === '1') return;
  const startedAt = Date.now();
  let infra: Infra;
  try {
    infra = await startInfra({ profile: 'test', offset: testPortOffset() });
  } catch (err) {
    if (err instanceof PortInUseError) {
      throw new Error(`${err.message}: un'altra esecuzione dei test è attiva? Usa SMISTA_TEST_PORT_OFFSET=100 per eseguirne una seconda.`);
    }
    throw err;
  }
  // Databases left by earlier runs (kept for post-mortem debugging) go now.
  await infra.pg.dropDatabases(['postgres']);
  process.env.TEST_PG_URL = infra.pg.url('postgres');
  process.env.TEST_PG_ADMIN_URL = infra.pg.url('postgres');
  process.env.TEST_NATS_URL = infra.nats.url;
  process.env.TEST_SMTP_URL = infra.mail.smtpUrl;
  process.env.TEST_MAIL_URL = infra.mail.httpUrl;
  process.env.TEST_TRACES_URL = infra.traces.url;
  process.env.TEST_OTLP_URL = infra.traces.otlpUrl;
  process.env.TEST_PAGES_URL = infra.pages.url;
  process.env.TEST_GLS_URL = infra.gls.url;
  process.env.TEST_POSTE_URL = infra.poste.url;
  process.env.TEST_EBAY_URL = infra.ebay.url;
  process.env.TEST_REDIS_URL = infra.redis.url;
  (globalThis as Record<string, unknown>)[INFRA_GLOBAL] = infra;
  process.stderr.write(`\ninfrastruttura di test pronta in ${Date.now() - startedAt} ms (pg :${infra.ports.postgres}, nats :${infra.ports.nats}, redis :${infra.ports.redis}, smtp :${infra.ports.smtp}, posta ${infra.mail.httpUrl}, Jaeger ${infra.traces.url} (OTLP ${infra.traces.otlpUrl}), sandbox GLS ${infra.gls.url} Poste ${infra.poste.url} ed eBay ${infra.ebay.url})\n`);
}
