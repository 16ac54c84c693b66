/// <reference types="node" />
// The frontends share `react-router-dom` as the short list in frontends/react-router-dom.shared.js
// (rspack-common.js), not the whole package: a name missing there would be `undefined` at run time
// in the built app while TypeScript, which reads the real package, stays happy. This test is the
// check the build cannot make.
import fs from 'node:fs';
import path from 'node:path';

const FRONTENDS = path.resolve(__dirname, '../..');
const SHARED = path.join(FRONTENDS, 'react-router-dom.shared.js');
const SOURCES = [...fs.readdirSync(FRONTENDS).map((name) => path.join(FRONTENDS, name, 'src')), path.resolve(FRONTENDS, '../libs/ui-kit/src')];

/** Every non-test .ts/.tsx file under the frontends' and the ui-kit's src. */
function sourceFiles(): string[] {
  const out: string[] = [];
  for (const dir of SOURCES.filter((d) => fs.existsSync(d))) {
    for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(file);
    }
  }
  return out;
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+['"](react-router(?:-dom)?(?:\/[^'"]*)?)['"]/g;

/** `{ name → files }` of the values (not types) imported from the router packages. */
function routerImports(files: string[]) {
  const byModule: Record<string, Map<string, string[]>> = {};
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const [, typeOnly, list, module] of text.matchAll(IMPORT)) {
      if (typeOnly) continue;
      for (const raw of list.split(',')) {
        const name = raw.trim().split(/\s+as\s+/)[0].trim();
        if (!name || name.startsWith('type ')) continue;
        const names = (byModule[module] ??= new Map());
        names.set(name, [...(names.get(name) ?? []), path.relative(FRONTENDS, file)]);
      }
    }
  }
  return byModule;
}

/** The names the shared list exports, read from its source (it is an ES module). */
function sharedNames(): string[] {
  const text = fs.readFileSync(SHARED, 'utf8');
  const list = /export\s*\{([^}]*)\}\s*from\s*'react-router'/.exec(text)?.[1] ?? '';
  return list
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
}

describe('the shared react-router-dom', () => {
  const imports = routerImports(sourceFiles());

  it('exports every name the frontends import from react-router-dom', () => {
    const shared = new Set(sharedNames());
    const used = imports['react-router-dom'] ?? new Map<string, string[]>();
    expect(used.size).toBeGreaterThan(5);
    const missing = [...used].filter(([name]) => !shared.has(name)).map(([name, files]) => `${name} (${files.join(', ')})`);
    expect(missing).toEqual([]);
  });

  it('is the only way in: nothing imports react-router or a subpath directly', () => {
    const direct = Object.entries(imports)
      .filter(([module]) => module !== 'react-router-dom')
      .map(([module, names]) => `${module}: ${[...names.values()].flat().join(', ')}`);
    expect(direct).toEqual([]);
  });

  it('names only what react-router exports', () => {
    // Required, not imported: the real package, as the bundler reads it.
    const router = require('react-router') as Record<string, unknown>;
    expect(sharedNames().filter((name) => router[name] === undefined)).toEqual([]);
  });
});
