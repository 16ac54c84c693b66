// @ts-check
/**
 * Carriers load test (`make bench` → scripts/bench.sh → node bench/carriers.js, after bench/run.js).
 *
 * Starts its own stack (`startStack('test')` of @smista/local-stack: PostgreSQL and NATS on the test
 * ports + BENCH_PORT_OFFSET, identity, merchants, carriers and the gateway from their dist, each its
 * own process) and a GLS Italy sandbox in a process of its own with a fixed latency, which the
 * carriers service is pointed at (GLS_BASE_URL), so the sandbox's CPU (its PDFs) is measured apart
 * and does not share an event loop with the callers; the stack's own in-process sandboxes stay
 * idle. Then, in the same run:
 *
 *   1. Labels. One GLS integration (the sandbox's default account), then BENCH_LABELS AddParcel
 *      requests with BENCH_LABEL_CONCURRENCY callers, twice:
 *        - straight to the sandbox: the XML built by the GLS adapter's own pure builder
 *          (services/carriers/dist/adapters/gls/build.js), the same form POST over undici with one
 *          connection per caller, the answer read and checked for a shipment number and a PDF;
 *        - through the carriers service: CreateLabel over gRPC with a signed caller token (gRPC,
 *          token check, integration lookup in PostgreSQL, the adapter with its provider-http client,
 *          parsing, the label PDF checked and answered).
 *      Both wait on the same sandbox with the same simulated network latency. Every request names
 *      its sender, so merchants (the default pickup address) stays out of the measured path. With
 *      BENCH_CAPPED_CONNECTIONS > 0 a third row sends the direct requests over that many connections,
 *      to compare with a service started with the same CARRIER_MAX_CONCURRENT_REQUESTS (its requests
 *      in flight per carrier host; default 10, the label concurrency, so the row is off by default).
 *      Printed: wall clock, labels/s, p50/p99, CPU per label by process (from /proc), and the
 *      service's extra time over the direct path (goal: under 20 %).
 *   2. Tracking codes. One `posta_1` integration, BENCH_POOL_CODES codes added by range, then
 *      BENCH_TAKE_CONCURRENCY callers call TakeTrackingCode until BENCH_TAKES codes are taken:
 *      takes/s, p50/p99, CPU per take, and afterwards every taken code checked distinct (in the
 *      answers and in the database).
 *
 * Writes the same as JSON to .tmp/bench/carriers.json.
 *
 * Knobs (environment): BENCH_LABELS (1000), BENCH_LABEL_CONCURRENCY (10), BENCH_LABEL_WARMUP (200 per
 * path), BENCH_SANDBOX_LATENCY_MS (20), BENCH_CAPPED_CONNECTIONS (0), BENCH_POOL_CODES (100000), BENCH_TAKES (5000),
 * BENCH_TAKE_CONCURRENCY (20), BENCH_PORT_OFFSET (500), BENCH_LOG_LEVEL (warn), BENCH_CPU_PROFILE (a folder:
 * carriers writes a V8 CPU profile of the run there when it stops).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

function readSettings() {
  return {
    labels: intEnv('BENCH_LABELS', 1000),
    labelConcurrency: Math.max(1, intEnv('BENCH_LABEL_CONCURRENCY', 10)),
    labelWarmup: intEnv('BENCH_LABEL_WARMUP', 200),
    sandboxLatencyMs: intEnv('BENCH_SANDBOX_LATENCY_MS', 20),
    // The GLS client's requests in flight per host inside the service: provider-http's
    // `maxConcurrentPerHost` default (libs/service-kit/src/provider-http.ts), which the GLS adapter keeps.
    cappedConnections: intEnv('BENCH_CAPPED_CONNECTIONS', 0),
    poolCodes: Math.max(1, intEnv('BENCH_POOL_CODES', 100_000)),
    takes: intEnv('BENCH_TAKES', 5000),
    takeConcurrency: Math.max(1, intEnv('BENCH_TAKE_CONCURRENCY', 20)),
    portOffset: portOffset(500),
    logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
  };
}

// CPU from /proc: bench/cpu.js
const { postgresPids, withCpu } = require('./cpu');
const { drive, fmt, intEnv, machineLine, portOffset, profileEnv, renderTable, runBench } = require('./lib');
const { directSender, labelOf, startSandboxProcess, GLS_ACCOUNT, SENDER } = require('./gls');

// ---------------------------------------------------------------------------------------------------
// Load

// ---------------------------------------------------------------------------------------------------
// Output

const table = renderTable;

/** @param {number} ms */
const ms = (ms) => fmt(ms, ms < 10 ? 1 : 0);

