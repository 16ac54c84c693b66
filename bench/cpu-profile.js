// @ts-check
/**
 * Preloaded into a service by the benches (`NODE_OPTIONS=--require bench/cpu-profile.js`, with
 * BENCH_CPU_PROFILE_DIR set) to record a V8 CPU profile of the whole run: Node 20 refuses
 * `--cpu-prof` in NODE_OPTIONS. The profile is written when the process is asked to stop.
 */
const fs = require('node:fs');
const inspector = require('node:inspector');
const path = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.start'));
  const name = path.basename(process.cwd());
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (err, result) => {
      if (err) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  // The service's own SIGTERM handler drains and exits; the profile is taken first.
  process.prependListener('SIGTERM', write);
  process.on('beforeExit', write);
}
