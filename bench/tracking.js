// @ts-check
/**
 * Tracking refresher load test (issue 26; `make bench` → scripts/bench.sh → node bench/tracking.js).
 *
 * Starts its own stack (`startStack('test')` on the test ports + BENCH_PORT_OFFSET, the refresher of
 * its shipments process off) and a GLS sandbox in a process of its own with a fixed latency
 * (bench/gls.js). A merchant labels BENCH_TRACKING_LABELS real GLS shipments end to end and closes
 * the GLS workday, so the sandbox tracks each; the shipments' rows are then copied in SQL up to
 * BENCH_TRACKED undelivered shipments (the copies keep their GLS numbers: the sandbox answers each
 * with real events), all due at once, in a random order of due time. Then, in the same run:
 *
 *   1. Bare: BENCH_TRACKING_SAMPLE GLS tracking requests (`/XML/get_xml_track.php`) straight to the
 *      sandbox, as many callers as the two replicas together, each answer checked for its events.
 *   2. End to end: two more shipments processes (replicas) with their refresher on and one budget of
 *      BENCH_TRACKING_CALLS_PER_MINUTE GLS calls a minute between them, until BENCH_TRACKING_SAMPLE
 *      shipments were read (or BENCH_TRACKING_MAX_SECONDS passed): claims, carriers' Track, the
 *      sandbox, events stored, the next read scheduled.
 * Checked: carriers answered as many Track calls as shipments were read (no shipment read twice),
 * every minute's window holds at most the budget, and the shipments read are the oldest due.
 * Printed: refreshes per second and per hour against the bare path, the calls an hour 100,000
 * undelivered shipments need by the default schedule (ages spread over 5 days), CPU per refresh by
 * process. Writes the same as JSON to .tmp/bench/tracking.json.
 *
 * Knobs (environment): BENCH_TRACKING_LABELS (500), BENCH_TRACKED (100000), BENCH_TRACKING_SAMPLE
 * (10000), BENCH_TRACKING_CALLS_PER_MINUTE (12000), BENCH_TRACKING_CONCURRENCY (4 per replica),
 * BENCH_TRACKING_MAX_SECONDS (600), BENCH_SANDBOX_LATENCY_MS (20), BENCH_PORT_OFFSET (650),
 * BENCH_LOG_LEVEL (warn).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startStack, startReplica, repoRoot } = require('@smista/local-stack');
const { connectNats, createPool } = require('@smista/service-kit');
const { postgresPids, withCpu } = require('./cpu');
const { api, drive, fmt, intEnv, machineLine, portOffset, registerUser, renderTable, runBench } = require('./lib');
const { GLS_ACCOUNT, glsShipmentsFromOrders, readyToShipWithGls, startSandboxProcess } = require('./gls');

const settings = {
  labels: Math.max(10, intEnv('BENCH_TRACKING_LABELS', 500)),
  tracked: Math.max(100, intEnv('BENCH_TRACKED', 100_000)),
  sample: Math.max(100, intEnv('BENCH_TRACKING_SAMPLE', 10_000)),
  callsPerMinute: Math.max(1, intEnv('BENCH_TRACKING_CALLS_PER_MINUTE', 12_000)),
  concurrency: Math.max(1, intEnv('BENCH_TRACKING_CONCURRENCY', 4)),
  maxSeconds: Math.max(10, intEnv('BENCH_TRACKING_MAX_SECONDS', 600)),
  sandboxLatencyMs: intEnv('BENCH_SANDBOX_LATENCY_MS', 20),
  portOffset: portOffset(650),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** The sum of carriers' `grpc_server_handled_total` for Track, from its metrics endpoint. */
async function trackCalls(/** @type {number} */ metricsPort) {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) if (line.startsWith('grpc_server_handled_total{') && /method="Track"/.test(line)) sum += Number(line.split(' ').pop());
  return sum;
}

/**
 * Calls an hour `n` undelivered shipments need by the default schedule, their ages spread evenly
 * over 5 days and none out for delivery (the service's own `nextRefreshAt`).
 */
function neededPerHour(/** @type {number} */ n) {
  const { nextRefreshAt, defaultRefreshPolicy } = require(path.join(repoRoot, 'services/shipments/dist/domain'));
  const now = new Date();
  const steps = 1000;
  let perHour = 0;
  for (let i = 0; i < steps; i++) {
    const shippedAt = new Date(now.getTime() - ((i + 0.5) / steps) * 5 * 86_400_000);
    const next = nextRefreshAt({ shippedAt, trackingStatus: 'in_transit', failures: 0 }, now, defaultRefreshPolicy);
    if (next) perHour += 3_600_000 / (next.getTime() - now.getTime());
  }
  return (perHour / steps) * n;
}

