import { startStack, type Stack } from '../../deploy/local/src/stack';
import { databaseUrl } from '../../deploy/local/src/postgres';
import { startApp, type StartAppOptions } from './app';

export interface TestStack {
  baseUrl: string;
  mailUrl: string;
  natsUrl: string;
  /** Jaeger's UI and API: `GET ${tracesUrl}/api/traces/<id>`. */
  tracesUrl: string;
  /** URL of a database on the stack's PostgreSQL (superuser); default `postgres`. */
  pgUrl(db?: string): string;
  stop(): Promise<void>;
}

/**
 * Infrastructure plus application on test ports. Under jest it reuses the shared infrastructure from
 * globalSetup and only starts the application; outside jest (a script) it starts its own test
 * infrastructure too (`.data/test/`, test ports + SMISTA_TEST_PORT_OFFSET).
 */
export async function startTestStack(options: StartAppOptions = {}): Promise<TestStack> {
  const { TEST_PG_ADMIN_URL, TEST_NATS_URL } = process.env;
  if (TEST_PG_ADMIN_URL && TEST_NATS_URL) {
    const app = await startApp(options);
    return {
      baseUrl: app.baseUrl,
      mailUrl: app.mailUrl,
      natsUrl: TEST_NATS_URL,
      tracesUrl: app.tracesUrl,
      pgUrl: (db = 'postgres') => databaseUrl(TEST_PG_ADMIN_URL, db),
      stop: app.stop,
    };
  }
  const stack: Stack = await startStack('test', { env: options.env, componentEnv: options.componentEnv });
  return { baseUrl: stack.baseUrl, mailUrl: stack.mailUrl, natsUrl: stack.natsUrl, tracesUrl: stack.tracesUrl, pgUrl: stack.pgUrl, stop: stack.stop };
}
