// @ts-check
/**
 * The guard at the end of `make bench`: compares this run's figures with the ones recorded in
 * bench/RESULTS.md ("Recorded figures"), and says which moved by more than a third.
 *
 * Absolute figures move with the machine (these are shared and noisy), so every figure is a ratio to
 * the baseline measured in the same run by the same script: the eBay import against the direct read
 * of the same pages, a list's p99 against the bare handler's, labels through carriers against the
 * same calls straight to the sandbox, the gateway's CPU per request against the bare handler's. The
 * one absolute figure is the bytes of a first visit, which do not depend on the machine.
 *
 * Reads the JSON each bench writes to .tmp/bench/; a file older than BENCH_RUN_STARTED (set by
 * scripts/bench.sh) is left out as not measured in this run.
 *
 *   node bench/compare.js            compare, and name what moved by more than a third
 *   BENCH_STRICT=1 node bench/compare.js
 *                                    the same, and exit 1 when a figure got worse by more than a third
 *                                    (for a quiet machine: on a shared one a neighbour can move a
 *                                    wall-time ratio that far, which is why this is not the default)
 *   BENCH_RECORD=1 node bench/compare.js
 *                                    write this run's figures into RESULTS.md as the new record
 *                                    (figures not measured in this run keep their recorded value)
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { fmt, renderTable } = require('./lib');

/** How far a figure may move, as a fraction of the recorded value, before it is named. */
const TOLERANCE = 1 / 3;

const START_MARK = '<!-- recorded-figures:start -->';
const END_MARK = '<!-- recorded-figures:end -->';

/**
 * @typedef {{
 *   key: string,
 *   file: string,
 *   what: string,
 *   better: 'lower' | 'higher',
 *   read: (json: any) => number | undefined,
 * }} Figure
 */

/** @param {any[] | undefined} rows @param {string} name */
const row = (rows, name) => rows?.find((r) => r.name === name || r.route === name);
/** @param {number | undefined} a @param {number | undefined} b */
const ratio = (a, b) => (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0 ? undefined : a / b);

/** The list targets of bench/orders.js, by the name it prints. */
const LIST_TARGETS = [
  ['plain', 'GET /api/orders'],
  ['status', '?status=TO_SHIP&sortBy=total'],
  ['search', '?search=rossi'],
  ['dates', '?marketplace&startDate&search'],
];

