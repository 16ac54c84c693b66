import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

// make test, make dev and make bench run on the Node major of .node-version (deploy/install.sh brings
// it from the npm registry when the machine's is older; scripts/node-env.sh puts it on PATH).
const wanted = Number(fs.readFileSync(path.join(repoRoot, '.node-version'), 'utf8').trim());

test("the tests run on the project's Node major", () => {
  expect(Number(process.versions.node.split('.')[0])).toBe(wanted);
});

test("the node and npm on PATH are the project's Node", () => {
  const onPath = execFileSync('node', ['-p', 'process.version'], { encoding: 'utf8' }).trim();
  expect(onPath).toBe(process.version);
  // npm runs its scripts (npx nx, node-gyp) with the same Node.
  const npmNode = execFileSync('npm', ['exec', '--yes=false', '--', 'node', '-p', 'process.version'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  expect(npmNode).toBe(process.version);
});
