/**
 * Databases a test suite made, dropped when the suite ends (deploy/local/src/jest-environment.ts):
 * a full run makes about 300 and left them all on disk (2.5 GB, plus the WAL), enough to fill a
 * small CI disk and stop PostgreSQL for every suite after it. SMISTA_KEEP_TEST_DATABASES=1 keeps
 * them for a post-mortem (globalSetup drops leftovers at the next run's start).
 */
const REGISTRY = '__SMISTA_TEST_DATABASES__';

export interface MadeDatabase {
  adminUrl: string;
  name: string;
}

/** Records a database to drop at the end of the current suite (a no-op outside jest). */
export function dropAtSuiteEnd(adminUrl: string, name: string): void {
  const global = globalThis as Record<string, unknown>;
  const made = (global[REGISTRY] ??= []) as MadeDatabase[];
  made.push({ adminUrl, name });
}

/** What {@link dropAtSuiteEnd} recorded in a suite's global object. */
export function databasesMadeBy(global: Record<string, unknown>): MadeDatabase[] {
  return (global[REGISTRY] as MadeDatabase[] | undefined) ?? [];
}