async function main() {
  const machine = machineLine();
  const loadBefore = os.loadavg();
  process.stderr.write(`bench tracking: ${machine}\n`);
  const sandbox = await startSandboxProcess(settings.sandboxLatencyMs);
  process.stderr.write(`sandbox GLS (processo proprio) su ${sandbox.url}, latenza simulata ${settings.sandboxLatencyMs} ms\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  /** @type {any} */
  let stack;
  try {
    stack = await startStack('test', {
      offset: settings.portOffset,
      env: { LOG_LEVEL: settings.logLevel },
      componentEnv: {
        carriers: { GLS_BASE_URL: sandbox.url, GLS_TRACKING_URL: sandbox.url },
        // The stack's own shipments process labels; the two replicas started later read the tracking.
        shipments: { TRACKING_REFRESH_ENABLED: 'false' },
        gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel },
      },
    });
  } catch (err) {
    await sandbox.stop();
    throw err;
  }
  const nats = await connectNats(stack.natsUrl, 'bench-tracking');
  const pool = createPool(stack.app.databases.shipments, 2);
  const { Agent } = require('undici');
  const direct = new Agent({ connections: settings.concurrency * 2 });
  /** @type {{ handle: { pid: number, stop(): Promise<void> } }[]} */
  const replicas = [];
  const pidOf = (/** @type {string} */ name) => stack.app.services.filter((/** @type {{name: string}} */ s) => s.name === name).map((/** @type {{pid: number}} */ s) => s.pid);
  const processes = () => ({
    shipments: replicas.map((r) => r.handle.pid),
    carriers: pidOf('carriers'),
    postgres: postgresPids(stack.infra.postgres.dataDir),
    sandbox: [sandbox.pid],
    bench: [process.pid],
  });
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const call = (/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body) => api(stack.baseUrl, cookie, method, url, body);
    const merchant = await call('POST', '/api/merchants', { name: 'Bench Tracking' });
    await call('POST', '/api/merchants/select', { merchantId: merchant.id });
    const gls = await readyToShipWithGls(call, merchant.id);
    process.stderr.write(`etichette: ${fmt(settings.labels)} spedizioni GLS create, processate e chiuse...\n`);
    const shipmentIds = await glsShipmentsFromOrders(call, nats, merchant.id, gls.id, settings.labels);
    const processed = await call('POST', '/api/shipments/process-selected', { shipmentIds });
    if (processed.success !== settings.labels) throw new Error(`etichette: ${processed.success} su ${settings.labels}`);
    const closed = await call('POST', '/api/shipments/close-workday', { shipmentIds });
    if (closed.failed) throw new Error(`chiusura GLS: ${closed.failed} non riuscite: ${closed.message}`);

    // Up to BENCH_TRACKED undelivered shipments: copies of the labelled ones (the same GLS numbers).
    const copies = Math.ceil(settings.tracked / settings.labels) - 1;
    process.stderr.write(`copia delle righe fino a ${fmt(settings.tracked)} spedizioni in viaggio...\n`);
    await pool.query(
      `INSERT INTO shipments (merchant_id, order_id, order_external_id, marketplace, marketplace_integration_id, line_items, content_description,
         carrier_integration_id, carrier_provider, recipient_name, address_line1, city, postal_code, country, country_code, tracking_number,
         carrier_shipment_number, status, has_label, shipped_at, search_text, parcel_weight_grams, close_workday_status, close_workday_at)
       SELECT s.merchant_id, s.order_id + g * 10000000, s.order_external_id || '-' || g, s.marketplace, s.marketplace_integration_id, s.line_items,
              s.content_description, s.carrier_integration_id, s.carrier_provider, s.recipient_name, s.address_line1, s.city, s.postal_code,
              s.country, s.country_code, s.tracking_number, s.carrier_shipment_number, 'shipped', false, s.shipped_at, s.search_text,
              s.parcel_weight_grams, s.close_workday_status, s.close_workday_at
         FROM shipments s CROSS JOIN generate_series(1, $2::int) g
        WHERE s.merchant_id = $1 AND s.status = 'shipped'`,
      [merchant.id, copies],
    );
    await pool.query(`DELETE FROM shipments WHERE id IN (SELECT id FROM shipments WHERE merchant_id = $1 ORDER BY id DESC OFFSET $2)`, [merchant.id, settings.tracked]);
    // Due at once, in a random order of due time (oldest first must pick the oldest).
    await pool.query(
      `INSERT INTO tracking_schedule (shipment_id, provider, next_at) SELECT id, carrier_provider, now() - random() * interval '1 hour' FROM shipments WHERE merchant_id = $1
       ON CONFLICT (shipment_id) DO UPDATE SET next_at = EXCLUDED.next_at, claimed_until = NULL, failures = 0`,
      [merchant.id],
    );
    await pool.query('DELETE FROM tracking_call_budget');
    await pool.query(`CREATE TABLE bench_due AS SELECT shipment_id AS id, next_at AS due FROM tracking_schedule`);
    await pool.query('VACUUM ANALYZE shipments');
    await pool.query('VACUUM ANALYZE tracking_schedule');
    const total = Number((await pool.query(`SELECT count(*) AS n FROM shipments WHERE merchant_id = $1 AND status = 'shipped'`, [merchant.id])).rows[0].n);

    // 1. Bare: GLS tracking requests straight to the sandbox.
    const numbers = (await pool.query(`SELECT DISTINCT carrier_shipment_number AS n FROM shipments WHERE merchant_id = $1`, [merchant.id])).rows.map((r) => String(r.n));
    const trackUrl = (/** @type {number} */ i) => `${sandbox.url}/XML/get_xml_track.php?locpartenza=${GLS_ACCOUNT.siglaSede}&NumSped=${numbers[i % numbers.length]}&CodCli=${GLS_ACCOUNT.codiceContratto}`;
    const { request } = require('undici');
    const { result: bare, cpu: bareCpu } = await withCpu(processes, () =>
      drive(settings.sample, settings.concurrency * 2, async (i) => {
        const res = await request(trackUrl(i), { dispatcher: direct });
        const body = await res.body.text();
        if (res.statusCode !== 200 || !body.includes('<TRACKING>')) throw new Error(`tracking ${numbers[i % numbers.length]}: ${res.statusCode}`);
      }),
    );
    if (bare.errors) throw new Error(`tracking diretto: ${bare.firstErrors.join(' | ')}`);
    process.stderr.write(`  diretto: ${fmt(bare.perSecond, 1)} richieste/s\n`);

    // 2. End to end: two replicas, one budget.
    const carriersMetrics = stack.app.metricsPorts.carriers;
    const callsBefore = await trackCalls(carriersMetrics);
    const started = new Date();
    const e2eStart = performance.now();
    const { result: read, cpu: e2eCpu } = await withCpu(processes, async () => {
      for (const name of ['shipments-a', 'shipments-b']) {
        replicas.push(
          await startReplica(stack.app, 'shipments', {
            name,
            logFile: path.join(stack.app.logDir ?? os.tmpdir(), `bench-${name}.log`),
            env: {
              TRACKING_REFRESH_ENABLED: 'true',
              TRACKING_CALLS_PER_MINUTE: `gls=${settings.callsPerMinute}`,
              TRACKING_CONCURRENCY: String(settings.concurrency),
              TRACKING_IDLE_MS: '500',
            },
          }),
        );
      }
      const deadline = Date.now() + settings.maxSeconds * 1000;
      for (;;) {
        const n = Number((await pool.query(`SELECT count(*) AS n FROM tracking_schedule WHERE checked_at >= $1`, [started])).rows[0].n);
        if (n >= settings.sample || Date.now() > deadline) return n;
        await sleep(250);
      }
    });
    const e2eMs = performance.now() - e2eStart;
    for (const r of replicas.splice(0)) await r.handle.stop();
    const readAfterStop = Number((await pool.query(`SELECT count(*) AS n FROM tracking_schedule WHERE checked_at >= $1`, [started])).rows[0].n);
    const calls = (await trackCalls(carriersMetrics)) - callsBefore;
    const windows = (await pool.query(`SELECT window_start, calls FROM tracking_call_budget WHERE provider = 'gls' ORDER BY window_start`)).rows.map((r) => ({ at: r.window_start, calls: Number(r.calls) }));
    const maxWindow = Math.max(0, ...windows.map((w) => w.calls));
    const counted = windows.reduce((n, w) => n + w.calls, 0);
    // The shipments read must be the oldest due: unread ones due before the latest due one read are
    // at most the claims in flight when the replicas stopped (two batches each).
    const skipped = Number(
      (
        await pool.query(
          `WITH r AS (SELECT d.id, d.due, t.checked_at >= $1 AS read FROM bench_due d JOIN tracking_schedule t ON t.shipment_id = d.id)
           SELECT count(*) AS n FROM r WHERE NOT coalesce(r.read, false) AND r.due < (SELECT max(due) FROM r WHERE r.read)`,
          [started],
        )
      ).rows[0].n,
    );
    const batch = Math.max(settings.concurrency * 4, 16);
    const events = Number((await pool.query(`SELECT count(*) AS n FROM tracking_events WHERE merchant_id = $1`, [merchant.id])).rows[0].n);
    const perSecond = (readAfterStop * 1000) / e2eMs;
    const needed = neededPerHour(100_000);
    const loadAfter = os.loadavg();
    const perRefresh = (/** @type {Record<string, number>} */ cpu, /** @type {number} */ n) => Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, Math.round((ms * 1000) / Math.max(1, n))]));
    const rows = [
      { name: `GLS tracking straight to the sandbox (${settings.concurrency * 2} callers)`, count: settings.sample, seconds: bare.wallMs / 1000, perSecond: bare.perSecond, cpu: perRefresh(bareCpu, settings.sample) },
      { name: `refresher, 2 replicas × ${settings.concurrency} calls, budget ${fmt(settings.callsPerMinute)}/min`, count: readAfterStop, seconds: e2eMs / 1000, perSecond, cpu: perRefresh(e2eCpu, readAfterStop) },
    ];
    const cpuKeys = ['shipments', 'carriers', 'postgres', 'sandbox'];
    const twice = calls !== readAfterStop;
    const overBudget = maxWindow > settings.callsPerMinute;
    const outOfOrder = skipped > 4 * batch;
    process.stdout.write(
      [
        '',
        machine,
        `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`,
        `GLS sandbox in its own process, simulated latency ${settings.sandboxLatencyMs} ms; ${fmt(total)} undelivered shipments (${fmt(settings.labels)} labelled, the rest copies); LOG_LEVEL=${settings.logLevel}`,
        '',
        renderTable(
          ['tracking reads', 'count', 'wall s', 'reads/s', ...cpuKeys.map((k, i) => (i === 0 ? `CPU µs/read: ${k}` : k))],
          rows.map((r) => [r.name, fmt(r.count), fmt(r.seconds, 1), fmt(r.perSecond, 1), ...cpuKeys.map((k) => fmt(r.cpu[k] ?? 0))]),
        ),
        '',
        `end to end / bare: ${fmt(perSecond / bare.perSecond, 2)}× the rate; ${fmt(perSecond * 3600)} reads an hour by 2 replicas; 100,000 undelivered shipments need ${fmt(needed)} an hour by the default schedule (ages over 5 days): ${perSecond * 3600 >= needed ? 'kept current' : 'NOT kept current'} on this machine`,
        `Track calls answered by carriers ${fmt(calls)} for ${fmt(readAfterStop)} shipments read: ${twice ? 'SOME READ TWICE' : 'none read twice'}; ${fmt(events)} events stored`,
        `budget: ${windows.length} minute windows, at most ${fmt(maxWindow)} calls in one (limit ${fmt(settings.callsPerMinute)}), ${fmt(counted)} counted: ${overBudget ? 'OVER THE LIMIT' : 'within the limit'}`,
        `oldest due first: ${fmt(skipped)} unread shipments were due before the latest one read (claims in flight at the stop, at most ${4 * batch}): ${outOfOrder ? 'NOT in order' : 'in order'}`,
        '',
      ].join('\n'),
    );
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'tracking.json'),
      JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: { before: loadBefore, after: loadAfter }, settings, total, rows, ratio: perSecond / bare.perSecond, perHour: perSecond * 3600, neededPerHour: needed, calls, read: readAfterStop, maxWindow, windows: windows.length, events, skipped }, null, 2),
    );
    if (twice) throw new Error(`${calls} chiamate Track per ${readAfterStop} spedizioni lette`);
    if (overBudget) throw new Error(`${maxWindow} chiamate in un minuto oltre il limite di ${settings.callsPerMinute}`);
    if (outOfOrder) throw new Error(`${skipped} spedizioni più vecchie non lette`);
  } finally {
    for (const r of replicas) await r.handle.stop().catch(() => undefined);
    await pool.end().catch(() => undefined);
    await nats.nc.drain().catch(() => undefined);
    await direct.close();
    await stack.stop();
    await sandbox.stop();
  }
}

runBench('tracking', main);
