import path from 'node:path';

/**
 * Root of the Smista repository. Both `src/` (under jest) and `dist/` (compiled CLI) sit three levels
 * below it (`deploy/local/{src,dist}/x`); SMISTA_ROOT overrides it for unusual layouts.
 */
export const repoRoot: string = process.env.SMISTA_ROOT
  ? path.resolve(process.env.SMISTA_ROOT)
  : path.resolve(__dirname, '..', '..', '..');

/** The `deploy/local` package folder, where `pages/` and `fixtures/` sit beside `src/` and `dist/`. */
export const packageDir: string = path.resolve(__dirname, '..');

/** Git-ignored folder holding the runtime state of one profile (`.data/dev`, `.data/test`). */
export function profileDataDir(profile: string): string {
  return path.join(repoRoot, '.data', profile);
}

/**
 * Folders of one profile's infrastructure state. A test run with a port offset gets its own folder
 * (`.data/test-<offset>`), so two runs never share (or restart) one cluster.
 */
export function profilePaths(profile: string, offset = 0): { root: string; pg: string; nats: string; prometheus: string; jaeger: string; keycloak: string; secretsKeys: string } {
  const root = profileDataDir(offset ? `${profile}-${offset}` : profile);
  return {
    root,
    pg: path.join(root, 'pg'),
    nats: path.join(root, 'nats'),
    prometheus: path.join(root, 'prometheus'),
    // Jaeger's configuration; its spans stay in memory.
    jaeger: path.join(root, 'jaeger'),
    // Keycloak's scratch (transaction log, temporary files); its data is in PostgreSQL.
    keycloak: path.join(root, 'keycloak'),
    // SECRETS_KEYS of the dev stack: kept beside its databases, which hold what it encrypted.
    secretsKeys: path.join(root, 'secrets-keys'),
  };
}

/** Git-ignored scratch folder (`.tmp/`): jest results, e2e logs. */
export const tmpDir: string = path.join(repoRoot, '.tmp');

/** Path relative to the repository root, for messages. */
export function rel(p: string): string {
  return path.relative(repoRoot, p) || '.';
}
