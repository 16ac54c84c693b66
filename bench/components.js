// @ts-check
/**
 * What the benches need built, from the components table (deploy/local/src/components.ts, through
 * deploy/local's build): scripts/bench.sh asks it before running them.
 *   node bench/components.js missing    the files that are not built yet, one a line
 *   node bench/components.js projects   the nx projects that build them, comma-separated
 */
const fs = require('node:fs');
const path = require('node:path');
const { APP_COMPONENTS, repoRoot } = require('@smista/local-stack');

/** Beyond every application component: the GLS request builder bench/gls.js loads, and the sandboxes. */
const EXTRA = [
  { file: 'services/carriers/dist/adapters/gls/build.js', dir: 'services/carriers' },
  { file: 'deploy/sandboxes/dist/index.js', dir: 'deploy/sandboxes' },
  { file: 'deploy/local/dist/index.js', dir: 'deploy/local' },
];

/** Every file the benches run, with the package folder that builds it. */
function needed() {
  return [
    ...APP_COMPONENTS.map((/** @type {{dir: string, entry?: string}} */ c) => ({ file: path.join(c.dir, c.entry ?? 'dist/main.js'), dir: c.dir })),
    ...EXTRA,
  ];
}

/** The nx project of a package folder: its package.json name. */
function projectOf(/** @type {string} */ dir) {
  return JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8')).name;
}

const command = process.argv[2];
if (command === 'missing') {
  for (const { file } of needed()) if (!fs.existsSync(path.join(repoRoot, file))) process.stdout.write(`${file}\n`);
} else if (command === 'projects') {
  process.stdout.write([...new Set(needed().map(({ dir }) => projectOf(dir)))].join(','));
} else {
  process.stderr.write('uso: node bench/components.js missing | projects\n');
  process.exit(2);
}
