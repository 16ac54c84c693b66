// @ts-check
/**
 * What the benches share: settings from the environment, the machine's line, the bare baseline server, a registered user with its session cookie, a closed-loop
 * driver with percentiles, an autocannon run, and the plain-text tables they print.
 */
const { spawn } = require('node:child_process');
const os = require('node:os');
const path = require('node:path');
const autocannon = require('autocannon');

/** A whole number ≥ 0 from the environment, or the fallback. @param {string} name @param {number} fallback */
function intEnv(name, fallback) {
  const raw = process.env[name];
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} non valido: ${raw}`);
  return n;
}

/**
 * BENCH_PORT_OFFSET (the stack's fixed test ports + offset), also used for the ports the stack picks
 * free (metrics, sandboxes): deploy/local picks them in a region chosen by SMISTA_TEST_PORT_OFFSET, so
 * two benches side by side (or a bench beside a test run) with different offsets never pick the same.
 * @param {number} fallback
 */
function portOffset(fallback) {
  const offset = intEnv('BENCH_PORT_OFFSET', fallback);
  if (!process.env.SMISTA_TEST_PORT_OFFSET) process.env.SMISTA_TEST_PORT_OFFSET = String(offset);
  return offset;
}

/**
 * With BENCH_CPU_PROFILE=<dir>, the environment that makes a service write a V8 CPU profile of the
 * run there when it stops (bench/cpu-profile.js; `node bench/profile-summary.js <file>` reads one).
 * @returns {Record<string, string>}
 */
function profileEnv() {
  const dir = process.env.BENCH_CPU_PROFILE;
  return dir ? { NODE_OPTIONS: `--require ${path.join(__dirname, 'cpu-profile.js')}`, BENCH_CPU_PROFILE_DIR: path.resolve(dir) } : {};
}

/** @param {number} n @param {number} [digits] */
const fmt = (n, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A left-aligned first column, right-aligned numbers. @param {string[]} header @param {string[][]} lines */
function renderTable(header, lines) {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const render = (/** @type {string[]} */ cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [render(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(render)].join('\n');
}

/**
 * An import's figures: orders a second end to end beside the bare read of the same pages, and the
 * CPU each process spent per order (`cpu`: ms by process, from bench/cpu.js's withCpu).
 * @param {{found: number, ms: number}} imported @param {{count: number, ms: number}} bare @param {Record<string, number>} cpu
 */
function importFigures(imported, bare, cpu) {
  return {
    orders: imported.found,
    bareOrdersPerSecond: (bare.count * 1000) / bare.ms,
    endToEndOrdersPerSecond: (imported.found * 1000) / imported.ms,
    endToEndSeconds: imported.ms / 1000,
    cpuUsPerOrder: Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, Math.round((ms * 1000) / imported.found)])),
  };
}

/**
 * The import table: the bare read as 100 %, end to end beside it, then `extra` rows.
 * @param {string} title @param {string} bareLabel @param {ReturnType<typeof importFigures>} row @param {string[][]} [extra]
 */
function importTable(title, bareLabel, row, extra = []) {
  return renderTable(
    [title, 'orders/s', 'vs bare read', 'CPU µs/order by process'],
    [
      [bareLabel, fmt(row.bareOrdersPerSecond), '100 %', '-'],
      [
        `end to end (${fmt(row.orders)} orders, ${fmt(row.endToEndSeconds, 1)} s)`,
        fmt(row.endToEndOrdersPerSecond),
        `${fmt((100 * row.endToEndOrdersPerSecond) / row.bareOrdersPerSecond, 1)} %`,
        Object.entries(row.cpuUsPerOrder)
          .map(([k, v]) => `${k} ${fmt(v)}`)
          .join(' · '),
      ],
      ...extra,
    ],
  );
}

/** @param {number[]} values @param {number} q the q-quantile (0.99: p99) */
const percentile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

/** The machine, for the first line of a bench's output. */
function machineLine() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, node ${process.version}`;
}

/**
 * Runs a bench's `main` and exits: 0 when it finished, 1 with the stack trace when it failed
 * (a stack left running would keep the process alive).
 * @param {string} name as printed: `bench <name> fallito` @param {() => Promise<unknown>} main
 */
