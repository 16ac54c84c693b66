import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/**
 * `npm ci` refuses a lock in which a dependency, optional platform binaries included (@swc/core's,
 * @bufbuild/buf's, esbuild's), has no entry where Node would resolve it, or whose root no longer
 * matches package.json; deploy/install.sh then stops, as it should. These checks name the entry.
 */
interface LockEntry {
  version?: string;
  link?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const lock = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as { lockfileVersion: number; packages: Record<string, LockEntry> };
const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;

/** Where Node finds `name` from the package at `from`: its own node_modules, then each parent's. */
function resolves(from: string, name: string): boolean {
  let dir = from;
  for (;;) {
    if (lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]) return true;
    if (!dir) return false;
    const cut = dir.lastIndexOf('/node_modules/');
    dir = cut < 0 ? '' : dir.slice(0, cut);
  }
}

test('the lock is npm 7+ and its root matches package.json', () => {
  expect(lock.lockfileVersion).toBeGreaterThanOrEqual(2);
  const root = lock.packages['']!;
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies'] as const) {
    expect({ field, deps: root[field] ?? {} }).toEqual({ field, deps: (pkg[field] as Record<string, string> | undefined) ?? {} });
  }
});

test('every dependency of every locked package, optional platform binaries included, has an entry', () => {
  const missing: string[] = [];
  for (const [at, entry] of Object.entries(lock.packages)) {
    if (entry.link) continue;
    const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...(at === '' ? entry.devDependencies : {}) };
    for (const name of Object.keys(deps)) if (!resolves(at, name)) missing.push(`${name} (per ${at || 'package.json'})`);
  }
  expect(missing).toEqual([]);
  expect(Object.keys(lock.packages)).toEqual(expect.arrayContaining(['node_modules/@swc/core-linux-x64-gnu', 'node_modules/@bufbuild/buf-linux-x64']));
});
