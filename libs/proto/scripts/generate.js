// Generates the TypeScript contracts from /proto with buf + ts-proto; the output is never committed.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const pkgDir = path.resolve(__dirname, '..');
const protoDir = path.resolve(pkgDir, '../../proto');
const outDir = path.join(pkgDir, 'src/gen');
fs.rmSync(outDir, { recursive: true, force: true });
execFileSync(require.resolve('@bufbuild/buf/bin/buf'), ['generate', protoDir, '--template', 'buf.gen.yaml'], {
  cwd: pkgDir,
  stdio: 'inherit',
});