/** Every figure the guard compares: one row each, derived from the benches' JSON. @type {Figure[]} */
const FIGURES = [
  {
    key: 'gateway.user.cpu',
    file: 'latest.json',
    what: 'GET /api/user: server CPU per request ÷ the bare handler’s (bench/run.js)',
    better: 'lower',
    read: (j) => ratio(row(j.rows, 'GET /api/user')?.serverCpuUs, j.rows?.[0]?.serverCpuUs),
  },
  {
    key: 'gateway.login.rps',
    file: 'latest.json',
    what: 'POST /api/login: req/s ÷ the bare handler’s (bench/run.js; argon2-bound)',
    better: 'higher',
    read: (j) => ratio(row(j.rows, 'POST /api/login')?.rps, j.rows?.[0]?.rps),
  },
  {
    key: 'carriers.labels.wall',
    file: 'carriers.json',
    what: 'GLS labels through carriers: wall time ÷ the same calls straight to the sandbox (bench/carriers.js)',
    better: 'lower',
    read: (j) => (typeof j.labels?.serviceVsDirect === 'number' ? 1 + j.labels.serviceVsDirect : undefined),
  },
  {
    key: 'carriers.labels.cpu',
    file: 'carriers.json',
    what: 'GLS labels: the carriers service’s CPU per label ÷ the sandbox’s CPU per label on the direct path (bench/carriers.js)',
    better: 'lower',
    read: (j) => ratio(row(j.labels?.rows, 'through carriers (gRPC CreateLabel)')?.cpuUsPerLabel?.carriers, j.labels?.rows?.[0]?.cpuUsPerLabel?.sandbox),
  },
  {
    key: 'orders.import.rate',
    file: 'orders.json',
    what: 'eBay import end to end: orders/s ÷ the direct read of the same pages (bench/orders.js)',
    better: 'higher',
    read: (j) => ratio(j.import?.endToEndOrdersPerSecond, j.import?.bareOrdersPerSecond),
  },
  {
    key: 'orders.rules.assign',
    file: 'orders.json',
    what: '‘Assegna Corrieri’: ms ÷ the dry run over the same orders (bench/orders.js)',
    better: 'lower',
    read: (j) => ratio(j.rules?.assignMs, j.rules?.previewMs),
  },
  ...LIST_TARGETS.map(([id, name]) => /** @type {Figure} */ ({
    key: `orders.list.${id}.p99`,
    file: 'orders.json',
    what: `GET /api/orders ${name === 'GET /api/orders' ? 'plain' : name} at 100,000 orders, 50 connections: p99 ÷ the bare handler’s p99 (bench/orders.js)`,
    better: 'lower',
    read: (j) => ratio(row(j.list, name)?.p99, j.list?.[0]?.p99),
  })),
  {
    key: 'shopify.import.rate',
    file: 'shopify.json',
    what: 'Shopify import end to end: orders/s ÷ the direct read of the same queries (bench/shopify.js)',
    better: 'higher',
    read: (j) => ratio(j.import?.endToEndOrdersPerSecond, j.import?.bareOrdersPerSecond),
  },
  {
    key: 'amazon.pacing.rate',
    file: 'amazon.json',
    what: 'Amazon searchOrders with two replicas on one seller: the steady rate ÷ the usage plan’s; any 429 fails the bench (bench/amazon.js)',
    better: 'higher',
    read: (j) => (typeof j.pacing?.steadyRatio === 'number' ? j.pacing.steadyRatio : undefined),
  },
  {
    key: 'sso.signin.p50',
    file: 'sso.json',
    what: 'SSO sign-in through Keycloak to the dashboard’s first data: p50 ÷ a password login’s p50 (bench/sso.js)',
    better: 'lower',
    read: (j) => (typeof j.result?.ssoVsPasswordP50 === 'number' ? j.result.ssoVsPasswordP50 : undefined),
  },
  {
    key: 'shipments.labels.wall',
    file: 'shipments.json',
    what: 'process-selected end to end: wall time ÷ the same AddParcel calls straight to the sandbox (bench/shipments.js)',
    better: 'lower',
    read: (j) => (typeof j.ratio === 'number' ? j.ratio : undefined),
  },
  {
    key: 'csv.import.rate',
    file: 'csv-import.json',
    what: 'CSV of 10,000 rows imported through the gateway, start to completed job: rows/s ÷ csv-parse alone on the same file (bench/csv-import.js)',
    better: 'higher',
    read: (j) => ratio(j.result?.importRowsPerS, j.result?.parseOnlyRowsPerS),
  },
  {
    key: 'csv.preview.rate',
    file: 'csv-import.json',
    what: 'the same CSV previewed through the gateway: rows/s ÷ csv-parse alone (bench/csv-import.js)',
    better: 'higher',
    read: (j) => ratio(j.result?.previewRowsPerS, j.result?.parseOnlyRowsPerS),
  },
  {
    key: 'slips.pickList.wall',
    file: 'pick-list.json',
    what: 'pick list of 1,000 orders through the gateway: wall time ÷ the renderer in process (bench/pick-list.js)',
    better: 'lower',
    read: (j) => (typeof j.pickRatio === 'number' ? j.pickRatio : undefined),
  },
  {
    key: 'slips.packingSlips.wall',
    file: 'pick-list.json',
    what: 'packing slips of 1,000 orders through the gateway: wall time ÷ the renderer in process (bench/pick-list.js)',
    better: 'lower',
    read: (j) => (typeof j.slipsRatio === 'number' ? j.slipsRatio : undefined),
  },
  {
    key: 'tracking.refresh.rate',
    file: 'tracking.json',
    what: 'tracking refresher, 2 replicas over 100,000 undelivered shipments: reads/s ÷ the same GLS tracking requests straight to the sandbox (bench/tracking.js)',
    better: 'higher',
    read: (j) => (typeof j.ratio === 'number' ? j.ratio : undefined),
  },
  {
    key: 'firstLoad.auth.kb',
    file: 'first-load.json',
    what: '/auth first visit: KB transferred (bench/first-load.js; absolute, the machine does not move it)',
    better: 'lower',
    read: authKb,
  },
  {
    key: 'load.gateway.cpu',
    file: 'load.json',
    what: '200-user mix: the gateway’s CPU per request ÷ the bare handler’s (bench/load.js)',
    better: 'lower',
    read: (j) => ratio(j.cpuUsPerRequest?.gateway, j.bare?.cpuUsPerRequest?.bare),
  },
  {
    key: 'load.orders.p99',
    file: 'load.json',
    what: '200-user mix: GET /api/orders p99 ÷ the bare handler’s p99 with the same users (bench/load.js)',
    better: 'lower',
    read: (j) => ratio(row(j.routes, 'GET /api/orders')?.p99, j.routes?.[0]?.p99),
  },
];

