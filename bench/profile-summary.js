// @ts-check
/**
 * Where a V8 CPU profile's time went (`node bench/profile-summary.js <file.cpuprofile> [top] [from-s]`):
 * the busy time by package (node_modules/<name>, the project's own files, Node's internals, GC) and the
 * functions with the most self time. Idle time (the event loop waiting) is left out of the shares;
 * `from-s` leaves out the profile's first seconds (start-up: loading modules, building schemas).
 */
const fs = require('node:fs');

/** @param {string} url */
function packageOf(url) {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node';
  const own = /\/(services|libs|gateway|deploy)\/([^/]+)/.exec(url);
  return own ? `${own[1]}/${own[2]}` : url.replace(/^file:\/\//, '');
}

function main() {
  const [file, topArg, fromArg] = process.argv.slice(2);
  if (!file) throw new Error('uso: node bench/profile-summary.js <file.cpuprofile> [top]');
  const top = Number(topArg ?? 25);
  const fromUs = Number(fromArg ?? 0) * 1e6;
  /** @type {{nodes: Array<{id: number, callFrame: {functionName: string, url: string, lineNumber: number}}>, samples: number[], timeDeltas: number[]}} */
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const selfUs = new Map();
  let at = 0;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    if (at >= fromUs) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  /** @type {Map<string, number>} */
  const byPackage = new Map();
  /** @type {Map<string, number>} */
  const byFunction = new Map();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = /** @type {any} */ (byId.get(id)).callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') continue;
    busy += us;
    const pkg = frame.functionName === '(garbage collector)' ? '(gc)' : packageOf(frame.url);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${frame.url ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/(services|libs|gateway)\//, '$1/')}:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
  }
  const show = (/** @type {Map<string, number>} */ m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
      .join('\n');
  process.stdout.write(`busy ${(busy / 1000).toFixed(0)} ms of ${(at / 1e6).toFixed(1)} s (from ${fromUs / 1e6} s)\n\nby package\n${show(byPackage)}\n\nby function (self time)\n${show(byFunction)}\n`);
}

main();
