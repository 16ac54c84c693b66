// @ts-check
/**
 * Shipments load test (`make bench` → scripts/bench.sh → node bench/shipments.js, after orders.js).
 *
 * Starts its own stack (`startStack('test')`: PostgreSQL, NATS and the sandboxes on the test ports +
 * BENCH_PORT_OFFSET, every service and the gateway from their dist) and a GLS sandbox in a process
 * of its own with a fixed latency (bench/gls.js), which carriers is pointed at. A merchant with a
 * pickup address and a GLS integration gets BENCH_SHIPMENTS orders (10 of them per recipient name
 * never repeat, so GLS makes one shipment per order), imported as real `marketplaces.order.imported`
 * events, each assigned the GLS integration through the gateway, their products weighed in the
 * catalogue (issue 25: no label without a weight), and one shipment each
 * (`POST /api/shipments/bulk-create`). Then, in the same run:
 *
 *   1. Bare: BENCH_SHIPMENTS AddParcel calls straight to the sandbox (the GLS adapter's own XML
 *      builder), PROCESS_CONCURRENCY callers, each answer checked for a number and a PDF.
 *   2. End to end: `POST /api/shipments/process-selected` with every shipment id: the gateway,
 *      shipments (claims, audit rows, label rows, events through the outbox), carriers'
 *      CreateLabel, the sandbox. Checked afterwards: every shipment shipped with a label.
 *      Goal: under 30 s on this machine.
 *   3. Merge: `GET /api/shipments/labels/bulk-download` of every label into one PDF (pdf-lib),
 *      the pages counted. Goal: under 5 s.
 * Printed: wall clock, rate, ratio to the bare path, CPU per shipment by process.
 * Writes the same as JSON to .tmp/bench/shipments.json.
 *
 * Knobs (environment): BENCH_SHIPMENTS (1000), BENCH_SANDBOX_LATENCY_MS (20), BENCH_PROCESS_CONCURRENCY (8),
 * BENCH_PORT_OFFSET (500), BENCH_LOG_LEVEL (warn), BENCH_CPU_PROFILE (a folder: shipments, carriers and
 * orders write V8 CPU profiles there).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { startStack, repoRoot } = require('@smista/local-stack');
const { connectNats } = require('@smista/service-kit');
const { encodeLabelIds } = require('@smista/contracts');
const { postgresPids, withCpu } = require('./cpu');
const { api, drive, fmt, intEnv, machineLine, portOffset, profileEnv, registerUser, renderTable, runBench } = require('./lib');
const { directSender, glsShipmentsFromOrders, labelOf, readyToShipWithGls, startSandboxProcess } = require('./gls');

const settings = {
  shipments: Math.max(10, intEnv('BENCH_SHIPMENTS', 1000)),
  sandboxLatencyMs: intEnv('BENCH_SANDBOX_LATENCY_MS', 20),
  // The shipments service's labels in flight (its PROCESS_CONCURRENCY default); the bare path uses as many callers.
  concurrency: Math.max(1, intEnv('BENCH_PROCESS_CONCURRENCY', 8)),
  portOffset: portOffset(500),
  logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
};

async function main() {
  const machine = machineLine();
  const loadBefore = os.loadavg();
  process.stderr.write(`bench spedizioni: ${machine}\n`);
  // BENCH_CPU_PROFILE=<dir>: shipments, carriers and orders write a V8 CPU profile there when they stop.
  const profile = profileEnv();
  const sandbox = await startSandboxProcess(settings.sandboxLatencyMs);
  process.stderr.write(`sandbox GLS (processo proprio) su ${sandbox.url}, latenza simulata ${settings.sandboxLatencyMs} ms\navvio dello stack (porte di test + ${settings.portOffset})...\n`);
  /** @type {any} */
  let stack;
  try {
    stack = await startStack('test', {
      offset: settings.portOffset,
      env: { LOG_LEVEL: settings.logLevel },
      componentEnv: {
        carriers: { GLS_BASE_URL: sandbox.url, GLS_TRACKING_URL: sandbox.url, ...profile },
        shipments: { PROCESS_CONCURRENCY: String(settings.concurrency), ...profile },
        orders: { ...profile },
        gateway: { RATE_LIMIT_ENABLED: 'false', LOG_LEVEL: settings.logLevel },
      },
    });
  } catch (err) {
    await sandbox.stop();
    throw err;
  }
  const nats = await connectNats(stack.natsUrl, 'bench-shipments');
  const { Agent } = require('undici');
  const direct = new Agent({ connections: settings.concurrency });
  const pidOf = (/** @type {string} */ name) => stack.app.services.filter((/** @type {{name: string}} */ s) => s.name === name).map((/** @type {{pid: number}} */ s) => s.pid);
  const processes = () => ({
    gateway: pidOf('gateway'),
    shipments: pidOf('shipments'),
    carriers: pidOf('carriers'),
    orders: pidOf('orders'),
    merchants: pidOf('merchants'),
    identity: pidOf('identity'),
    postgres: postgresPids(stack.infra.postgres.dataDir),
    sandbox: [sandbox.pid],
    bench: [process.pid],
  });
  const perShipment = (/** @type {Record<string, number>} */ cpu, /** @type {number} */ n) => Object.fromEntries(Object.entries(cpu).map(([k, ms]) => [k, Math.round((ms * 1000) / n)]));
  try {
    const { cookie } = await registerUser(stack.baseUrl);
    const call = (/** @type {string} */ method, /** @type {string} */ url, /** @type {unknown} */ body) => api(stack.baseUrl, cookie, method, url, body);
    const merchant = await call('POST', '/api/merchants', { name: 'Bench Spedizioni' });
    await call('POST', '/api/merchants/select', { merchantId: merchant.id });
    const gls = await readyToShipWithGls(call, merchant.id);

    // Orders, as the marketplaces service publishes them, each with its GLS shipment.
    process.stderr.write(`ordini: ${fmt(settings.shipments)} importati come eventi...\n`);
    const shipmentIds = await glsShipmentsFromOrders(call, nats, merchant.id, gls.id, settings.shipments);

    // 1. Bare: the same number of AddParcel calls straight to the sandbox.
    const sendDirect = directSender(repoRoot, sandbox.url);
    await drive(50, settings.concurrency, (i) => sendDirect(direct, labelOf(8_000_000, 'WARM', i)));
    const { result: bare, cpu: bareCpu } = await withCpu(processes, () => drive(settings.shipments, settings.concurrency, (i) => sendDirect(direct, labelOf(9_000_000, 'BARE', i))));
    if (bare.errors) throw new Error(`AddParcel diretto: ${bare.firstErrors.join(' | ')}`);
    process.stderr.write(`  diretto: ${fmt(bare.wallMs / 1000, 2)} s, ${fmt(bare.perSecond, 1)} etichette/s\n`);

    // 2. End to end.
    const e2eStart = performance.now();
    const { result: processed, cpu: e2eCpu } = await withCpu(processes, () => call('POST', '/api/shipments/process-selected', { shipmentIds }));
    const e2eMs = performance.now() - e2eStart;
    const after = await call('GET', '/api/shipments?pageSize=1');
    const labelled = after.meta.statusCounts.shipped;
    process.stderr.write(`  end to end: ${fmt(e2eMs / 1000, 2)} s, ${processed.success} riuscite, ${processed.failed} fallite, ${labelled} spedite con etichetta\n`);

    // 3. Merge every label into one PDF.
    const mergeStart = performance.now();
    const merged = await fetch(`${stack.baseUrl}/api/shipments/labels/bulk-download?data=${encodeLabelIds(shipmentIds)}`, { headers: { cookie } });
    const pdf = new Uint8Array(await merged.arrayBuffer());
    const mergeMs = performance.now() - mergeStart;
    if (merged.status !== 200) throw new Error(`bulk-download: ${merged.status} ${Buffer.from(pdf).toString('utf8').slice(0, 200)}`);
    const { PDFDocument } = require(require.resolve('pdf-lib', { paths: [path.join(repoRoot, 'services/shipments')] }));
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    process.stderr.write(`  unione: ${fmt(mergeMs / 1000, 2)} s, ${pages} pagine, ${fmt(pdf.byteLength / 1024 / 1024, 1)} MiB\n`);

    const loadAfter = os.loadavg();
    const rows = [
      { name: `AddParcel straight to the sandbox (${settings.concurrency} callers)`, seconds: bare.wallMs / 1000, perSecond: bare.perSecond, cpu: perShipment(bareCpu, settings.shipments) },
      { name: 'process-selected end to end', seconds: e2eMs / 1000, perSecond: (processed.success * 1000) / e2eMs, cpu: perShipment(e2eCpu, Math.max(1, processed.success)) },
    ];
    const cpuKeys = ['gateway', 'shipments', 'carriers', 'orders', 'merchants', 'identity', 'postgres', 'sandbox'];
    const ratio = e2eMs / bare.wallMs;
    const processGoal = e2eMs < 30_000 && processed.success === settings.shipments && labelled === settings.shipments;
    const mergeGoal = mergeMs < 5_000 && pages >= settings.shipments;
    process.stdout.write(
      [
        '',
        machine,
        `load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after`,
        `GLS sandbox in its own process, simulated latency ${settings.sandboxLatencyMs} ms per answer; ${fmt(settings.shipments)} shipments; LOG_LEVEL=${settings.logLevel}`,
        '',
        renderTable(
          ['labels', 'wall s', 'labels/s', ...cpuKeys.map((k, i) => (i === 0 ? `CPU µs/label: ${k}` : k))],
          rows.map((r) => [r.name, fmt(r.seconds, 2), fmt(r.perSecond, 1), ...cpuKeys.map((k) => fmt(r.cpu[k] ?? 0))]),
        ),
        '',
        `end to end / bare: ${fmt(ratio, 2)}× — ${processed.success} labelled, ${processed.failed} failed; goal < 30 s: ${processGoal ? 'met' : 'NOT met'}`,
        `merge of ${fmt(pages)} labels into one PDF (${fmt(pdf.byteLength / 1024 / 1024, 1)} MiB) through the gateway: ${fmt(mergeMs / 1000, 2)} s; goal < 5 s: ${mergeGoal ? 'met' : 'NOT met'}`,
        '',
      ].join('\n'),
    );
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'shipments.json'),
      JSON.stringify({ at: new Date().toISOString(), machine, loadAverage: { before: loadBefore, after: loadAfter }, settings, rows, ratio, processed, mergeMs, pages, pdfBytes: pdf.byteLength, processGoal, mergeGoal }, null, 2),
    );
    if (processed.success !== settings.shipments || labelled !== settings.shipments || pages !== settings.shipments) throw new Error('non tutte le spedizioni hanno un’etichetta: vedi sopra');
  } finally {
    await nats.nc.drain().catch(() => undefined);
    await direct.close();
    await stack.stop();
    await sandbox.stop();
  }
}

runBench('spedizioni', main);