/** @param {any} j */
function authKb(j) {
  const auth = j.rows?.find((/** @type {any} */ r) => typeof r.url === 'string' && new URL(r.url).pathname === '/auth');
  return typeof auth?.transferred === 'number' ? auth.transferred / 1024 : undefined;
}

/**
 * The recorded figures from RESULTS.md's table between the marks.
 * @param {string} markdown @returns {Map<string, {value: number, recorded: string}>}
 */
function parseRecorded(markdown) {
  const start = markdown.indexOf(START_MARK);
  const end = markdown.indexOf(END_MARK);
  if (start < 0 || end < start) throw new Error(`RESULTS.md: manca la tabella delle cifre registrate (${START_MARK} … ${END_MARK})`);
  /** @type {Map<string, {value: number, recorded: string}>} */
  const recorded = new Map();
  for (const line of markdown.slice(start + START_MARK.length, end).split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // | `key` | value | recorded | what |
    const key = /^`([\w.]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!key) continue;
    const value = Number(cells[2]);
    if (!Number.isFinite(value)) throw new Error(`RESULTS.md: valore non numerico per ${key}: ${cells[2]}`);
    recorded.set(key, { value, recorded: cells[3] ?? '' });
  }
  return recorded;
}

/**
 * This run's figures, from the JSON files in `dir` written at or after `since` (ms since epoch).
 * @param {string} dir @param {number} since @returns {Map<string, number>}
 */
function readCurrent(dir, since) {
  /** @type {Map<string, any>} */
  const files = new Map();
  /** @type {Map<string, number>} */
  const current = new Map();
  for (const figure of FIGURES) {
    if (!files.has(figure.file)) {
      const file = path.join(dir, figure.file);
      let json;
      try {
        json = JSON.parse(fs.readFileSync(file, 'utf8'));
      } catch {
        json = undefined;
      }
      const at = Date.parse(json?.at ?? json?.date ?? '');
      files.set(figure.file, json && Number.isFinite(at) && at >= since ? json : undefined);
    }
    const json = files.get(figure.file);
    const value = json ? figure.read(json) : undefined;
    if (value !== undefined && Number.isFinite(value)) current.set(figure.key, value);
  }
  return current;
}

/**
 * One verdict per figure: unchanged within a third, better or worse by more, new, or not measured.
 * @param {Map<string, {value: number}>} recorded @param {Map<string, number>} current
 */
function compare(recorded, current) {
  return FIGURES.map((figure) => {
    const before = recorded.get(figure.key)?.value;
    const now = current.get(figure.key);
    if (now === undefined) return { figure, before, now, change: undefined, verdict: /** @type {const} */ ('not measured') };
    if (before === undefined || before === 0) return { figure, before, now, change: undefined, verdict: /** @type {const} */ ('new') };
    const change = (now - before) / before;
    const moved = Math.abs(change) > TOLERANCE;
    const improved = figure.better === 'lower' ? change < 0 : change > 0;
    const verdict = /** @type {const} */ (!moved ? 'within a third' : improved ? 'better by more than a third' : 'WORSE by more than a third');
    return { figure, before, now, change, verdict };
  });
}

/** @param {number} v */
const show = (v) => (Math.abs(v) >= 100 ? fmt(v, 0) : Math.abs(v) >= 1 ? fmt(v, 2) : fmt(v, 4));

/**
 * RESULTS.md with the table between the marks rewritten: this run's figures, the others as recorded.
 * @param {string} markdown @param {Map<string, {value: number, recorded: string}>} recorded
 * @param {Map<string, number>} current @param {string} day
 */
function withRecorded(markdown, recorded, current, day) {
  const start = markdown.indexOf(START_MARK);
  const end = markdown.indexOf(END_MARK);
  const lines = ['| figure | value | recorded | what it is |', '|---|---:|---|---|'];
  for (const figure of FIGURES) {
    const now = current.get(figure.key);
    const old = recorded.get(figure.key);
    if (now !== undefined) lines.push(`| \`${figure.key}\` | ${now.toPrecision(4)} | ${day} | ${figure.what} |`);
    else if (old) lines.push(`| \`${figure.key}\` | ${old.value} | ${old.recorded} | ${figure.what} |`);
  }
  return `${markdown.slice(0, start + START_MARK.length)}\n${lines.join('\n')}\n${markdown.slice(end)}`;
}

