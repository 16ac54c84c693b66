/**
 * The jest environment of every suite: Node's, plus dropping the databases the suite made once its
 * own afterAll hooks (which stop its services) have run. See test-databases.ts.
 */
import NodeEnvironment from 'jest-environment-node';
import { dropDatabase } from './postgres';
import { databasesMadeBy } from './test-databases';

export default class SuiteEnvironment extends NodeEnvironment {
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
