import crypto from 'node:crypto';
import pg from 'pg';
import { createDatabase } from './postgres';
import SuiteEnvironment, { stretchTimeout } from './jest-environment';
import { databasesMadeBy, dropAtSuiteEnd } from './test-databases';

const adminUrl = process.env.TEST_PG_ADMIN_URL!;

async function exists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
}

test('a database a suite made is recorded in its global object', () => {
  const before = databasesMadeBy(globalThis as Record<string, unknown>).length;
  dropAtSuiteEnd(adminUrl, 'recorded_only');
  const made = databasesMadeBy(globalThis as Record<string, unknown>);
  expect(made).toHaveLength(before + 1);
  expect(made.at(-1)).toEqual({ adminUrl, name: 'recorded_only' });
  made.pop();
});

test("the suite environment drops the suite's databases at teardown, even with a session still open", async () => {
  const name = `envdrop_${crypto.randomBytes(3).toString('hex')}`;
  const url = await createDatabase(adminUrl, name);
  const open = new pg.Client({ connectionString: url });
  await open.connect();
  open.on('error', () => undefined); // FORCE ends this session

  const environment = new SuiteEnvironment(
    {
      globalConfig: {} as never,
      projectConfig: { testEnvironmentOptions: {}, globals: {}, customExportConditions: [] } as never,
    },
    { console, docblockPragmas: {}, testPath: __filename },
  );
  const suiteGlobal = environment.global as unknown as Record<string, unknown>;
  suiteGlobal.__SMISTA_TEST_DATABASES__ = [{ adminUrl, name }];
  expect(await exists(name)).toBe(true);

  await environment.teardown();
  expect(await exists(name)).toBe(false);
  await open.end().catch(() => undefined);
});

test('a hook or test gets its written timeout times the machine’s slowdown, never compounded', () => {
  const load = (factor: number) => ({ factor, load1: factor * 2, cores: 2, cpuPressure: null });
  const hook: { timeout?: number | null } = { timeout: 60_000 };
  expect(stretchTimeout(hook, 30_000, load(1))).toBe(60_000);
  expect(stretchTimeout(hook, 30_000, load(3.5))).toBe(210_000);
  // A beforeEach starts again: from the written 60 s, not from the last stretched value.
  expect(stretchTimeout(hook, 30_000, load(2))).toBe(120_000);
  const test: { timeout?: number | null } = {};
  expect(stretchTimeout(test, 30_000, load(4))).toBe(120_000);
});

test('the environment stretches the timeout jest reads next, at hook_start and test_fn_start', async () => {
  const environment = new SuiteEnvironment(
    { globalConfig: {} as never, projectConfig: { testEnvironmentOptions: {}, globals: {}, customExportConditions: [] } as never },
    { console, docblockPragmas: {}, testPath: __filename },
  );
  const hook = { timeout: 1_000 };
  const test = { timeout: undefined as number | undefined };
  await environment.handleTestEvent({ name: 'hook_start', hook } as never, { testTimeout: 2_000 } as never);
  await environment.handleTestEvent({ name: 'test_fn_start', test } as never, { testTimeout: 2_000 } as never);
  expect(hook.timeout).toBeGreaterThanOrEqual(1_000);
  expect(hook.timeout).toBeLessThanOrEqual(10_000);
  expect(test.timeout).toBeGreaterThanOrEqual(2_000);
  expect(test.timeout).toBeLessThanOrEqual(20_000);
  await environment.teardown();
});