function main() {
  const root = path.join(__dirname, '..');
  const resultsFile = path.join(__dirname, 'RESULTS.md');
  const markdown = fs.readFileSync(resultsFile, 'utf8');
  const recorded = parseRecorded(markdown);
  const since = Date.parse(process.env.BENCH_RUN_STARTED ?? '') || 0;
  const current = readCurrent(path.join(root, '.tmp', 'bench'), since);
  const results = compare(recorded, current);
  process.stdout.write(
    `\nConfronto con le cifre registrate in bench/RESULTS.md (rapporti alla base misurata nella stessa esecuzione; segnalato ciò che si sposta di oltre un terzo)\n\n${renderTable(
      ['figure', 'recorded', 'this run', 'change', 'verdict'],
      results.map((r) => [
        r.figure.key,
        r.before === undefined ? '-' : show(r.before),
        r.now === undefined ? '-' : show(r.now),
        r.change === undefined ? '-' : `${r.change > 0 ? '+' : ''}${fmt(100 * r.change, 0)} %`,
        r.verdict,
      ]),
    )}\n`,
  );
  if (process.env.BENCH_RECORD) {
    fs.writeFileSync(resultsFile, withRecorded(markdown, recorded, current, new Date().toISOString().slice(0, 10)));
    process.stdout.write(`\n${current.size} cifre registrate in bench/RESULTS.md come nuovo riferimento.\n`);
    return;
  }
  const worse = results.filter((r) => r.verdict.startsWith('WORSE'));
  const better = results.filter((r) => r.verdict.startsWith('better'));
  if (better.length) process.stdout.write(`\nMigliorate di oltre un terzo: ${better.map((r) => r.figure.key).join(', ')} (registrale con BENCH_RECORD=1 node bench/compare.js).\n`);
  if (worse.length) {
    process.stdout.write(`\nPeggiorate di oltre un terzo: ${worse.map((r) => r.figure.key).join(', ')} (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}: su una macchina condivisa guarda prima le cifre di CPU).\n`);
    if (process.env.BENCH_STRICT) process.exitCode = 1;
  }
}

module.exports = { FIGURES, TOLERANCE, parseRecorded, readCurrent, compare, withRecorded };

if (require.main === module) {
  try {
    main();
  } catch (err) {
    process.stderr.write(`confronto fallito: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
}