/** @param {Record<string, number>} cpuUs */
const cpuCells = (cpuUs) => ['carriers', 'postgres', 'sandbox', 'client'].map((k) => fmt(cpuUs[k] ?? 0));

// ---------------------------------------------------------------------------------------------------

async function main() {
  const settings = readSettings();
  const { startStack, repoRoot } = require('@smista/local-stack');
  const { createGrpcClient, rpc, signCallerToken } = require('@smista/service-kit');
  const { carriers } = require('@smista/proto');
  const { Agent } = require('undici');
  const { Client: PgClient } = require('pg');

  const machine = machineLine();
  const loadBefore = os.loadavg();
  process.stderr.write(`bench carriers: ${machine}, load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')}\n`);

  const sandbox = await startSandboxProcess(settings.sandboxLatencyMs);
  process.stderr.write(`sandbox GLS (processo proprio) su ${sandbox.url}, latenza simulata ${settings.sandboxLatencyMs} ms\n`);
  const callerSecret = crypto.randomBytes(32).toString('hex');
  process.stderr.write(`avvio dello stack (porte di test + ${settings.portOffset})...\n`);
  /** @type {any} */
  let stack;
  try {
    stack = await startStack('test', {
      offset: settings.portOffset,
      // The caller token secret is ours, so this process can sign tokens as identity does.
      env: { LOG_LEVEL: settings.logLevel, CALLER_TOKEN_SECRET: callerSecret },
      componentEnv: { carriers: { GLS_BASE_URL: sandbox.url, GLS_TRACKING_URL: sandbox.url, ...profileEnv() } },
    });
  } catch (err) {
    await sandbox.stop();
    throw err;
  }
  const client = createGrpcClient(carriers.CarriersServiceClient, `127.0.0.1:${stack.app.ports.carriers}`);
  const direct = new Agent({ connections: settings.labelConcurrency });
  const capped = new Agent({ connections: Math.max(1, settings.cappedConnections) });
  const db = new PgClient({ connectionString: stack.app.databases.carriers });
  try {
    await db.connect();
    const carriersPid = stack.app.services.filter((/** @type {{name: string}} */ s) => s.name === 'carriers').map((/** @type {{pid: number}} */ s) => s.pid);
    const processes = () => ({ carriers: carriersPid, postgres: postgresPids(stack.infra.postgres.dataDir), sandbox: [sandbox.pid], client: [process.pid] });

    const merchantId = crypto.randomUUID();
    const userId = crypto.randomUUID();
    // Caller tokens live 30 s: a fresh one every 10 s, as identity re-signs them for a session.
    /** @type {{at: number, api: any} | undefined} */
    let current;
    const api = async () => {
      if (!current || Date.now() - current.at > 10_000) {
        const callerToken = await signCallerToken({ userId, merchantId, role: 'admin' }, callerSecret);
        current = { at: Date.now(), api: rpc(client, { callerToken, deadlineMs: 30_000 }) };
      }
      return current.api;
    };
    // Adding 100,000 codes is one call that may take a while on a loaded machine.
    const longApi = async () => rpc(client, { callerToken: await signCallerToken({ userId, merchantId, role: 'admin' }, callerSecret), deadlineMs: 300_000 });

    // ---------------------------------------------------------------- labels
    const gls = await (await api()).createIntegration({ merchantId, provider: 'gls', connectionName: 'GLS bench', credentials: GLS_ACCOUNT });
    if (gls.status !== 'active') throw new Error(`integrazione GLS non attiva: ${gls.status} ${gls.statusMessage}`);
    const sendDirect = directSender(repoRoot, sandbox.url);
    /** @param {ReturnType<typeof labelOf>} label */
    const sendService = async (label) => {
      const answer = await (await api()).createLabel({
        integrationId: gls.id,
        ...label,
        sender: SENDER,
        cashOnDeliveryCents: 0,
        notes: '',
        orderId: '',
      });
      if (!/^\d{9}$/.test(answer.carrierShipmentNumber) || Buffer.from(answer.labelPdf).subarray(0, 5).toString() !== '%PDF-') throw new Error('CreateLabel senza numero o etichetta');
    };

    /**
     * @param {string} name @param {number} base @param {string} tag
     * @param {(label: ReturnType<typeof labelOf>) => Promise<void>} send @param {number} concurrency
     */
    const labelRun = async (name, base, tag, send, concurrency) => {
      // Warm-up: connections, JIT, the service's adapter and database pool.
      if (settings.labelWarmup > 0) await drive(settings.labelWarmup, concurrency, (i) => send(labelOf(base + 500_000, `W${tag}`, i)));
      const { result, cpu } = await withCpu(processes, () => drive(settings.labels, concurrency, (i) => send(labelOf(base, tag, i))));
      const cpuUs = Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, result.ok ? (v * 1000) / result.ok : 0]));
      process.stderr.write(`  ${name}: ${fmt(result.perSecond, 1)} etichette/s, p50 ${ms(result.p50)} ms, errori ${result.errors}\n`);
      if (result.errors) process.stderr.write(`    primi errori: ${result.firstErrors.join(' | ')}\n`);
      return { name, concurrency, ...result, cpuUsPerLabel: cpuUs };
    };

    process.stderr.write(`etichette: ${settings.labels} per percorso, ${settings.labelConcurrency} chiamanti, ${settings.labelWarmup} di riscaldamento\n`);
    const directRow = await labelRun(`direct to the sandbox (${settings.labelConcurrency} connections)`, 1_000_000, 'DIR', (l) => sendDirect(direct, l), settings.labelConcurrency);
    const serviceRow = await labelRun('through carriers (gRPC CreateLabel)', 2_000_000, 'SVC', sendService, settings.labelConcurrency);
    const cappedRow =
      settings.cappedConnections > 0
        ? await labelRun(`direct, ${settings.cappedConnections} connections (a capped service's requests in flight)`, 3_000_000, 'CAP', (l) => sendDirect(capped, l), settings.labelConcurrency)
        : undefined;
    const labelRows = cappedRow ? [directRow, serviceRow, cappedRow] : [directRow, serviceRow];
    const overhead = serviceRow.wallMs / directRow.wallMs - 1;
    const overheadVsCap = cappedRow ? serviceRow.wallMs / cappedRow.wallMs - 1 : undefined;

    // ---------------------------------------------------------------- tracking codes
    const posta = await (await api()).createIntegration({ merchantId, provider: 'posta_1', connectionName: 'Posta1 bench', credentials: {} });
    const width = Math.max(6, String(settings.poolCodes).length);
    const fromCode = `BENCH${'1'.padStart(width, '0')}`;
    const toCode = `BENCH${String(settings.poolCodes).padStart(width, '0')}`;
    const addStarted = performance.now();
    const added = await (await longApi()).addTrackingCodes({ merchantId, id: posta.id, method: 'range', trackingCodes: [], fromCode, toCode });
    const addMs = performance.now() - addStarted;
    if (Number(added.added) !== settings.poolCodes) throw new Error(`aggiunti ${added.added} codici su ${settings.poolCodes}`);
    process.stderr.write(`codici: ${fmt(settings.poolCodes)} aggiunti per intervallo (${fromCode}…${toCode}) in ${fmt(addMs / 1000, 1)} s\n`);

    const takes = Math.min(settings.takes, settings.poolCodes);
    /** @type {string[]} */
    const taken = [];
    const take = async () => {
      const code = await (await api()).takeTrackingCode({ integrationId: posta.id, orderId: '' });
      taken.push(code.trackingCode);
    };
    // Warm-up: the service's database pool fills (backends counted for CPU must exist before).
    await drive(Math.min(2 * settings.takeConcurrency, Math.max(0, settings.poolCodes - takes)), settings.takeConcurrency, take);
    const warmTaken = taken.length;
    const { result: takeResult, cpu: takeCpu } = await withCpu(processes, () => drive(takes, settings.takeConcurrency, take));
    const distinctAnswers = new Set(taken).size;
    const { rows } = await db.query(
      `SELECT count(*)::int AS used, count(DISTINCT tracking_code)::int AS distinct_used FROM tracking_codes WHERE integration_id = $1 AND status = 'used'`,
      [posta.id],
    );
    const stats = await (await api()).getTrackingCodeStats({ merchantId, id: posta.id });
    const takeRow = {
      name: 'TakeTrackingCode',
      concurrency: settings.takeConcurrency,
      ...takeResult,
      cpuUsPerTake: Object.fromEntries(Object.entries(takeCpu).map(([k, v]) => [k, takeResult.ok ? (v * 1000) / takeResult.ok : 0])),
      poolCodes: settings.poolCodes,
      addRangeMs: addMs,
      warmupTakes: warmTaken,
      answers: taken.length,
      distinctAnswers,
      usedInDatabase: rows[0].used,
      distinctInDatabase: rows[0].distinct_used,
      available: Number(stats.available),
    };
    const distinctOk = distinctAnswers === taken.length && rows[0].used === taken.length && rows[0].distinct_used === taken.length && Number(stats.available) === settings.poolCodes - taken.length;

    // ---------------------------------------------------------------- report
    const loadAfter = os.loadavg();
    const load = (/** @type {number[]} */ l) => l.map((x) => x.toFixed(1)).join(' ');
    const labelTable = table(
      ['labels', 'count', 'wall s', 'labels/s', 'p50 ms', 'p99 ms', 'mean ms', 'errors', 'CPU µs/label: carriers', 'postgres', 'sandbox', 'client'],
      labelRows.map((r) => [r.name, fmt(r.ok), fmt(r.wallMs / 1000, 2), fmt(r.perSecond, 1), ms(r.p50), ms(r.p99), fmt(r.meanMs, 1), String(r.errors), ...cpuCells(r.cpuUsPerLabel)]),
    );
    const takeTable = table(
      ['tracking codes', 'count', 'wall s', 'takes/s', 'p50 ms', 'p99 ms', 'mean ms', 'errors', 'CPU µs/take: carriers', 'postgres', 'sandbox', 'client'],
      [[`TakeTrackingCode, ${settings.takeConcurrency} callers`, fmt(takeRow.ok), fmt(takeRow.wallMs / 1000, 2), fmt(takeRow.perSecond, 0), ms(takeRow.p50), ms(takeRow.p99), fmt(takeRow.meanMs, 1), String(takeRow.errors), ...cpuCells(takeRow.cpuUsPerTake)]],
    );
    const sign = (/** @type {number} */ x) => `${x >= 0 ? '+' : '−'}${fmt(Math.abs(x) * 100, 1)} %`;
    const verdict = overhead < 0.2 ? 'goal met (under +20 %)' : 'goal NOT met (+20 % or more)';
    process.stdout.write(
      [
        '',
        `${machine}`,
        `load average ${load(loadBefore)} before, ${load(loadAfter)} after`,
        `GLS sandbox in its own process, simulated latency ${settings.sandboxLatencyMs} ms per answer; every CreateLabel names its sender (merchants not in the path); LOG_LEVEL=${settings.logLevel}`,
        `${fmt(settings.labels)} labels per row, ${settings.labelConcurrency} concurrent callers, after ${settings.labelWarmup} warm-up labels`,
        '',
        labelTable,
        '',
        `carriers service vs direct (same concurrency): ${sign(overhead)} wall time — ${verdict}`,
        ...(overheadVsCap === undefined ? [] : [`carriers service vs direct over ${settings.cappedConnections} connections (a service capped at as many requests in flight): ${sign(overheadVsCap)}`]),
        '',
        `${fmt(settings.poolCodes)} codes added by range in ${fmt(addMs / 1000, 1)} s; ${fmt(takes)} takes after ${warmTaken} warm-up takes`,
        '',
        takeTable,
        '',
        `distinct: ${fmt(distinctAnswers)} distinct codes in ${fmt(taken.length)} answers; database: ${fmt(rows[0].used)} used, ${fmt(rows[0].distinct_used)} distinct; available ${fmt(Number(stats.available))} — ${distinctOk ? 'OK' : 'MISMATCH'}`,
        '',
      ].join('\n'),
    );
    const dir = path.join(repoRoot, '.tmp', 'bench');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'carriers.json'),
      JSON.stringify(
        {
          at: new Date().toISOString(),
          machine,
          loadAverage: { before: loadBefore, after: loadAfter },
          settings,
          sender: 'explicit in every CreateLabel request (merchants not called)',
          labels: { rows: labelRows, serviceVsDirect: overhead, serviceVsDirectCapped: overheadVsCap ?? null, goal: 0.2, goalMet: overhead < 0.2 },
          trackingCodes: { ...takeRow, distinctOk },
        },
        null,
        2,
      ),
    );
    const failed = labelRows.some((r) => r.errors > 0) || takeRow.errors > 0 || !distinctOk;
    if (failed) throw new Error('errori durante la misura o codici ripetuti: vedi sopra');
  } finally {
    client.close();
    await db.end().catch(() => undefined);
    await direct.close();
    await capped.close();
    await stack.stop();
    await sandbox.stop();
  }
}

runBench('carriers', main);
