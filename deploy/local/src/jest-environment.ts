/**
 * The jest environment of every suite: Node's, plus
 * - dropping the databases the suite made once its own afterAll hooks (which stop its services) have
 *   run (see test-databases.ts);
 * - timeouts that stretch with the machine's load: each hook and test gets its written timeout
 *   (or jest's testTimeout) times how busy the machine is as it starts (machine-load.ts), so a suite
 *   on a busy CI machine is not cut off for being slow, and still fails when something really hangs;
 * - TEST_NATS_URL naming the NATS account of the suite's worker (nats.ts, `suiteNatsUrl`), so two
 *   suites running side by side never consume each other's events.
 */
import type { Circus } from '@jest/types';
import NodeEnvironment from 'jest-environment-node';
import { machineLoad, type MachineLoad } from './machine-load';
import { suiteNatsUrl } from './nats';
import { dropDatabase } from './postgres';
import { databasesMadeBy } from './test-databases';

/** The timeout a hook or test was written with (hooks such as beforeEach start many times). */
const writtenTimeouts = new WeakMap<object, number>();

/**
 * Sets the timeout jest is about to read for this hook or test (jest-circus reads it right after
 * `hook_start` / `test_fn_start`): the written one times the machine's slowdown now.
 */
export function stretchTimeout(target: { timeout?: number | null }, testTimeout: number, load: MachineLoad = machineLoad()): number {
  const written = writtenTimeouts.get(target) ?? (target.timeout || testTimeout);
  writtenTimeouts.set(target, written);
  target.timeout = Math.round(written * load.factor);
  return target.timeout;
}

export default class SuiteEnvironment extends NodeEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    const env = (this.global.process as NodeJS.Process).env;
    if (env.TEST_NATS_URL) env.TEST_NATS_URL = suiteNatsUrl(env.TEST_NATS_URL, Number(process.env.JEST_WORKER_ID ?? 1));
  }

  async handleTestEvent(event: Circus.AsyncEvent, state: Circus.State): Promise<void> {
    if (event.name === 'hook_start') stretchTimeout(event.hook, state.testTimeout);
    else if (event.name === 'test_fn_start') stretchTimeout(event.test, state.testTimeout);
  }

  override async teardown(): Promise<void> {
    if (process.env.SMISTA_KEEP_TEST_DATABASES !== '1') {
      for (const { adminUrl, name } of databasesMadeBy(this.global as unknown as Record<string, unknown>)) {
        // A database that cannot be dropped now goes at the next run's start (globalSetup).
        await dropDatabase(adminUrl, name).catch(() => undefined);
      }
    }
    await super.teardown();
  }
}
