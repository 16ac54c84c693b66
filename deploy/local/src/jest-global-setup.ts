/**
 * Jest globalSetup: starts the shared test infrastructure once per jest run (every first-stage row of
 * deploy/local/src/components.ts the test profile runs: PostgreSQL, NATS with JetStream, Redis, the
 * mail catcher, Jaeger, the sample pages and the sandboxes, on their test ports, in
 * `.data/test/`) and hands it to every suite through the variables each row's `testEnv` names:
 *   TEST_PG_URL, TEST_PG_ADMIN_URL  superuser URL of the `postgres` database (suites create their own)
 *   TEST_NATS_URL, TEST_REDIS_URL, TEST_SMTP_URL, TEST_MAIL_URL (mail catcher API),
 *   TEST_TRACES_URL (Jaeger's UI and API), TEST_OTLP_URL (its OTLP/HTTP), TEST_PAGES_URL, and TEST_<SANDBOX>_URL per sandbox (TEST_GLS_URL…)
 * e2e/support/env.ts reads them. Ports move by SMISTA_TEST_PORT_OFFSET. SMISTA_SKIP_INFRA=1 skips
 * it (pure unit-test runs).
 */
import { KEYCLOAK_DATABASE } from './keycloak';
import { PortInUseError } from './ports';
import { infraRows } from './components';
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
  await infra.postgres.dropDatabases(['postgres', KEYCLOAK_DATABASE]);
  const handles = infra as unknown as Record<string, unknown>;
  for (const row of infraRows('test')) Object.assign(process.env, row.testEnv?.(handles[row.name] as never) ?? {});
  (globalThis as Record<string, unknown>)[INFRA_GLOBAL] = infra;
  const ports = Object.entries(infra.ports).map(([key, port]) => `${key} :${port}`).join(', ');
  process.stderr.write(`\ninfrastruttura di test pronta in ${Date.now() - startedAt} ms (${ports})\n`);
}
