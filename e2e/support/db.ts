import crypto from 'node:crypto';
import { createDatabase, dropDatabase } from '../../deploy/local/src/postgres';
import { dropAtSuiteEnd } from '../../deploy/local/src/test-databases';
import { sharedInfra } from './env';

/**
 * Creates a new, uniquely named database on the shared test PostgreSQL and returns its URL
 * (superuser). Names look like `<prefix>_w1_m3x9k2_a1b2c3`; it is dropped when the suite ends
 * (deploy/local/src/jest-environment.ts), so dropping it yourself is optional.
 *
 * @example
 * const url = await createTestDatabase('merchants');
 */
export async function createTestDatabase(prefix: string): Promise<string> {
  const clean = prefix.toLowerCase().replace(/[^a-z0-9_]/g, '_').replace(/^([^a-z_])/, '_$1').slice(0, 30) || 'test';
  const name = `${clean}_w${process.env.JEST_WORKER_ID ?? 0}_${Date.now().toString(36)}_${crypto.randomBytes(3).toString('hex')}`;
  const { pgAdminUrl } = sharedInfra();
  dropAtSuiteEnd(pgAdminUrl, name);
  return createDatabase(pgAdminUrl, name);
}

/** Drops a database made by {@link createTestDatabase}; close your pools first (or it is forced). */
export async function dropTestDatabase(url: string): Promise<void> {
  await dropDatabase(sharedInfra().pgAdminUrl, decodeURIComponent(new URL(url).pathname.slice(1)));
}
