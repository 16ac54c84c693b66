// @ts-check
/**
 * Gateway load test (`make bench` → scripts/bench.sh → node bench/run.js).
 *
 * Starts its own stack (PostgreSQL, NATS, mail catcher on the test ports + BENCH_PORT_OFFSET; identity,
 * merchants and the gateway from their dist with RATE_LIMIT_ENABLED=false), registers one user for a
 * session cookie, then measures with autocannon, in the same run and with the same settings:
 *   1. a bare Express handler answering a fixed small JSON (the baseline, own process);
 *   2. GET /api/user with the session cookie, answered from the gateway's session cache after the
 *      first lookup (gateway → gRPC → identity → PostgreSQL on a miss);
 *   3. the same against a second gateway process of the same stack without NATS_URL, so without a
 *      session cache: every request asks identity (the path before issue 12);
 *   4. POST /api/login (bound by argon2 in identity).
 * Each target gets a warm-up run, then the measured run. Prints requests/s, p50 and p99 latency and
 * the ratio of each to the baseline, plus the server-side CPU per request (from /proc: the bare
 * process, or gateway + identity + merchants + PostgreSQL) which moves less than throughput when
 * neighbours load the machine; writes the same as JSON to .tmp/bench/latest.json.
 *
 * Knobs (environment): BENCH_CONNECTIONS (10), BENCH_DURATION_S (10), BENCH_WARMUP_S (2),
 * BENCH_PORT_OFFSET (500), BENCH_LOG_LEVEL (warn: per-request log lines would be piped through this
 * process and compete with autocannon for the CPU).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startReplica, startStack, repoRoot } = require('@smista/local-stack');
const { postgresPids, withCpu } = require('./cpu');
const { cannon, fmt, intEnv, portOffset, registerUser, renderTable, startBare, machineLine } = require('./lib');

const settings = {
  connections: intEnv('BENCH_CONNECTIONS', 10),
  durationS: intEnv('BENCH_DURATION_S', 10),
  warmupS: intEnv('BENCH_WARMUP_S', 2),
  portOffset: portOffset(500),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

/**
 * @param {string} name @param {Parameters<typeof cannon>[0]} target
 * @param {() => Record<string, number[]>} servers the processes that answer this target
 */
async function measure(name, target, servers) {
  if (settings.warmupS > 0) await cannon(target, { connections: settings.connections, durationS: settings.warmupS });
  const { result: r, cpu } = await withCpu(() => ({ ...servers(), autocannon: [process.pid] }), () => cannon(target, { connections: settings.connections, durationS: settings.durationS }));
  const perRequest = (/** @type {number} */ ms) => (r.requests.total ? (ms * 1000) / r.requests.total : 0);
  const serverCpuUs = perRequest(Object.entries(cpu).reduce((a, [k, ms]) => (k === 'autocannon' ? a : a + ms), 0));
  const row = {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    meanMs: r.latency.average,
    total: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    /** Server-side CPU µs per request, all answering processes together, and by process. */
    serverCpuUs,
    cpuUsByProcess: Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, Math.round(perRequest(ms))])),
  };
  process.stderr.write(`  ${name}: ${Math.round(row.rps)} req/s, ${Math.round(serverCpuUs)} µs CPU/req (${JSON.stringify(row.cpuUsByProcess)})\n`);
  return row;
}

/** @param {Array<Awaited<ReturnType<typeof measure>>>} rows */
function table(rows) {
  const base = rows[0];
  const header = ['target', 'req/s', 'p50 ms', 'p99 ms', 'mean ms', 'req/s vs bare', 'mean latency vs bare', 'server CPU µs/req', 'CPU vs bare', 'non-2xx', 'errors'];
  const lines = rows.map((r) => [
    r.name,
    fmt(r.rps),
    fmt(r.p50, r.p50 < 10 ? 1 : 0),
    fmt(r.p99, r.p99 < 10 ? 1 : 0),
    fmt(r.meanMs, 2),
    `${fmt((100 * r.rps) / base.rps, 1)} %`,
    base.meanMs > 0 ? `${fmt(r.meanMs / base.meanMs, 1)}×` : '-',
    fmt(r.serverCpuUs),
    base.serverCpuUs > 0 ? `${fmt(r.serverCpuUs / base.serverCpuUs, 1)}×` : '-',
    String(r.non2xx),
    String(r.errors),
  ]);
  return renderTable(header, lines);
}

async function main() {
  const machine = machineLine();
  process.stderr.write(`bench: ${machine}\n`);
  process.stderr.write(`avvio dello stack (porte di test + ${settings.portOffset})...\n`);
  const stack = await startStack('test', {
    offset: settings.portOffset,
    env: { LOG_LEVEL: settings.logLevel },
    componentEnv: { gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel } },
  });
  const bare = await startBare();
  const pidOf = (/** @type {string} */ name) => stack.app.services.filter((s) => s.name === name).map((s) => s.pid);
  const stackProcesses = () => ({
    gateway: pidOf('gateway'),
    identity: pidOf('identity'),
    merchants: pidOf('merchants'),
    postgres: postgresPids(stack.infra.postgres.dataDir),
  });
  /** @type {import('@smista/local-stack').ServiceHandle | undefined} */
  let uncached;
  try {
    // The stack's gateway with its environment, but no NATS: no session cache (it says so at start).
    const replica = await startReplica(stack.app, 'gateway', { name: 'gateway-uncached', env: { NATS_URL: '' }, logFile: path.join(repoRoot, '.tmp', 'bench', 'gateway-uncached.log') });
    uncached = replica.handle;
    const { port } = replica;
    const { user, cookie } = await registerUser(stack.baseUrl);
    process.stderr.write(`misura: ${settings.connections} connessioni, ${settings.warmupS} s di riscaldamento + ${settings.durationS} s per obiettivo\n`);
    const rows = [
      await measure('bare Express handler', { url: `http://127.0.0.1:${bare.port}/` }, () => ({ bare: [bare.pid] })),
      await measure('GET /api/user', { url: `${stack.baseUrl}/api/user`, headers: { cookie } }, stackProcesses),
      await measure('GET /api/user, no session cache', { url: `http://127.0.0.1:${port}/api/user`, headers: { cookie } }, () => ({
        ...stackProcesses(),
        gateway: [/** @type {number} */ (uncached?.pid)],
      })),
      await measure(
        'POST /api/login',
        {
          url: `${stack.baseUrl}/api/login`,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email, password: user.password }),
        },
        stackProcesses,
      ),
    ];
    const out = table(rows);
    const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
    process.stdout.write(
      `\n${machine}, load average ${load}\n${settings.connections} connections, ${settings.durationS} s per target after ${settings.warmupS} s warm-up\n\n${out}\n`,
    );
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'latest.json'), JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: os.loadavg(), settings, rows }, null, 2));
    const failed = rows.filter((r) => r.non2xx > 0 || r.errors > 0);
    if (failed.length) process.stderr.write(`attenzione: risposte non 2xx o errori per ${failed.map((r) => r.name).join(', ')}\n`);
  } finally {
    await bare.stop();
    await uncached?.stop();
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench fallito: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