function runBench(name, main) {
  main().then(
    () => process.exit(0),
    (err) => {
      process.stderr.write(`bench ${name} fallito: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}

/**
 * The baseline: bench/bare-server.js (a bare Express handler answering a fixed small JSON) in its
 * own process; resolves with its port, pid and a stop function.
 * @returns {Promise<{port: number, pid: number, stop: () => Promise<void>}>}
 */
function startBare() {
  const child = spawn(process.execPath, [path.join(__dirname, 'bare-server.js')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = /listening (\d+)/.exec(out);
      if (m) resolve({ port: Number(m[1]), pid: /** @type {number} */ (child.pid), stop: () => new Promise((r) => (child.once('exit', r), child.kill('SIGTERM'))) });
    });
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
}

/**
 * Registers a new user through the gateway, as the shell does (with an invite's token and e-mail
 * when given: the user then joins that merchant); answers the user and its session cookie.
 * @param {string} baseUrl @param {{email?: string, inviteToken?: string}} [invite]
 */
async function registerUser(baseUrl, invite = {}) {
  const id = Math.random().toString(36).slice(2, 10);
  const user = { firstName: 'Bench', lastName: 'Mark', email: invite.email ?? `bench.${id}@example.it`, username: `bench_${id}`, password: 'Benchmark1' };
  // The whole registration form, as the shell sends it (confirmation and terms are checked too).
  const form = { ...user, confirmPassword: user.password, terms: true, ...(invite.inviteToken ? { inviteToken: invite.inviteToken } : {}) };
  const res = await fetch(`${baseUrl}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(form) });
  if (res.status !== 201) throw new Error(`registrazione fallita: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('smista_session='));
  if (!cookie) throw new Error('nessun cookie di sessione');
  return { user, cookie: /** @type {string} */ (cookie.split(';')[0]) };
}

/**
 * `count` calls of `call(i)` by `concurrency` callers, each starting its next call when the last
 * answered. Times each call; errors are counted (the first few kept), never thrown.
 * @param {number} count @param {number} concurrency @param {(i: number) => Promise<unknown>} call
 */
async function drive(count, concurrency, call) {
  /** @type {number[]} */
  const latencies = [];
  /** @type {string[]} */
  const errors = [];
  let errorCount = 0;
  let next = 0;
  const started = performance.now();
  const caller = async () => {
    for (let i = next++; i < count; i = next++) {
      const t0 = performance.now();
      try {
        await call(i);
        latencies.push(performance.now() - t0);
      } catch (err) {
        errorCount += 1;
        if (errors.length < 5) errors.push(err instanceof Error ? err.message : String(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, caller));
  const wallMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  const pct = (/** @type {number} */ p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : 0);
  return {
    count,
    ok: latencies.length,
    errors: errorCount,
    firstErrors: errors,
    wallMs,
    perSecond: (latencies.length * 1000) / wallMs,
    p50: pct(50),
    p99: pct(99),
    meanMs: latencies.length ? latencies.reduce((a, b) => a + b, 0) / latencies.length : 0,
  };
}

/**
 * One autocannon run against `target` (keep-alive, no pipelining); answers autocannon's result.
 * @param {{url: string, method?: 'GET' | 'POST', headers?: Record<string, string>, body?: string}} target
 * @param {{connections: number, durationS: number}} load
 * @returns {Promise<any>}
 */
function cannon(target, load) {
  return new Promise((resolve, reject) => {
    autocannon({ ...target, connections: load.connections, duration: load.durationS, pipelining: 1 }, (/** @type {Error | null} */ err, /** @type {any} */ result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

/**
 * A JSON call through the gateway with the session cookie; throws on a non-2xx answer.
 * @param {string} baseUrl @param {string} cookie @param {string} method @param {string} url @param {unknown} [body]
 */
async function api(baseUrl, cookie, method, url, body) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * Issue 25: a shipment without a weight gets no label, and the orders the benches import carry
 * none (as eBay's). Weighs every product the selected merchant's catalogue learned without a
 * weight, through `PUT /api/products/:id` as the Catalogo screen does; before the shipments are
 * made (they take their parcel from the order); with an HS code, origin and customs description
 * too, so an order to the United Kingdom or Switzerland gets its declaration without typing.
 * Answers how many it weighed.
 * @param {(method: string, url: string, body?: unknown) => Promise<any>} call the gateway as a member (`api` with a cookie)
 * @param {{ weightGrams: number, hsCode?: string, originCountry?: string, customsDescription?: string }} [facts]
 */
async function weighCatalogue(call, facts = { weightGrams: 400, hsCode: '691200', originCountry: 'IT', customsDescription: 'Articoli da tavola in ceramica' }) {
  /** @type {Set<number>} */
  const weighed = new Set();
  // Each PUT takes the product out of the 'senza peso' filter: the first page is read until it is empty.
  for (;;) {
    const page = await call('GET', '/api/products?missingWeight=true&pageSize=100');
    if (page.data.length === 0) return weighed.size;
    for (const /** @type {{id: number, sku: string}} */ p of page.data) {
      if (weighed.has(p.id)) throw new Error(`il prodotto ${p.sku} resta senza peso`);
      await call('PUT', `/api/products/${p.id}`, facts);
      weighed.add(p.id);
    }
  }
}

module.exports = { runBench, intEnv, portOffset, profileEnv, fmt, renderTable, importFigures, importTable, percentile, machineLine, startBare, registerUser, drive, cannon, api, weighCatalogue };
